import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { type BenchContractSettings, benchContract } from '../contract/bench-contract.js';
import { BenchInputError, type BenchRecord, type Prediction } from '../contract/bench-dataset.js';
import {
  type BenchSide,
  type BenchSideKind,
  type JudgeFigures,
  type Judgement,
  tallyBench,
} from '../ledger/bench-entries.js';
import { damagedObjectMessage, objectDamage } from '../process/git-object-damage.js';
import type { Isolation } from '../process/isolation.js';
import { NO_ISOLATION } from '../process/isolation-none.js';
import { harnessProgramEnv } from '../process/trusted-path.js';
import { CancelledError } from '../runtime/durable-errors.js';
import { cleanRoomGitEnv } from '../verify/clean-room.js';
import type { GitInfo } from '../verify/git-info.js';
import { type PanelSeats, type PanelSeatsBuilder, panelSeatsBuilder } from '../verify/panel-models.js';
import type { Verdict } from '../verify/verdict.js';
import {
  type BenchPanel,
  type BenchPanelChoice,
  type BenchPanelLabel,
  openBenchPanel,
} from './bench-panel.js';
import { benchWorkspace } from './bench-workspace.js';
import { type ParentRun, runChild } from './child-run.js';
import { anchorPayload } from './eval.js';
import {
  driveParentSession,
  openParentSession,
  type ParentSessionOptions,
  type ParentSessionResult,
} from './parent-session.js';
import type { RunHost } from './run-service.js';

/**
 * One record's signed outcome (`bench_result`, docs/bench-verdicts.md "What is signed"). The
 * catalogue (entry-kinds-bench.ts) reads it, so this type must stay assignable to its shape.
 */
export type BenchRecordResult = {
  instance_id: string;
  repo: string;
  base_commit: string;
  /** The base plus `test_patch`, committed: what reviewers diffed against; null when it did not apply. */
  tests_commit: string | null;
  /** The model whose patch was graded (`--solve`), else null. */
  model: string | null;
  /** Why the record could not be judged at all (its test_patch does not apply); null when it was. */
  error: string | null;
  sides: BenchSide[];
  wall_ms: number;
};

/** The benchmark's signed summary (`bench_report`): every figure is the tally of the results. */
export type BenchReport = {
  mode: 'verdicts' | 'solve';
  /** What a judge is measured against: the patches' labels, or (--solve) the checks. */
  reference: 'labels' | 'checks';
  dataset: { file: string; sha256: string; records: number };
  predictions: { file: string; sha256: string; count: number } | null;
  panel: BenchPanelLabel;
  records: number;
  errors: Array<{ instance_id: string; error: string }>;
  judges: JudgeFigures[];
  cost_usd: number;
  tokens: number;
  wall_ms: number;
  wall_ms_per_record: number;
  summary: string;
};

export interface StartBenchOptions extends ParentSessionOptions {
  records: BenchRecord[];
  /** `--solve`: grade these model patches instead of each record's good and bad patch. */
  predictions?: Prediction[] | undefined;
  /** The local repository of each record, by instance id (the host resolves them: resolveBenchRepo). */
  repos: ReadonlyMap<string, string>;
  contract: Omit<BenchContractSettings, 'provider' | 'reviewers'>;
  panel: BenchPanelChoice;
  dataset: { file: string; sha256: string };
  predictionsFile?: { file: string; sha256: string } | undefined;
}

/** How the benchmark ended; a completed one also hands back its records' results (each signed as `bench_result`). */
export type BenchResult =
  | (Extract<ParentSessionResult<BenchReport>, { status: 'completed' }> & { results: BenchRecordResult[] })
  | Extract<ParentSessionResult<BenchReport>, { status: 'aborted' }>;

interface PlannedSide {
  side: BenchSideKind;
  patch: string;
}

interface PlannedRecord {
  record: BenchRecord;
  repoRoot: string;
  model: string | null;
  sides: PlannedSide[];
}

