import { createHash } from 'node:crypto';
import { canonicalJson } from '../ledger/canonical-json.js';
import { redactJson } from '../mcp/payload.js';
import type { ServedAnswer, ServedTool } from '../mcp/tool-server.js';
import { type Redactor, redactionField } from '../process/redact.js';
import type { Ctx } from '../runtime/ctx.js';
import { type DurableSession, plain } from '../runtime/durable.js';
import type { ApprovalGates } from '../runtime/gates.js';
import { invokeTool, type ToolRegistry } from '../tools/invoke.js';
import { advertisedTools, isToolAllowed } from '../tools/policy.js';
import type { ToolPolicy } from '../tools/policy-types.js';
import type { ToolOutcome } from '../tools/tool.js';
import { INLINE_TOOL_OUTPUT_BYTES, toolOutcomeStep } from './activities.js';
import { scannedInput, scannedInputRefusal } from './tool-input.js';

/** One call a delegated CLI made through Truss's tool server (docs/mcp.md "Journaled tools for delegated agents"). */
export const DELEGATED_TOOL_CALL = 'delegated_tool_call';
/** Opens a `tools = "truss"` delegated run: the git snapshot the work diff is taken against, the tools offered. */
export const DELEGATED_STARTED = 'delegated_started';

/** A gated call a reviewer approved: released once, for the same tool and the same (redacted) input. */
export interface DelegatedApproval {
  tool: string;
  inputSha256: string;
}

/** A call that needs an approval nobody gave yet: the CLI is stopped and the run suspends on it. */
export interface PendingGate {
  tool: string;
  input: Record<string, unknown>;
}

export interface ToolBridgeOptions {
  session: DurableSession;
  tools: ToolRegistry;
  policy: ToolPolicy;
  gates: ApprovalGates;
  /** The CLI attempt's context: cancelling it refuses further calls. */
  ctx: Ctx;
  workdir: string;
  redact: Redactor;
  /** Approvals recorded before this attempt (consumed as matching calls arrive). */
  approvals: DelegatedApproval[];
  /** Called once when a gated call arrives without an approval: stop the CLI. */
  onGate(): void;
}

/**
 * The harness side of Truss's tool server for a delegated vendor CLI: every call the CLI makes goes
 * through the in-loop agent's tools and policy (`invokeTool`), the contract's approval gates and the
 * run's isolation (the `bash` tool's spawn path), and is journaled as one signed
 * `delegated_tool_call` in the run's own session — in this process, which holds the signing key;
 * the CLI only ever reaches a socket. Calls run one at a time, in arrival order.
 */
export class DelegatedToolBridge {
  readonly #options: ToolBridgeOptions;
  #queue: Promise<unknown> = Promise.resolve();
  #calls = 0;
  #firstSeq: number | null = null;
  #pending: PendingGate | null = null;
  /** Aborted by {@link stop}: the tools' signal, so a call still running when the CLI exited ends. */
  readonly #stopped = new AbortController();
  readonly #toolCtx: Ctx;

