import type { ContractFormat, ResolvedContract } from '../contract/schema.js';
import type { ChildParent, LedgerCrypto, LedgerStore, Signer } from '../ledger/index.js';
import type { RunMemory } from '../memory/view.js';
import type { Isolation } from '../process/isolation.js';
import { budgetMeterFor } from '../runtime/budget.js';
import { type Ctx, createCtx, type EventSink } from '../runtime/ctx.js';
import type { ResumeVerification } from '../runtime/durable.js';
import { armDeadline, type DeadlineLimit, limitFrom } from '../runtime/run-deadline.js';
import type { GitInfo } from '../verify/git-info.js';
import { panelModels } from '../verify/panel-models.js';
import type { RunnerLegs } from './fanout-types.js';
import { type RecordedContract, readRecordedContract } from './recorded-contract.js';
import { resumeContract, runContract } from './run-contract.js';
import { executorModel } from './run-models.js';
import {
  type CommonRunOptions,
  type CompletedOutcome,
  RunAbortedError,
  type RunOutcome,
  type SuspendedOutcome,
} from './run-types.js';

/**
 * What a host hands a run besides the contract: where it works, what it may read, how it is
 * confined and where its progress goes. Everything the run builds from these (context, budget,
 * executor model, panel seats) is built here, once, for every host.
 */
export interface RunHost
  extends Omit<
    CommonRunOptions,
    'workdir' | 'store' | 'signer' | 'ctx' | 'panel' | 'executorProvider' | 'deadline'
  > {
  /** Progress events (CLI progress lines, Actions log lines). */
  events: EventSink;
  /** Aborting it cancels the run (SIGINT/SIGTERM on the CLI, the job's cancellation in the Action). */
  signal?: AbortSignal | undefined;
  /** How untrusted processes are confined (docs/security.md); absent = none. */
  isolation?: Isolation | undefined;
  /** The contract file's directory, when the host knows it: a relative scripted fixture is looked up there too. */
  contractDir?: string | undefined;
  /**
   * The host's own wall-clock limit (`truss run --timeout`, the Action's `timeout` input): the run
   * stops at the tighter of it and the contract's `[budget] max_duration` (docs/contracts.md).
   */
  timeout?: DeadlineLimit | undefined;
}

interface RunPlace {
  workdir: string;
  host: RunHost;
}

/** Who signs a fresh run and what its `run_started` records, besides the prepared contract. */
export interface StartRunOptions {
  store: LedgerStore;
  signer: Signer;
  contractHash: string;
  codeVersion: string;
  principal: Record<string, unknown>;
  baseRef?: string | undefined;
  sessionId?: string | undefined;
  /**
   * A fan-out leg on an Actions runner: signed into its `run_started` as `parent` (the parent
   * session the reducer job will write, the attempt, task, scope and slice) — docs/fanout.md.
   */
  parent?: ChildParent | undefined;
  /** A reducer job: the attempts that ran on runners, verified and imported into `store`. */
  runnerLegs?: RunnerLegs | undefined;
  /** Governed memory (docs/memory.md), opened by the host beside the ledger once it exists. */
  memory?: RunMemory | undefined;
  /**
   * The workdir's git facts (`readGitInfo(workdir, baseRef)`), when the host started reading them
   * early so the git processes overlap its isolation set-up; read here otherwise.
   */
  git?: Promise<GitInfo | null> | undefined;
}

/**
 * A contract with everything its run needs built: the context and budget meter, the executor's
 * model and the panel. Preparing touches no ledger, so a configuration error leaves no file behind.
 */
export interface PreparedRun {
  contract: ResolvedContract;
  ctx: Ctx;
  common: Omit<CommonRunOptions, 'store' | 'signer'>;
  /** Stops the deadline's timer; the run service calls it when the run ends. */
  dispose(): void;
}

export interface ResumeRunOptions extends RunPlace {
  store: LedgerStore;
  signer: Signer;
  sessionId: string;
  crypto: LedgerCrypto;
  /** Refuse to resume unless the caller's contract resolves to the recorded hash (`truss resume --contract`). */
  expectedContractHash?: string | undefined;
  verify?: ResumeVerification | undefined;
  /** The format the host resolved the contract with (its keys beside core's); default core's. */
  contractFormat?: ContractFormat | undefined;
  /**
   * The session's recorded contract when the host already read it (`readRecordedContract`, e.g. to
   * set up isolation or name its check run first): a resume reads `run_started` once, not again here.
   */
  recorded?: RecordedContract | undefined;
}

/** A run that ended in `run_failed`: the ledger is terminal and verifiable; `cancelled` when a signal stopped it. */
export interface AbortedRun {
  status: 'aborted';
  sessionId: string;
  message: string;
  cancelled: boolean;
  contract: ResolvedContract;
}

