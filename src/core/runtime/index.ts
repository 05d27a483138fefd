export type { RunEvent } from './ctx.js';
export { APPROVAL_SIGNAL } from './durable.js';
export { DurableReplayError, describeAwait } from './durable-errors.js';
export { readExportedHead, requireExtendsExport } from './exported-head.js';
export { acquireSessionLease, SessionBusyError } from './session-lease.js';