  constructor(options: ToolBridgeOptions) {
    this.#options = options;
    this.#toolCtx = {
      ...options.ctx,
      signal: AbortSignal.any([options.ctx.signal, this.#stopped.signal]),
    };
  }

  /**
   * Ends the attempt's tool calls once its CLI exited: a call still running (a command the CLI
   * started and did not wait for) is cancelled like the run's own cancellation cancels it, and
   * journaled; a later call is refused. Resolves when no call runs or waits any more, so nothing
   * changes the work or the ledger after the diff and `delegated_result` (docs/mcp.md).
   */
  async stop(): Promise<void> {
    this.#stopped.abort('the delegated CLI exited');
    await this.#queue;
  }

  /** The tools the contract's `allow_tools` allows, as the server advertises them. */
  get served(): ServedTool[] {
    return advertisedTools(this.#options.tools, this.#options.policy).map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
    }));
  }

  /** How many calls were journaled in this attempt. */
  get calls(): number {
    return this.#calls;
  }

  /** The seq of this attempt's first journaled call (null before it). */
  get firstSeq(): number | null {
    return this.#firstSeq;
  }

  /** The gated call this attempt stopped on, if any. */
  get pendingGate(): PendingGate | null {
    return this.#pending;
  }

  /** Runs (after the calls before it) and journals one call; never throws for a bad call. */
  call(name: string, input: Record<string, unknown>): Promise<ServedAnswer> {
    const next = this.#queue.then(() => this.#call(name, input));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #call(rawName: string, rawInput: Record<string, unknown>): Promise<ServedAnswer> {
    const { session, policy, gates, redact } = this.#options;
    // The name is journaled as it is looked up, and made safe as the input is: a lone UTF-16
    // surrogate (a JSON `\ud800` escape), which no signed payload holds, and a value of the run are
    // replaced (docs/mcp.md). No tool's name has either, so such a call is an unknown tool's.
    const name = redact(String(rawName).toWellFormed());
    if (this.#pending) {
      return answer(
        `${name} refused: the run is stopping to wait for an approval of ${this.#pending.tool}`,
        true,
      );
    }
    if (this.#stopped.signal.aborted) {
      return answer(`${name} refused: the delegated CLI this tool server was started for has exited`, true);
    }
    if (this.#options.ctx.signal.aborted) return answer(`${name} refused: the run was cancelled`, true);
    const input = plain(rawInput ?? {});
    const recorded = redactJson(input, [], redact);
    const recordedInput = recorded.value as Record<string, unknown>;
    const inputText = canonicalJson(recordedInput);
    const inputSha256 = sha256(inputText);
    const tool = this.#options.tools.get(name);
    let approval: 'pending' | 'released' | undefined;
    // A call whose input the secret scan changed is refused as the in-loop agent's would be: a value
    // this run holds never reaches the work, and a gated call is shown to the reviewer, and matched to
    // an approval, by its redacted input, which is not what would run (a private-key block swallows
    // everything between its BEGIN and END lines, a command included) and which two different inputs
    // can share. The counts are this input's alone, and every removal leaves its mark in inputText.
    const gated = tool !== undefined && isToolAllowed(policy, name) && gates.gatesTool(name);
    const refusal = scannedInputRefusal(name, scannedInput(recorded.counts, inputText), gated);
    if (gated && !refusal) {
      const index = this.#options.approvals.findIndex(
        (a) => a.tool === name && a.inputSha256 === inputSha256,
      );
      if (index >= 0) {
        this.#options.approvals.splice(index, 1);
        approval = 'released';
      } else approval = 'pending';
    }
    let outcome: ToolOutcome;
    if (refusal) {
      outcome = { content: refusal, isError: true, data: { refused: true } };
    } else if (approval === 'pending') {
      outcome = {
        content: `${name} needs a reviewer's approval ([approval_gates] high_risk_tools): the run is suspended until it is approved, then this agent starts again`,
        isError: true,
        data: { refused: true, approval: 'pending' },
      };
    } else {
      outcome = await invokeTool(this.#options.tools, name, input, {
        workdir: this.#options.workdir,
        policy,
        ctx: this.#toolCtx,
      });
    }
    // Counted once journaled: the calls numbered 1…n are exactly the entries (docs/mcp.md).
    const call = this.#calls + 1;
    const inline = Buffer.byteLength(inputText) <= INLINE_TOOL_OUTPUT_BYTES;
    const { entry } = await session.activity(
      DELEGATED_TOOL_CALL,
      name,
      async () => {
        const { fields, blobs } = toolOutcomeStep(outcome, redact);
        const inputBlob = inline ? [] : [Buffer.from(inputText, 'utf8')];
        return {
          payload: {
            call,
            name,
            ...(inline ? { input: recordedInput } : { input_bytes: Buffer.byteLength(inputText) }),
            input_sha256: inputSha256,
            ...(approval ? { approval } : {}),
            ...fields,
            ...(outcome.data?.refused === true || outcome.data?.unknownTool === true
              ? { refused: true }
              : {}),
            ...(Object.keys(recorded.counts).length > 0
              ? { input_redactions: redactionField(recorded.counts).redactions }
              : {}),
          },
          blobs: [...blobs, ...inputBlob],
        };
      },
      undefined,
      { deferSync: tool?.readOnly === true && approval === undefined },
    );
    this.#calls = call;
    if (call === 1) this.#firstSeq = entry.seq;
    this.#options.ctx.events({ type: 'tool_call', name, isError: outcome.isError });
    if (approval === 'pending') {
      this.#pending = { tool: name, input: recordedInput };
      this.#options.onGate();
    }
    const text = typeof entry.payload.content === 'string' ? entry.payload.content : redact(outcome.content);
    return answer(text, outcome.isError);
  }
}

function answer(text: string, isError: boolean): ServedAnswer {
  return { text, isError };
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
