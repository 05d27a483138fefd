import { z } from 'zod';
import type { GitHubCheckRun, GitHubReader } from './github-reader.js';
import { journaledOnly, type ProvenanceAnswer, type ProvenanceTool, ToolRefusal } from './provenance-call.js';
import { parseInput } from './tool-kit.js';

/** The GitHub tools, in the order they are advertised. */
export const GITHUB_TOOL_NAMES = Object.freeze([
  'github_pr_view',
  'github_pr_diff',
  'github_pr_checks',
  'github_issue_view',
  'github_issue_list',
  'github_check_status',
] as const);

/** The most diff text github_pr_diff keeps (bytes). */
export const GITHUB_DIFF_MAX_BYTES = 256 * 1024;
/** The most text of one rendered result the model reads. */
const RENDER_MAX_CHARS = 256 * 1024;
/** Files github_pr_view lists. */
const PR_FILES_LIMIT = 100;
/** Failing jobs whose log tail github_pr_checks reads. */
const FAILING_LOGS_LIMIT = 3;
/** The most of one log tail kept (bytes). */
const LOG_TAIL_MAX_BYTES = 16 * 1024;
const CONCLUSIONS_FAILING: ReadonlySet<string> = new Set(['failure', 'timed_out', 'startup_failure']);

export interface GitHubToolsOptions {
  /** The host's reader, or undefined when the host gave the run no GitHub access. */
  reader: GitHubReader | undefined;
}

const number = z
  .number()
  .int()
  .positive()
  .max(2 ** 31);
const PrInput = z.strictObject({ number });
const PrChecksInput = z.strictObject({ number, log_lines: z.number().int().min(1).max(400).default(80) });
const IssueViewInput = z.strictObject({ number, comments: z.number().int().min(0).max(50).default(20) });
const IssueListInput = z.strictObject({
  state: z.enum(['open', 'closed', 'all']).default('open'),
  labels: z.array(z.string().min(1).max(100)).max(10).default([]),
  limit: z.number().int().min(1).max(50).default(20),
});
const RefInput = z.strictObject({
  ref: z
    .string()
    .max(255)
    .regex(/^[A-Za-z0-9_][A-Za-z0-9._/-]*$/, 'must be a commit SHA, branch or tag name'),
});

const numberSchema = { type: 'integer', minimum: 1, description: 'The pull request or issue number.' };

/**
 * The read-only GitHub tools (docs/tools.md): each call goes through the host's {@link GitHubReader}
 * against the run's repository and is one signed, memoised `github_tool_call`; a resume answers from
 * the memo and never asks GitHub again. There are no write tools: publishing stays the host's step
 * after a PASS. Without a reader every call is refused, saying how to give the run access.
 */
