import { applyArm, type EvalArm } from '../contract/eval-arm.js';
import type { ContractFormat, ResolvedContract } from '../contract/schema.js';
import type { LedgerStore, VerdictRef } from '../ledger/index.js';
import type { MemoryEntry } from '../memory/entry.js';
import type { Isolation } from '../process/isolation.js';
import { NO_ISOLATION } from '../process/isolation-none.js';
import { CancelledError } from '../runtime/durable-errors.js';
import { readGitInfo } from '../verify/git-info.js';
import { panelModels } from '../verify/panel-models.js';
import type { Overall } from '../verify/verdict.js';
import { type ChildResult, type ParentRun, runChild } from './child-run.js';
import { childWorkdirs } from './child-workdir.js';
import type { ExcludedLeg, RunnerLegs } from './fanout-types.js';
import {
  driveParentSession,
  openParentSession,
  type ParentSessionOptions,
  type ParentSessionResult,
} from './parent-session.js';
import { executorModel } from './run-models.js';
import { storedChild } from './runner-legs.js';

/**
 * One arm's results, as the signed `eval_report` records them (docs/eval.md). Writers fill every
 * field; the catalogue (entry-kinds.ts) reads them, so this type must stay assignable to its shape.
 */
export type EvalArmReport = {
  name: string;
  /** The one setting this arm changes, `PATH=VALUE`. */
  change: string;
  contract_hash: string;
  runs: number;
  passes: number;
  pass_rate: number;
  /** Totals over the arm's runs. */
  cost_usd: number;
  tokens: number;
  wall_ms: number;
  child_refs: Array<{
    anchor_seq: number;
    child_session_id: string;
    verdict_ref: VerdictRef | null;
    overall: Overall | null;
  }>;
};

/** Each later arm against the first. */
export type EvalDelta = {
  arm: string;
  vs: string;
  pass_rate: number;
  cost_usd: number;
  tokens: number;
  wall_ms: number;
};

export type EvalReport = {
  repeats: number;
  arms: EvalArmReport[];
  delta: EvalDelta[];
  summary: string;
  /** Runs on Actions runners (docs/eval.md "On Actions"): legs the reducer refused, and runs no leg came for. */
  excluded?: ExcludedLeg[];
  missing?: Array<{ arm: string; repeat: number }>;
};

export interface StartEvalOptions extends ParentSessionOptions {
  contract: ResolvedContract;
  contractHash: string;
  arms: EvalArm[];
  repeats: number;
  workdir: string;
  /**
   * The runs already ran on Actions runners (a reducer job): the legs verified and imported into
   * `store`, each naming its arm and repeat. Nothing runs here; the runs are anchored and counted.
   */
  runnerLegs?: RunnerLegs | undefined;
  /** The format the host resolved the contract with (a host's keys beside core's); default core's. */
  format?: ContractFormat | undefined;
  /**
   * Arm name → an unverified memory entry that arm's runs recall on trial (an eval-gated promotion,
   * docs/memory.md "Eval-gated promotion"); signed as `trial` in the arm of `run_started.eval`.
   * Needs `host.memory`.
   */
  trials?: Readonly<Record<string, MemoryEntry>> | undefined;
}

export type EvalResult = ParentSessionResult<EvalReport>;

/**
 * `truss eval` (docs/eval.md): the contract runs `repeats` times per arm — each run a child run,
 * its own signed session anchored in one eval session — one arm after another, one run at a time
 * (so wall times compare). The panel is the base contract's for every arm; each arm's executor
 * model is built once from its contract and serves its runs in turn. The eval session ends with a
 * signed `eval_report {repeats, arms, delta, summary}` and `run_completed` (or `run_failed`).
 * An eval session is assembled here as a run is in run-service.ts: context, models, panel.
 */
