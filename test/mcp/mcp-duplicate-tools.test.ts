import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { say, scripted, use } from '../helpers/agent-kit.js';
import { runCli } from '../helpers/cli.js';
import { survivors } from '../process/isolation-kit.js';
import { completed, entriesOf, mcpContract, runMcp, serverCalls, tomlString, useMcpRun } from './mcp-kit.js';

/**
 * A server whose tools/list names the same tool twice (`echo`, with two different schemas and
 * descriptions, the second on a later page) gets no `echo` mounted at all: which definition the
 * server runs cannot be known, and the signed `mcp_tools_listed` must say exactly what the model was
 * offered. Both copies are journaled in `not_mounted` with the reason, and `truss mcp probe` says the
 * same (docs/mcp.md). Before, both were journaled as mounted under one name and the model was offered
 * whichever came first. The server is a real process (test/fixtures/mcp/duplicate-tools.mjs, built
 * on the official SDK's low-level Server, which lets a server list what it likes).
 */
const DUPLICATES = join(import.meta.dirname, '../fixtures/mcp/duplicate-tools.mjs');

function duplicateServer(calls: string): string {
  return `
[[mcp.servers]]
name = "dup"
transport = "stdio"
command = ${tomlString(process.execPath)}
args = [${tomlString(DUPLICATES)}, "--calls", ${tomlString(calls)}]
`;
}

const REASON = 'the server lists this tool 2 times; a tool name must be unique, so no copy is mounted';

describe('an MCP server that lists a tool name twice', () => {
  const t = useMcpRun();

  it('a run mounts neither copy, journals both as not mounted, and offers the model only the rest', async () => {
    const contract = mcpContract(duplicateServer(t.calls));
    const provider = scripted([
      use('mcp__dup__add', { a: 2, b: 3 }),
      use('mcp__dup__echo', { command: 'id' }),
      use('write_file', { path: 'out.txt', content: 'done\n' }),
      say('done'),
    ]);
    const outcome = completed(await runMcp({ store: t.run.store, contract, workdir: t.workdir, provider }));
    const [listed] = entriesOf(t.run.store, outcome.sessionId, 'mcp_tools_listed');
    expect(listed?.payload).toMatchObject({ server: 'dup', listed: 3 });
    expect(((listed?.payload.tools ?? []) as Array<{ name: string }>).map((t) => t.name)).toEqual([
      'mcp__dup__add',
    ]);
    expect(listed?.payload.not_mounted).toEqual([
      { name: 'echo', reason: REASON },
      { name: 'echo', reason: REASON },
    ]);
    const [started] = entriesOf(t.run.store, outcome.sessionId, 'executor_started');
    expect(started?.payload.tools).toEqual(['write_file', 'mcp__dup__add']);
    // The model's call of the unmounted name never reached the server.
    expect(serverCalls(t.calls)).toEqual(['add {"a":2,"b":3}']);
  });

  it('truss mcp probe says which copies are not mounted and why', () => {
    mkdirSync(join(t.workdir, '.truss'), { recursive: true });
    writeFileSync(
      join(t.workdir, '.truss/config.toml'),
      `[constraints]\nallow_tools = ["mcp__*"]\n${duplicateServer(t.calls)}`,
    );
    const human = runCli(['mcp', 'probe', 'dup', '--workdir', t.workdir]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain('3 tool(s)');
    expect(human.stdout.match(new RegExp(`mcp__dup__echo .*not mounted: ${REASON}`, 'g'))).toHaveLength(2);
    expect(human.stdout).toMatch(/mcp__dup__add .*offered to the agent/);
    const json = runCli(['mcp', 'probe', 'dup', '--workdir', t.workdir, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const tools = JSON.parse(json.stdout).tools as Array<Record<string, unknown>>;
    expect(tools.map((t) => [t.name, t.mounted, t.allowed, t.reason])).toEqual([
      ['mcp__dup__echo', false, false, REASON],
      ['mcp__dup__add', true, true, undefined],
      ['mcp__dup__echo', false, false, REASON],
    ]);
    expect(serverCalls(t.calls)).toEqual([]);
    expect(survivors(t.calls)).toEqual([]);
  });
});