export function createGitHubTools(options: GitHubToolsOptions): ProvenanceTool[] {
  const reader = options.reader;
  const repository = reader?.repository ?? null;
  const need = (name: string): GitHubReader => {
    if (reader) return reader;
    throw new ToolRefusal(
      `${name} refused: [tools] github = true, but this host gave the run no GitHub access. With the ` +
        'CLI, set GITHUB_TOKEN (the repository is GITHUB_REPOSITORY, or the workdir’s github.com origin remote).',
    );
  };
  const tool = <T extends z.ZodType>(
    name: (typeof GITHUB_TOOL_NAMES)[number],
    description: string,
    properties: Record<string, unknown>,
    schema: T,
    live: (reader: GitHubReader, input: z.infer<T>) => Promise<ProvenanceAnswer>,
    render: (body: unknown) => string = renderJson,
  ): ProvenanceTool => ({
    name,
    description: `${description} Reads ${repository ?? 'the run’s GitHub repository'} through the harness (read-only).`,
    inputSchema: {
      type: 'object',
      properties,
      required: 'number' in properties ? ['number'] : 'ref' in properties ? ['ref'] : [],
      additionalProperties: false,
    },
    sideEffect: false,
    readOnly: true,
    run: () => journaledOnly(name),
    provenance: {
      kind: 'github_tool_call',
      parse: (input) => ({ input: { repository, ...(parseInput(name, schema, input) as object) } }),
      live: async (input) => {
        const { repository: _repository, ...rest } = input;
        const answer = await live(need(name), rest as z.infer<T>);
        return { ...answer, fields: { repository, ...answer.fields } };
      },
      render,
    },
  });

  return [
    tool(
      'github_pr_view',
      'Show a pull request: title, state, author, body, labels, head and base, size, and its changed files.',
      { number: numberSchema },
      PrInput,
      async (gh, input) => {
        const [pr, files] = await Promise.all([
          gh.pullRequest(input.number),
          gh.pullRequestFiles(input.number, PR_FILES_LIMIT),
        ]);
        return { body: { pull_request: pr, files }, fields: { number: input.number, head_sha: pr.head.sha } };
      },
    ),
    tool(
      'github_pr_diff',
      'Show the unified diff of a pull request.',
      { number: numberSchema },
      PrInput,
      async (gh, input) => {
        const diff = await gh.pullRequestDiff(input.number);
        const bytes = Buffer.byteLength(diff);
        const kept =
          bytes <= GITHUB_DIFF_MAX_BYTES
            ? diff
            : Buffer.from(diff)
                .subarray(0, GITHUB_DIFF_MAX_BYTES)
                .toString('utf8')
                .replace(/\uFFFD+$/, '');
        return {
          body: { number: input.number, bytes, truncated: bytes > GITHUB_DIFF_MAX_BYTES, diff: kept },
          fields: { number: input.number, diff_bytes: bytes },
        };
      },
      renderDiff,
    ),
    tool(
      'github_pr_checks',
      'Show the check runs on a pull request’s head commit; for failing GitHub Actions jobs, the tail of ' +
        'the job log (what "fix CI" needs).',
      {
        number: numberSchema,
        log_lines: {
          type: 'integer',
          minimum: 1,
          maximum: 400,
          description: 'Lines of each failing job log to show (default 80).',
        },
      },
      PrChecksInput,
      async (gh, input) => {
        const pr = await gh.pullRequest(input.number);
        const runs = await gh.checkRuns(pr.head.sha);
        const failing = runs.filter((run) => CONCLUSIONS_FAILING.has(run.conclusion ?? ''));
        const logs = await Promise.all(
          failing.slice(0, FAILING_LOGS_LIMIT).map((run) => failingLog(gh, run, input.log_lines)),
        );
        return {
          body: {
            number: input.number,
            head_sha: pr.head.sha,
            summary: summarise(runs),
            check_runs: runs,
            failing: logs,
            ...(failing.length > FAILING_LOGS_LIMIT
              ? { note: `${failing.length} failing; logs of the first ${FAILING_LOGS_LIMIT}` }
              : {}),
          },
          fields: { number: input.number, head_sha: pr.head.sha, failing: failing.length },
        };
      },
    ),
    tool(
      'github_issue_view',
      'Show an issue (or a pull request’s conversation): title, state, author, labels, body and comments.',
      {
        number: numberSchema,
        comments: { type: 'integer', minimum: 0, maximum: 50, description: 'Comments to show (default 20).' },
      },
      IssueViewInput,
      async (gh, input) => {
        const issue = await gh.issue(input.number);
        const comments =
          input.comments > 0 && issue.comments > 0
            ? await gh.issueComments(input.number, input.comments)
            : [];
        return { body: { issue, comments }, fields: { number: input.number } };
      },
    ),
    tool(
      'github_issue_list',
      'List issues (newest first), optionally by state and labels. Pull requests are marked is_pull_request.',
      {
        state: { type: 'string', enum: ['open', 'closed', 'all'], description: 'Default open.' },
        labels: {
          type: 'array',
          items: { type: 'string' },
          description: 'Only issues with all these labels.',
        },
        limit: { type: 'integer', minimum: 1, maximum: 50, description: 'How many (default 20).' },
      },
      IssueListInput,
      async (gh, input) => {
        const issues = await gh.listIssues(input);
        return {
          body: { state: input.state, labels: input.labels, issues },
          fields: { count: issues.length },
        };
      },
    ),
    tool(
      'github_check_status',
      'Show the CI state of a commit, branch or tag: its check runs and its combined commit status.',
      { ref: { type: 'string', description: 'A commit SHA, branch or tag name.' } },
      RefInput,
      async (gh, input) => {
        const [runs, combined] = await Promise.all([gh.checkRuns(input.ref), gh.combinedStatus(input.ref)]);
        return {
          body: { ref: input.ref, summary: summarise(runs), check_runs: runs, combined_status: combined },
          fields: { ref: input.ref, sha: combined.sha, state: combined.state },
        };
      },
    ),
  ];
}

/** Counts of check runs by conclusion (or status while running), e.g. `{success: 4, failure: 1}`. */
function summarise(runs: readonly GitHubCheckRun[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const run of runs) {
    const key = run.conclusion ?? run.status;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** A failing check run with the tail of its job log (GitHub Actions jobs only: the check run id is the job id). */
async function failingLog(
  gh: GitHubReader,
  run: GitHubCheckRun,
  lines: number,
): Promise<Record<string, unknown>> {
  const head = { id: run.id, name: run.name, conclusion: run.conclusion };
  if (run.app !== 'github-actions') {
    return { ...head, log_tail: null, log_note: `made by ${run.app ?? 'an app'}, not a GitHub Actions job` };
  }
  try {
    return { ...head, log_tail: logTail(await gh.jobLog(run.id), lines) };
  } catch (error) {
    return {
      ...head,
      log_tail: null,
      log_note: `the job log could not be read: ${(error as Error).message}`,
    };
  }
}

/** The last `lines` lines of an Actions log, without each line's timestamp, at most 16 KiB. */
export function logTail(log: string, lines: number): string {
  const all = log.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
  const tail = all
    .slice(-lines)
    .map((line) => line.replace(/^\uFEFF?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/, ''))
    .join('\n');
  const bytes = Buffer.from(tail);
  if (bytes.length <= LOG_TAIL_MAX_BYTES) return tail;
  return bytes
    .subarray(bytes.length - LOG_TAIL_MAX_BYTES)
    .toString('utf8')
    .replace(/^\uFFFD+/, '');
}

function cut(text: string): string {
  if (text.length <= RENDER_MAX_CHARS) return text;
  return `${text.slice(0, RENDER_MAX_CHARS)}\n[truncated: showing ${RENDER_MAX_CHARS} of ${text.length} characters]`;
}

function renderJson(body: unknown): string {
  return cut(JSON.stringify(body, null, 2));
}

function renderDiff(body: unknown): string {
  const { diff, bytes, truncated } = body as { diff: string; bytes: number; truncated: boolean };
  if (!diff) return '(the pull request changes nothing)';
  return truncated
    ? `${diff}\n[diff truncated: showing ${GITHUB_DIFF_MAX_BYTES} of ${bytes} bytes; github_pr_view lists the files]`
    : diff;
}
