import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerSettings } from '../contract/mcp-schema.js';
import { matchesToolPattern } from '../contract/tool-pattern.js';
import type { EntryOf, PayloadOf } from '../ledger/entry-kinds.js';
import { journalSafe } from '../ledger/journal-safe.js';
import { type Redactor, redactionField } from '../process/redact.js';
import type { Ctx } from '../runtime/ctx.js';
import { type DurableSession, plain } from '../runtime/durable.js';
import { type CallMemo, callMemoOf, jsonBlob } from '../tools/journal-json.js';
import type { ToolPolicy } from '../tools/policy-types.js';
import type { Tool, ToolOutcome } from '../tools/tool.js';
import {
  connectMcpServer,
  type McpConnection,
  McpServerError,
  McpUnavailableError,
  serverSecrets,
} from './connection.js';
import { jsonSha256, redactJson, resultText, withSecrets } from './payload.js';

/** Tool names as providers accept them (Anthropic and OpenAI function names). */
const PROVIDER_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The name a server's tool is mounted under: `mcp__<server>__<tool>`. */
export function mountedName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}

/**
 * Whether a tool a server advertises is mounted: the server's `allow_tools` must name it (when it
 * names any) and `mcp__<server>__<tool>` must be a tool name model APIs accept. `refused` says why not.
 */
export function mountDecision(
  server: McpServerSettings,
  tool: string,
): { name: string; refused: string | null } {
  const name = mountedName(server.name, tool);
  const allow = server.allow_tools ?? [];
  if (allow.length > 0 && !allow.some((pattern) => matchesToolPattern(pattern, tool))) {
    return { name, refused: 'not in the server allow_tools' };
  }
  if (!PROVIDER_TOOL_NAME.test(name)) {
    return {
      name,
      refused: `${name} is not a valid tool name for model APIs ([A-Za-z0-9_-], at most 64 characters)`,
    };
  }
  return { name, refused: null };
}

/**
 * What a run does with each tool of one `tools/list` answer (docs/mcp.md), in the server's order;
 * `truss mcp probe` shows the same. On top of `mountDecision`: a name holding a secret (a server
 * echoing its header value) would be journaled and offered to the model as it is, so it is refused
 * (`tool` is then redacted); and a name the server lists more than once is refused every time,
 * since which of its definitions the server runs cannot be known and the signed listing must name
 * exactly one tool per mounted name.
 */
export function mountDecisions(
  server: McpServerSettings,
  listed: readonly { name: string }[],
  redact: Redactor,
): Array<{ tool: string; name: string; refused: string | null }> {
  const copies = new Map<string, number>();
  for (const { name } of listed) copies.set(name, (copies.get(name) ?? 0) + 1);
  return listed.map(({ name: tool }) => {
    const decision = mountDecision(server, tool);
    const count = copies.get(tool) ?? 0;
    const refused =
      decision.refused ??
      (redact(tool) !== tool
        ? 'the tool name contains a secret value'
        : count > 1
          ? `the server lists this tool ${count} times; a tool name must be unique, so no copy is mounted`
          : null);
    return { tool: redact(tool), name: redact(decision.name), refused };
  });
}

/** Whether `[constraints] allow_tools` lets the model be offered a mounted tool `name`. */
export function mcpToolAllowed(allowTools: readonly string[], name: string): boolean {
  return allowTools.some((pattern) => matchesToolPattern(pattern, name));
}

/** A tool of an MCP server, mounted into the in-loop executor's registry. */
export interface McpTool extends Tool {
  readonly mcp: { server: string; tool: string };
}

export function isMcpTool(tool: Tool | undefined): tool is McpTool {
  return tool !== undefined && 'mcp' in tool;
}

export interface McpMountOptions {
  servers: readonly McpServerSettings[];
  session: DurableSession;
  /** The contract's policy: `network`/`allowlist` decide whether an http server may be reached. */
  policy: ToolPolicy;
  /** The host environment (header secrets, a stdio server's granted names). */
  env: Readonly<Record<string, string | undefined>>;
  workdir: string;
  ctx: Ctx;
  /** The run's redactor; each server adds its own header secrets. */
  redact: Redactor;
}

interface ServerState {
  settings: McpServerSettings;
  redact: Redactor;
  connection: Promise<McpConnection> | undefined;
  /** Calls so far in this run, replayed ones included (`budget_calls`). */
  calls: number;
}

