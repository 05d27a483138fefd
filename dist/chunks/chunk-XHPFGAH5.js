#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  hostAllowed,
  matchesToolPattern
} from "./chunk-X5VNXL6G.js";
import {
  runSupervised
} from "./chunk-RH3PQHM7.js";
import {
  plain
} from "./chunk-P5AJ53RB.js";
import {
  canonicalJson
} from "./chunk-P2CFU6IE.js";
import {
  scrubEnv
} from "./chunk-VUSAMCY7.js";
import {
  redactionField,
  secretRedactor,
  tallyingRedactor
} from "./chunk-OCGEL2BZ.js";

// src/core/mcp/sdk.ts
var loading;
function loadMcpSdk() {
  loading ??= (async () => {
    const [client, http, stdio] = await Promise.all([
      import("./client-YFE4LVM3.js"),
      import("./streamableHttp-2RB4KW5U.js"),
      import("./stdio-TU4BFAZO.js")
    ]);
    return {
      Client: client.Client,
      StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
      ReadBuffer: stdio.ReadBuffer,
      serializeMessage: stdio.serializeMessage
    };
  })();
  return loading;
}
var loadingServer;
function loadMcpServerSdk() {
  loadingServer ??= (async () => {
    const [server, stdio, types] = await Promise.all([
      import("./server-NUHVO7ND.js"),
      import("./stdio-RZKJCRYH.js"),
      import("./types-6BVIA36Q.js")
    ]);
    return {
      Server: server.Server,
      StdioServerTransport: stdio.StdioServerTransport,
      ListToolsRequestSchema: types.ListToolsRequestSchema,
      CallToolRequestSchema: types.CallToolRequestSchema
    };
  })();
  return loadingServer;
}

// src/core/mcp/tool-server.ts
async function serveMcpTools(options) {
  const sdk = await loadMcpServerSdk();
  const server = new sdk.Server(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: {} },
      ...options.instructions ? { instructions: options.instructions } : {}
    }
  );
  const names = new Set(options.tools.map((tool) => tool.name));
  server.setRequestHandler(sdk.ListToolsRequestSchema, async () => ({
    tools: options.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema
    }))
  }));
  server.setRequestHandler(sdk.CallToolRequestSchema, async (request) => {
    const { name } = request.params;
    let answer;
    if (!names.has(name) && !options.passUnknown) {
      answer = {
        text: `unknown tool ${JSON.stringify(name)}; this server offers: ${[...names].join(", ") || "none"}`,
        isError: true
      };
    } else {
      try {
        answer = await options.call(name, request.params.arguments ?? {});
      } catch (error) {
        answer = { text: `${name} failed: ${error?.message ?? String(error)}`, isError: true };
      }
    }
    return {
      content: [{ type: "text", text: answer.text }],
      ...answer.structured ? { structuredContent: answer.structured } : {},
      isError: answer.isError
    };
  });
  const transport = new sdk.StdioServerTransport(options.input, options.output);
  let finish = () => {
  };
  const closed = new Promise((resolve) => {
    finish = resolve;
  });
  let closing = false;
  const close = async () => {
    if (closing) return closed;
    closing = true;
    options.input.off("end", onEnd);
    options.input.off("close", onEnd);
    await server.close().catch(() => {
    });
    finish();
    return closed;
  };
  const onEnd = () => {
    void close();
  };
  options.input.on("end", onEnd);
  options.input.on("close", onEnd);
  await server.connect(transport);
  options.input.resume();
  return { closed, close };
}

