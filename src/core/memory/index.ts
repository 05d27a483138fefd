export { signDecision, supersededBy } from './decision-session.js';
export { type LedgerRef, type MemoryDraft, type MemoryEntry, memoryId } from './entry.js';
export { MemoryError } from './errors.js';
export { SqliteMemoryStore } from './sqlite-store.js';
export { readMemoryVerdict } from './verdict-payload.js';
export { ledgerVerdictSource } from './verdict-source.js';
export { MemoryView } from './view.js';