/**
 * The MCP servers of one in-loop run (docs/mcp.md). Opening it journals one `mcp_tools_listed`
 * entry per server — the tools it advertised that its `allow_tools` mounts, with their schemas —
 * so a resume rebuilds the same tool list from the ledger without starting anything. Each call is
 * one signed `mcp_tool_call` entry memoised with it (`DurableSession.memoized`): a resume answers
 * from the memo and never calls the server again. Servers are connected lazily (when a listing or
 * a call runs live) and closed by {@link close}.
 */
export class McpMount {
  readonly #options: McpMountOptions;
  readonly #servers = new Map<string, ServerState>();
  /** Every mounted tool, in declaration order (the contract's allow_tools decides what is advertised). */
  readonly tools: McpTool[] = [];
  /** Why the work cannot be verified here (a server's secret is not set), or null. */
  unavailable: string | null = null;
  /** Why a server could not be used (start-up, listing, policy), or null. */
  failure: string | null = null;

  private constructor(options: McpMountOptions) {
    this.#options = options;
  }

  static async open(options: McpMountOptions): Promise<McpMount> {
    const mount = new McpMount(options);
    for (const settings of options.servers) {
      const redact = withSecrets(options.redact, serverSecrets(settings, options.env));
      mount.#servers.set(settings.name, { settings, redact, connection: undefined, calls: 0 });
      const { entry } = await options.session.activity('mcp_tools_listed', settings.name, () =>
        mount.#list(settings.name),
      );
      mount.#mount(settings, entry);
    }
    return mount;
  }

  async #list(server: string): Promise<{ payload: PayloadOf<'mcp_tools_listed'> }> {
    const state = this.#servers.get(server) as ServerState;
    const { settings, redact } = state;
    const base = { server, transport: settings.transport };
    try {
      const listed = await (await this.#connection(state)).listTools();
      const tools: PayloadOf<'mcp_tools_listed'>['tools'] = [];
      const notMounted: { name: string; reason: string }[] = [];
      const decisions = mountDecisions(settings, listed, redact);
      listed.forEach((tool, index) => {
        const { name, refused } = decisions[index] as (typeof decisions)[number];
        if (refused) {
          notMounted.push({ name: redact(tool.name), reason: refused });
        } else {
          tools.push({
            name,
            tool: tool.name,
            description: redact(tool.description),
            // Redaction replaces strings inside the schema; an object stays an object.
            input_schema: redactJson(inputSchemaOf(tool.inputSchema), [], redact).value as Record<
              string,
              unknown
            >,
          });
        }
      });
      return { payload: safe({ ...base, listed: listed.length, tools, not_mounted: notMounted }) };
    } catch (error) {
      if (error instanceof McpUnavailableError) {
        return { payload: safe({ ...base, tools: [], unavailable: redact(error.message) }) };
      }
      if (error instanceof McpServerError)
        return { payload: safe({ ...base, tools: [], error: redact(error.message) }) };
      throw error;
    }
  }

