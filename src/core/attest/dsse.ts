import { concatBytes, utf8Bytes } from '../ledger/encoding.js';
import type { Signer } from '../ledger/keys.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';

/** The payloadType of an in-toto statement inside a DSSE envelope. */
export const IN_TOTO_PAYLOAD_TYPE = 'application/vnd.in-toto+json';

/** A DSSE v1 envelope as JSON: payload and signatures base64 (Truss writes the standard alphabet, padded). */
export interface DsseEnvelope {
  payloadType: string;
  payload: string;
  signatures: Array<{ keyid: string; sig: string }>;
}

/**
 * DSSE v1 pre-authentication encoding: `"DSSEv1" SP LEN(type) SP type SP LEN(body) SP body`, LEN
 * being the byte length in ASCII decimal. The signature covers these bytes, so a changed payloadType
 * breaks it as surely as a changed payload.
 */
export function preAuthEncoding(payloadType: string, payload: Uint8Array): Uint8Array {
  const type = utf8Bytes(payloadType);
  return concatBytes(utf8Bytes(`DSSEv1 ${type.length} `), type, utf8Bytes(` ${payload.length} `), payload);
}

/** Signs `payload` into a one-signature envelope; `keyid` is the signer's OpenSSH fingerprint. */
export function signEnvelope(payloadType: string, payload: Uint8Array, signer: Signer): DsseEnvelope {
  const sig = signer.sign(preAuthEncoding(payloadType, payload));
  return {
    payloadType,
    payload: Buffer.from(payload).toString('base64'),
    signatures: [{ keyid: signer.keyId, sig: Buffer.from(sig).toString('base64') }],
  };
}

/** What {@link decodeBase64Strict} accepts, for error messages (docs/attestations.md "Command line"). */
export const DSSE_BASE64_FORMS = 'base64 in one alphabet, standard (+/) or URL-safe (-_), padded or not';

/**
 * Strict base64 as the DSSE spec allows it: the standard or the URL-safe alphabet (never both in one
 * string), padded or unpadded (docs/attestations.md "Command line"; `truss attest` writes standard,
 * padded). Returns undefined for anything else (whitespace, mixed alphabets, a length no encoding
 * has, bits past the last byte), so a payload padded with junk cannot decode to the signed bytes.
 */
export function decodeBase64Strict(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string') return undefined;
  const body = text.replace(/={1,2}$/, '');
  if (body !== text && text.length % 4 !== 0) return undefined; // padding only to a multiple of 4
  if (body.length % 4 === 1) return undefined;
  if (!/^[A-Za-z0-9+/]*$/.test(body) && !/^[A-Za-z0-9_-]*$/.test(body)) return undefined;
  const standard = body.replaceAll('-', '+').replaceAll('_', '/');
  const bytes = Buffer.from(standard, 'base64');
  // Canonical only: re-encoding gives the same characters (no stray bits in the last character).
  return bytes.toString('base64').replace(/={1,2}$/, '') === standard ? new Uint8Array(bytes) : undefined;
}

/**
 * Checks one envelope signature made by `publicKey` over the PAE of the envelope's own payloadType
 * and payload bytes. False for any malformed input.
 */
export function verifyEnvelopeSignature(
  payloadType: string,
  payload: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
  crypto: LedgerCrypto,
): boolean {
  return crypto.verify(signature, preAuthEncoding(payloadType, payload), publicKey);
}
