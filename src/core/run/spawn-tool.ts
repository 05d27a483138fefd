import { contractHash as hashContract } from '../contract/resolve.js';
import type { ResolvedContract } from '../contract/schema.js';
import { MalformedEntryError, type PayloadOf, readPayload } from '../ledger/entry-kinds.js';
import type { ContractBudget } from '../runtime/budget.js';
import { clampSlice } from '../runtime/budget-slice.js';
import { checkWritePath } from '../tools/policy.js';
import type { FollowUpStep, Tool, ToolContext, ToolOutcome } from '../tools/tool.js';
import { type ParentRun, runChild } from './child-run.js';

export const SPAWN_TOOL = 'spawn';

/**
 * Whether a run offers its in-loop agent the spawn tool (docs/fanout.md "The spawn tool"): only when
 * `allow_tools` names `spawn` itself (a pattern such as `*` does not opt in), and never in a child
 * run, so a spawned child cannot spawn again.
 */
export function offersSpawn(contract: ResolvedContract, isChild: boolean): boolean {
  return !isChild && contract.constraints.allow_tools.includes(SPAWN_TOOL);
}

const SPAWN_SCHEMA = {
  type: 'object',
  properties: {
    task: { type: 'string', description: 'The sub-task, as you would state it to a colleague.' },
    budget_slice: {
      type: 'object',
      description:
        "The child's ceilings (never more than this run's; everything it spends also counts against this run).",
      properties: {
        max_cost_usd: { type: 'number' },
        max_total_tokens: { type: 'integer' },
        max_steps: { type: 'integer' },
      },
      additionalProperties: false,
    },
    scope: {
      type: 'array',
      items: { type: 'string' },
      description:
        'Paths the child may write, inside your own write scope (default: your whole write scope).',
    },
  },
  required: ['task'],
  additionalProperties: false,
} as const;

/**
 * The in-loop agent's `spawn` tool: `{task, budget_slice?, scope?}` runs a child run of the task —
 * its own signed session, with the slice (clamped to this run's ceilings and charged to its meter)
 * and the narrower write scope, in this run's workdir with the same model and tools except `spawn` —
 * whose work the panel judges against the task. The agent gets `{child_session_id, verdict, changes,
 * usage}`; the parent's ledger gets the tool result and, right after it, the `child_anchor`.
 */
export function createSpawnTool(parent: ParentRun, contract: ResolvedContract): Tool {
  return {
    name: SPAWN_TOOL,
    description:
      'Delegate a scoped sub-task to a child agent run. The child works in the same directory, may only write inside `scope`, ' +
      'spends at most `budget_slice` (out of your own budget), and its work is verified independently against the task. ' +
      'Returns the child session id, its signed verdict, the files it changed and what it spent. A child cannot spawn further children.',
    inputSchema: SPAWN_SCHEMA as unknown as Record<string, unknown>,
    sideEffect: false,
    async run(input: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome> {
      const task = typeof input.task === 'string' ? input.task.trim() : '';
      if (!task) return { content: 'spawn refused: task must be a non-empty string', isError: true };
      const scope =
        Array.isArray(input.scope) && input.scope.length > 0 ? input.scope : contract.constraints.write_scope;
      if (!scope.every((path): path is string => typeof path === 'string' && path.length > 0))
        return { content: 'spawn refused: scope must be a list of paths', isError: true };
      for (const path of scope) {
        try {
          checkWritePath(context.policy, path);
        } catch (error) {
          return {
            content: `spawn refused: scope ${JSON.stringify(path)} is outside this run's write scope (${(error as Error).message})`,
            isError: true,
          };
        }
      }
      const requested = (input.budget_slice ?? {}) as Record<string, unknown>;
      const number = (value: unknown) =>
        typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
      const slice = clampSlice(
        {
          maxCostUsd: number(requested.max_cost_usd),
          maxTotalTokens: number(requested.max_total_tokens),
          maxSteps: number(requested.max_steps),
        },
        parent.ctx.budget.limits,
      );
      const budgetSlice: ContractBudget = JSON.parse(
        JSON.stringify({
          max_cost_usd: slice.maxCostUsd,
          max_total_tokens: slice.maxTotalTokens,
          max_steps: slice.maxSteps,
        }),
      );
      const { fanout: _fanout, ...single } = contract;
      const child: ResolvedContract = {
        ...single,
        contract: { ...contract.contract, intent: task },
        // The sub-task has no checks of its own: the panel judges the child's change against it.
        done: [
          {
            kind: 'review',
            desc: `The change does what this sub-task asks, and nothing outside it: ${task}`,
            reviewer_context: [],
          },
        ],
        budget: budgetSlice,
        constraints: {
          ...contract.constraints,
          write_scope: scope,
          allow_tools: contract.constraints.allow_tools.filter((name) => name !== SPAWN_TOOL),
        },
      };
      const attempt =
        [...parent.store.entries(parent.sessionId)].filter((e) => e.kind === 'child_anchor').length + 1;
      const result = await runChild(
        { ...parent, ctx: context.ctx },
        {
          attempt,
          task,
          contract: child,
          contractHash: hashContract(child),
          workdir: parent.workdir,
          scope: { write_scope: scope },
          budgetSlice,
        },
      );
      const summary = {
        child_session_id: result.sessionId,
        status: result.status,
        verdict: result.verdict
          ? {
              overall: result.verdict.overall,
              clauses: result.verdict.clauses.map((c) => ({
                desc: c.desc,
                status: c.status,
                reason: c.reason,
              })),
              forced: result.verdict.forced,
            }
          : null,
        changes: { files: result.executor?.changedFiles ?? [], summary: result.executor?.finalText ?? '' },
        usage: {
          cost_usd: result.usage.costUsd,
          total_tokens: result.usage.totalTokens,
          steps: result.usage.steps,
        },
        ...(result.error ? { error: result.error } : {}),
      };
      const anchor: PayloadOf<'child_anchor'> = {
        child_session_id: result.sessionId,
        child_root_hash: result.rootHash,
        child_head_hash: result.headHash,
        task,
        scope: { write_scope: scope },
        budget_slice: budgetSlice,
        status: result.status,
        verdict_ref: result.verdictRef,
        attempt,
        overall: result.verdict?.overall ?? null,
        cost_usd: result.usage.costUsd,
        total_tokens: result.usage.totalTokens,
        steps: result.usage.steps,
        error: result.error,
      };
      return { content: JSON.stringify(summary, null, 2), isError: false, data: { child_anchor: anchor } };
    },
    followUp(outcome: ToolOutcome): FollowUpStep | null {
      const anchor = outcome.data?.child_anchor;
      if (anchor === undefined) return null;
      // A recorded outcome is read back from its signed tool_result: its anchor must fit the kind.
      const read = readPayload('child_anchor', anchor);
      if ('error' in read)
        throw new MalformedEntryError(null, 'tool_result', `${SPAWN_TOOL} outcome: ${read.error}`);
      const { payload } = read;
      return {
        kind: 'child_anchor',
        payload,
        charge: {
          inputTokens: payload.total_tokens ?? 0,
          outputTokens: 0,
          costUsd: payload.cost_usd ?? 0,
          steps: payload.steps ?? 0,
        },
      };
    },
  };
}
