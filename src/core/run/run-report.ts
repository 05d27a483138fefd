import type { LedgerEntry } from '../ledger/entry.js';
import { ANNOTATION_KINDS } from '../ledger/entry-hash.js';
import { streamTail, type TailSource } from '../ledger/output-tails.js';
import { describeIsolation, type IsolationLevel, type NetworkMode } from '../process/isolation.js';
import type { ClauseStatus } from '../verify/vote.js';
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
  /** A `[fanout]` run: its attempts, the choice and why (docs/fanout.md); null for any other run. */
  fanout: ReportFanout | null;
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

type Payload = Record<string, unknown>;

/**
 * `tails` resolves the output-tail blobs check results reference by hash (a store, a bundle's
 * `blobs`); without it those tails read as not available, and shredded ones say so.
 */
export function reportFromEntries(
  sessionId: string,
  entries: readonly LedgerEntry[],
  tails?: TailSource,
): RunReport {
  const started = entries.find((e) => e.kind === 'run_started')?.payload ?? {};
  const resolved = (started.contract ?? {}) as {
    contract?: { id?: string; title?: string; intent?: string };
  };
  const verdict = [...entries].reverse().find((e) => e.kind === 'verdict')?.payload;
  const failed = entries.find((e) => e.kind === 'run_failed')?.payload;
  // Sign-offs and anchor receipts follow the run without changing its state (a rejection keeps it suspended).
  const last = entries.findLast((e) => !ANNOTATION_KINDS.has(e.kind));
  const suspended = !verdict && !failed && last?.kind === 'suspended' ? last : undefined;
  const published = entries.find((e) => e.kind === 'changes_published')?.payload;
  const checks = new Map<number, Payload>();
  const votes = new Map<number, ReportVote[]>();
  const notes = new Map<number, string[]>();
  const reviewEvidence = new Map<number, Payload>();

  const selfRuns = new Map<number, ReportSelfValidation[]>();
  for (const entry of entries) {
    const p = entry.payload;
    const clause = Number(p.clause);
    if (entry.kind === 'check_result') checks.set(clause, p);
    if (entry.kind === 'self_validation') {
      const list = selfRuns.get(clause) ?? [];
      list.push({
        seq: entry.seq,
        met: p.met === true,
        exitCode: typeof p.exit === 'number' ? p.exit : null,
        summary: String(p.summary ?? ''),
        workdirHash: typeof p.workdir_hash === 'string' ? p.workdir_hash : null,
      });
      selfRuns.set(clause, list);
    }
    if (entry.kind === 'review_vote') {
      const list = votes.get(clause) ?? [];
      list.push({
        seat: Number(p.seat),
        lens: String(p.lens),
        provider: String(p.provider),
        model: String(p.model),
        vote: p.vote as ClauseStatus,
        reasoning: String(p.reasoning ?? ''),
        aimedAtReviewers: typeof p.aimed_at_reviewers === 'boolean' ? p.aimed_at_reviewers : null,
      });
      votes.set(clause, list);
    }
    if (entry.kind === 'review_evidence') {
      notes.set(clause, (p.notes as string[] | undefined) ?? []);
      reviewEvidence.set(clause, p);
    }
  }
  const clauses = ((verdict?.clauses as Payload[] | undefined) ?? []).map((c): ReportClause => {
    const index = Number(c.clause);
    const check = checks.get(index);
    const stream = (name: 'stdout' | 'stderr') => streamTail(check?.[name], tails);
    return {
      index,
      kind: c.kind === 'review' ? 'review' : 'check',
      desc: String(c.desc ?? ''),
      status: c.status as ClauseStatus,
      reason: String(c.reason ?? ''),
      check: check
        ? {
            run: String(check.run ?? ''),
            exitCode: (check.exit_code as number | null) ?? null,
            timedOut: Boolean(check.timed_out),
            durationMs: Number(check.duration_ms ?? 0),
            stdoutTail: stream('stdout'),
            stderrTail: stream('stderr'),
          }
        : null,
      votes: votes.get(index) ?? [],
      evidenceNotes: notes.get(index) ?? [],
      hiddenText: ((reviewEvidence.get(index)?.hidden_text as ReportHiddenText[] | undefined) ?? []).filter(
        (h) => Number(h.total) > 0,
      ),
      injection: injectionOf(reviewEvidence.get(index), c.injection as Payload | undefined),

      selfValidation: selfRuns.get(index) ?? [],
    };
  });
  const git = (started.git as RunReport['git']) ?? null;
  return {
    sessionId,
    contractId: resolved.contract?.id ?? '?',
    title: resolved.contract?.title ?? null,
    intent: resolved.contract?.intent ?? '',
    overall: verdict ? (verdict.overall as RunReport['overall']) : suspended ? 'suspended' : 'failed_run',
    clauses,
    forced: (verdict?.forced as string[] | undefined) ?? [],
    runError: failed ? String(failed.error ?? 'run failed') : null,
    costUsd: Number(verdict?.cost_usd ?? 0),
    totalTokens: Number(verdict?.total_tokens ?? 0),
    git: git
      ? { repo: git.repo ?? null, base_sha: git.base_sha ?? null, head_sha: git.head_sha ?? null }
      : null,
    headHash: entries.at(-1)?.entry_hash ?? '',
    contractHash: (started.contract_hash as string | undefined) ?? null,
    scripted: [...votes.values()].flat().some((v) => v.provider === 'scripted'),
    suspension: suspended
      ? {
          seq: suspended.seq,
          reason: String(suspended.payload.reason ?? ''),
          await: (suspended.payload.await as Record<string, unknown> | undefined) ?? {},
        }
      : null,
    changes: published ? changesFrom(published) : null,
    checkout: checkoutFrom(entries),
    isolation: isolationFrom(started.isolation),
    fanout: fanoutFromEntries(entries),
  };
}

