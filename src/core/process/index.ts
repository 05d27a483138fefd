export { BUNDLED_RELAY, relayBeside } from './bundled-relay.js';
export { linkedCommonDir } from './git-linked-dirs.js';
export { damagedObjectMessage, objectDamage } from './git-object-damage.js';
export {
  checkedHarnessGit,
  GitCommandError,
  HARNESS_GIT_ARGS,
  HARNESS_GIT_TIMEOUT_MS,
  harnessGit,
  runHarnessGit,
  runHarnessGitCapped,
  runHarnessGitSync,
  stageAll,
  UntrustedGitConfigError,
} from './git-safety.js';
export {
  describeIsolation,
  ISOLATION_MODES,
  type Isolation,
  type IsolationLevel,
  type IsolationMode,
  type IsolationReport,
  IsolationSetupError,
  IsolationUnavailableError,
  parseIsolationMode,
} from './isolation.js';
export { createIsolation } from './isolation-create.js';
export { dropForbiddenEnv, isForbiddenEnvName } from './isolation-env.js';
export { NO_ISOLATION, noIsolation } from './isolation-none.js';
export { SANDBOX_OFFLINE_USER, SANDBOX_USER } from './isolation-uid.js';
export { type Redactor, secretRedactor } from './redact.js';
export { harnessProgramEnv } from './trusted-path.js';
export { snapshotWorktree } from './worktree-snapshot.js';