// src/core/mcp/stdio-transport.ts
import { PassThrough } from "node:stream";
var STDIO_EXIT_GRACE_MS = 1e3;
var SERVER_LIFETIME_MS = 24 * 60 * 60 * 1e3;
var STDERR_TAIL_BYTES = 2048;
var SupervisedStdioTransport = class {
  onclose;
  onerror;
  onmessage;
  #options;
  #sdk;
  #stdin = new PassThrough();
  #abort = new AbortController();
  #buffer;
  #stderr = "";
  #running;
  #outcome;
  #closed = false;
  constructor(sdk, options) {
    this.#sdk = sdk;
    this.#options = options;
    this.#buffer = new sdk.ReadBuffer();
  }
  async start() {
    if (this.#running) throw new Error("SupervisedStdioTransport already started");
    const { signal } = this.#options;
    const onAbort = () => this.#abort.abort();
    if (signal.aborted) this.#abort.abort();
    else signal.addEventListener("abort", onAbort, { once: true });
    const deadline = this.#options.deadline;
    this.#running = runSupervised({
      file: this.#options.file,
      args: this.#options.args,
      cwd: this.#options.cwd,
      env: this.#options.env,
      stdin: this.#stdin,
      timeoutMs: deadline ? Math.max(0, deadline - Date.now()) : SERVER_LIFETIME_MS,
      signal: this.#abort.signal,
      killGraceMs: STDIO_EXIT_GRACE_MS,
      maxCaptureBytes: 0,
      tailBytes: 0,
      onStdout: (chunk) => this.#read(chunk),
      onStderr: (chunk) => {
        this.#stderr = (this.#stderr + chunk.toString("utf8")).slice(-STDERR_TAIL_BYTES);
      },
      isolation: this.#options.isolation
    });
    void this.#running.then((outcome) => {
      signal.removeEventListener("abort", onAbort);
      this.#outcome = outcome;
      this.#closed = true;
      this.#stdin.destroy();
      if (outcome.spawnError) this.onerror?.(new Error(`could not start: ${outcome.spawnError.message}`));
      this.onclose?.();
    });
  }
  #read(chunk) {
    try {
      this.#buffer.append(chunk);
      for (; ; ) {
        const message = this.#buffer.readMessage();
        if (message === null) break;
        this.onmessage?.(message);
      }
    } catch (error) {
      this.onerror?.(error);
    }
  }
  async send(message) {
    if (this.#closed || !this.#running) throw new Error("the MCP server process is not running");
    this.#stdin.write(this.#sdk.serializeMessage(message));
  }
  async close() {
    if (!this.#running) return;
    this.#stdin.end();
    const exited = await Promise.race([
      this.#running.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), STDIO_EXIT_GRACE_MS).unref())
    ]);
    if (!exited) this.#abort.abort();
    await this.#running;
  }
  /**
   * Why the process is gone, for error messages: exit code or signal, a start-up failure, a
   * timeout, and the tail of its stderr. Null while it runs.
   */
  describeExit() {
    const outcome = this.#outcome;
    if (!outcome) return null;
    const how = outcome.spawnError ? `could not be started (${outcome.spawnError.message})` : outcome.timedOut ? "was killed at the run deadline" : outcome.cancelled ? "was stopped (cancelled)" : outcome.signal ? `was killed by ${outcome.signal}` : `exited with code ${String(outcome.exitCode)}`;
    const tail = this.#stderr.trim();
    return tail ? `${how}; stderr: ${tail.split("\n").slice(-5).join(" | ")}` : how;
  }
};

// src/core/mcp/connection.ts
var DEFAULT_MCP_TIMEOUT_SEC = 60;
var MAX_LIST_PAGES = 50;
var McpUnavailableError = class extends Error {
  name = "McpUnavailableError";
};
var McpServerError = class extends Error {
  name = "McpServerError";
};
function mcpTimeoutMs(server) {
  return Math.round((server.timeout_sec ?? DEFAULT_MCP_TIMEOUT_SEC) * 1e3);
}
function resolveHeaders(server, env) {
  const headers = { ...server.headers ?? {} };
  const missing = [];
  for (const [header, name] of Object.entries(server.env_headers ?? {})) {
    const value = env[name];
    if (value === void 0 || value === "") missing.push(`${name} (for header ${header})`);
    else headers[header] = value;
  }
  if (missing.length > 0) {
    throw new McpUnavailableError(
      `MCP server "${server.name}" needs the environment variable ${missing.join(", ")}, which is not set (secrets are not available to pull requests from forks); its tools cannot be offered, so the work cannot be verified`
    );
  }
  return headers;
}
function serverSecrets(server, env) {
  return Object.values(server.env_headers ?? {}).flatMap((name) => {
    const value = env[name];
    return value ? [value] : [];
  });
}
function checkServerNetwork(server, network) {
  if (server.transport !== "http") return;
  const host = new URL(server.url).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (network.mode === "open") return;
  if (network.mode === "allowlist" && hostAllowed(network.allowlist, host)) return;
  const how = network.mode === "none" ? '[constraints] network = "none"' : `its host ${host} is not in [constraints] allowlist (${network.allowlist.join(", ") || "empty"})`;
  throw new McpServerError(
    `MCP server "${server.name}" (http) refused: ${how}; the harness connects to it, so set network = "open" or "allowlist" with ${host} in allowlist`
  );
}
async function connectMcpServer(server, options) {
  checkServerNetwork(server, options.network);
  const headers = server.transport === "http" ? resolveHeaders(server, options.env) : {};
  const sdk = await loadMcpSdk();
  const timeout = mcpTimeoutMs(server);
  let transport;
  let stdio;
  if (server.transport === "stdio") {
    stdio = new SupervisedStdioTransport(sdk, {
      file: server.command,
      args: server.args ?? [],
      cwd: options.workdir,
      env: scrubEnv(options.env, server.env ?? []),
      isolation: options.ctx.isolation,
      signal: options.ctx.signal,
      deadline: options.ctx.deadline
    });
    transport = stdio;
  } else {
    transport = new sdk.StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers }
    });
  }
  const client = new sdk.Client({ name: "truss", version: "1" }, { capabilities: {} });
  client.onerror = () => {
  };
  const failure = (what, error) => {
    const exit = stdio?.describeExit();
    const detail = exit ? `the server ${exit}` : error?.message ?? String(error);
    return new McpServerError(`MCP server "${server.name}": ${what} failed: ${withoutUrl(detail, server)}`);
  };
  try {
    await scoped(options.ctx.signal, (signal) => client.connect(transport, { timeout, signal }));
  } catch (error) {
    await client.close().catch(() => {
    });
    throw failure("connecting", error);
  }
  return {
    server,
    async listTools() {
      const tools = [];
      let cursor;
      for (let page = 0; page < MAX_LIST_PAGES; page++) {
        let result;
        try {
          result = await scoped(
            options.ctx.signal,
            (signal) => client.listTools(cursor ? { cursor } : {}, { timeout, signal })
          );
        } catch (error) {
          throw failure("tools/list", error);
        }
        for (const tool of result.tools) {
          tools.push({
            name: tool.name,
            description: tool.description ?? "",
            inputSchema: tool.inputSchema
          });
        }
        cursor = result.nextCursor;
        if (!cursor) break;
      }
      return tools;
    },
    async callTool(tool, args) {
      try {
        return await scoped(
          options.ctx.signal,
          (signal) => client.callTool({ name: tool, arguments: args }, void 0, { timeout, signal })
        );
      } catch (error) {
        throw failure(`tools/call ${tool}`, error);
      }
    },
    async close() {
      await client.close().catch(() => {
      });
    }
  };
}
function withoutUrl(text, server) {
  if (!server.url) return text;
  const url = new URL(server.url);
  let out = text;
  for (const form of [server.url, url.href, url.origin, url.host]) out = out.split(form).join("<server url>");
  return out;
}
async function scoped(run, request) {
  const controller = new AbortController();
  const abort = () => controller.abort(run.reason);
  if (run.aborted) abort();
  else run.addEventListener("abort", abort, { once: true });
  try {
    return await request(controller.signal);
  } finally {
    run.removeEventListener("abort", abort);
  }
}

