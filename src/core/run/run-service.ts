import type { ResolvedContract } from '../contract/schema.js';
import type { LedgerCrypto, LedgerStore, Signer } from '../ledger/index.js';
import type { Isolation } from '../process/isolation.js';
import { buildExecutorProvider } from '../providers/executor-provider.js';
import { budgetMeterFor } from '../runtime/budget.js';
import { type Ctx, createCtx, type EventSink } from '../runtime/ctx.js';
import type { ResumeVerification } from '../runtime/durable.js';
import { buildPanelSeats } from '../verify/panel-seats.js';
import { readRecordedContract } from './recorded-contract.js';
import { resumeContract, runContract } from './run-contract.js';
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
  extends Omit<CommonRunOptions, 'workdir' | 'store' | 'signer' | 'ctx' | 'panel' | 'executorProvider'> {
  /** Progress events (CLI progress lines, Actions log lines). */
  events: EventSink;
  /** Aborting it cancels the run (SIGINT/SIGTERM on the CLI, the job's cancellation in the Action). */
  signal?: AbortSignal | undefined;
  /** How untrusted processes are confined (docs/security.md); absent = none. */
  isolation?: Isolation | undefined;
  /** The contract file's directory, when the host knows it: a relative scripted fixture is looked up there too. */
  contractDir?: string | undefined;
}

interface RunPlace {
  workdir: string;
  store: LedgerStore;
  signer: Signer;
  host: RunHost;
}

export interface StartRunOptions extends RunPlace {
  contract: ResolvedContract;
  contractHash: string;
  codeVersion: string;
  principal: Record<string, unknown>;
  baseRef?: string | undefined;
  sessionId?: string | undefined;
}

export interface ResumeRunOptions extends RunPlace {
  sessionId: string;
  crypto: LedgerCrypto;
  /** Refuse to resume unless the caller's contract resolves to the recorded hash (`truss resume --contract`). */
  expectedContractHash?: string | undefined;
  verify?: ResumeVerification | undefined;
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
 * Starts a run of `contract`: the executor's model and the panel are built before anything is
 * journaled (a missing key is a configuration error, thrown, with an empty ledger), then the run is
 * driven to its end. Expected ends — a verdict, a suspension, a journaled failure — are returned,
 * not thrown; what is thrown means the run could not start (bad configuration, refused resume).
 */
export async function startRun(options: StartRunOptions): Promise<RunResult> {
  const { contract } = options;
  const prepared = prepare(contract, options);
  return settle(contract, prepared.ctx, () =>
    runContract({
      ...prepared.common,
      contract,
      contractHash: options.contractHash,
      codeVersion: options.codeVersion,
      principal: options.principal,
      baseRef: options.baseRef,
      sessionId: options.sessionId,
    }),
  );
}

/**
 * Resumes a recorded session under the contract its `run_started` recorded (verified before
 * replay), building the same context, executor model and panel a fresh run would.
 */
export async function resumeRun(options: ResumeRunOptions): Promise<RunResult> {
  const { contract } = readRecordedContract(options.store, options.sessionId);
  const prepared = prepare(contract, options);
  return settle(contract, prepared.ctx, () =>
    resumeContract({
      ...prepared.common,
      sessionId: options.sessionId,
      crypto: options.crypto,
      expectedContractHash: options.expectedContractHash,
      verify: options.verify,
    }),
  );
}

function prepare(contract: ResolvedContract, place: RunPlace): { ctx: Ctx; common: CommonRunOptions } {
  const { host } = place;
  const { events, signal, isolation, contractDir, ...passThrough } = host;
  const ctx = createCtx({
    ...(signal ? { signal } : {}),
    events,
    budget: budgetMeterFor(contract.budget, (message) => events({ type: 'warning', message })),
    ...(isolation ? { isolation } : {}),
  });
  const lookup = { env: host.env, cwd: place.workdir, fallbackCwd: host.hostCwd, contractDir };
  const executorProvider =
    contract.executor.kind === 'in-loop' ? buildExecutorProvider(contract, lookup) : undefined;
  const panel = buildPanelSeats(contract, lookup);
  if ('unavailable' in panel && contract.done.some((clause) => clause.kind === 'review')) {
    events({ type: 'warning', message: `${panel.unavailable}; review clauses will be unverifiable` });
  }
  return {
    ctx,
    common: {
      ...passThrough,
      workdir: place.workdir,
      store: place.store,
      signer: place.signer,
      ctx,
      panel,
      executorProvider,
    },
  };
}

async function settle(
  contract: ResolvedContract,
  ctx: Ctx,
  drive: () => Promise<RunOutcome>,
): Promise<RunResult> {
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
  }
}
