import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerSettings } from '../contract/mcp-schema.js';
import { scrubEnv } from '../process/env-scrub.js';
import type { Isolation, NetworkMode } from '../process/isolation.js';
import { boundedFetch } from '../providers/bounded-fetch.js';
import { hostAllowed } from '../tools/policy.js';
import { loadMcpSdk } from './sdk.js';
import { SupervisedStdioTransport } from './stdio-transport.js';

/** Per-request limit when `timeout_sec` is absent. */
export const DEFAULT_MCP_TIMEOUT_SEC = 60;
/** `tools/list` pages read at most (a server that pages forever is cut off). */
const MAX_LIST_PAGES = 50;

/** A server cannot be used in this environment (a secret it needs is not set): the run is UNVERIFIABLE. */
export class McpUnavailableError extends Error {
  override name = 'McpUnavailableError';
}

/** A server could not be started, listed or called, or the contract's policy refuses it. */
export class McpServerError extends Error {
  override name = 'McpServerError';
}

/**
 * The most bytes of one http response from an MCP server, the size the SDK allows one stdio message:
 * a server is configured by the contract but runs elsewhere, and must not be able to fill the
 * harness's memory.
 */
export const MAX_MCP_RESPONSE_BYTES = 10 * 1024 * 1024;

/** One tool as the server advertises it. */
export interface McpListedTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** A connected server. */
export interface McpConnection {
  readonly server: McpServerSettings;
  listTools(): Promise<McpListedTool[]>;
  /** One `tools/call`; a protocol or transport failure throws {@link McpServerError}. */
  callTool(tool: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export interface McpConnectOptions {
  /** The host environment: `env_headers` values and a stdio server's granted `env` names come from it. */
  env: Readonly<Record<string, string | undefined>>;
  /** Where a stdio server starts. */
  workdir: string;
  /** The run's scope: cancellation, deadline and the isolation every stdio server starts through. */
  ctx: {
    readonly signal: AbortSignal;
    readonly deadline: number | null;
    readonly isolation?: Isolation | undefined;
  };
  /** `[constraints] network` and `allowlist`: an http server must be reachable under them. */
  network: { mode: NetworkMode; allowlist: readonly string[] };
}

/** Milliseconds one request to `server` may take. */
export function mcpTimeoutMs(server: McpServerSettings): number {
  return Math.round((server.timeout_sec ?? DEFAULT_MCP_TIMEOUT_SEC) * 1000);
}

/**
 * The headers of an http server: its static `headers`, then each `env_headers` value read from the
 * named environment variable. A variable that is not set (a fork's pull request gets no secrets)
 * throws {@link McpUnavailableError} naming the variable, never a value.
 */
export function resolveHeaders(
  server: McpServerSettings,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const headers: Record<string, string> = { ...(server.headers ?? {}) };
  const missing: string[] = [];
  for (const [header, name] of Object.entries(server.env_headers ?? {})) {
    const value = env[name];
    if (value === undefined || value === '') missing.push(`${name} (for header ${header})`);
    else headers[header] = value;
  }
  if (missing.length > 0) {
    throw new McpUnavailableError(
      `MCP server "${server.name}" needs the environment variable ${missing.join(', ')}, which is not set ` +
        '(secrets are not available to pull requests from forks); its tools cannot be offered, so the work cannot be verified',
    );
  }
  return headers;
}

/** The secret values a server is given (its `env_headers`): redacted from everything it returns. */
export function serverSecrets(
  server: McpServerSettings,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  return Object.values(server.env_headers ?? {}).flatMap((name) => {
    const value = env[name];
    return value ? [value] : [];
  });
}

/** Refuses an http server the contract's network policy does not allow (docs/mcp.md). */
export function checkServerNetwork(server: McpServerSettings, network: McpConnectOptions['network']): void {
  if (server.transport !== 'http') return;
  const host = new URL(server.url as string).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (network.mode === 'open') return;
  if (network.mode === 'allowlist' && hostAllowed(network.allowlist, host)) return;
  const how =
    network.mode === 'none'
      ? '[constraints] network = "none"'
      : `its host ${host} is not in [constraints] allowlist (${network.allowlist.join(', ') || 'empty'})`;
  throw new McpServerError(
    `MCP server "${server.name}" (http) refused: ${how}; the harness connects to it, so set network = "open" ` +
      `or "allowlist" with ${host} in allowlist`,
  );
}

/**
 * Connects to one declared server with the official SDK's client (loaded on first use): a stdio
 * server is started through the run's isolation with a scrubbed environment (the base allowlist
 * plus its `env` names), an http server is reached over streamable HTTP with its headers.
 */
export async function connectMcpServer(
  server: McpServerSettings,
  options: McpConnectOptions,
): Promise<McpConnection> {
  checkServerNetwork(server, options.network);
  const headers = server.transport === 'http' ? resolveHeaders(server, options.env) : {};
  const sdk = await loadMcpSdk();
  const timeout = mcpTimeoutMs(server);
  let transport: Transport;
  let stdio: SupervisedStdioTransport | undefined;
  if (server.transport === 'stdio') {
    stdio = new SupervisedStdioTransport(sdk, {
      file: server.command as string,
      args: server.args ?? [],
      cwd: options.workdir,
      env: scrubEnv(options.env, server.env ?? []),
      isolation: options.ctx.isolation,
      signal: options.ctx.signal,
      deadline: options.ctx.deadline,
    });
    transport = stdio;
  } else {
    transport = new sdk.StreamableHTTPClientTransport(new URL(server.url as string), {
      requestInit: { headers },
      // Stdio messages are capped by the SDK; an http server's responses by this (docs/mcp.md).
      fetch: boundedFetch(undefined, `MCP server "${server.name}"`, MAX_MCP_RESPONSE_BYTES, {
        refuse: (message) => new McpServerError(message),
        tooLarge: 'more than Truss reads of one MCP message (the same as over stdio)',
      }),
    });
  }
  const client: Client = new sdk.Client({ name: 'truss', version: '1' }, { capabilities: {} });
  // Reported through the failing request instead (with the process's exit and stderr).
  client.onerror = () => {};
  const failure = (what: string, error: unknown): McpServerError => {
    const exit = stdio?.describeExit();
    const detail = exit ? `the server ${exit}` : ((error as Error)?.message ?? String(error));
    return new McpServerError(`MCP server "${server.name}": ${what} failed: ${withoutUrl(detail, server)}`);
  };
  try {
    await scoped(options.ctx.signal, (signal) => client.connect(transport, { timeout, signal }));
  } catch (error) {
    await client.close().catch(() => {});
    throw failure('connecting', error);
  }
  return {
    server,
    async listTools() {
      const tools: McpListedTool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_LIST_PAGES; page++) {
        let result: Awaited<ReturnType<Client['listTools']>>;
        try {
          result = await scoped(options.ctx.signal, (signal) =>
            client.listTools(cursor ? { cursor } : {}, { timeout, signal }),
          );
        } catch (error) {
          throw failure('tools/list', error);
        }
        for (const tool of result.tools) {
          tools.push({
            name: tool.name,
            description: tool.description ?? '',
            inputSchema: tool.inputSchema as Record<string, unknown>,
          });
        }
        cursor = result.nextCursor;
        if (!cursor) break;
      }
      return tools;
    },
    async callTool(tool, args) {
      try {
        return (await scoped(options.ctx.signal, (signal) =>
          client.callTool({ name: tool, arguments: args }, undefined, { timeout, signal }),
        )) as CallToolResult;
      } catch (error) {
        throw failure(`tools/call ${tool}`, error);
      }
    },
    async close() {
      await client.close().catch(() => {});
    },
  };
}

/** An error text without the server's URL (URLs are never journaled, docs/mcp.md). */
function withoutUrl(text: string, server: McpServerSettings): string {
  if (!server.url) return text;
  const url = new URL(server.url);
  let out = text;
  for (const form of [server.url, url.href, url.origin, url.host]) out = out.split(form).join('<server url>');
  return out;
}

/**
 * Runs one request with a signal that follows the run's only while the request is in flight: the
 * SDK answers an abort with a `notifications/cancelled`, which must not go out for requests that
 * already finished.
 */
async function scoped<T>(run: AbortSignal, request: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort(run.reason);
  if (run.aborted) abort();
  else run.addEventListener('abort', abort, { once: true });
  try {
    return await request(controller.signal);
  } finally {
    run.removeEventListener('abort', abort);
  }
}
