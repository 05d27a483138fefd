import type { ResolvedContract } from '../contract/schema.js';
import type { Principal } from '../executors/context/layer-text.js';
import { runDelegatedActivity } from '../executors/delegated-activity.js';
import { type ExecutorOutcome, runInLoop } from '../executors/in-loop.js';
import type { Redactor } from '../process/redact.js';
import { buildExecutorProvider } from '../providers/executor-provider.js';
import type { DurableSession } from '../runtime/durable.js';
import { ApprovalGates } from '../runtime/gates.js';
import { resolvePolicy } from '../tools/policy.js';
import { createToolRegistry, withContractTools } from '../tools/registry.js';
import type { ParentRun } from './child-run.js';
import { memoryTools, recallForExecutor } from './run-memory.js';
import type { CommonRunOptions } from './run-types.js';
import { createSpawnTool, offersSpawn, SPAWN_TOOL } from './spawn-tool.js';

/** Who this run is, for the children its agent may spawn; `isChild` runs offer no spawn tool. */
export interface RunIdentity extends Omit<ParentRun, keyof CommonRunOptions> {
  isChild: boolean;
}

export async function runExecutor(
  session: DurableSession,
  options: CommonRunOptions,
  contract: ResolvedContract,
  redact: Redactor,
  identity?: RunIdentity,
): Promise<ExecutorOutcome | null> {
  const kind = contract.executor.kind;
  if (kind === 'none') return null;
  options.ctx.events({ type: 'executor_started', kind, replaying: session.replaying });
  // docs/memory.md "Recall": verified memory for the executor's prompt, recorded before it starts.
  const recalled = recallForExecutor(session, options, contract, redact);
  if (kind === 'delegated-cli') {
    return runDelegatedActivity({
      contract,
      workdir: options.workdir,
      session,
      ctx: options.ctx,
      env: options.env,
      redact,
      toolServer: options.toolServer,
      tools: options.tools,
      approvers: options.approvers,
      recalled: recalled?.text,
    });
  }
  const provider =
    options.executorProvider ??
    buildExecutorProvider(contract, { env: options.env, cwd: options.workdir, fallbackCwd: options.hostCwd });
  let tools = withContractTools(options.tools ?? createToolRegistry(), contract.tools, {
    github: options.github,
    env: options.env,
  });
  for (const tool of memoryTools(options, redact))
    if (!tools.has(tool.name)) tools = new Map([...tools, [tool.name, tool]]);
  if (identity && offersSpawn(contract, identity.isChild)) {
    // docs/fanout.md "The spawn tool": opt-in by name, never in a child (no recursive spawn).
    const { isChild: _isChild, ...who } = identity;
    tools = new Map([
      ...tools,
      [SPAWN_TOOL, createSpawnTool({ ...options, ...who, executorProvider: provider }, contract)],
    ]);
  }
  return runInLoop({
    contract,
    workdir: options.workdir,
    session,
    provider,
    tools,
    policy: resolvePolicy(contract.constraints, options.workdir, options.ctx.isolation?.withheld),
    gates: new ApprovalGates(contract.approval_gates, options.approvers),
    ctx: options.ctx,
    redact,
    env: options.env,
    ...(identity ? { principal: principalOf(identity) } : {}),
    recalledMemory: recalled ?? options.recalledMemory,
  });
}

/** Who the work is for, from what `run_started` signed: the requester and the repository. */
function principalOf(identity: RunIdentity): Principal {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const url = text(identity.git?.repo)
    ?.replace(/\.git$/, '')
    .replace(/\/+$/, '');
  const parts = url?.split(/[/:]/).filter(Boolean) ?? [];
  return {
    login: text(identity.principal.login),
    via: text(identity.principal.via),
    repository: parts.length >= 2 ? parts.slice(-2).join('/') : undefined,
  };
}