/** Detector spans (review_evidence) and the verdict's account of the policy, as one view. */
function injectionOf(evidence: Payload | undefined, verdict: Payload | undefined): ReportInjection | null {
  const detected = evidence?.injection_suspected as Payload | null | undefined;
  if (!detected && !verdict) return null;
  const spans = Array.isArray(detected?.spans) ? (detected.spans as ReportInjection['spans']) : [];
  const seats = Array.isArray(verdict?.reported_by_seats) ? (verdict.reported_by_seats as number[]) : [];
  return {
    policy: String(verdict?.policy ?? detected?.policy ?? 'unverifiable'),
    total: Number(detected?.total ?? spans.length),
    spans,
    reportedBySeats: seats.map((s) => Number(s) + 1),
    withheldMet: verdict?.withheld_met === true,
  };
}

function checkoutFrom(entries: readonly LedgerEntry[]): ReportCheckout | null {
  const workspace = entries.find((e) => e.kind === 'checks_workspace')?.payload;
  if (!workspace) return null;
  const setup = entries.find((e) => e.kind === 'checks_setup')?.payload;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return {
    mode: workspace.checkout === 'in-place' ? 'in-place' : 'clean-room',
    baseSha: text(workspace.base_sha),
    diffSha256: text(workspace.diff_sha256),
    tree: text(workspace.tree),
    error: text(workspace.error),
    reason: text(workspace.reason),
    setup: setup
      ? {
          run: String(setup.run ?? ''),
          met: setup.met === true,
          exitCode: typeof setup.exit_code === 'number' ? setup.exit_code : null,
        }
      : null,
  };
}

function isolationFrom(value: unknown): ReportIsolation | null {
  if (typeof value !== 'object' || value === null) return null;
  const p = value as Payload;
  return {
    level: String(p.level ?? 'none'),
    requested: String(p.requested ?? ''),
    network: String(p.network ?? ''),
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

function changesFrom(p: Payload): ReportChanges {
  const input = (p.input as Payload | undefined) ?? {};
  const result = (p.result as Payload | undefined) ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return {
    mode: String(input.mode ?? p.name ?? ''),
    status: String(result.status ?? ''),
    commit: text(result.commit),
    branch: text(result.branch),
    pullRequestUrl: text(result.pull_request_url),
    detail: String(result.detail ?? ''),
  };
}
