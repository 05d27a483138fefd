export { type Citation, citationsOf } from './citations.js';
export { parseDiffHunks } from './diff-hunks.js';
export { GitRefError } from './errors.js';
export {
  askCommits,
  DEFAULT_BRANCH_CANDIDATES,
  type GitInfo,
  type KnownGitFacts,
  readGitInfo,
} from './git-info.js';
export { markBidi, revealHidden } from './hidden-text.js';
export { spanLines } from './injection-span.js';
export { logLine, logLines } from './log-text.js';
export type { Overall } from './verdict.js';
export type { ClauseStatus } from './vote.js';
