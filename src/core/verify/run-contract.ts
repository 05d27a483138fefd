import { createHash } from 'node:crypto';
import type { CheckClause, ResolvedContract } from '../contract/schema.js';
import type { LedgerStore, Signer } from '../ledger/index.js';
import type { Provider } from '../providers/provider.js';
import type { Ctx } from '../runtime/ctx.js';
import { runCheck } from './check-runner.js';
import { type GitInfo, readGitInfo } from './git-info.js';
import { runPanel } from './panel.js';
import { type Redactor, redactBytes, secretRedactor } from './redact.js';
import { collectReviewEvidence } from './review-evidence.js';
import { type ClauseVerdict, computeVerdict, type Verdict } from './verdict.js';

export interface RunContractOptions {
  contract: ResolvedContract;
  contractHash: string;
  workdir: string;
  store: LedgerStore;
  signer: Signer;
  ctx: Ctx;
  /** One provider per panel seat, or why there are none (review clauses are then unverifiable). */
  panel: { seats: Provider[] } | { unavailable: string };
  /** The host's environment: source of allowlisted check variables and of secrets to redact. */
  env: Record<string, string | undefined>;
  codeVersion: string;
  principal: Record<string, unknown>;
  baseRef?: string | undefined;
  sessionId?: string | undefined;
}

export interface RunOutcome {
  sessionId: string;
  verdict: Verdict;
  git: GitInfo | null;
  headHash: string;
  spent: { costUsd: number; totalTokens: number };
}

/** Raised after `run_failed` was journaled; the ledger is complete and verifiable. */
export class RunAbortedError extends Error {
  override name = 'RunAbortedError';
  constructor(
    message: string,
    readonly sessionId: string,
  ) {
    super(message);
  }
}

/**
 * Runs a verify-only contract end to end (executor `none`): journal `run_started`, run every check
 * clause with the harness, convene the panel for every review clause, sign the verdict and finish
 * with `run_completed`. Any error journals `run_failed` so the ledger stays terminal and verifiable.
 */
