/**
 * The two primitives verification needs. The chain verifier is written once against this interface
 * and runs on node:crypto (fast path) or on @noble (portable, browser) without change.
 */
export interface LedgerCrypto {
  sha256(data: Uint8Array): Uint8Array;
  /**
   * Optional fast path for SHA-256 of entryPreimage(prevHash, kind, canonicalPayload, seq); must
   * return exactly those bytes' hash. Without it the verifier hashes entryPreimage() itself.
   */
  entryHash?(prevHash: Uint8Array, kind: string, canonicalPayload: string, seq: number): Uint8Array;
  /** Ed25519 (RFC 8032) over `message` by the 32-byte raw `publicKey`; false for any malformed input. */
  verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean;
}
