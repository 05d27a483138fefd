import { z } from 'zod';
import { bytesEqual, bytesToHex, hexToBytes } from './encoding.js';
import { type PayloadOf, tryReadEntry } from './entry-kinds.js';
import { LedgerError } from './errors.js';
import { checkDetachedHumanReview } from './human-review-entry.js';
import { keyIdFromPublicKey } from './key-id.js';
import type { Signer } from './keys.js';
import type { LedgerCrypto } from './ledger-crypto.js';
import { isPinned, type TrustedKeys } from './trusted-keys.js';

const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`));

/**
 * A `human_review` entry signed elsewhere (the GitHub App signs an approval with its own key and
 * hands the entry to the job that holds the ledger): the full entry, so the receiver can check it
 * links to exactly the head the signer saw. Its payload is read by the catalogue (entry-kinds.ts).
 */
export const PresignedReviewSchema = z.object({
  seq: z.number().int().nonnegative(),
  kind: z.literal('human_review'),
  payload: z.record(z.string(), z.unknown()),
  prev_hash: hex(32),
  entry_hash: hex(32),
  signature: hex(64),
});

export type PresignedReview = Omit<z.infer<typeof PresignedReviewSchema>, 'payload'> & {
  payload: PayloadOf<'human_review'>;
};

/**
 * Checks a pre-signed review before it may enter a ledger — its signature over its entry hash, its
 * key id, that its reviewer key is one of `approvers` — and returns a Signer that hands the store
 * that signature, and only for that exact entry hash. The store recomputes the hash from its own
 * head and seq, so a review signed for any other head, position or payload is refused there.
 */
export function presignedReviewSigner(
  input: unknown,
  crypto: LedgerCrypto,
  approvers: TrustedKeys,
): { signer: Signer; review: PresignedReview } {
  const parsed = PresignedReviewSchema.safeParse(input);
  if (!parsed.success) {
    throw new LedgerError(
      'malformed_review',
      `the pre-signed approval is not a human_review entry: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(entry)'}: ${i.message}`).join('; ')}`,
    );
  }
  const read = tryReadEntry(parsed.data, 'human_review');
  if ('error' in read)
    throw new LedgerError(
      'malformed_review',
      `the pre-signed approval is not a human_review entry: ${read.error}`,
    );
  const review: PresignedReview = { ...parsed.data, payload: read.payload };
  const publicKey = hexToBytes(review.payload.reviewer_public_key, 32) as Uint8Array;
  const keyId = keyIdFromPublicKey(publicKey, crypto.sha256);
  if (review.payload.reviewer_key_id !== keyId)
    throw new LedgerError(
      'malformed_review',
      `the pre-signed approval names key ${review.payload.reviewer_key_id}, but its public key is ${keyId}`,
    );
  if (!isPinned(approvers, review.payload.reviewer_public_key, 'reviewer'))
    throw new LedgerError(
      'untrusted_reviewer',
      `the pre-signed approval is signed by ${keyId}, which is not pinned as a reviewer: add it to trusted-keys (or .truss/trusted-keys) with roles=reviewer to accept approvals from it`,
    );
  if (review.seq < 1)
    throw new LedgerError(
      'malformed_review',
      'the pre-signed approval cannot be the first entry of a ledger',
    );
  const entryHash = hexToBytes(review.entry_hash, 32) as Uint8Array;
  const signature = hexToBytes(review.signature, 64) as Uint8Array;
  // Hash, signature and pinning are checked where the App's signing lives; the store then checks the link.
  const problem = checkDetachedHumanReview(
    review,
    { hash: review.prev_hash, seq: review.seq - 1 },
    { crypto, trusted: approvers },
  );
  if (problem !== null)
    throw new LedgerError('review_refused', `the pre-signed approval is refused: ${problem}`);
  const signer: Signer = {
    publicKey,
    publicKeyHex: review.payload.reviewer_public_key,
    keyId,
    sign(message) {
      if (!bytesEqual(message, entryHash))
        throw new LedgerError(
          'stale_review',
          `the pre-signed approval was signed for entry ${review.entry_hash} (seq ${review.seq} after ${review.prev_hash}), not for this ledger's next entry ${bytesToHex(message)}: the ledger moved, so ask for a new approval`,
        );
      return signature;
    },
  };
  return { signer, review };
}
