import { createHash, type Hash } from 'node:crypto';
import { bytesEqual, concatBytes, utf8Bytes } from './encoding.js';
import type { LedgerCrypto } from './ledger-crypto.js';

/**
 * A `verified_through` checkpoint: the session key's signed statement "entries 0..seq of this
 * session, whose last hash is `entryHash` and whose signatures hash to `signaturesDigest`, were
 * verified (or signed) by me". A local resume re-hashes and re-links the whole chain (cheap) but
 * skips the Ed25519 verification of the entries the checkpoint covers, which is most of a resume's
 * cost. Nothing is skipped silently:
 *
 * - the recomputed hash chain must reach `entryHash` at `seq`, so any edit of a seq, kind, payload
 *   or link before it is caught (SHA-256 second-preimage resistance);
 * - the signatures are not part of the hash chain, so `signaturesDigest` (SHA-256 over every stored
 *   signature 0..seq, in seq order) must match too: a flipped signature byte is caught as well;
 * - the statement is signed by the session key, so whoever can edit the database file but does not
 *   hold the key cannot move, forge or re-point it.
 *
 * The checkpoint is local bookkeeping, never part of an exported bundle; `truss verify`, `truss
 * ledger verify` and exports always verify every signature.
 */
export interface Checkpoint {
  seq: number;
  entryHash: Uint8Array;
  signaturesDigest: Uint8Array;
}

/** A checkpoint as stored: the statement and the session key's signature over checkpointMessage(). */
export interface SignedCheckpoint extends Checkpoint {
  signature: Uint8Array;
}

const DOMAIN = utf8Bytes('truss.verified_through.v1\n');

/**
 * The signed message. It is never 32 bytes long (entry signatures are over a 32-byte hash), and it
 * starts with its own domain label, so a checkpoint signature can never pass as an entry signature
 * or the other way round.
 */
export function checkpointMessage(sessionId: string, checkpoint: Checkpoint): Uint8Array {
  const seq = new Uint8Array(8);
  new DataView(seq.buffer).setBigUint64(0, BigInt(checkpoint.seq), true);
  return concatBytes(
    DOMAIN,
    utf8Bytes(sessionId),
    utf8Bytes('\n'),
    seq,
    checkpoint.entryHash,
    checkpoint.signaturesDigest,
  );
}

/** True when `checkpoint` is well-formed and signed by `sessionPublicKey` for this session. */
export function checkpointSignedBy(
  sessionId: string,
  checkpoint: SignedCheckpoint,
  sessionPublicKey: Uint8Array,
  crypto: LedgerCrypto,
): boolean {
  if (!Number.isSafeInteger(checkpoint.seq) || checkpoint.seq < 0) return false;
  if (checkpoint.entryHash.length !== 32 || checkpoint.signaturesDigest.length !== 32) return false;
  return crypto.verify(checkpoint.signature, checkpointMessage(sessionId, checkpoint), sessionPublicKey);
}

/**
 * The running SHA-256 over a session's signatures in seq order. A resume feeds it the stored
 * signatures while it walks the chain and the durable session keeps feeding it the signatures of
 * the entries it appends, so a checkpoint never needs the journal read again.
 */
export class SignaturesDigest {
  #hash: Hash = createHash('sha256');
  #count = 0;

  /** How many signatures went in (the next one must be for this seq). */
  get count(): number {
    return this.#count;
  }

  update(signature: Uint8Array): void {
    this.#hash.update(signature);
    this.#count++;
  }

  /** The digest so far; the stream can go on afterwards. */
  digest(): Uint8Array {
    return this.#hash.copy().digest();
  }

  matches(expected: Uint8Array): boolean {
    return bytesEqual(this.digest(), expected);
  }
}
