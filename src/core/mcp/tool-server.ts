import type { Readable, Writable } from 'node:stream';
import { loadMcpServerSdk } from './sdk.js';

/** A tool as an MCP server advertises it (`tools/list`). */
export interface ServedTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments object (`type: "object"`). */
  inputSchema: Record<string, unknown>;
}

/** What one `tools/call` answers: text for the model, and optionally the same as structured content. */
export interface ServedAnswer {
  text: string;
  isError: boolean;
  structured?: Record<string, unknown> | undefined;
}

/**
 * The most bytes of answers a client may leave unread: past it the connection is closed. A client
 * that sends calls and never reads had every answer kept in the harness's memory (docs/mcp.md).
 */
export const MAX_UNREAD_ANSWER_BYTES = 32 * 1024 * 1024;

export interface ServeToolsOptions {
  /** The server's name and version in the MCP handshake. */
  name: string;
  version: string;
  /** Shown to the client's model before the tool list (MCP `instructions`). */
  instructions?: string | undefined;
  tools: readonly ServedTool[];
  /**
   * Answers one call. A throw becomes an error result carrying its message (a tool error the calling
   * agent can read), never a JSON-RPC failure and never a crash of the server.
   */
  call(name: string, args: Record<string, unknown>): Promise<ServedAnswer>;
  /**
   * Hand calls to tools it does not advertise to {@link ServeToolsOptions.call} too (which then
   * refuses and records them), instead of refusing them here.
   */
  passUnknown?: boolean;
  /** Newline-delimited JSON-RPC in and out: stdin/stdout, or both ends of a socket. */
  input: Readable;
  output: Writable;
}

export interface ServedConnection {
  /** Settles when the client went away (its input ended or closed) or {@link close} was called. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves `tools` over one MCP stdio connection with the official SDK's low-level `Server` (loaded
 * on first use): `truss mcp serve` on its own stdin/stdout, and the harness end of the tool server a
 * delegated CLI reaches through `truss mcp serve --tools` (docs/mcp.md). Unknown tools and thrown
 * errors come back as MCP tool errors (`isError: true`) with a message saying what to do.
 */
export async function serveMcpTools(options: ServeToolsOptions): Promise<ServedConnection> {
  const sdk = await loadMcpServerSdk();
  const server = new sdk.Server(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: {} },
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  const names = new Set(options.tools.map((tool) => tool.name));
  server.setRequestHandler(sdk.ListToolsRequestSchema, async () => ({
    tools: options.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema as { type: 'object' } & Record<string, unknown>,
    })),
  }));
  server.setRequestHandler(sdk.CallToolRequestSchema, async (request) => {
    const { name } = request.params;
    let answer: ServedAnswer;
    if (!names.has(name) && !options.passUnknown) {
      answer = {
        text: `unknown tool ${JSON.stringify(name)}; this server offers: ${[...names].join(', ') || 'none'}`,
        isError: true,
      };
    } else {
      try {
        answer = await options.call(name, (request.params.arguments ?? {}) as Record<string, unknown>);
      } catch (error) {
        answer = { text: `${name} failed: ${(error as Error)?.message ?? String(error)}`, isError: true };
      }
    }
    return {
      content: [{ type: 'text' as const, text: answer.text }],
      ...(answer.structured ? { structuredContent: answer.structured } : {}),
      isError: answer.isError,
    };
  });
  const transport = new sdk.StdioServerTransport(options.input, options.output);
  // Every message out passes here: past the cap of unread answers the connection ends instead.
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    if (options.output.writableLength > MAX_UNREAD_ANSWER_BYTES) {
      void close();
      throw new Error(
        `the client does not read its answers (more than ${MAX_UNREAD_ANSWER_BYTES} bytes wait for it); the connection is closed`,
      );
    }
    return send(message);
  };
  let finish: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let closing = false;
  const close = async () => {
    if (closing) return closed;
    closing = true;
    options.input.off('end', onEnd);
    options.input.off('close', onEnd);
    await server.close().catch(() => {});
    finish();
    return closed;
  };
  const onEnd = () => {
    void close();
  };
  options.input.on('end', onEnd);
  options.input.on('close', onEnd);
  await server.connect(transport);
  // A socket handed over paused (after a handshake) starts flowing only once the transport listens.
  options.input.resume();
  return { closed, close };
}
