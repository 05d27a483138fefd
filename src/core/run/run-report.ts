import type { LedgerEntry } from '../ledger/entry.js';
import { ANNOTATION_KINDS } from '../ledger/entry-hash.js';
import {
  contractSummary,
  type PayloadOf,
  type RecordedClauseVerdict,
  readKnownEntry,
} from '../ledger/entry-kinds.js';
import { streamTail, type TailSource } from '../ledger/output-tails.js';
import { describeIsolation, type IsolationLevel, type NetworkMode } from '../process/isolation.js';
import { type Citation, citationsOf } from '../verify/citations.js';
import { type ClauseStatus, recordedSeatVote } from '../verify/vote.js';
import { contextFrom, type ReportContext } from './context-report.js';
import { memoryFrom, type ReportMemory } from './memory-report.js';
import { fanoutFromEntries, type ReportFanout } from './run-report-fanout.js';

export interface ReportVote {
  seat: number;
  lens: string;
  provider: string;
  model: string;
  vote: ClauseStatus;
  reasoning: string;
  /** The shortcuts lens's answer: does the change contain text aimed at automated reviewers? */
  aimedAtReviewers?: boolean | null;
  /** The problems the seat named, anchored to changed lines or kept as prose ([] for older votes). */
  citations: Citation[];
}

/** Hidden characters that were made visible before the panel read a file (per file). */
export interface ReportHiddenText {
  source: string;
  path: string;
  total: number;
  counts: Record<string, number>;
}

/** Evidence that seemed to address the reviewers, as `review_evidence` and the verdict record it. */
export interface ReportInjection {
  policy: string;
  total: number;
  spans: Array<{
    rule: string;
    source: string;
    path: string;
    line: number | null;
    /** The last line the match covers, when it was recorded (injection-detect.ts). */
    end_line?: number | null | undefined;
    column: number;
    match: string;
  }>;
  /** Seats (1-based) whose shortcuts lens reported text aimed at reviewers. */
  reportedBySeats: number[];
  /** True when the policy kept a met majority from making the clause met. */
  withheldMet: boolean;
}

export interface ReportClause {
  index: number;
  kind: 'check' | 'review';
  desc: string;
  status: ClauseStatus;
  reason: string;
  check: {
    run: string;
    exitCode: number | null;
    timedOut: boolean;
    durationMs: number;
    stdoutTail: string;
    stderrTail: string;
  } | null;
  votes: ReportVote[];
  evidenceNotes: string[];
  hiddenText?: ReportHiddenText[];
  injection?: ReportInjection | null;

  /** The agent's own runs of this check (`run_checks`, evidence only), in order. */
  selfValidation: ReportSelfValidation[];
}

/** One `self_validation` entry: what the agent saw when it ran a check in its own working copy. */
export interface ReportSelfValidation {
  seq: number;
  met: boolean;
  exitCode: number | null;
  summary: string;
  workdirHash: string | null;
}

/** Where the harness ran the checks (`checks_workspace`, `checks_setup`); null for checks-only runs. */
export interface ReportCheckout {
  mode: 'clean-room' | 'in-place';
  baseSha: string | null;
  diffSha256: string | null;
  tree: string | null;
  /** Why the checks could not run there (clean copy or setup failed), else null. */
  error: string | null;
  /** Why checks ran in place (opt-out or no git), else null. */
  reason: string | null;
  setup: { run: string; met: boolean; exitCode: number | null } | null;
}

/**
 * Everything a human-facing report shows about one run, derived from the signed entries alone so
 * that the CLI, check runs, PR comments and job summaries can only say what the ledger says.
 */
