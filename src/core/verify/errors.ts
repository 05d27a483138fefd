/** A base ref the user named does not resolve to a commit. */
export class GitRefError extends Error {
  override name = 'GitRefError';
}