  #mount(settings: McpServerSettings, entry: EntryOf<'mcp_tools_listed'>): void {
    const p = entry.payload;
    if (p.unavailable !== undefined) this.unavailable ??= p.unavailable;
    if (p.error !== undefined) this.failure ??= p.error;
    for (const tool of p.tools) {
      const name = tool.name;
      this.tools.push({
        name,
        description: `(MCP server "${settings.name}") ${tool.description ?? ''}`.trim(),
        inputSchema: tool.input_schema ?? { type: 'object' },
        sideEffect: true,
        mcp: { server: settings.name, tool: tool.tool },
        async run() {
          return {
            content: `${name} refused: MCP tools run only as journaled calls of the in-loop executor`,
            isError: true,
          };
        },
      });
    }
  }

  #connection(state: ServerState): Promise<McpConnection> {
    state.connection ??= connectMcpServer(state.settings, {
      env: this.#options.env,
      workdir: this.#options.workdir,
      ctx: this.#options.ctx,
      network: { mode: this.#options.policy.network, allowlist: this.#options.policy.allowlist },
    });
    // A failed start is not cached: a later call tries again (and records its own error).
    state.connection.catch(() => {
      state.connection = undefined;
    });
    return state.connection;
  }

  /**
   * One call as a signed `mcp_tool_call {call_id, name, transport, server, tool, args_sha256,
   * result_sha256, result_bytes, is_error, error, memo_key}` entry, memoised in the same append;
   * the redacted result is a blob. The arguments are hashed after the server's `secret_args` and
   * every run secret are redacted; URLs and header values are never journaled. Past `budget_calls`
   * the call is refused (and recorded) without reaching the server.
   *
   * A result marked pending (`_meta["truss/pending"] = {signal, reason}`) records
   * `mcp_tool_pending` and suspends the run until `truss signal SESSION <signal> [PAYLOAD]`; the
   * delivered payload becomes the call's result (`mcp_tool_call` with `pending_seq`), so neither the
   * wait nor the completion calls the server again.
   */
  async call(tool: McpTool, callId: string, input: Record<string, unknown>): Promise<ToolOutcome> {
    const state = this.#servers.get(tool.mcp.server);
    if (!state) return { content: `unknown MCP server ${JSON.stringify(tool.mcp.server)}`, isError: true };
    const { settings, redact } = state;
    const session = this.#options.session;
    state.calls++;
    const { value: args, counts } = redactJson(input, settings.secret_args ?? [], redact);
    const argsSha256 = jsonSha256(args);
    const base = {
      call_id: callId,
      name: tool.name,
      transport: settings.transport,
      server: settings.name,
      tool: tool.mcp.tool,
      args_sha256: argsSha256,
      ...(Object.keys(counts).length > 0 ? { args_redactions: counts } : {}),
    };
    const check = (recorded: EntryOf<'mcp_tool_call' | 'mcp_tool_pending'>) =>
      recorded.payload.args_sha256 === argsSha256
        ? null
        : `arguments hashing to ${argsSha256.slice(0, 12)}…, recorded ${recorded.payload.args_sha256.slice(0, 12)}…`;
    // Live past the frontier: the server is called first; what it answered decides the entry.
    let live = session.replaying ? undefined : await this.#callLive(state, tool, input);
    let pendingSeq: number | undefined;
    if (session.peek()?.kind === 'mcp_tool_pending' || live?.kind === 'pending') {
      const answer = live;
      const { entry: pending } = await session.activity(
        'mcp_tool_pending',
        tool.name,
        async () => {
          if (answer?.kind !== 'pending') throw new Error('mcp_tool_pending without a pending answer');
          const body = resultBody(answer.result, redact);
          return {
            payload: safe({ ...base, signal: answer.signal, reason: redact(answer.reason), ...body.fields }),
            blobs: body.blobs,
          };
        },
        check,
      );
      const { signal, reason } = pending.payload;
      const delivered = await session.awaitSignal(
        signal,
        // The reason is the server's own text, quoted as such: it must not read as Truss's instruction.
        `MCP tool ${tool.name} is pending${reason ? ` (its server says: ${JSON.stringify(reason.slice(0, 300))})` : ''}; deliver its result with: truss signal ${session.id} ${signal} PAYLOAD`,
      );
      live = { kind: 'result', result: deliveredResult(delivered) };
      pendingSeq = pending.seq;
    }
    const { memo, entry } = await session.memoized('mcp_tool_call', tool.name, {
      check,
      memoOf: callMemoOf,
      execute: async (memoKey) => {
        const answer = live ?? (await this.#callLive(state, tool, input));
        const head = {
          ...base,
          memo_key: memoKey,
          ...(pendingSeq !== undefined ? { pending_seq: pendingSeq } : {}),
        };
        if (answer.kind === 'failed') {
          const payload: PayloadOf<'mcp_tool_call'> = safe({
            ...head,
            ...(answer.refused ? { refused: true } : {}),
            result_sha256: null,
            is_error: true,
            error: redact(answer.error),
          });
          return { payload, memo: callMemoOf({ payload }) };
        }
        const body = resultBody(answer.result, redact);
        const payload: PayloadOf<'mcp_tool_call'> = { ...head, ...body.fields, error: null };
        return { payload, memo: callMemoOf({ payload }), blobs: body.blobs };
      },
    });
    return this.#outcome(entry, memo);
  }

  /** Calls the server (unless `budget_calls` is used up): its answer, pending or not, or why it failed. */
  async #callLive(state: ServerState, tool: McpTool, input: Record<string, unknown>): Promise<LiveAnswer> {
    const { settings } = state;
    if (settings.budget_calls !== undefined && state.calls > settings.budget_calls) {
      return {
        kind: 'failed',
        refused: true,
        error: `${tool.name} refused: MCP server "${settings.name}" allows ${settings.budget_calls} call(s) per run (budget_calls), and they are used up`,
      };
    }
    let result: CallToolResult;
    try {
      result = await (await this.#connection(state)).callTool(tool.mcp.tool, input);
    } catch (error) {
      if (!(error instanceof McpServerError || error instanceof McpUnavailableError)) throw error;
      // A timed-out or dead server is stopped; the next call starts (or reconnects) a fresh one.
      await this.#drop(state);
      return { kind: 'failed', error: error.message };
    }
    const pending = pendingOf(result);
    return pending ? { kind: 'pending', result, ...pending } : { kind: 'result', result };
  }

  /** What the model reads for a recorded call: its error, or the result read back from its blob. */
  #outcome(entry: { seq: number }, memo: CallMemo): ToolOutcome {
    const data = { mcp_seq: entry.seq, result_sha256: memo.result_sha256 };
    if (memo.error !== null || memo.result_sha256 === null) {
      return { content: memo.error ?? 'the MCP call failed', isError: true, data };
    }
    const blob = this.#options.session.store.blob(memo.result_sha256);
    if (!blob?.bytes) {
      return {
        content: `[MCP result ${memo.result_sha256} is no longer available (shredded)]`,
        isError: memo.is_error,
        data,
      };
    }
    const result = JSON.parse(blob.bytes.toString('utf8')) as CallToolResult;
    return { content: resultText(result), isError: memo.is_error, data };
  }

  async #drop(state: ServerState): Promise<void> {
    const connection = state.connection;
    state.connection = undefined;
    await connection?.then((c) => c.close()).catch(() => {});
  }

  /** Closes every connected server (a stdio server's process group is gone afterwards). */
  async close(): Promise<void> {
    const open = [...this.#servers.values()].flatMap((state) => (state.connection ? [state.connection] : []));
    await Promise.all(open.map((connection) => connection.then((c) => c.close()).catch(() => {})));
  }
}

