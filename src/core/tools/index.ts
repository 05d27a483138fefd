export {
  type GitHubCheckRun,
  type GitHubIssue,
  GitHubReadError,
  type GitHubReader,
} from './github-reader.js';
