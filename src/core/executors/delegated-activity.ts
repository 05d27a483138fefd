import type { ResolvedContract } from '../contract/schema.js';
import type { TrustedKeys } from '../ledger/trusted-keys.js';
import type { Redactor } from '../process/redact.js';
import type { Ctx } from '../runtime/ctx.js';
import type { DurableSession } from '../runtime/durable.js';
import { CancelledError } from '../runtime/durable-errors.js';
import type { ToolRegistry } from '../tools/invoke.js';
import { runDelegatedCli } from './delegated-cli.js';
import { runJournaledDelegated } from './delegated-journaled.js';
import { delegatedOutcome, delegatedStep } from './delegated-result.js';
import type { TrussCommand } from './delegated-tools-vendor.js';
import type { ExecutorOutcome } from './in-loop.js';

/** What the delegated executor needs from the run. */
export interface DelegatedActivityOptions {
  contract: ResolvedContract;
  workdir: string;
  session: DurableSession;
  ctx: Ctx;
  env: Record<string, string | undefined>;
  redact: Redactor;
  /** `tools = "truss"`: how the host starts `truss` (the CLI's MCP server is its relay). */
  toolServer?: TrussCommand | undefined;
  /** `tools = "truss"`: the tools served (default: every harness tool; `allow_tools` decides). */
  tools?: ToolRegistry | undefined;
  /** `tools = "truss"`: reviewer keys whose approval releases a gated call. */
  approvers?: TrustedKeys | undefined;
  /** Recalled memory for the prompt (docs/memory.md "Recall"). */
  recalled?: string | undefined;
}

/**
 * The delegated-cli executor as one durable activity: the vendor CLI runs once, and its outcome
 * (exit, output hashes and tails, the work diff) is journaled as `delegated_result` with the full
 * streams and diff in blobs. A resumed run replays the entry instead of running the CLI again; a
 * crash while the CLI runs re-runs it (the irreducible at-least-once boundary of an external agent).
 * With `[executor] tools = "truss"` the CLI works through Truss's tools ({@link runJournaledDelegated}).
 */
export async function runDelegatedActivity(options: DelegatedActivityOptions): Promise<ExecutorOutcome> {
  if (options.contract.executor.tools === 'truss') return runJournaledDelegated(options);
  const { contract } = options;
  const command = contract.executor.command ?? '';
  const { entry } = await options.session.activity('delegated_result', command, async () => {
    const result = await runDelegatedCli({
      executor: contract.executor,
      intent: contract.contract.intent,
      contractTitle: contract.contract.title ?? null,
      done: contract.done.map((clause) => clause.desc),
      workdir: options.workdir,
      env: options.env,
      extraEnvNames: contract.check_env,
      ctx: options.ctx,
      memory: options.recalled,
    });
    if (result.cancelled) throw new CancelledError();
    return delegatedStep(result, options.redact);
  });
  return delegatedOutcome(entry.payload, command);
}
