export * from './git-safety.js';
export * from './harness-paths.js';
export * from './isolation.js';
export * from './isolation-create.js';
export * from './isolation-env.js';
export { NO_ISOLATION, noIsolation } from './isolation-none.js';
export { SANDBOX_OFFLINE_USER, SANDBOX_USER } from './isolation-uid.js';
export * from './redact.js';