export interface RunReport {
  sessionId: string;
  contractId: string;
  title: string | null;
  intent: string;
  /** `suspended`: the run waits on an approval gate, a signal or a timer (no verdict yet). */
  overall: 'pass' | 'fail' | 'unverifiable' | 'failed_run' | 'suspended';
  clauses: ReportClause[];
  forced: string[];
  /** Set when the run ended in run_failed (cancelled, crashed): there is no verdict. */
  runError: string | null;
  costUsd: number;
  totalTokens: number;
  git: { repo: string | null; base_sha: string | null; head_sha: string | null } | null;
  headHash: string;
  contractHash: string | null;
  scripted: boolean;
  /** Why and on what a suspended run waits (the last `suspended` entry); null otherwise. */
  suspension: ReportSuspension | null;
  /** What the harness did with a passing run's changes (`changes_published`); null when nothing. */
  changes: ReportChanges | null;
  /** Where the checks ran after an executor; null when no executor ran (checks used the checkout). */
  checkout: ReportCheckout | null;
  /**
   * How the run's untrusted processes were isolated, as `run_started` signed it (docs/security.md);
   * null for ledgers written before isolation was recorded.
   */
  isolation: ReportIsolation | null;
  /** The in-loop agent's context: peak pressure, compactions, re-pins (docs/context.md); else null. */
  context: ReportContext | null;
  /** Memory recalled into the executor's prompt and proposed by the run (docs/memory.md); else null. */
  memory?: ReportMemory | null;
  /** A `[fanout]` run: its attempts, the choice and why (docs/fanout.md); null (or absent) for any other run. */
  fanout?: ReportFanout | null;
  /**
   * Whether an executor ran in this session: the panel then judged its work (the working tree it
   * left), whose line numbers need not be the checked-out commit's (docs/action.md "Findings on the
   * changed lines"). Absent in reports built before it was read.
   */
  executorRan?: boolean;
}

export interface ReportIsolation {
  level: string;
  requested: string;
  network: string;
  networkEnforced: boolean;
}

export interface ReportSuspension {
  seq: number;
  reason: string;
  await: Record<string, unknown>;
}

export interface ReportChanges {
  mode: string;
  status: string;
  commit: string | null;
  branch: string | null;
  pullRequestUrl: string | null;
  detail: string;
}

/** What a report reads of a run, gathered in one pass over its entries (each read as its kind). */
interface RunEntries {
  started?: PayloadOf<'run_started'>;
  /** The last verdict: a session carries one (docs/ledger.md, duplicate_terminal). */
  verdict?: PayloadOf<'verdict'>;
  failed?: PayloadOf<'run_failed'>;
  published?: PayloadOf<'changes_published'>;
  workspace?: PayloadOf<'checks_workspace'>;
  setup?: PayloadOf<'checks_setup'>;
  /** The last entry that is not an annotation, when it is a `suspended` one. */
  suspended?: { seq: number; payload: PayloadOf<'suspended'> };
  checks: Map<number, PayloadOf<'check_result'>>;
  votes: Map<number, ReportVote[]>;
  evidence: Map<number, PayloadOf<'review_evidence'>>;
  selfRuns: Map<number, ReportSelfValidation[]>;
  /** The first entry of the run whose payload does not fit its kind (entry-kinds.ts), if any. */
  malformed: string | null;
}

function readRun(entries: readonly LedgerEntry[]): RunEntries {
  const run: RunEntries = {
    checks: new Map(),
    votes: new Map(),
    evidence: new Map(),
    selfRuns: new Map(),
    malformed: null,
  };
  const push = <T>(map: Map<number, T[]>, clause: number, item: T) =>
    map.set(clause, [...(map.get(clause) ?? []), item]);
  for (const entry of entries) {
    // Sign-offs and anchor receipts follow the run without changing its state (a rejection keeps it
    // suspended); they have readers of their own.
    if (ANNOTATION_KINDS.has(entry.kind)) continue;
    run.suspended = undefined;
    const known = readKnownEntry(entry);
    if (!known) continue;
    if ('error' in known) {
      run.malformed ??= `seq ${entry.seq}: ${known.error}`;
      continue;
    }
    switch (known.kind) {
      case 'run_started':
        run.started ??= known.payload;
        break;
      case 'verdict':
        run.verdict = known.payload;
        break;
      case 'run_failed':
        run.failed ??= known.payload;
        break;
      case 'changes_published':
        run.published ??= known.payload;
        break;
      case 'checks_workspace':
        run.workspace ??= known.payload;
        break;
      case 'checks_setup':
        run.setup ??= known.payload;
        break;
      case 'suspended':
        run.suspended = { seq: known.seq, payload: known.payload };
        break;
      case 'check_result':
        run.checks.set(known.payload.clause, known.payload);
        break;
      case 'review_evidence':
        run.evidence.set(known.payload.clause, known.payload);
        break;
      case 'self_validation': {
        const p = known.payload;
        push(run.selfRuns, p.clause, {
          seq: known.seq,
          met: p.met === true,
          exitCode: p.exit ?? null,
          summary: p.summary ?? '',
          workdirHash: p.workdir_hash ?? null,
        });
        break;
      }
      case 'review_vote': {
        const { seat, lens, provider, model, vote, reasoning, aimed_at_reviewers } = recordedSeatVote(
          known.payload,
        );
        const aimedAtReviewers = aimed_at_reviewers;
        push(run.votes, known.payload.clause, {
          seat,
          lens,
          provider,
          model,
          vote,
          reasoning,
          aimedAtReviewers,
          citations: citationsOf(known.payload),
        });
        break;
      }
    }
  }
  return run;
}