/** How a run ended, for hosts to render: a verdict, a suspension (resumable) or an abort (journaled). */
export type RunResult =
  | (CompletedOutcome & { contract: ResolvedContract })
  | (SuspendedOutcome & { contract: ResolvedContract })
  | AbortedRun;

/**
 * Builds what a run of `contract` needs — context, budget meter, the executor's model, the panel —
 * before anything is journaled or any file is created: a missing key or a refused fixture path is
 * a configuration error, thrown here, on every host. With `executor: false` (a reducer job, whose
 * attempts ran elsewhere) the executor's model is not built, so the job needs no executor key.
 * The provider modules are loaded only when a model is configured: a checks-only run without a
 * `[provider]` does not compile them.
 */
export async function prepareRun(
  contract: ResolvedContract,
  place: RunPlace,
  options: { executor?: boolean } = {},
): Promise<PreparedRun> {
  const { host } = place;
  const { events, signal, isolation, contractDir, timeout, ...passThrough } = host;
  const lookup = { env: host.env, cwd: place.workdir, fallbackCwd: host.hostCwd, contractDir };
  // A reducer job runs no executor (`executor: false`): its attempts ran on other runners.
  const executorProvider =
    contract.executor.kind === 'in-loop' && options.executor !== false
      ? await executorModel(contract, lookup)
      : undefined;
  const panel = await panelModels(contract, lookup);
  if ('unavailable' in panel && contract.done.some((clause) => clause.kind === 'review')) {
    events({ type: 'warning', message: `${panel.unavailable}; review clauses will be unverifiable` });
  }
  // The wall clock starts here, once nothing can fail before the run (docs/contracts.md "[budget]").
  const now = host.clock ?? Date.now;
  const armed = armDeadline({ signal, limits: [contractDeadline(contract, now()), timeout], now });
  const ctx = createCtx({
    signal: armed.signal,
    deadline: armed.deadline?.at ?? null,
    events,
    budget: budgetMeterFor(contract.budget, (message) => events({ type: 'warning', message })),
    ...(isolation ? { isolation } : {}),
    now,
  });
  return {
    contract,
    ctx,
    common: {
      ...passThrough,
      workdir: place.workdir,
      ctx,
      panel,
      executorProvider,
      deadline: armed.deadline,
    },
    dispose: armed.dispose,
  };
}

/** The contract's `[budget] max_duration` as a deadline from `startedAt`; null when it sets none. */
function contractDeadline(contract: ResolvedContract, startedAt: number): DeadlineLimit | null {
  const limit = contract.budget.max_duration;
  return limit === undefined ? null : limitFrom(limit, '[budget] max_duration', startedAt);
}

/**
 * Runs a prepared contract to its end. Expected ends — a verdict, a suspension, a journaled
 * failure — are returned, not thrown; what is thrown means the run could not start.
 */
export async function startRun(prepared: PreparedRun, options: StartRunOptions): Promise<RunResult> {
  const { contract } = prepared;
  return settle(prepared, () =>
    runContract({
      ...prepared.common,
      store: options.store,
      signer: options.signer,
      contract,
      contractHash: options.contractHash,
      codeVersion: options.codeVersion,
      principal: options.principal,
      baseRef: options.baseRef,
      sessionId: options.sessionId,
      parent: options.parent,
      runnerLegs: options.runnerLegs,
      ...(options.memory ? { memory: options.memory } : {}),
      ...(options.git ? { git: options.git } : {}),
    }),
  );
}

/**
 * Resumes a recorded session under the contract its `run_started` recorded (verified before
 * replay), building the same context, executor model and panel a fresh run would.
 */
export async function resumeRun(options: ResumeRunOptions): Promise<RunResult> {
  const recorded =
    options.recorded ?? readRecordedContract(options.store, options.sessionId, options.contractFormat);
  const { contract } = recorded;
  const prepared = await prepareRun(contract, options);
  return settle(prepared, () =>
    resumeContract({
      ...prepared.common,
      store: options.store,
      signer: options.signer,
      sessionId: options.sessionId,
      crypto: options.crypto,
      expectedContractHash: options.expectedContractHash,
      verify: options.verify,
      contractFormat: options.contractFormat,
      recorded,
    }),
  );
}

async function settle(prepared: PreparedRun, drive: () => Promise<RunOutcome>): Promise<RunResult> {
  const { contract, ctx } = prepared;
  try {
    return { ...(await drive()), contract };
  } catch (error) {
    if (!(error instanceof RunAbortedError)) throw error;
    return {
      status: 'aborted',
      sessionId: error.sessionId,
      message: error.message,
      cancelled: ctx.signal.aborted,
      contract,
    };
  } finally {
    prepared.dispose();
  }
}
