// A tiny MCP server over stdio, built on the official SDK, for examples/contracts/mcp-notes.toml.
// It answers `lookup {topic}` from a fixed table of notes: enough to show a contract mounting a
// server, the agent calling `mcp__notes__lookup`, and Truss signing each call (docs/mcp.md).
//
//   node examples/mcp/notes-server.mjs        (speaks MCP on stdin/stdout; Truss starts it)
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const NOTES = {
  greeting: 'hello from the notes server',
  release: 'Version 2 signs every tool call the agent makes.',
};

const server = new McpServer({ name: 'notes', version: '1.0.0' });
server.registerTool(
  'lookup',
  {
    description: 'Look up a note by topic (greeting, release).',
    inputSchema: { topic: z.string().describe('The topic of the note.') },
  },
  async ({ topic }) => {
    const note = NOTES[topic];
    return note === undefined
      ? { content: [{ type: 'text', text: `no note about ${topic}` }], isError: true }
      : { content: [{ type: 'text', text: note }] };
  },
);
server.registerTool(
  'topics',
  { description: 'List the topics there are notes about.', inputSchema: {} },
  async () => ({ content: [{ type: 'text', text: Object.keys(NOTES).join('\n') }] }),
);

await server.connect(new StdioServerTransport());