type LiveAnswer =
  | { kind: 'failed'; error: string; refused?: boolean }
  | { kind: 'result'; result: CallToolResult }
  | { kind: 'pending'; result: CallToolResult; signal: string; reason: string };

/** A signal name `truss signal` can deliver. */
const SIGNAL_NAME = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;

/** The `_meta["truss/pending"] = {signal, reason}` marker of a result that is not finished yet (docs/mcp.md). */
function pendingOf(result: CallToolResult): { signal: string; reason: string } | null {
  const marker = (result._meta as Record<string, unknown> | undefined)?.['truss/pending'];
  if (!marker || typeof marker !== 'object') return null;
  const { signal, reason } = marker as { signal?: unknown; reason?: unknown };
  if (typeof signal !== 'string' || !SIGNAL_NAME.test(signal)) return null;
  return { signal, reason: typeof reason === 'string' ? reason : '' };
}

/** A delivered signal payload as the call's result: text as it is, anything else as JSON. */
function deliveredResult(payload: unknown): CallToolResult {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload ?? null);
  return { content: [{ type: 'text', text }] };
}

/** A result as journaled: the redacted canonical JSON in a blob, its hash, size and error flag. */
function resultBody(
  result: CallToolResult,
  redact: Redactor,
): {
  fields: Pick<PayloadOf<'mcp_tool_pending'>, 'result_sha256' | 'result_bytes' | 'is_error' | 'redactions'>;
  blobs: Uint8Array[];
} {
  const body = jsonBlob(result, redact);
  return {
    fields: {
      result_sha256: body.sha256,
      result_bytes: body.bytes.length,
      is_error: result.isError === true,
      ...redactionField(body.counts),
    },
    blobs: [body.bytes],
  };
}

/**
 * A payload with what a server wrote in it (a tool's name or description, its error message) made
 * safe for canonical JSON (`journalSafe`): a lone UTF-16 surrogate there aborted the whole run.
 */
function safe<T>(payload: T): T {
  return journalSafe(plain(payload)) as T;
}

/** A tool's input schema as providers take it: a JSON object schema, without `$schema`. */
function inputSchemaOf(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schema ?? {};
  return rest.type === 'object' ? rest : { type: 'object', properties: {} };
}
