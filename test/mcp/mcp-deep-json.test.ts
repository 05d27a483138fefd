import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_SAFE_DEPTH } from '../../src/core/ledger/journal-safe.js';
import { jsonSha256 } from '../../src/core/tools/journal-json.js';
import { say, scripted, use } from '../helpers/agent-kit.js';
import { completed, entriesOf, mcpContract, runMcp, serverCalls, tomlString, useMcpRun } from './mcp-kit.js';

/**
 * Values nested deeper than a signed ledger payload may be (64 levels, docs/ledger.md): a model's
 * tool input, an MCP server's result. Each aborted the whole run ("nested deeper than 64 levels");
 * the part past JOURNAL_SAFE_DEPTH levels is kept as its JSON text instead, and the call journaled
 * (docs/mcp.md), as an integer past 2^53 is kept as its decimal string (mcp-odd-json.test.ts).
 */
const DEEP = join(import.meta.dirname, '../fixtures/mcp/deep-result.mjs');

function deepServer(calls: string): string {
  return `
[[mcp.servers]]
name = "deep"
transport = "stdio"
command = ${tomlString(process.execPath)}
args = [${tomlString(DEEP)}, "--calls", ${tomlString(calls)}]
`;
}

function nested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** Follows `a` down to the first string: how many levels, and the string. */
function cut(value: unknown): { levels: number; text: string } {
  let at = value;
  let levels = 0;
  while (typeof at !== 'string') {
    at = (at as { a: unknown }).a;
    levels++;
  }
  return { levels, text: at };
}

/** The part of `nested(100)` kept as JSON text is exactly what was cut there, and it was cut in time. */
function expectCutOf100(value: unknown): void {
  const { levels, text } = cut(value);
  expect(levels).toBeLessThanOrEqual(JOURNAL_SAFE_DEPTH);
  expect(JSON.parse(text)).toEqual(nested(100 - levels));
}

describe('MCP call values nested deeper than a ledger payload may be', () => {
  const t = useMcpRun();

  it('arguments nested 100 levels deep are journaled as the server received them; the run completes', async () => {
    const contract = mcpContract(deepServer(t.calls));
    const provider = scripted([
      use('mcp__deep__deep', { levels: 0, extra: nested(100) }),
      use('write_file', { path: 'out.txt', content: 'done\n' }),
      say('done'),
    ]);
    const outcome = completed(await runMcp({ store: t.run.store, contract, workdir: t.workdir, provider }));
    expect(outcome.verdict.overall).toBe('pass');
    const [call] = entriesOf(t.run.store, outcome.sessionId, 'mcp_tool_call');
    const [line] = serverCalls(t.calls);
    const received = JSON.parse(String(line).slice('deep '.length)) as Record<string, unknown>;
    expect(call?.payload.args_sha256).toBe(jsonSha256(received));
    expectCutOf100(received.extra);
  });

  it('a result nested 100 levels deep is journaled, its deep part as JSON text; the run completes', async () => {
    const contract = mcpContract(deepServer(t.calls));
    const provider = scripted([
      use('mcp__deep__deep', { levels: 100 }),
      use('write_file', { path: 'out.txt', content: 'done\n' }),
      say('done'),
    ]);
    const outcome = completed(await runMcp({ store: t.run.store, contract, workdir: t.workdir, provider }));
    expect(outcome.verdict.overall).toBe('pass');
    const [call] = entriesOf(t.run.store, outcome.sessionId, 'mcp_tool_call');
    expect(call?.payload).toMatchObject({ is_error: false, error: null });
    const body = JSON.parse(String(t.run.store.blob(String(call?.payload.result_sha256))?.bytes));
    expectCutOf100(body.structuredContent.value);
  });
});

describe('MCP tool lists with values a ledger payload cannot hold', () => {
  const t = useMcpRun();

  it('a description and a refused name with a lone surrogate are journaled with U+FFFD; the run completes', async () => {
    const contract = mcpContract(deepServer(t.calls).replace('"--calls"', '"--odd", "--calls"'));
    const provider = scripted([use('write_file', { path: 'out.txt', content: 'done\n' }), say('done')]);
    const outcome = completed(await runMcp({ store: t.run.store, contract, workdir: t.workdir, provider }));
    expect(outcome.verdict.overall).toBe('pass');
    const [listed] = entriesOf(t.run.store, outcome.sessionId, 'mcp_tools_listed');
    const tools = listed?.payload.tools as Array<{ name: string; description: string }>;
    expect(tools.find((tool) => tool.name === 'mcp__deep__odd')?.description).toBe(
      'A description with a lone \ufffd surrogate.',
    );
    expect(listed?.payload.not_mounted).toEqual([expect.objectContaining({ name: 'odd\ufffd' })]);
  });
});
