import { realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { LedgerEntry } from '../ledger/entry.js';
import { harnessProgramEnv } from '../process/trusted-path.js';
import { findRepoRoot, type WorktreeSnapshot } from '../process/worktree-snapshot.js';
import { childCtx } from '../runtime/child-ctx.js';
import type { DurableSession } from '../runtime/durable.js';
import { CancelledError } from '../runtime/durable-errors.js';
import { ApprovalGates } from '../runtime/gates.js';
import { advertisedTools, resolvePolicy } from '../tools/policy.js';
import { createToolRegistry } from '../tools/registry.js';
import type { DelegatedActivityOptions } from './delegated-activity.js';
import { DEFAULT_DELEGATED_TIMEOUT_SEC, runDelegatedCli } from './delegated-cli.js';
import { delegatedOutcome, delegatedStep } from './delegated-result.js';
import {
  DELEGATED_STARTED,
  DELEGATED_TOOL_CALL,
  type DelegatedApproval,
  DelegatedToolBridge,
  type PendingGate,
} from './delegated-tools.js';
import { openToolSocket, toolSocketParent } from './delegated-tools-socket.js';
import { stagedRelayCommand, type VendorWiring, vendorWiring } from './delegated-tools-vendor.js';
import { DelegatedCliConfigError } from './errors.js';
import { type ExecutorOutcome, snapshotState } from './in-loop.js';

/** Thrown out of the CLI's activity when a gated call stopped it: the run suspends on that gate. */
class GatePendingError extends Error {
  override name = 'GatePendingError';
  constructor(readonly gate: PendingGate) {
    super(`approval needed before ${gate.tool}`);
  }
}

/**
 * A delegated CLI working through Truss's tools (`[executor] tools = "truss"`, docs/mcp.md
 * "Journaled tools for delegated agents"). The run records `delegated_started` (the git snapshot the
 * work is diffed against and the tools offered), opens its tool socket, starts the CLI with its
 * built-in tools off and `truss mcp serve --tools` as its only MCP server, and journals every call as
 * a signed `delegated_tool_call` of this session; `delegated_result` ends the attempt with the count.
 *
 * A call to a `high_risk_tools` tool without an approval is journaled (`approval: "pending"`), the CLI
 * is stopped and the run suspends on the gate like an in-loop run. Once a reviewer approved, the
 * resume replays what was recorded and starts the CLI again from the beginning (an external agent
 * cannot be resumed mid-thought); the approval releases one call of that tool with that same input.
 */
export async function runJournaledDelegated(options: DelegatedActivityOptions): Promise<ExecutorOutcome> {
  const { contract, session, workdir, ctx, redact } = options;
  const executor = contract.executor;
  const command = executor.command ?? '';
  if (!options.toolServer) {
    throw new DelegatedCliConfigError(
      '[executor] tools = "truss" needs a host that can start `truss mcp serve --tools` (truss run, truss resume); this one cannot',
    );
  }
  const policy = resolvePolicy(contract.constraints, workdir, ctx.isolation?.withheld);
  const tools =
    options.tools ?? createToolRegistry({ bash: { env: options.env, extraEnvNames: contract.check_env } });
  const offered = advertisedTools(tools, policy).map((tool) => tool.name);
  const started = await session.activity(DELEGATED_STARTED, command, async () => ({
    payload: {
      command,
      tools: 'truss',
      offered,
      ...(await snapshotState(workdir, options.env, ctx.isolation?.tempDir, redact)),
    },
  }));
  const gates = new ApprovalGates(contract.approval_gates, options.approvers);
  const approvals = await replayAttempts(session, gates);
  const before = await recordedSnapshot(started.entry, workdir, options.env);
  const truss = options.toolServer;
  const run = async () => {
    const attempt = childCtx(ctx, { budget: ctx.budget, events: ctx.events });
    const bridge = new DelegatedToolBridge({
      session,
      tools,
      policy,
      gates,
      ctx: attempt.ctx,
      workdir,
      redact,
      approvals,
      onGate: () => attempt.cancel('approval gate'),
    });
    let wiring: VendorWiring | undefined;
    const socket = await openToolSocket({
      bridge,
      sessionId: session.id,
      version: 'truss',
      parent: toolSocketParent(ctx.isolation?.tempDir, tmpdir()),
      toolEnv: harnessProgramEnv({ PATH: options.env.PATH ?? '' }, workdir),
      isolation: ctx.isolation,
      warn: (message) => ctx.events({ type: 'warning', message: redact(message) }),
      prepare: async (dir) => {
        wiring = vendorWiring({
          command,
          args: executor.args,
          relay: await stagedRelayCommand(truss, session.id, dir),
          tools: offered,
          dir,
          timeoutSec: executor.timeout_sec ?? DEFAULT_DELEGATED_TIMEOUT_SEC,
        });
        // Readable by the sandbox group once granted, like the token (the directory is private).
        await writeFile(wiring.configPath, wiring.config, { mode: 0o640 });
      },
    });
    try {
      if (!wiring) throw new Error('the tool server did not prepare the CLI wiring');
      const result = await runDelegatedCli({
        executor: { ...executor, args: wiring.args },
        intent: contract.contract.intent,
        contractTitle: contract.contract.title ?? null,
        done: contract.done.map((clause) => clause.desc),
        workdir,
        env: options.env,
        extraEnvNames: contract.check_env,
        addEnv: wiring.env,
        ctx: attempt.ctx,
        memory: options.recalled,
        ...(before ? { before } : {}),
        // The tool calls are journaled while the CLI runs: a ledger inside the tree is not the work.
        excludeFromDiff: ledgerFiles(session.store.path),
        // A call the CLI left running is stopped and journaled before the diff and delegated_result.
        afterExit: () => bridge.stop(),
      });
      if (bridge.pendingGate) throw new GatePendingError(bridge.pendingGate);
      if (result.cancelled) throw new CancelledError();
      return delegatedStep(result, redact, {
        tools: { server: 'truss', vendor: wiring.vendor, calls: bridge.calls, first_seq: bridge.firstSeq },
      });
    } finally {
      attempt.dispose();
      await socket.close();
    }
  };
  try {
    const { entry } = await session.activity('delegated_result', command, run);
    return delegatedOutcome(entry.payload, command);
  } catch (error) {
    if (!(error instanceof GatePendingError)) throw error;
    // Appends `suspended` and throws SuspendedError: the run waits for a reviewer.
    await gates.beforeTool(session, error.gate.tool, error.gate.input);
    throw new Error(`approval gate for ${error.gate.tool} released without a recorded approval`);
  }
}

/**
 * Replays what earlier attempts of the CLI recorded: their tool calls, and each approval gate one of
 * them stopped on (through the gate itself, so an approval recorded since is consumed as a signed
 * `signal_received`, and a gate still waiting suspends the run again). Returns the approvals the
 * next attempt may use: one per approved gated call, matched by tool and input hash.
 */
async function replayAttempts(session: DurableSession, gates: ApprovalGates): Promise<DelegatedApproval[]> {
  const approvals: DelegatedApproval[] = [];
  let pending: LedgerEntry | null = null;
  for (let next = session.peek(); next; next = session.peek()) {
    if (next.kind === DELEGATED_TOOL_CALL) {
      session.replayNext(DELEGATED_TOOL_CALL, String(next.payload.name));
      if (next.payload.approval === 'pending') pending = next;
      continue;
    }
    const gate = toolGate(next);
    if (!gate || !pending || pending.payload.name !== gate || !gates.gatesTool(gate)) break;
    await gates.beforeTool(session, gate, (pending.payload.input ?? {}) as Record<string, unknown>);
    approvals.push({ tool: gate, inputSha256: String(pending.payload.input_sha256) });
    pending = null;
  }
  return approvals;
}

/** The tool a recorded `suspended` entry's approval gate waits for, if it is one. */
function toolGate(entry: LedgerEntry): string | null {
  if (entry.kind !== 'suspended') return null;
  const wait = entry.payload.await as { approval?: { gate?: string; tool?: string } } | undefined;
  return wait?.approval?.gate === 'tool' && typeof wait.approval.tool === 'string'
    ? wait.approval.tool
    : null;
}

/** The snapshot `delegated_started` recorded, in the repository the workdir belongs to now. */
async function recordedSnapshot(
  entry: LedgerEntry,
  workdir: string,
  env: Record<string, string | undefined>,
): Promise<WorktreeSnapshot | null> {
  const git = entry.payload.git as { head_before?: string | null; tree_before?: string } | null;
  if (!git?.tree_before) return null;
  const root = await findRepoRoot(workdir, env).catch(() => null);
  return root ? { root, head: git.head_before ?? null, tree: git.tree_before } : null;
}

/** The ledger database and its SQLite side files, by real path. */
function ledgerFiles(dbPath: string): string[] {
  let real: string;
  try {
    real = join(realpathSync(dirname(dbPath)), basename(dbPath));
  } catch {
    return [];
  }
  return [real, `${real}-wal`, `${real}-shm`, `${real}-journal`];
}
