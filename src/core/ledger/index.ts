export {
  type BenchSide,
  type BenchSideKind,
  JUDGES,
  type JudgeFigures,
  type Judgement,
  type JudgeName,
  tallyBench,
} from './bench-entries.js';
export { type Bundle, parseBundle, type VerifyOptions, verifyBundle } from './bundle.js';
export { appendHumanReviewToBundle } from './bundle-append.js';
export { canonicalJson, MAX_JSON_DEPTH } from './canonical-json.js';
export type { FailureCode, VerdictRef } from './chain-verifier.js';
export { checkpointMessage, SignaturesDigest } from './checkpoint.js';
export { createNodeCrypto, nodeEntryHash, publicKeyObject } from './crypto-node.js';
export { bytesToHex, hexToBytes, utf8Bytes } from './encoding.js';
export type { HumanReviewDecision, LedgerEntry } from './entry.js';
export {
  ANCHOR_RECEIPT_KIND,
  ANNOTATION_KINDS,
  entryPreimage,
  entryPreimageParts,
  HUMAN_REVIEW_KIND,
} from './entry-hash.js';
export {
  type CHILD_STATUSES,
  type ChildParent,
  contractSummary,
  ENTRY_KINDS,
  type EntryKind,
  type EntryOf,
  MalformedEntryError,
  type PayloadOf,
  readEntries,
  readEntry,
  readKnownEntry,
  readPayload,
  tryReadEntry,
} from './entry-kinds.js';
export {
  BundleFormatError,
  CanonicalJsonError,
  KeyError,
  LedgerError,
  type LedgerErrorCode,
} from './errors.js';
export { exportBundle, exportBundleToFile, formatBundle, writeBundle } from './export.js';
export { checkDetachedHumanReview, signDetachedHumanReview } from './human-review-entry.js';
export { readHumanReview } from './human-review-payload.js';
export { keyIdFromPublicKey } from './key-id.js';
export {
  keyIdOf,
  loadKeyFile,
  loadOrCreateKeyFile,
  parsePublicKeyHex,
  parseSeedBase64,
  readKeyFileText,
  resolveSigningKey,
  type Signer,
  SigningKey,
} from './keys.js';
export type { LedgerCrypto } from './ledger-crypto.js';
export { MEMORY_META_TABLE, MEMORY_MIGRATIONS } from './memory-tables.js';
export { streamTail } from './output-tails.js';
export { presignedReviewSigner } from './presigned-review.js';
export { JudgedCommit, judgedCommitOf, reviewsAnotherCommit } from './reviewed-commit.js';
export { migrate, SCHEMA_VERSION } from './schema.js';
export { type CheckpointUse, LedgerStore, MAX_PAYLOAD_BYTES } from './store.js';
export { tailsFromStore } from './store-tails.js';
export { resolveTrustedKeys } from './trust.js';
export {
  hasRole,
  isPinned,
  keysFor,
  NO_TRUSTED_KEYS,
  parseTrustedKeys,
  type RolePin,
  rolePin,
  type TrustedKeys,
} from './trusted-keys.js';
export {
  type BundleFileLayout,
  readBundleFileBytes,
  tooLongForMemory,
  type VerifyFileOptions,
  verifyBundleFile,
} from './verify-bundle-file.js';
export { VERIFY_EXIT_CODES, type VerifyReport } from './verify-report.js';
