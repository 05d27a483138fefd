import { createHash } from 'node:crypto';
import type { ResolvedContract } from '../contract/schema.js';
import type { LedgerEntry } from '../ledger/entry.js';
import type { EntryKind, EntryOf, PayloadOf } from '../ledger/entry-kinds.js';
import { isMcpTool, type McpMount } from '../mcp/mount.js';
import { harnessGit } from '../process/git-safety.js';
import { type Redactor, redactionField } from '../process/redact.js';
import { findRepoRoot, snapshotWorktree } from '../process/worktree-snapshot.js';
import { textOf } from '../providers/chat.js';
import { ProviderError } from '../providers/errors.js';
import type { ChatRequest, ContentBlock, Provider, ToolSpec } from '../providers/provider.js';
import { BudgetExceededError } from '../runtime/budget.js';
import type { Ctx } from '../runtime/ctx.js';
import { type DurableSession, plain } from '../runtime/durable.js';
import { CancelledError } from '../runtime/durable-errors.js';
import type { ApprovalGates } from '../runtime/gates.js';
import { type RecordedWork, recordedWork } from '../runtime/recorded-work.js';
import { advertisedTools, isToolAllowed } from '../tools/policy.js';
import type { ToolPolicy } from '../tools/policy-types.js';
import { callProvenanceTool, isProvenanceTool } from '../tools/provenance-call.js';
import { type ToolRegistry, toolSpecs } from '../tools/registry.js';
import type { Tool, ToolOutcome } from '../tools/tool.js';
import { chatActivity, toolOutcomeOf, toolOutcomeStep } from './activities.js';
import { AgentContext } from './context/agent-context.js';
import type { RecalledMemoryBlock } from './context/assembler.js';
import type { Principal } from './context/layer-text.js';
import { contextSettingsFor } from './context/settings.js';
import { mcpStoppedOutcome, openMcpMount, withMcpTools } from './in-loop-mcp.js';
import {
  offersRunChecks,
  RUN_CHECKS_TOOL,
  runSelfValidation,
  selectCheckClauses,
} from './self-validation.js';
import { resumedRefusal, toolInputPlan } from './tool-input.js';
import { recordWorkDiff } from './work-diff.js';

/** Model calls an in-loop run may make when the contract sets no `max_steps`. */
export const DEFAULT_MAX_STEPS = 24;

/** The harness's own control tool: waits durably for `truss signal SESSION NAME`. */
export const AWAIT_SIGNAL_TOOL: ToolSpec = {
  name: 'await_signal',
  description:
    'Pause the run until a person or system sends the named signal (`truss signal SESSION NAME [PAYLOAD]`). ' +
    'The run is suspended durably; the result is the signal payload.',
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'The signal name to wait for.' },
      reason: { type: 'string', description: 'Why the run waits, shown to whoever resumes it.' },
    },
    required: ['name'],
    additionalProperties: false,
  },
};

export interface InLoopOptions {
  contract: ResolvedContract;
  workdir: string;
  session: DurableSession;
  provider: Provider;
  tools: ToolRegistry;
  policy: ToolPolicy;
  gates: ApprovalGates;
  ctx: Ctx;
  redact: Redactor;
  env: Record<string, string | undefined>;
  /** Test hook: the plain loop without journaling costs (bench). */
  maxTokens?: number;
  /** The contract's MCP servers, mounted by {@link runInLoop} (docs/mcp.md). */
  mcp?: McpMount | undefined;
  /** Who the work is for, shown in the system layer (docs/context.md "Layers"). */
  principal?: Principal | undefined;
  /**
   * Recalled memory deltas to place between the history and the scratch tail (docs/context.md
   * "Layers"): the memory subsystem's recall for this run, with the ids journaled per step.
   */
  recalledMemory?: RecalledMemoryBlock | null | undefined;
}

/** How an executor ended; `failure` or `budgetExhausted` force the verdict to FAIL. */
export interface ExecutorOutcome {
  kind: 'in-loop' | 'delegated-cli';
  finalText: string;
  steps: number;
  failure: string | null;
  budgetExhausted: string | null;
  /** Why the work could not be attempted in this environment (the verdict is then UNVERIFIABLE). */
  unverifiable?: string | null;
  changedFiles: string[];
  /** HEAD after the work (the verdict is about it); null without git. */
  headAfter: string | null;
  /** Where the work started and its recorded diff: what the clean-room checks are rebuilt from. */
  work?: RecordedWork;
}

