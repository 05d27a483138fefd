export { type Anchor, type AnchoredHead, anchorInLog, noopAnchor, TransparencyLogAnchor } from './anchor.js';
export { anchorSession } from './anchor-session.js';
export { openCheckpoint } from './checkpoint.js';
export { CheckpointWitness, fileWitnessState, type WitnessState } from './checkpoint-witness.js';
export {
  ForkError,
  InconsistentCheckpointError,
  LogError,
  NoteError,
  ProofError,
  UncheckedCheckpointError,
} from './errors.js';
export { FileTree } from './file-tree.js';
export { rfc6962Hasher, type TreeHasher } from './hasher.js';
export { anchorLeafData } from './leaf-record.js';
export { LOG_FILES } from './log-files.js';
export { MemoryTree } from './memory-tree.js';
export { consistencyProof, inclusionProof, rootAt } from './merkle-proofs.js';
export { verifyConsistency, verifyInclusion } from './merkle-verify.js';
export { nodeTreeHasher } from './node-hasher.js';
export { type AnchorReceiptPayload, checkReceipt } from './receipt.js';
export { formatVerifierKey, noteKeyId, openNote, parseVerifierKey, signNote } from './signed-note.js';
export { readLogConfig, TransparencyLog } from './transparency-log.js';
export { checkLogDir, verifyLogDir } from './verify-log.js';
