import type { LedgerEntry } from '../ledger/entry.js';
import { ANNOTATION_KINDS } from '../ledger/entry-hash.js';
import { streamTail, type TailSource } from './output-tails.js';
import type { ClauseStatus } from './vote.js';

export interface ReportVote {
  seat: number;
  lens: string;
  provider: string;
  model: string;
  vote: ClauseStatus;
  reasoning: string;
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
  for (const entry of entries) {
    const p = entry.payload;
    const clause = Number(p.clause);
    if (entry.kind === 'check_result') checks.set(clause, p);
    if (entry.kind === 'review_vote') {
      const list = votes.get(clause) ?? [];
      list.push({
        seat: Number(p.seat),
        lens: String(p.lens),
        provider: String(p.provider),
        model: String(p.model),
        vote: p.vote as ClauseStatus,
        reasoning: String(p.reasoning ?? ''),
      });
      votes.set(clause, list);
    }
    if (entry.kind === 'review_evidence') notes.set(clause, (p.notes as string[] | undefined) ?? []);
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
  };
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