export async function runContract(options: RunContractOptions): Promise<RunOutcome> {
  const { contract, store, signer, ctx } = options;
  const redact = secretRedactor(options.env);
  const git = await readGitInfo(options.workdir, options.baseRef);
  const session = store.createSession({
    signer,
    codeVersion: options.codeVersion,
    ...(options.sessionId ? { id: options.sessionId } : {}),
  });
  const id = session.id;
  const append = (kind: string, payload: Record<string, unknown>, blobs?: Uint8Array[]) =>
    store.append(id, kind, payload, signer, blobs ? { blobs } : {});
  append('run_started', {
    contract,
    contract_hash: options.contractHash,
    code_version: options.codeVersion,
    principal: options.principal,
    git: git
      ? {
          repo: git.repo,
          base_ref: git.base_ref,
          base_sha: git.base_sha,
          head_sha: git.head_sha,
          dirty: git.dirty,
        }
      : null,
    workdir_name: options.workdir.split('/').pop() ?? '',
    started_at: new Date(ctx.now()).toISOString(),
  });
  try {
    const clauses: ClauseVerdict[] = [];
    let budgetExhausted: string | undefined;
    for (const [index, clause] of contract.done.entries()) {
      if (ctx.signal.aborted) throw new Error('cancelled');
      if (clause.kind === 'check') {
        clauses.push(await verifyCheck(index, clause, options, redact, append));
        continue;
      }
      ctx.events({
        type: 'review_started',
        clause: index,
        desc: clause.desc,
        seats: 'seats' in options.panel ? options.panel.seats.length : 0,
      });
      if ('unavailable' in options.panel) {
        clauses.push({
          clause: index,
          kind: 'review',
          desc: clause.desc,
          status: 'unverifiable',
          reason: options.panel.unavailable,
        });
        ctx.events({ type: 'review_finished', clause: index, status: 'unverifiable' });
        continue;
      }
      const evidence = await collectReviewEvidence({
        workdir: options.workdir,
        git,
        contextFiles: clause.reviewer_context,
      });
      const diffBytes = Buffer.from(redact(evidence.diff));
      append(
        'review_evidence',
        {
          clause: index,
          base_sha: git?.base_sha ?? null,
          head_sha: git?.head_sha ?? null,
          diff_sha256: sha256(diffBytes),
          diff_bytes: evidence.diffBytes,
          diff_truncated: evidence.diffTruncated,
          files: evidence.files.map((f) => ({
            path: f.path,
            bytes: f.bytes,
            truncated: f.truncated,
            problem: f.problem,
          })),
          notes: evidence.notes,
        },
        [diffBytes],
      );
      const panel = await runPanel({
        intent: contract.contract.intent,
        clause,
        evidence,
        seats: options.panel.seats,
        ctx,
      });
      for (const vote of panel.votes) {
        append('review_vote', {
          clause: index,
          ...vote,
          reasoning: redact(vote.reasoning),
          error: vote.error === null ? null : redact(vote.error),
        });
        ctx.events({ type: 'vote', clause: index, seat: vote.seat, lens: vote.lens, vote: vote.vote });
      }
      const counts = { met: 0, not_met: 0, unverifiable: 0 };
      for (const vote of panel.votes) counts[vote.vote]++;
      clauses.push({
        clause: index,
        kind: 'review',
        desc: clause.desc,
        status: panel.status,
        reason: `${counts.met} of ${panel.votes.length} seats voted met (strict majority needed)`,
        votes: counts,
      });
      budgetExhausted ??= panel.budgetExhausted ?? undefined;
      ctx.events({ type: 'review_finished', clause: index, status: panel.status });
    }
    const verdict = computeVerdict(clauses, budgetExhausted ? { budgetExhausted } : {});
    const spent = { costUsd: ctx.budget.spent.costUsd, totalTokens: ctx.budget.spent.totalTokens };
    append('verdict', {
      ...verdict,
      contract_id: contract.contract.id,
      contract_hash: options.contractHash,
      git: git ? { base_sha: git.base_sha, head_sha: git.head_sha } : null,
      cost_usd: spent.costUsd,
      total_tokens: spent.totalTokens,
    });
    const done = append('run_completed', {
      overall: verdict.overall,
      finished_at: new Date(ctx.now()).toISOString(),
    });
    return { sessionId: id, verdict, git, headHash: done.entry_hash, spent };
  } catch (error) {
    const message = redact(ctx.signal.aborted ? 'cancelled' : ((error as Error).message ?? String(error)));
    append('run_failed', { error: message, failed_at: new Date(ctx.now()).toISOString() });
    throw new RunAbortedError(`run ${id} failed: ${message}`, id);
  }
}

async function verifyCheck(
  index: number,
  clause: CheckClause,
  options: RunContractOptions,
  redact: Redactor,
  append: (kind: string, payload: Record<string, unknown>, blobs?: Uint8Array[]) => unknown,
): Promise<ClauseVerdict> {
  options.ctx.events({ type: 'check_started', clause: index, desc: clause.desc });
  const outcome = await runCheck(clause, {
    workdir: options.workdir,
    env: options.env,
    extraEnvNames: options.contract.check_env,
    ctx: options.ctx,
  });
  if (outcome.cancelled) throw new Error('cancelled');
  const stdout = redactBytes(outcome.stdout.bytes, redact);
  const stderr = redactBytes(outcome.stderr.bytes, redact);
  const stream = (bytes: Buffer, captured: typeof outcome.stdout) => ({
    sha256: sha256(bytes),
    bytes: captured.totalBytes,
    captured_bytes: bytes.length,
    truncated: captured.truncated,
    tail: redact(captured.tail),
  });
  append(
    'check_result',
    {
      clause: index,
      desc: clause.desc,
      run: clause.run,
      expect_exit: clause.expect_exit,
      exit_code: outcome.exitCode,
      signal: outcome.signal,
      timed_out: outcome.timedOut,
      met: outcome.met,
      reasons: outcome.reasons.map(redact),
      duration_ms: Math.round(outcome.durationMs),
      stdout: stream(stdout, outcome.stdout),
      stderr: stream(stderr, outcome.stderr),
    },
    [stdout, stderr],
  );
  options.ctx.events({
    type: 'check_finished',
    clause: index,
    desc: clause.desc,
    met: outcome.met,
    exitCode: outcome.exitCode,
    durationMs: outcome.durationMs,
  });
  const reason = outcome.met
    ? `exit ${outcome.exitCode}, expectations met`
    : outcome.reasons.map(redact).join('; ');
  return { clause: index, kind: 'check', desc: clause.desc, status: outcome.met ? 'met' : 'not_met', reason };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
