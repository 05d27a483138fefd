import type { ResolvedContract } from '../contract/schema.js';
import { runDelegatedActivity } from '../executors/delegated-activity.js';
import { type ExecutorOutcome, runInLoop } from '../executors/in-loop.js';
import type { Redactor } from '../process/redact.js';
import { buildExecutorProvider } from '../providers/executor-provider.js';
import type { DurableSession } from '../runtime/durable.js';
import { ApprovalGates } from '../runtime/gates.js';
import { resolvePolicy } from '../tools/policy.js';
import { createToolRegistry } from '../tools/registry.js';
import type { CommonRunOptions } from './run-types.js';

export async function runExecutor(
  session: DurableSession,
  options: CommonRunOptions,
  contract: ResolvedContract,
  redact: Redactor,
): Promise<ExecutorOutcome | null> {
  const kind = contract.executor.kind;
  if (kind === 'none') return null;
  options.ctx.events({ type: 'executor_started', kind, replaying: session.replaying });
  if (kind === 'delegated-cli') {
    return runDelegatedActivity({
      contract,
      workdir: options.workdir,
      session,
      ctx: options.ctx,
      env: options.env,
      redact,
    });
  }
  const provider =
    options.executorProvider ??
    buildExecutorProvider(contract, { env: options.env, cwd: options.workdir, fallbackCwd: options.hostCwd });
  return runInLoop({
    contract,
    workdir: options.workdir,
    session,
    provider,
    tools: options.tools ?? createToolRegistry(),
    policy: resolvePolicy(contract.constraints, options.workdir),
    gates: new ApprovalGates(contract.approval_gates, options.approvers),
    ctx: options.ctx,
    redact,
    env: options.env,
  });
}
