import { createHash } from 'node:crypto';
import { McpMount } from '../mcp/mount.js';
import type { DurableSession } from '../runtime/durable.js';
import { recordedWork } from '../runtime/recorded-work.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { Tool } from '../tools/tool.js';
import type { ExecutorOutcome, InLoopOptions } from './in-loop.js';

/**
 * The contract's `[[mcp.servers]]` for an in-loop run (docs/mcp.md): opened (and their tool lists
 * journaled or replayed) before the loop starts; null when the contract declares none.
 */
export async function openMcpMount(options: InLoopOptions): Promise<McpMount | null> {
  const servers = options.contract.mcp?.servers ?? [];
  if (servers.length === 0) return null;
  return McpMount.open({
    servers,
    session: options.session,
    policy: options.policy,
    env: options.env,
    workdir: options.workdir,
    ctx: options.ctx,
    redact: options.redact,
  });
}

/** The harness tools plus the mounted MCP tools (a harness tool keeps its name). */
export function withMcpTools(tools: ToolRegistry, mount: McpMount): ToolRegistry {
  const merged = new Map<string, Tool>(tools);
  for (const tool of mount.tools) if (!merged.has(tool.name)) merged.set(tool.name, tool);
  return merged;
}

/**
 * The executor's result when its MCP servers cannot be used, before any model call: a server whose
 * secret is not set makes the run UNVERIFIABLE (the work could not be attempted here; a fork's pull
 * request gets no secrets), one that fails to start or is refused by the policy is an executor
 * failure (FAIL). Journaled as `executor_result` like any other end of the executor.
 */
export async function mcpStoppedOutcome(session: DurableSession, mount: McpMount): Promise<ExecutorOutcome> {
  const failure = mount.failure;
  const unverifiable = failure ? null : mount.unavailable;
  const { entry } = await session.activity('executor_result', '', async () => ({
    payload: {
      kind: 'in-loop',
      status: failure ? 'failed' : 'unverifiable',
      final_text: '',
      steps: 0,
      failure: failure ? `MCP: ${failure}` : null,
      budget_exhausted: null,
      unverifiable,
      diff_sha256: createHash('sha256').update('').digest('hex'),
      diff_bytes: 0,
      changed_files: [],
      head_before: null,
      head_after: null,
      note: 'the agent loop did not start: its MCP servers could not be mounted',
    },
  }));
  const p = entry.payload;
  return {
    kind: 'in-loop',
    finalText: '',
    steps: 0,
    failure: typeof p.failure === 'string' ? p.failure : null,
    budgetExhausted: null,
    unverifiable: typeof p.unverifiable === 'string' ? p.unverifiable : null,
    changedFiles: [],
    headAfter: null,
    work: recordedWork(p),
  };
}