/**
 * `truss bench-verdicts` (docs/bench-verdicts.md): every record becomes a contract (the problem
 * statement as intent, its tests as checks, a review clause for the panel), run with executor `none`
 * on each of its patches — the good and the bad one, or with `--solve` the model's — each run a child
 * run through the same pipeline as any run, in its own temp working copy. Each record ends with a
 * signed `bench_result` (how checks alone, the panel alone and both judged each patch); the session
 * ends with a signed `bench_report` whose false-PASS and false-FAIL rates are the tally of those
 * results. Everything a record needs is checked before anything is journaled.
 */
export async function startBench(options: StartBenchOptions): Promise<BenchResult> {
  const { host, store } = options;
  const plan = await planBench(options);
  const panel = await openBenchPanel(options.panel);
  try {
    const contracts = plan.map(({ record }) =>
      benchContract(record, { ...options.contract, provider: panel.settings, reviewers: panel.reviewers }),
    );
    const build = panel.settings ? await panelSeatsBuilder() : undefined;
    const seats = () => buildBenchPanel(build, contracts[0]?.contract, host, panel.fixtureDir);
    const first = seats();
    if (first && 'unavailable' in first)
      throw new BenchInputError(
        `${first.unavailable} (run without --provider for the placeholder panel, or with --checks-only)`,
      );
    const parentSession = openParentSession(options);
    const { ctx, session, redact, passThrough } = parentSession;
    session.record('run_started', () => ({
      payload: {
        session_id: session.id,
        kind: 'bench',
        bench: {
          mode: options.predictions ? 'solve' : 'verdicts',
          dataset: { ...options.dataset, records: options.records.length },
          predictions: options.predictionsFile ?? null,
          instances: plan.map(({ record }, i) => ({
            instance_id: record.instanceId,
            contract_hash: contracts[i]?.hash,
            sides: plan[i]?.sides.map((s) => s.side),
          })),
          panel: panel.label,
        },
        code_version: options.codeVersion,
        principal: options.principal,
        git: null,
        isolation: { ...(host.isolation ?? NO_ISOLATION).report },
        started_at: new Date(ctx.now()).toISOString(),
      },
    }));
    const results: BenchRecordResult[] = [];
    const ended = await driveParentSession(parentSession, 'bench', 'bench_report', async () => {
      const started = performance.now();
      let attempt = 0;
      for (const [index, planned] of plan.entries()) {
        const { record } = planned;
        const { contract, hash } = contracts[index] as NonNullable<(typeof contracts)[number]>;
        const recordStarted = performance.now();
        const result: BenchRecordResult = {
          instance_id: record.instanceId,
          repo: record.repo,
          base_commit: record.baseCommit,
          tests_commit: null,
          model: planned.model,
          error: null,
          sides: [],
          wall_ms: 0,
        };
        for (const { side, patch } of planned.sides) {
          if (ctx.signal.aborted) throw new CancelledError();
          ctx.events({ type: 'phase', name: `${record.instanceId}: ${side} patch` });
          const sideStarted = performance.now();
          const made = await benchWorkspace({
            repoRoot: planned.repoRoot,
            baseCommit: record.baseCommit,
            testPatch: record.testPatch,
            candidate: patch,
            env: host.env,
            parentDir: host.cleanRoomParent ?? host.isolation?.tempDir,
            prepare: host.isolation ? (dir) => (host.isolation as Isolation).addWorkdir(dir) : undefined,
          });
          if (made.status === 'tests_unapplied') {
            result.error = redact(made.error);
            result.sides = [];
            break;
          }
          if (made.status === 'candidate_unapplied') {
            const error = redact(made.error);
            ctx.events({ type: 'warning', message: `${record.instanceId}: the ${side} patch ${error}` });
            result.sides.push(unapplied(side, error, panel, Math.round(performance.now() - sideStarted)));
            continue;
          }
          const { workspace } = made;
          result.tests_commit = workspace.testsSha;
          attempt++;
          const task = `${record.instanceId}: judge the ${side} patch`;
          const git: GitInfo = {
            repo: record.repo,
            base_ref: record.testPatch ? 'base_commit + test_patch' : 'base_commit',
            base_sha: workspace.testsSha,
            head_sha: workspace.testsSha,
            dirty: patch.trim() !== '',
          };
          const parent: ParentRun = {
            ...passThrough,
            workdir: workspace.dir,
            store,
            signer: options.signer,
            ctx,
            panel: seats() ?? { unavailable: 'no review clause' },
            executorProvider: undefined,
            sessionId: session.id,
            codeVersion: options.codeVersion,
            principal: options.principal,
            git,
          };
          const child = await runChild(parent, {
            attempt,
            task,
            contract,
            contractHash: hash,
            workdir: workspace.dir,
            scope: { write_scope: [...contract.constraints.write_scope] },
            budgetSlice: { ...contract.budget },
          }).finally(() => workspace.dispose());
          const wallMs = Math.round(performance.now() - sideStarted);
          const judged = judge(child.verdict, panel);
          const anchor = session.record('child_anchor', () => ({
            payload: {
              ...anchorPayload(child, task, contract),
              instance_id: record.instanceId,
              side,
              attempt,
              overall: child.verdict?.overall ?? null,
              cost_usd: child.usage.costUsd,
              total_tokens: child.usage.totalTokens,
              wall_ms: wallMs,
              error: child.error && redact(child.error),
            },
          }));
          result.sides.push({
            side,
            applied: true,
            error: child.error && redact(child.error),
            anchor_seq: anchor.seq,
            child_session_id: child.sessionId,
            verdict_ref: child.verdictRef,
            ...judged,
            cost_usd: child.usage.costUsd,
            tokens: child.usage.totalTokens,
            wall_ms: wallMs,
          });
        }
        result.wall_ms = Math.round(performance.now() - recordStarted);
        session.record('bench_result', () => ({ payload: result }));
        results.push(result);
      }
      return summarize(options, panel.label, results, Math.round(performance.now() - started));
    });
    return ended.status === 'completed' ? { ...ended, results } : ended;
  } finally {
    await panel.dispose();
  }
}