/**
 * `tails` resolves the output-tail blobs check results reference by hash (a store, a bundle's
 * `blobs`); without it those tails read as not available, and shredded ones say so. Every entry is
 * read as its kind (entry-kinds.ts): a run entry whose payload does not fit makes the report a
 * failed run naming it, never a pass.
 */
export function reportFromEntries(
  sessionId: string,
  entries: readonly LedgerEntry[],
  tails?: TailSource,
): RunReport {
  const run = readRun(entries);
  const { started, verdict, failed } = run;
  const contract = contractSummary(started?.contract).contract;
  const suspended = !verdict && !failed ? run.suspended : undefined;
  const clauses = (verdict?.clauses ?? []).map((c): ReportClause => {
    const check = run.checks.get(c.clause);
    const evidence = run.evidence.get(c.clause);
    return {
      index: c.clause,
      kind: c.kind === 'review' ? 'review' : 'check',
      desc: c.desc ?? '',
      status: c.status,
      reason: c.reason ?? '',
      check: check
        ? {
            run: check.run ?? '',
            exitCode: check.exit_code ?? null,
            timedOut: check.timed_out === true,
            durationMs: check.duration_ms ?? 0,
            stdoutTail: streamTail(check.stdout, tails),
            stderrTail: streamTail(check.stderr, tails),
          }
        : null,
      votes: run.votes.get(c.clause) ?? [],
      evidenceNotes: evidence?.notes ?? [],
      hiddenText: (evidence?.hidden_text ?? []).filter((h) => h.total > 0),
      injection: injectionOf(evidence, c.injection),

      selfValidation: run.selfRuns.get(c.clause) ?? [],
    };
  });
  const git = started?.git;
  const malformed = run.malformed && `malformed ledger entry: ${run.malformed}`;
  return {
    sessionId,
    contractId: contract?.id ?? '?',
    title: contract?.title ?? null,
    intent: contract?.intent ?? '',
    overall: malformed ? 'failed_run' : verdict ? verdict.overall : suspended ? 'suspended' : 'failed_run',
    clauses,
    forced: verdict?.forced ?? [],
    runError: malformed ?? (failed ? (failed.error ?? 'run failed') : null),
    costUsd: verdict?.cost_usd ?? 0,
    totalTokens: verdict?.total_tokens ?? 0,
    git: git
      ? { repo: git.repo ?? null, base_sha: git.base_sha ?? null, head_sha: git.head_sha ?? null }
      : null,
    headHash: entries.at(-1)?.entry_hash ?? '',
    contractHash: started?.contract_hash ?? null,
    scripted: [...run.votes.values()].flat().some((v) => v.provider === 'scripted'),
    suspension: suspended
      ? { seq: suspended.seq, reason: suspended.payload.reason, await: suspended.payload.await }
      : null,
    changes: run.published ? changesFrom(run.published) : null,
    checkout: checkoutFrom(run.workspace, run.setup),
    isolation: started?.isolation ? isolationFrom(started.isolation) : null,
    context: contextFrom(entries),
    memory: memoryFrom(entries),
    fanout: fanoutFromEntries(entries),
    executorRan: entries.some((entry) => EXECUTOR_KINDS.has(entry.kind)),
  };
}

/** The entries an executor writes when it starts and when it is done (in-loop and delegated). */
const EXECUTOR_KINDS: ReadonlySet<string> = new Set([
  'executor_started',
  'executor_result',
  'delegated_started',
  'delegated_result',
]);