/**
 * The in-loop executor (docs/runtime.md): Truss's own agent loop over `Provider.chat` with the harness
 * tools. Every model call and tool call is a durable activity, so a resumed run replays them and
 * continues live past the frontier. Each step: the budget is checked, the model is called, spend
 * gates are applied, and each tool_use is checked against `allow_tools` (a disallowed or malformed
 * call gets an error tool_result and never runs), gated if high-risk, then executed. The loop ends
 * when the model answers without tool calls; `max_steps` without that is an executor failure, and
 * budget exhaustion fails closed. The final text and the work diff are journaled (`executor_result`).
 */
export async function runInLoop(options: InLoopOptions): Promise<ExecutorOutcome> {
  const mcp = await openMcpMount(options);
  if (!mcp) return runLoop(options);
  try {
    if (mcp.unavailable || mcp.failure) return await mcpStoppedOutcome(options.session, mcp);
    return await runLoop({ ...options, tools: withMcpTools(options.tools, mcp), mcp });
  } finally {
    await mcp.close();
  }
}

async function runLoop(options: InLoopOptions): Promise<ExecutorOutcome> {
  const { contract, session, ctx, redact, policy, provider } = options;
  const maxSteps = contract.budget.max_steps ?? DEFAULT_MAX_STEPS;
  const advertised = advertisedTools(options.tools, policy);
  const specs: ToolSpec[] = [...toolSpecs(advertised)];
  const control = isToolAllowed(policy, AWAIT_SIGNAL_TOOL.name) && !options.tools.has(AWAIT_SIGNAL_TOOL.name);
  if (control) specs.push(AWAIT_SIGNAL_TOOL);
  const selfCheck = offersRunChecks(contract, policy) && !options.tools.has(RUN_CHECKS_TOOL.name);
  if (selfCheck) specs.push(RUN_CHECKS_TOOL);

  const started = await session.activity('executor_started', '', async () => ({
    payload: plain({
      kind: 'in-loop',
      provider: provider.kind,
      model: provider.model,
      max_steps: maxSteps,
      tools: specs.map((spec) => spec.name),
      // How requests are assembled (docs/context.md); a resume reads it back from here.
      context: contextSettingsFor(contract, provider),
      ...(await snapshotState(options.workdir, options.env, options.ctx.isolation?.tempDir, redact)),
    }),
  }));

  const context = new AgentContext({
    session,
    contract,
    provider,
    ctx,
    redact,
    tools: specs,
    started: started.entry,
    principal: options.principal ?? {},
    recalledMemory: options.recalledMemory,
    maxTokens: options.maxTokens,
  });
  const written = new Set<string>();
  let finalText = '';
  let failure: string | null = null;
  let budgetExhausted: string | null = null;
  let steps = 0;

  loop: for (;;) {
    if (ctx.signal.aborted) throw new CancelledError();
    if (steps >= maxSteps) {
      failure = `max_steps reached: ${maxSteps} model calls without a final answer`;
      break;
    }
    try {
      ctx.budget.assertCanSpend();
    } catch (error) {
      if (!(error instanceof BudgetExceededError)) throw error;
      budgetExhausted = error.message;
      break;
    }
    let request: ChatRequest;
    try {
      request = await context.beforeStep(steps);
    } catch (error) {
      // A compaction's summary call failed, or was journaled and charged past the budget.
      const stop = stopOf(error, ctx, redact);
      if ('budget' in stop) budgetExhausted = stop.budget;
      else failure = stop.failure;
      break;
    }
    let answer: ContentBlock[];
    let sent: ContentBlock[] | null;
    let modelResult: LedgerEntry;
    let callCost = 0;
    try {
      const { result, entry, sent: asSent } = await chatActivity(session, provider, request, ctx, redact);
      answer = result.content;
      sent = asSent;
      modelResult = entry;
      callCost = result.usage.costUsd;
      steps++;
      context.answered(answer, steps, entry, result.usage);
    } catch (error) {
      const stop = stopOf(error, ctx, redact);
      if ('budget' in stop) {
        // The call was journaled and charged; its answer is not acted on.
        steps++;
        budgetExhausted = stop.budget;
      } else failure = stop.failure;
      break;
    }
    ctx.events({
      type: 'agent_step',
      step: steps,
      tools: answer.flatMap((block) => (block.type === 'tool_use' ? [block.name] : [])),
    });
    await options.gates.afterModelCall(session, callCost, ctx.budget.spent.costUsd);

    const uses = answer.flatMap((block, at) => {
      if (block.type !== 'tool_use') return [];
      const asSent = sent?.[at];
      return [{ use: block, sent: asSent?.type === 'tool_use' ? asSent.input : undefined }];
    });
    if (uses.length === 0) {
      finalText = textOf(answer, '\n');
      break;
    }
    const results: ContentBlock[] = [];
    for (const { use, sent: input } of uses) {
      if (ctx.signal.aborted) throw new CancelledError();
      const outcome = await runToolUse(options, { use, sent: input, modelResult }, control, selfCheck);
      if (use.name === 'write_file' && !outcome.isError && typeof use.input.path === 'string')
        written.add(use.input.path);
      ctx.events({ type: 'tool_call', name: use.name, isError: outcome.isError });
      results.push({
        type: 'tool_result',
        toolUseId: use.id,
        content: outcome.content,
        isError: outcome.isError,
      });
      if (ctx.signal.aborted) break loop;
    }
    context.results(results, steps);
  }
  if (ctx.signal.aborted) throw new CancelledError();
  // The MCP servers (untrusted, started in the working copy) end before the work diff is taken: one
  // still running could change the tree after it, and the reviewers would read what the recorded
  // diff does not hold (docs/fanout.md "Where attempts work"). runInLoop's close after is a no-op.
  await options.mcp?.close();

  const result = await session.activity('executor_result', '', async () =>
    workResult(options, started, { finalText, steps, failure, budgetExhausted, written }),
  );
  return {
    kind: 'in-loop',
    finalText: result.entry.payload.final_text ?? '',
    steps,
    // The work diff can fail the run too (a secret of the run in it): the journaled outcome decides.
    failure: result.entry.payload.failure ?? failure,
    budgetExhausted,
    changedFiles: result.entry.payload.changed_files ?? [],
    headAfter: result.entry.payload.head_after ?? null,
    work: recordedWork(result.entry.payload),
  };
}