/**
 * The panel seats of one run, built afresh (a scripted fixture replays from its start for every
 * run) and never looked up in the run's working copy: a patch cannot plant a fixture.
 */
function buildBenchPanel(
  build: PanelSeatsBuilder | undefined,
  contract: Parameters<PanelSeatsBuilder>[0] | undefined,
  host: RunHost,
  fixtureDir: string | null | undefined,
): PanelSeats | null {
  if (!build || !contract) return null;
  const cwd = fixtureDir ?? host.hostCwd ?? tmpdir();
  return build(contract, { env: host.env, cwd, contractDir: fixtureDir ?? undefined });
}

/** How checks alone, the panel alone and both (the verdict) judged a run. */
function judge(verdict: Verdict | null, panel: BenchPanel): Pick<BenchSide, 'checks' | 'panel' | 'both'> {
  if (!verdict) {
    // The run ended without a verdict (run_failed): no judge could decide.
    return {
      checks: 'unverifiable',
      panel: panel.settings ? 'unverifiable' : 'skipped',
      both: 'unverifiable',
    };
  }
  const fold = (kind: 'check' | 'review'): Judgement => {
    const clauses = verdict.clauses.filter((clause) => clause.kind === kind);
    if (clauses.some((clause) => clause.status === 'not_met')) return 'fail';
    if (clauses.length === 0 || clauses.some((clause) => clause.status === 'unverifiable'))
      return 'unverifiable';
    return 'pass';
  };
  return { checks: fold('check'), panel: panel.settings ? fold('review') : 'skipped', both: verdict.overall };
}

function unapplied(side: BenchSideKind, error: string, panel: BenchPanel, wallMs: number): BenchSide {
  return {
    side,
    applied: false,
    error,
    anchor_seq: null,
    child_session_id: null,
    verdict_ref: null,
    checks: 'fail',
    panel: panel.settings ? 'fail' : 'skipped',
    both: 'fail',
    cost_usd: 0,
    tokens: 0,
    wall_ms: wallMs,
  };
}

/**
 * What runs, checked before anything is journaled: every record has a repository, its base commit
 * is in it, it has a patch to judge, and every prediction names a record.
 */
