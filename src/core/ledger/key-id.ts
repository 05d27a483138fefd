import { base64Encode, concatBytes, utf8Bytes } from './encoding.js';

function u32be(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, false);
  return out;
}

/** The SSH wire encoding of an ed25519 public key: `u32be(11) "ssh-ed25519" u32be(32) pubkey`. */
export function sshWirePublicKey(publicKey: Uint8Array): Uint8Array {
  const type = utf8Bytes('ssh-ed25519');
  return concatBytes(u32be(type.length), type, u32be(publicKey.length), publicKey);
}

/**
 * The key id users compare by eye: the OpenSSH fingerprint (`ssh-keygen -l` prints the same string),
 * also used as the DSSE keyid.
 */
export function keyIdFromPublicKey(publicKey: Uint8Array, sha256: (data: Uint8Array) => Uint8Array): string {
  return `SHA256:${base64Encode(sha256(sshWirePublicKey(publicKey)), false)}`;
}