/** Why a model call ends the loop: the budget, or a provider failure; anything else is rethrown. */
function stopOf(error: unknown, ctx: Ctx, redact: Redactor): { budget: string } | { failure: string } {
  if (ctx.signal.aborted) throw new CancelledError();
  if (error instanceof BudgetExceededError) return { budget: error.message };
  if (error instanceof ProviderError) return { failure: `model call failed: ${redact(error.message)}` };
  throw error;
}

type ToolUse = Extract<ContentBlock, { type: 'tool_use' }>;

/**
 * One tool call of an answer: `use` as journaled (after the secret scan), `sent` its input as the
 * model sent it (live only), `modelResult` the entry it came in.
 */
interface ToolCall {
  use: ToolUse;
  sent: Record<string, unknown> | undefined;
  modelResult: LedgerEntry;
}

async function runToolUse(
  options: InLoopOptions,
  call: ToolCall,
  control: boolean,
  selfCheck: boolean,
): Promise<{ content: string; isError: boolean }> {
  const { session, policy, redact } = options;
  const { use } = call;
  const base = { call_id: use.id, name: use.name, input: plain(use.input) };
  const refuse = async (reason: string) => {
    const { entry } = await session.activity('tool_result', use.name, async () => ({
      payload: { ...base, content: redact(reason), is_error: true, refused: true },
    }));
    return toolOutcomeOf(session, entry.payload);
  };
  if (use.inputError) return refuse(use.inputError);
  const isControl = control && use.name === AWAIT_SIGNAL_TOOL.name;
  const tool = options.tools.get(use.name);
  if (selfCheck && use.name === RUN_CHECKS_TOOL.name && !tool) {
    const targets = selectCheckClauses(options.contract, use.input.clause);
    if (typeof targets === 'string') return refuse(targets);
    await options.gates.beforeTool(session, use.name, use.input);
    return runSelfValidation(
      {
        session,
        workdir: options.workdir,
        env: options.env,
        ctx: options.ctx,
        redact,
        callId: use.id,
        cancelled: () => new CancelledError(),
      },
      targets,
    );
  }
  if (!tool && !isControl) {
    const available = [
      ...advertisedTools(options.tools, policy).map((t) => t.name),
      ...(control ? [AWAIT_SIGNAL_TOOL.name] : []),
      ...(selfCheck ? [RUN_CHECKS_TOOL.name] : []),
    ];
    return refuse(`unknown tool ${JSON.stringify(use.name)}; available: ${available.join(', ') || 'none'}`);
  }
  if (!isToolAllowed(policy, use.name)) {
    return refuse(
      `tool ${JSON.stringify(use.name)} refused: it is not in the contract's allow_tools (${policy.allowTools.join(', ') || 'none'})`,
    );
  }
  // The tool runs with what the model sent; the journal (base.input, the gate's message) keeps the
  // scanned copy. Each tool's own journaling (MCP arguments, provenance inputs) scans again.
  const plan = toolInputPlan({ ...call, session, gated: options.gates.gatesTool(use.name) });
  if ('refuse' in plan) return refuse(plan.refuse);
  const input = plan.run;
  await options.gates.beforeTool(session, use.name, use.input);
  if (isMcpTool(tool) && options.mcp) return options.mcp.call(tool, use.id, input);
  // Tools run one at a time here, but a stdio MCP server runs through the isolation all run long.
  const context = { workdir: options.workdir, policy, ctx: options.ctx, workIdle: !options.mcp };
  if (isProvenanceTool(tool)) {
    return callProvenanceTool({ session, tool, callId: use.id, input, context, redact });
  }

  if (isControl) {
    const name = typeof use.input.name === 'string' && use.input.name ? use.input.name : 'continue';
    const reason =
      typeof use.input.reason === 'string' ? use.input.reason : `the agent waits for signal ${name}`;
    const payload = await session.awaitSignal(name, reason);
    const { entry } = await session.activity('tool_result', use.name, async () => ({
      payload: { ...base, content: redact(JSON.stringify(payload ?? null)), is_error: false },
    }));
    return toolOutcomeOf(session, entry.payload);
  }
  const execute = async (): Promise<ToolOutcome> => {
    // Live past a replayed answer whose scan changed this input: what the model sent is gone.
    if (plan.scan !== 'none' && !call.sent) return { content: resumedRefusal(use.name), isError: true };
    try {
      return await (tool as NonNullable<typeof tool>).run(input, context);
    } catch (error) {
      return { content: `${use.name} failed: ${(error as Error).message ?? String(error)}`, isError: true };
    }
  };
  if (tool?.sideEffect) {
    const kind = use.name.startsWith('git_') ? 'git_tool_call' : 'effect_tool_call';
    const { result } = await session.sideEffect(kind, use.name, base.input, async () => {
      const { fields, blobs } = toolOutcomeStep(await execute(), redact);
      // Side-effect results stay inline (the memo row holds the same JSON); blobs are not used here.
      if (blobs.length > 0) {
        const text = Buffer.from(blobs[0] as Uint8Array).toString('utf8');
        return { call_id: use.id, ...fields, content: `${text.slice(0, 16_000)}\n[output truncated]` };
      }
      return { call_id: use.id, ...fields };
    });
    return withFollowUp(options, tool, toolOutcomeOf(session, result));
  }
  // A read-only tool's result needs no fsync of its own: the next model_result's commit makes it
  // durable, and if a power loss takes it first, the resume just reads again. The model_result that
  // asked for the call is durable before any tool runs, so the ledger never loses what was asked.
  const { entry } = await session.activity(
    'tool_result',
    use.name,
    async () => {
      const { fields, blobs } = toolOutcomeStep(await execute(), redact);
      return { payload: { ...base, ...fields }, blobs };
    },
    undefined,
    { deferSync: tool?.readOnly === true },
  );
  return withFollowUp(options, tool, toolOutcomeOf(session, entry.payload));
}

