// The baseline of bench:delegated-tools: an MCP stdio server built with the official SDK whose
// read_file and write_file act on its working directory directly — no policy, no journal, no relay.
import { readFile, writeFile } from 'node:fs/promises';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'plain-tools', version: '1.0.0' });
server.registerTool(
  'read_file',
  { description: 'Read a file.', inputSchema: { path: z.string() } },
  async (args) => ({
    content: [{ type: 'text', text: await readFile(args.path, 'utf8') }],
  }),
);
server.registerTool(
  'write_file',
  { description: 'Write a file.', inputSchema: { path: z.string(), content: z.string() } },
  async (args) => {
    await writeFile(args.path, args.content);
    return { content: [{ type: 'text', text: `wrote ${Buffer.byteLength(args.content)} bytes` }] };
  },
);
await server.connect(new StdioServerTransport());
