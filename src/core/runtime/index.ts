export type { RunEvent } from './ctx.js';
export { APPROVAL_SIGNAL } from './durable.js';
export { DurableReplayError, describeAwait, ResumeRefusedError } from './durable-errors.js';
export { readExportedHead, requireExtendsExport } from './exported-head.js';
export { type DeadlineLimit, DeadlineReachedError, limitFrom } from './run-deadline.js';
export { acquireSessionLease, SessionBusyError } from './session-lease.js';