/**
 * Records (or replays) the entry a tool's journaled outcome calls for, right after it
 * (Tool.followUp). A replayed one charges its spend to the run's meter again, as a replayed model
 * call does, so budgets hold across resumes.
 */
function withFollowUp<T extends ToolOutcome>(
  options: { session: DurableSession; ctx: Ctx },
  tool: Tool | undefined,
  outcome: T,
): T {
  const step = tool?.followUp?.(outcome);
  if (!step) return outcome;
  const replayed = options.session.replaying;
  // The kind and its payload were paired where the step was built; the append checks them again.
  options.session.record<EntryKind>(step.kind, () => ({ payload: step.payload }));
  if (replayed && step.charge) {
    try {
      options.ctx.budget.record(step.charge);
    } catch (error) {
      if (!(error instanceof BudgetExceededError)) throw error;
    }
  }
  return outcome;
}

/** The working tree before the work, as a git tree object (so the diff can be taken after a resume). */
export async function snapshotState(
  workdir: string,
  env: Record<string, string | undefined>,
  scratchParent: string | undefined,
  redact: Redactor,
): Promise<Pick<PayloadOf<'executor_started'>, 'git' | 'git_error'>> {
  try {
    const root = await findRepoRoot(workdir, env);
    if (!root) return { git: null };
    const snapshot = await snapshotWorktree(root, env, scratchParent, { keep: true });
    return { git: { head_before: snapshot.head, tree_before: snapshot.tree } };
  } catch (error) {
    // Git's error quotes what the repository holds (a config value, a path): the run's secret scan
    // applies, as to every text the ledger keeps (docs/security.md "The secret scan").
    return { git: null, git_error: redact((error as Error).message) };
  }
}