// src/core/tools/journal-json.ts
import { createHash } from "node:crypto";
var SECRET_ARG = "[REDACTED:secret_arg]";
function sha256Hex(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}
function jsonSha256(value) {
  return sha256Hex(canonicalJson(value));
}
function withSecrets(redact, secrets) {
  if (secrets.length === 0) return redact;
  const extra = secretRedactor({}, secrets);
  const scan = (text) => {
    const first = redact.scan ? redact.scan(text) : { text: redact(text), counts: {} };
    const second = extra.scan?.(first.text) ?? { text: extra(first.text), counts: {} };
    const counts = { ...first.counts };
    for (const [kind, n] of Object.entries(second.counts)) counts[kind] = (counts[kind] ?? 0) + n;
    return { text: second.text, counts };
  };
  const combined = ((text) => scan(text).text);
  combined.scan = scan;
  return combined;
}
function redactJson(value, secretKeys, redact) {
  const names = new Set(secretKeys.map((key) => key.toLowerCase()));
  const tally = tallyingRedactor(redact);
  let declared = 0;
  const walk = (node) => {
    if (typeof node === "string") return tally.redact(node);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === "object") {
      const out = {};
      for (const [key, item] of Object.entries(node)) {
        if (names.has(key.toLowerCase()) && item !== void 0) {
          declared++;
          out[key] = SECRET_ARG;
        } else out[key] = walk(item);
      }
      return out;
    }
    return node;
  };
  const redacted = walk(value);
  const counts = tally.counts();
  if (declared > 0) counts.secret_arg = declared;
  return { value: JSON.parse(JSON.stringify(redacted ?? null)), counts };
}
function jsonBlob(value, redact) {
  const body = redactJson(plain(value), [], redact);
  const bytes = Buffer.from(canonicalJson(body.value), "utf8");
  return { value: body.value, bytes, sha256: sha256Hex(bytes), counts: body.counts };
}
function callMemoOf(entry) {
  const { result_sha256, is_error, error } = entry.payload;
  return { result_sha256, is_error, error };
}

