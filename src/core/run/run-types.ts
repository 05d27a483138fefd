import type { ContractFormat, ResolvedContract } from '../contract/schema.js';
import type { RecalledMemoryBlock } from '../executors/context/assembler.js';
import type { TrussCommand } from '../executors/delegated-tools-vendor.js';
import type { ExecutorOutcome } from '../executors/in-loop.js';
import type { ChildParent, LedgerCrypto, LedgerStore, Signer, TrustedKeys } from '../ledger/index.js';
import type { RunMemory } from '../memory/view.js';
import type { Provider } from '../providers/provider.js';
import type { Ctx } from '../runtime/ctx.js';
import type { ResumeVerification, Suspension } from '../runtime/durable.js';
import type { DeadlineLimit } from '../runtime/run-deadline.js';
import type { GitHubReader } from '../tools/github-reader.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { NonceSource } from '../verify/evidence-envelope.js';
import type { GitInfo } from '../verify/git-info.js';
import type { Verdict } from '../verify/verdict.js';
import type { FanoutSummary, RunnerLegs } from './fanout-types.js';
import type { ChangesPublisher } from './publish-changes.js';
import type { RecordedContract } from './recorded-contract.js';

/** What both a fresh run and a resume need besides the contract. */
export interface CommonRunOptions {
  workdir: string;
  store: LedgerStore;
  signer: Signer;
  ctx: Ctx;
  /** One provider per panel seat, or why there are none (review clauses are then unverifiable). */
  panel: { seats: Provider[] } | { unavailable: string };
  /** The host's environment: source of allowlisted check variables and of secrets to redact. */
  env: Record<string, string | undefined>;
  /** In-loop executor: the model (default: built from the contract). */
  executorProvider?: Provider | undefined;
  /** Where the host was started: a relative scripted fixture missing from the workdir is looked up here. */
  hostCwd?: string | undefined;
  /** In-loop executor: the tools (default: every harness tool; `allow_tools` decides). */
  tools?: ToolRegistry | undefined;
  /**
   * Read-only GitHub access for the GitHub tools (`[tools] github = true`, docs/tools.md): the
   * host's client, whose token never leaves it. Absent: those tools refuse every call, saying why.
   */
  github?: GitHubReader | undefined;
  /**
   * In-loop executor: recalled memory deltas to show the agent, between its history and its
   * scratch tail (docs/context.md "Layers"); their ids are journaled with each step's layer sizes.
   */
  recalledMemory?: RecalledMemoryBlock | null | undefined;
  /**
   * How the host starts its own `truss` command, for a delegated CLI with `[executor] tools =
   * "truss"`: the CLI starts `truss mcp serve --tools` as its MCP server (docs/mcp.md). Absent, such
   * a contract cannot run on this host.
   */
  toolServer?: TrussCommand | undefined;
  /**
   * Approval gates: reviewer keys whose approval releases a gate, besides the contract's
   * `[approval_gates] approvers`. None at all: no approval releases a gate (fail closed).
   */
  approvers?: TrustedKeys | undefined;
  /** Wall clock for durable timers and clock reads (tests). */
  clock?: (() => number) | undefined;
  /** What to do with a PASSing run's changes (push, pull request); never called on any other verdict. */
  publishChanges?: ChangesPublisher | undefined;
  /** Evidence delimiter nonces for reviewer prompts (tests); default random per request. */
  evidenceNonce?: NonceSource | undefined;
  /** More secret values to redact besides the env's (e.g. the signing seed read from a key file). */
  secrets?: readonly string[] | undefined;
  /**
   * Parent directory of clean-room copies (default: the isolation's `tempDir`, swept by the next run
   * if this one is killed; else the OS temp dir); never the harness's private dir.
   */
  cleanRoomParent?: string | undefined;
  /**
   * Makes a clean-room copy usable by the sandbox user before checks run in it; default: the
   * context's isolation grants it (`Isolation.addWorkdir`), so every host gets the same behaviour.
   */
  prepareCleanRoom?: ((dir: string) => Promise<void>) | undefined;
  /**
   * A `[fanout]` run whose attempts already ran on Actions runners (a reducer job): the legs the
   * host verified and imported into `store`, and those it refused. The run anchors them instead of
   * running attempts itself (docs/fanout.md "Fan-out across runners").
   */
  runnerLegs?: RunnerLegs | undefined;
  /** Governed memory (docs/memory.md): recall before the executor, memory tools, where proposals land. */
  memory?: RunMemory | undefined;
  /**
   * The wall-clock limit `ctx.signal` aborts at (the tighter of `[budget] max_duration` and the
   * host's timeout), set by `prepareRun`: reaching it forces the verdict to FAIL (docs/contracts.md).
   */
  deadline?: DeadlineLimit | null | undefined;
}

export interface RunContractOptions extends CommonRunOptions {
  contract: ResolvedContract;
  contractHash: string;
  codeVersion: string;
  principal: Record<string, unknown>;
  baseRef?: string | undefined;
  sessionId?: string | undefined;
  /**
   * The git identity to record instead of reading it from the workdir: a child run's working copy
   * is a copy of its parent's work, whose repository, base and head it shares (docs/fanout.md).
   */
  git?: GitInfo | null | Promise<GitInfo | null> | undefined;
  /** Set for a child run (docs/fanout.md): signed into its `run_started` as `parent`. */
  parent?: ChildParent | undefined;
}

export interface ResumeContractOptions extends CommonRunOptions {
  sessionId: string;
  crypto: LedgerCrypto;
  /**
   * The hash of a contract the caller resolved (e.g. `truss resume --contract`): resume is refused
   * when it differs from the recorded one. The recorded contract is what runs either way.
   */
  expectedContractHash?: string | undefined;
  /** How the recorded chain is verified before replay (DurableSession.open); default `all`. */
  verify?: ResumeVerification | undefined;
  /** The format the contract was resolved with (a host's keys beside core's); default core's. */
  contractFormat?: ContractFormat | undefined;
  /** The recorded contract, when the caller already read it (run-service.ts `resumeRun`): not read again. */
  recorded?: RecordedContract | undefined;
}

export interface OutcomeBase {
  sessionId: string;
  git: GitInfo | null;
  headHash: string;
  spent: { costUsd: number; totalTokens: number };
  /** How many recorded entries the run replayed before going live (0 for a fresh run). */
  replayed: number;
  /** This run's wall-clock limit (null = none) and whether the run was stopped by it. */
  deadline: (DeadlineLimit & { reached: boolean }) | null;
}

export interface CompletedOutcome extends OutcomeBase {
  status: 'completed';
  verdict: Verdict;
  executor: ExecutorOutcome | null;
  /** A `[fanout]` run: its attempts and the one the reducer chose (docs/fanout.md). */
  fanout?: FanoutSummary | undefined;
}

export interface SuspendedOutcome extends OutcomeBase {
  status: 'suspended';
  suspension: Suspension;
}

export type RunOutcome = CompletedOutcome | SuspendedOutcome;

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
