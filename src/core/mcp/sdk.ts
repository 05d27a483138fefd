/**
 * The official MCP SDK (`@modelcontextprotocol/sdk`), loaded on first use: a run without
 * `[[mcp.servers]]` and every other CLI command never load it (docs/mcp.md). Only types are
 * imported statically (they vanish from the build).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

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

/** The server half of the SDK: Truss's own tool servers (docs/mcp.md "Truss as an MCP server"). */
export interface McpServerSdk {
  Server: typeof Server;
  StdioServerTransport: typeof StdioServerTransport;
  ListToolsRequestSchema: typeof ListToolsRequestSchema;
  CallToolRequestSchema: typeof CallToolRequestSchema;
}

let loadingServer: Promise<McpServerSdk> | undefined;

/** Loaded on first use, like the client: only `truss mcp serve` and `tools = "truss"` runs pay for it. */
export function loadMcpServerSdk(): Promise<McpServerSdk> {
  loadingServer ??= (async () => {
    const [server, stdio, types] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/index.js'),
      import('@modelcontextprotocol/sdk/server/stdio.js'),
      import('@modelcontextprotocol/sdk/types.js'),
    ]);
    return {
      Server: server.Server,
      StdioServerTransport: stdio.StdioServerTransport,
      ListToolsRequestSchema: types.ListToolsRequestSchema,
      CallToolRequestSchema: types.CallToolRequestSchema,
    };
  })();
  return loadingServer;
}
