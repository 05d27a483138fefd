/**
 * The official MCP SDK (`@modelcontextprotocol/sdk`), loaded on first use: a run without
 * `[[mcp.servers]]` and every other CLI command never load it (docs/mcp.md). Only types are
 * imported statically (they vanish from the build).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';

export interface McpSdk {
  Client: typeof Client;
  StreamableHTTPClientTransport: typeof StreamableHTTPClientTransport;
  ReadBuffer: typeof ReadBuffer;
  serializeMessage: typeof serializeMessage;
}

let loading: Promise<McpSdk> | undefined;

export function loadMcpSdk(): Promise<McpSdk> {
  loading ??= (async () => {
    const [client, http, stdio] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
      import('@modelcontextprotocol/sdk/shared/stdio.js'),
    ]);
    return {
      Client: client.Client,
      StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
      ReadBuffer: stdio.ReadBuffer,
      serializeMessage: stdio.serializeMessage,
    };
  })();
  return loading;
}