// src/core/mcp/payload.ts
var MCP_RESULT_MAX_CHARS = 256 * 1024;
function resultText(result) {
  const parts = [];
  for (const block of result.content ?? []) {
    switch (block.type) {
      case "text":
        parts.push(block.text);
        break;
      case "image":
      case "audio":
        parts.push(`[${block.type} ${block.mimeType}, ${block.data.length} base64 characters]`);
        break;
      case "resource_link":
        parts.push(`[resource link ${block.uri}${block.name ? ` (${block.name})` : ""}]`);
        break;
      case "resource": {
        const resource = block.resource;
        parts.push(
          typeof resource.text === "string" ? resource.text : `[resource ${resource.uri}${resource.mimeType ? ` ${resource.mimeType}` : ""}]`
        );
        break;
      }
      default:
        parts.push(`[${String(block.type)} content]`);
    }
  }
  if (parts.length === 0 && result.structuredContent !== void 0) {
    parts.push(JSON.stringify(result.structuredContent));
  }
  const text = parts.join("\n");
  if (text.length <= MCP_RESULT_MAX_CHARS) return text;
  return `${text.slice(0, MCP_RESULT_MAX_CHARS)}
[result truncated: showing ${MCP_RESULT_MAX_CHARS} of ${text.length} characters]`;
}

