/** What went wrong, coarsely: hosts may map these to exit codes or check-run summaries. */
export type ContractErrorCode = 'toml_syntax' | 'invalid' | 'not_found' | 'unreadable';

/**
 * One problem in a contract or config. `file` is a path, or a flag such as `--reviewers` when the
 * value came from the command line or action inputs; `line`/`col` are 1-based, 0 when there is no
 * source position (flags, missing files). `path` is the dotted key (`done[1].expect_exit`), '' when
 * the problem is not about one key.
 */
export interface ContractIssue {
  file: string;
  line: number;
  col: number;
  path: string;
  message: string;
}

export function formatIssue(issue: ContractIssue): string {
  const where = issue.line > 0 ? `${issue.file}:${issue.line}:${issue.col}` : issue.file;
  return issue.path ? `${where}: ${issue.path}: ${issue.message}` : `${where}: ${issue.message}`;
}

/**
 * A contract or config that cannot be used. The message lists every issue, one per line, as
 * `file:line:col: path: message`; `file`, `line` and `col` repeat the first issue's position.
 * Messages never contain the values the user wrote for secrets-adjacent keys.
 */
export class ContractError extends Error {
  override name = 'ContractError';
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly issues: readonly ContractIssue[];
  readonly code: ContractErrorCode;

  constructor(issues: readonly ContractIssue[], code: ContractErrorCode = 'invalid') {
    if (issues.length === 0) throw new TypeError('ContractError needs at least one issue');
    super(issues.map(formatIssue).join('\n'));
    const first = issues[0] as ContractIssue;
    this.file = first.file;
    this.line = first.line;
    this.col = first.col;
    this.issues = issues;
    this.code = code;
  }
}
