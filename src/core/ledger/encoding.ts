/** Portable (browser-safe) byte helpers: the ledger's wire encodings are lowercase hex and base64. */

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function bytesToHex(bytes: Uint8Array): string {
  // join() yields one flat string; `+=` would keep a rope of 64 pieces per hash alive in memory.
  const parts = new Array<string>(bytes.length);
  for (let i = 0; i < bytes.length; i++) parts[i] = HEX[bytes[i] as number] as string;
  return parts.join('');
}

/** Value of each lowercase hex digit by char code; -1 for every other character. */
const HEX_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX_VALUE['0123456789abcdef'.charCodeAt(i)] = i;

/** Strict lowercase-hex decoding: returns undefined for anything that is not exactly `byteLength` bytes of lowercase hex. */
export function hexToBytes(hex: unknown, byteLength: number): Uint8Array | undefined {
  if (typeof hex !== 'string' || hex.length !== byteLength * 2) return undefined;
  const out = new Uint8Array(byteLength);
  for (let i = 0; i < byteLength; i++) {
    const high = HEX_VALUE[hex.charCodeAt(2 * i)] ?? -1;
    const low = HEX_VALUE[hex.charCodeAt(2 * i + 1)] ?? -1;
    if ((high | low) < 0) return undefined;
    out[i] = (high << 4) | low;
  }
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

const utf8 = new TextEncoder();

export function utf8Bytes(text: string): Uint8Array {
  return utf8.encode(text);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function base64Encode(bytes: Uint8Array, padded = true): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i] as number);
  const b64 = btoa(binary);
  return padded ? b64 : b64.replace(/=+$/, '');
}
