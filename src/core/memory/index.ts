export {
  APPROVAL_SESSION_KIND,
  approvalPrior,
  approvalProblem,
  MEMORY_APPROVAL_KIND,
  type MemoryApprovalPayload,
  signApproval,
} from './approval.js';
export { type PromotionMethod, promoteEntry, revokeEntry } from './decide.js';
export {
  type DecisionSigner,
  evidenceSessions,
  type SignedDecisionResult,
  signDecision,
  supersededBy,
} from './decision-session.js';
export {
  formatRef,
  isMemoryKind,
  type LedgerRef,
  MEMORY_KINDS,
  type MemoryDraft,
  type MemoryEntry,
  type MemoryKind,
  memoryId,
} from './entry.js';
export { MemoryError } from './errors.js';
export { LESSON_PROMPT_MARK } from './lessons.js';
export { LogMemoryStore } from './log-store.js';
export {
  findPlaybookFiles,
  importPlaybooks,
  type ParsedPlaybook,
  parsePlaybook,
  playbookItems,
} from './playbooks.js';
export { promotionPanel } from './promotion-panel.js';
export { type IngestResult, ingestProposals, proposedItem } from './proposals.js';
export { signProposals } from './propose-session.js';
export { RECALL_HEADER } from './recall.js';
export { maintainerPromotionWarning } from './screen.js';
export { SqliteMemoryStore } from './sqlite-store.js';
export { findEntry, type MemoryStore } from './store.js';
export { readMemoryVerdict } from './verdict-payload.js';
export { bundleVerdictSource, ledgerVerdictSource } from './verdict-source.js';
export { MemoryView, type MemoryViewOptions, type RunMemory } from './view.js';