async function planBench(options: StartBenchOptions): Promise<PlannedRecord[]> {
  const byId = new Map(options.records.map((record) => [record.instanceId, record]));
  const chosen: Array<{ record: BenchRecord; model: string | null; sides: PlannedSide[] }> = [];
  if (options.predictions) {
    for (const prediction of options.predictions) {
      const record = byId.get(prediction.instanceId);
      if (!record)
        throw new BenchInputError(
          `${prediction.where}: no record ${prediction.instanceId} in the dataset; grade predictions against the dataset they were made for`,
        );
      chosen.push({
        record,
        model: prediction.model,
        sides: [{ side: 'model', patch: prediction.modelPatch }],
      });
    }
  } else {
    for (const record of options.records) {
      const sides: PlannedSide[] = [];
      if (record.goodPatch) sides.push({ side: 'good', patch: record.goodPatch });
      if (record.badPatch) sides.push({ side: 'bad', patch: record.badPatch });
      if (sides.length === 0)
        throw new BenchInputError(
          `${record.where}: ${record.instanceId} has neither good_patch (patch) nor bad_patch`,
        );
      chosen.push({ record, model: null, sides });
    }
  }
  const planned: PlannedRecord[] = [];
  for (const { record, model, sides } of chosen) {
    const repoRoot = options.repos.get(record.instanceId);
    if (!repoRoot) throw new BenchInputError(`${record.where}: no repository for ${record.instanceId}`);
    const base = await hasCommit(repoRoot, record.baseCommit, options.host.env);
    if (base !== true) {
      // Present but damaged is not missing: fetching does not replace it.
      throw new BenchInputError(
        typeof base === 'string'
          ? `${record.where}: ${damagedObjectMessage(`base_commit ${record.baseCommit}`, repoRoot, base)}`
          : `${record.where}: base_commit ${record.baseCommit} is not in ${repoRoot}; fetch it there (Truss fetches nothing)`,
      );
    }
    planned.push({ record, repoRoot, model, sides });
  }
  return planned;
}

/** True when `repo` has `commit`; false when it does not; git's line saying the object is damaged when it is. */
function hasCommit(
  repo: string,
  commit: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<boolean | string> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['-c', `safe.directory=${repo}`, 'cat-file', '-e', `${commit}^{commit}`],
      { cwd: repo, env: harnessProgramEnv(cleanRoomGitEnv(env), repo) },
      (error, _stdout, stderr) => resolve(!error || (objectDamage(String(stderr)) ?? false)),
    );
  });
}

function summarize(
  options: StartBenchOptions,
  panel: BenchPanelLabel,
  results: BenchRecordResult[],
  wallMs: number,
): BenchReport {
  const sides = results.flatMap((result) => result.sides);
  const judges = tallyBench(sides);
  const cost = sides.reduce((sum, side) => sum + side.cost_usd, 0);
  const tokens = sides.reduce((sum, side) => sum + side.tokens, 0);
  const solve = options.predictions !== undefined;
  const rate = (n: number, of: number) => `${n}/${of}${of ? ` (${Math.round((n / of) * 100)}%)` : ''}`;
  const parts = judges.map((j: JudgeFigures) =>
    j.false_pass_rate === null && j.false_fail_rate === null
      ? `${j.judge}: ${rate(j.passes, j.runs)} passed`
      : `${j.judge}: false PASS ${rate(j.false_pass, j.negatives)}, false FAIL ${rate(j.false_fail, j.positives)}`,
  );
  const errors = results.flatMap((r) => (r.error ? [{ instance_id: r.instance_id, error: r.error }] : []));
  return {
    mode: solve ? 'solve' : 'verdicts',
    reference: solve ? 'checks' : 'labels',
    dataset: { ...options.dataset, records: options.records.length },
    predictions: options.predictionsFile
      ? { ...options.predictionsFile, count: options.predictions?.length ?? 0 }
      : null,
    panel,
    records: results.length,
    errors,
    judges,
    cost_usd: cost,
    tokens,
    wall_ms: wallMs,
    wall_ms_per_record: results.length ? Math.round(wallMs / results.length) : 0,
    summary: `${parts.join('; ')}; panel: ${panel.label}; ${results.length} records, $${cost.toFixed(4)}, ${tokens} tokens, ${(wallMs / 1000).toFixed(1)} s`,
  };
}