export async function startEval(options: StartEvalOptions): Promise<EvalResult> {
  const { host, store, contract } = options;
  const lookup = {
    env: host.env,
    cwd: options.workdir,
    fallbackCwd: host.hostCwd,
    contractDir: host.contractDir,
  };
  const arms = await Promise.all(
    options.arms.map(async (arm) => {
      const applied = applyArm(contract, arm, options.format);
      const provider =
        applied.contract.executor.kind === 'in-loop' && !options.runnerLegs
          ? await executorModel(applied.contract, lookup)
          : undefined;
      return { arm, ...applied, provider };
    }),
  );
  const trials = options.trials ?? {};
  if (Object.keys(trials).length > 0 && !host.memory)
    throw new Error('an eval with an entry on trial needs the run memory (host.memory)');
  const panel = await panelModels(contract, lookup);
  const git = await readGitInfo(options.workdir);
  const parentSession = openParentSession(options);
  const { ctx, session, redact, passThrough } = parentSession;
  session.record('run_started', () => ({
    payload: {
      session_id: session.id,
      kind: 'eval',
      contract,
      contract_hash: options.contractHash,
      eval: {
        repeats: options.repeats,
        arms: arms.map(({ arm, hash }) => ({
          name: arm.name,
          change: arm.change,
          contract_hash: hash,
          ...(trials[arm.name] ? { trial: trials[arm.name]?.id } : {}),
        })),
      },
      code_version: options.codeVersion,
      principal: options.principal,
      git,
      isolation: { ...(host.isolation ?? NO_ISOLATION).report },
      workdir: options.workdir,
      started_at: new Date(ctx.now()).toISOString(),
    },
  }));
  const runners = options.runnerLegs;
  const missing: Array<{ arm: string; repeat: number }> = [];
  return driveParentSession(parentSession, 'eval', 'eval_report', async () => {
    const reports: EvalArmReport[] = [];
    let attempt = 0;
    for (const { arm, contract: armContract, hash, provider } of arms) {
      const parent: ParentRun = {
        ...passThrough,
        memory: host.memory && trials[arm.name] ? { ...host.memory, trial: trials[arm.name] } : host.memory,
        workdir: options.workdir,
        store,
        signer: options.signer,
        ctx,
        panel,
        executorProvider: provider,
        sessionId: session.id,
        codeVersion: options.codeVersion,
        principal: options.principal,
        git,
      };
      const workdirs = await childWorkdirs({
        workdir: options.workdir,
        env: host.env,
        // Runner legs ran elsewhere: nothing works here, so nothing is copied.
        shared: armContract.executor.kind === 'none' || runners !== undefined,
        parentDir: host.cleanRoomParent ?? host.isolation?.tempDir,
        prepare: host.isolation ? (dir) => (host.isolation as Isolation).addWorkdir(dir) : undefined,
        unprepare: host.isolation?.removeWorkdir?.bind(host.isolation),
      });
      const report: EvalArmReport = {
        name: arm.name,
        change: arm.change,
        contract_hash: hash,
        runs: 0,
        passes: 0,
        pass_rate: 0,
        cost_usd: 0,
        tokens: 0,
        wall_ms: 0,
        child_refs: [],
      };
      try {
        for (let repeat = 1; repeat <= options.repeats; repeat++) {
          if (ctx.signal.aborted) throw new CancelledError();
          attempt++;
          const ran = runners
            ? runnerRun(store, runners, arm.name, repeat, attempt)
            : await liveRun(parent, workdirs, armContract, hash, attempt);
          if (!ran) {
            // Not counted either way; a refused leg is named under `excluded` instead.
            if (!runners?.excluded.some((x) => x.arm === arm.name && x.attempt === repeat))
              missing.push({ arm: arm.name, repeat });
            continue;
          }
          const { child, wallMs } = ran;
          const overall = child.verdict?.overall ?? null;
          const anchor = session.record('child_anchor', () => ({
            payload: {
              ...anchorPayload(child, armContract.contract.intent, armContract),
              arm: arm.name,
              repeat,
              attempt,
              overall,
              cost_usd: child.usage.costUsd,
              total_tokens: child.usage.totalTokens,
              wall_ms: wallMs,
              error: child.error && redact(child.error),
            },
          }));
          report.runs++;
          if (overall === 'pass') report.passes++;
          report.cost_usd += child.usage.costUsd;
          report.tokens += child.usage.totalTokens;
          report.wall_ms += wallMs;
          report.child_refs.push({
            anchor_seq: anchor.seq,
            child_session_id: child.sessionId,
            verdict_ref: child.verdictRef,
            overall,
          });
        }
      } finally {
        await workdirs.dispose();
      }
      report.pass_rate = report.runs === 0 ? 0 : report.passes / report.runs;
      reports.push(report);
    }
    const report: EvalReport = {
      ...summarize(options.repeats, reports),
      ...(runners
        ? { excluded: runners.excluded.map((leg) => ({ ...leg, reason: redact(leg.reason) })), missing }
        : {}),
    };
    return report;
  });
}

