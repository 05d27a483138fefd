export { GitRefError } from './errors.js';
export type { Overall } from './verdict.js';
export type { ClauseStatus } from './vote.js';