// src/core/mcp/mount.ts
var PROVIDER_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
function mountedName(server, tool) {
  return `mcp__${server}__${tool}`;
}
function mountDecision(server, tool) {
  const name = mountedName(server.name, tool);
  const allow = server.allow_tools ?? [];
  if (allow.length > 0 && !allow.some((pattern) => matchesToolPattern(pattern, tool))) {
    return { name, refused: "not in the server allow_tools" };
  }
  if (!PROVIDER_TOOL_NAME.test(name)) {
    return {
      name,
      refused: `${name} is not a valid tool name for model APIs ([A-Za-z0-9_-], at most 64 characters)`
    };
  }
  return { name, refused: null };
}
function mcpToolAllowed(allowTools, name) {
  return allowTools.some((pattern) => matchesToolPattern(pattern, name));
}
function isMcpTool(tool) {
  return tool !== void 0 && "mcp" in tool;
}
var McpMount = class _McpMount {
  #options;
  #servers = /* @__PURE__ */ new Map();
  /** Every mounted tool, in declaration order (the contract's allow_tools decides what is advertised). */
  tools = [];
  /** Why the work cannot be verified here (a server's secret is not set), or null. */
  unavailable = null;
  /** Why a server could not be used (start-up, listing, policy), or null. */
  failure = null;
  constructor(options) {
    this.#options = options;
  }
  static async open(options) {
    const mount = new _McpMount(options);
    for (const settings of options.servers) {
      const redact = withSecrets(options.redact, serverSecrets(settings, options.env));
      mount.#servers.set(settings.name, { settings, redact, connection: void 0, calls: 0 });
      const { entry } = await options.session.activity(
        "mcp_tools_listed",
        settings.name,
        () => mount.#list(settings.name)
      );
      mount.#mount(settings, entry);
    }
    return mount;
  }
  async #list(server) {
    const state = this.#servers.get(server);
    const { settings, redact } = state;
    const base = { server, transport: settings.transport };
    try {
      const listed = await (await this.#connection(state)).listTools();
      const tools = [];
      const notMounted = [];
      for (const tool of listed) {
        const { name, refused } = mountDecision(settings, tool.name);
        if (refused) {
          notMounted.push({ name: redact(tool.name), reason: refused });
        } else {
          tools.push({
            name,
            tool: tool.name,
            description: redact(tool.description),
            // Redaction replaces strings inside the schema; an object stays an object.
            input_schema: redactJson(inputSchemaOf(tool.inputSchema), [], redact).value
          });
        }
      }
      return { payload: plain({ ...base, listed: listed.length, tools, not_mounted: notMounted }) };
    } catch (error) {
      if (error instanceof McpUnavailableError) {
        return { payload: { ...base, tools: [], unavailable: redact(error.message) } };
      }
      if (error instanceof McpServerError)
        return { payload: { ...base, tools: [], error: redact(error.message) } };
      throw error;
    }
  }
  #mount(settings, entry) {
    const p = entry.payload;
    if (p.unavailable !== void 0) this.unavailable ??= p.unavailable;
    if (p.error !== void 0) this.failure ??= p.error;
    for (const tool of p.tools) {
      const name = tool.name;
      this.tools.push({
        name,
        description: `(MCP server "${settings.name}") ${tool.description ?? ""}`.trim(),
        inputSchema: tool.input_schema ?? { type: "object" },
        sideEffect: true,
        mcp: { server: settings.name, tool: tool.tool },
        async run() {
          return {
            content: `${name} refused: MCP tools run only as journaled calls of the in-loop executor`,
            isError: true
          };
        }
      });
    }
  }
  #connection(state) {
    state.connection ??= connectMcpServer(state.settings, {
      env: this.#options.env,
      workdir: this.#options.workdir,
      ctx: this.#options.ctx,
      network: { mode: this.#options.policy.network, allowlist: this.#options.policy.allowlist }
    });
    state.connection.catch(() => {
      state.connection = void 0;
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
  async call(tool, callId, input) {
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
      ...Object.keys(counts).length > 0 ? { args_redactions: counts } : {}
    };
    const check = (recorded) => recorded.payload.args_sha256 === argsSha256 ? null : `arguments hashing to ${argsSha256.slice(0, 12)}\u2026, recorded ${recorded.payload.args_sha256.slice(0, 12)}\u2026`;
    let live = session.replaying ? void 0 : await this.#callLive(state, tool, input);
    let pendingSeq;
    if (session.peek()?.kind === "mcp_tool_pending" || live?.kind === "pending") {
      const answer = live;
      const { entry: pending } = await session.activity(
        "mcp_tool_pending",
        tool.name,
        async () => {
          if (answer?.kind !== "pending") throw new Error("mcp_tool_pending without a pending answer");
          const body = resultBody(answer.result, redact);
          return {
            payload: { ...base, signal: answer.signal, reason: redact(answer.reason), ...body.fields },
            blobs: body.blobs
          };
        },
        check
      );
      const { signal, reason } = pending.payload;
      const delivered = await session.awaitSignal(
        signal,
        // The reason is the server's own text, quoted as such: it must not read as Truss's instruction.
        `MCP tool ${tool.name} is pending${reason ? ` (its server says: ${JSON.stringify(reason.slice(0, 300))})` : ""}; deliver its result with: truss signal ${session.id} ${signal} PAYLOAD`
      );
      live = { kind: "result", result: deliveredResult(delivered) };
      pendingSeq = pending.seq;
    }
    const { memo, entry } = await session.memoized("mcp_tool_call", tool.name, {
      check,
      memoOf: callMemoOf,
      execute: async (memoKey) => {
        const answer = live ?? await this.#callLive(state, tool, input);
        const head = {
          ...base,
          memo_key: memoKey,
          ...pendingSeq !== void 0 ? { pending_seq: pendingSeq } : {}
        };
        if (answer.kind === "failed") {
          const payload2 = {
            ...head,
            ...answer.refused ? { refused: true } : {},
            result_sha256: null,
            is_error: true,
            error: redact(answer.error)
          };
          return { payload: payload2, memo: callMemoOf({ payload: payload2 }) };
        }
        const body = resultBody(answer.result, redact);
        const payload = { ...head, ...body.fields, error: null };
        return { payload, memo: callMemoOf({ payload }), blobs: body.blobs };
      }
    });
    return this.#outcome(entry, memo);
  }
  /** Calls the server (unless `budget_calls` is used up): its answer, pending or not, or why it failed. */
  async #callLive(state, tool, input) {
    const { settings } = state;
    if (settings.budget_calls !== void 0 && state.calls > settings.budget_calls) {
      return {
        kind: "failed",
        refused: true,
        error: `${tool.name} refused: MCP server "${settings.name}" allows ${settings.budget_calls} call(s) per run (budget_calls), and they are used up`
      };
    }
    let result;
    try {
      result = await (await this.#connection(state)).callTool(tool.mcp.tool, input);
    } catch (error) {
      if (!(error instanceof McpServerError || error instanceof McpUnavailableError)) throw error;
      await this.#drop(state);
      return { kind: "failed", error: error.message };
    }
    const pending = pendingOf(result);
    return pending ? { kind: "pending", result, ...pending } : { kind: "result", result };
  }
  /** What the model reads for a recorded call: its error, or the result read back from its blob. */
  #outcome(entry, memo) {
    const data = { mcp_seq: entry.seq, result_sha256: memo.result_sha256 };
    if (memo.error !== null || memo.result_sha256 === null) {
      return { content: memo.error ?? "the MCP call failed", isError: true, data };
    }
    const blob = this.#options.session.store.blob(memo.result_sha256);
    if (!blob?.bytes) {
      return {
        content: `[MCP result ${memo.result_sha256} is no longer available (shredded)]`,
        isError: memo.is_error,
        data
      };
    }
    const result = JSON.parse(blob.bytes.toString("utf8"));
    return { content: resultText(result), isError: memo.is_error, data };
  }
  async #drop(state) {
    const connection = state.connection;
    state.connection = void 0;
    await connection?.then((c) => c.close()).catch(() => {
    });
  }
  /** Closes every connected server (a stdio server's process group is gone afterwards). */
  async close() {
    const open = [...this.#servers.values()].flatMap((state) => state.connection ? [state.connection] : []);
    await Promise.all(open.map((connection) => connection.then((c) => c.close()).catch(() => {
    })));
  }
};
var SIGNAL_NAME = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
function pendingOf(result) {
  const marker = result._meta?.["truss/pending"];
  if (!marker || typeof marker !== "object") return null;
  const { signal, reason } = marker;
  if (typeof signal !== "string" || !SIGNAL_NAME.test(signal)) return null;
  return { signal, reason: typeof reason === "string" ? reason : "" };
}
function deliveredResult(payload) {
  const text = typeof payload === "string" ? payload : JSON.stringify(payload ?? null);
  return { content: [{ type: "text", text }] };
}
function resultBody(result, redact) {
  const body = jsonBlob(result, redact);
  return {
    fields: {
      result_sha256: body.sha256,
      result_bytes: body.bytes.length,
      is_error: result.isError === true,
      ...redactionField(body.counts)
    },
    blobs: [body.bytes]
  };
}
function inputSchemaOf(schema) {
  const { $schema: _ignored, ...rest } = schema ?? {};
  return rest.type === "object" ? rest : { type: "object", properties: {} };
}

export {
  jsonSha256,
  withSecrets,
  redactJson,
  jsonBlob,
  callMemoOf,
  serveMcpTools,
  DEFAULT_MCP_TIMEOUT_SEC,
  McpUnavailableError,
  McpServerError,
  connectMcpServer,
  mountedName,
  mountDecision,
  mcpToolAllowed,
  isMcpTool,
  McpMount
};