async function workResult(
  options: InLoopOptions,
  started: { entry: EntryOf<'executor_started'> },
  state: {
    finalText: string;
    steps: number;
    failure: string | null;
    budgetExhausted: string | null;
    written: Set<string>;
  },
): Promise<{ payload: PayloadOf<'executor_result'>; blobs: Uint8Array[] }> {
  const before = started.entry.payload.git ?? null;
  let diff = '';
  let changedFiles = [...state.written].sort();
  let headAfter: string | null = null;
  /** Set when the diff could not be taken: the clean room must not rebuild "no change" from it. */
  let diffError: string | null = null;
  let note: string | null = before
    ? null
    : 'not a git repository: changed files are those written by write_file';
  if (before) {
    try {
      const root = (await findRepoRoot(options.workdir, options.env)) as string;
      // From the run-start snapshot, never the work's own index (docs/security.md, "Git metadata").
      const since = { root, head: before.head_before, tree: before.tree_before };
      const after = await snapshotWorktree(root, options.env, options.ctx.isolation?.tempDir, { since });
      headAfter = after.head;
      const git = harnessGit(root);
      const range = [before.tree_before, after.tree];
      const scope = ['--', '.', ':(exclude).truss'];
      const common = ['--no-color', '--no-ext-diff', '--no-textconv', '--no-renames'];
      diff = await git.raw(['diff', ...common, '--binary', ...range, ...scope]);
      changedFiles = (await git.raw(['diff', ...common, '--name-only', '-z', ...range, ...scope]))
        .split('\0')
        .filter(Boolean);
    } catch (error) {
      note = `the work diff could not be taken: ${options.redact((error as Error).message.trim())}`;
      diffError = note;
    }
  }
  const recorded = recordWorkDiff(diff, options.redact);
  const bytes = recorded.bytes;
  diffError = diffError ?? recorded.diffError;
  note = note ?? recorded.diffError;
  const failure = state.failure ?? recorded.failure;
  return {
    payload: {
      kind: 'in-loop',
      status: failure || state.budgetExhausted ? 'failed' : 'completed',
      final_text: options.redact(state.finalText),
      steps: state.steps,
      failure,
      budget_exhausted: state.budgetExhausted,
      diff_sha256: createHash('sha256').update(bytes).digest('hex'),
      diff_bytes: bytes.length,
      // Paths are the work's to choose: one can spell a secret the diff's header redacts too.
      changed_files: changedFiles.map((path) => options.redact(path)),
      head_before: before?.head_before ?? null,
      head_after: headAfter,
      note,
      ...(diffError ? { diff_error: diffError } : {}),
      ...redactionField(recorded.redactions),
    },
    blobs: [bytes],
  };
}