/** Detector spans (review_evidence) and the verdict's account of the policy, as one view. */
function injectionOf(
  evidence: PayloadOf<'review_evidence'> | undefined,
  verdict: RecordedClauseVerdict['injection'],
): ReportInjection | null {
  const detected = evidence?.injection_suspected ?? null;
  if (!detected && !verdict) return null;
  const spans = detected?.spans ?? [];
  return {
    policy: verdict?.policy ?? detected?.policy ?? 'unverifiable',
    total: detected?.total ?? spans.length,
    spans,
    reportedBySeats: (verdict?.reported_by_seats ?? []).map((s) => s + 1),
    withheldMet: verdict?.withheld_met === true,
  };
}

function checkoutFrom(
  workspace: PayloadOf<'checks_workspace'> | undefined,
  setup: PayloadOf<'checks_setup'> | undefined,
): ReportCheckout | null {
  if (!workspace) return null;
  const text = (value: string | null | undefined) => value || null;
  return {
    mode: workspace.checkout === 'in-place' ? 'in-place' : 'clean-room',
    baseSha: text(workspace.base_sha),
    diffSha256: text(workspace.diff_sha256),
    tree: text(workspace.tree),
    error: text(workspace.error),
    reason: text(workspace.reason),
    setup: setup ? { run: setup.run, met: setup.met === true, exitCode: setup.exit_code ?? null } : null,
  };
}

function isolationFrom(p: NonNullable<PayloadOf<'run_started'>['isolation']>): ReportIsolation {
  return {
    level: p.level ?? 'none',
    requested: p.requested ?? '',
    network: p.network ?? '',
    networkEnforced: p.network_enforced === true,
  };
}

/**
 * One line comparing the agent's own last run of a check with the harness's result, e.g. "agent
 * saw pass, harness saw fail"; null when the agent never ran it. Every surface uses this wording.
 */
export function selfValidationLine(clause: ReportClause): string | null {
  const last = clause.selfValidation.at(-1);
  if (!last) return null;
  const agent = last.met ? 'pass' : 'fail';
  const harness = clause.status === 'met' ? 'pass' : clause.status === 'not_met' ? 'fail' : 'unverifiable';
  const runs = clause.selfValidation.length;
  const times = runs === 1 ? 'once' : `${runs} times`;
  const flag = agent !== harness ? ' ⚠' : '';
  return `agent saw ${agent}, harness saw ${harness}${flag} (the agent ran it ${times}; its own run is evidence only)`;
}

/** One line saying where the checks ran, or null for a checks-only run. */
export function checkoutLine(checkout: ReportCheckout | null): string | null {
  if (!checkout) return null;
  if (checkout.mode === 'in-place') return `Checks ran in place: ${checkout.reason ?? 'in-place'}`;
  const base = checkout.baseSha ? checkout.baseSha.slice(0, 12) : '?';
  const diff = checkout.diffSha256 ? checkout.diffSha256.slice(0, 12) : 'none';
  const setup = checkout.setup
    ? `; setup \`${checkout.setup.run}\` ${checkout.setup.met ? 'succeeded' : `failed (exit ${String(checkout.setup.exitCode)})`}`
    : '';
  if (checkout.error) return `Clean room could not be built: ${checkout.error}`;
  return `Checks ran in a clean room: base ${base} + executor diff sha256:${diff}${setup}`;
}

/**
 * One line for every surface: "checks isolated: uid (egress blocked)". Kept here, beside the report
 * model, so the HTML page (which bundles this file) and the GitHub renderers say the same words.
 */
export function isolationLine(isolation: ReportIsolation): string {
  return describeIsolation({
    level: isolation.level as IsolationLevel,
    network: isolation.network as NetworkMode,
    network_enforced: isolation.networkEnforced,
  });
}

function changesFrom(p: PayloadOf<'changes_published'>): ReportChanges {
  const input = p.input ?? {};
  const result = p.result ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return {
    mode: typeof input.mode === 'string' ? input.mode : p.name,
    status: text(result.status) ?? '',
    commit: text(result.commit),
    branch: text(result.branch),
    pullRequestUrl: text(result.pull_request_url),
    detail: text(result.detail) ?? '',
  };
}