/** One run of an arm, here: a child run in its own working copy (or the shared workdir). */
async function liveRun(
  parent: ParentRun,
  workdirs: Awaited<ReturnType<typeof childWorkdirs>>,
  contract: ResolvedContract,
  hash: string,
  attempt: number,
): Promise<{ child: ChildResult; wallMs: number }> {
  const place = await workdirs.acquire();
  const started = performance.now();
  const child = await runChild(parent, {
    attempt,
    task: contract.contract.intent,
    contract,
    contractHash: hash,
    workdir: place.dir,
    scope: { write_scope: [...contract.constraints.write_scope] },
    budgetSlice: { ...contract.budget },
  }).finally(() => place.release());
  return { child, wallMs: Math.round(performance.now() - started) };
}

/** One run of an arm that ran on a runner: its imported leg, timed by its own signed start and end. */
function runnerRun(
  store: LedgerStore,
  runners: RunnerLegs,
  arm: string,
  repeat: number,
  attempt: number,
): { child: ChildResult; wallMs: number } | null {
  const leg = runners.legs.find((l) => l.arm === arm && l.repeat === repeat);
  if (!leg) return null;
  const { result, startedAt, finishedAt } = storedChild(store, { ...leg, attempt });
  const wallMs = startedAt !== null && finishedAt !== null ? Math.max(0, finishedAt - startedAt) : 0;
  return { child: result, wallMs };
}

/** The fan-out fields of a `child_anchor` (docs/fanout.md) for a child run of `contract`. */
export function anchorPayload(child: ChildResult, task: string, contract: ResolvedContract) {
  return {
    child_session_id: child.sessionId,
    child_root_hash: child.rootHash,
    child_head_hash: child.headHash,
    task,
    scope: { write_scope: [...contract.constraints.write_scope] },
    budget_slice: { ...contract.budget },
    status: child.status,
    verdict_ref: child.verdictRef,
  };
}

/** The deltas of every later arm against the first, and one sentence per arm. */
export function summarize(repeats: number, arms: EvalArmReport[]): EvalReport {
  const [first] = arms;
  const delta: EvalDelta[] = first
    ? arms.slice(1).map((arm) => ({
        arm: arm.name,
        vs: first.name,
        pass_rate: arm.pass_rate - first.pass_rate,
        cost_usd: arm.cost_usd - first.cost_usd,
        tokens: arm.tokens - first.tokens,
        wall_ms: arm.wall_ms - first.wall_ms,
      }))
    : [];
  const sign = (n: number, text: string) => `${n >= 0 ? '+' : '−'}${text}`;
  const lines = arms.map(
    (arm) =>
      `${arm.name}: ${arm.passes}/${arm.runs} passed (${Math.round(arm.pass_rate * 100)}%), $${arm.cost_usd.toFixed(4)}, ${arm.tokens} tokens`,
  );
  for (const d of delta) {
    lines.push(
      `${d.arm} vs ${d.vs}: ${sign(d.pass_rate, `${Math.abs(Math.round(d.pass_rate * 100))} pp`)} pass rate, ${sign(d.cost_usd, `$${Math.abs(d.cost_usd).toFixed(4)}`)}, ${sign(d.tokens, `${Math.abs(d.tokens)} tokens`)}`,
    );
  }
  return { repeats, arms, delta, summary: lines.join('; ') };
}
