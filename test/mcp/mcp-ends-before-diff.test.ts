/**
 * An MCP stdio server is untrusted and starts in the working copy (docs/mcp.md). The in-loop
 * executor records the work diff once the loop ends; a server still running then could change the
 * tree after the diff was taken, and the reviewers (who read the working copy) would judge what the
 * recorded diff — the work a fan-out applies (docs/fanout.md "Where attempts work") — does not hold.
 * The servers now end before the diff is taken. Real CLI, real server, a scripted agent; the server
 * is wrapped in a shell that keeps rewriting late.txt in the working copy until it is stopped.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LedgerStore } from '../../src/core/ledger/index.js';
import { makeWorkdir } from '../helpers/agent-kit.js';
import { runCli } from '../helpers/cli.js';
import { FIXTURE_SERVER, tomlString } from './mcp-kit.js';

const call = (name: string, input: Record<string, unknown>) => ({
  content: [{ type: 'tool_use', name, input }],
  usage: { input_tokens: 10, output_tokens: 5 },
});

describe('an in-loop run with a stdio MCP server', () => {
  it('records the work diff after the server has ended: the diff holds the tree as the server left it', () => {
    const workdir = makeWorkdir({ git: true });
    const home = mkdtempSync(join(tmpdir(), 'truss-mcp-diff-'));
    const key = join(home, 'k.key');
    writeFileSync(key, `${Buffer.alloc(32, 0x62).toString('base64')}\n`, { mode: 0o600 });
    const db = join(home, 'ledger.db');
    writeFileSync(
      join(home, 'agent.json'),
      JSON.stringify([
        call('mcp__fx__echo', { text: 'hi' }),
        { content: [{ type: 'text', text: 'done' }], usage: { input_tokens: 10, output_tokens: 5 } },
      ]),
    );
    const writer = `(while :; do date +%s%N > late.tmp && mv late.tmp late.txt; done) & exec ${process.execPath} ${FIXTURE_SERVER}`;
    const contract = join(home, 'mcp.toml');
    writeFileSync(
      contract,
      `[contract]
id = "mcp-diff"
intent = "Echo through MCP"

[[done]]
kind = "check"
desc = "true"
run = "true"

[executor]
kind = "in-loop"

[constraints]
allow_tools = ["mcp__fx__*"]

[provider]
kind = "scripted"
script = ${tomlString(join(home, 'agent.json'))}

[[mcp.servers]]
name = "fx"
transport = "stdio"
command = "/bin/sh"
args = ["-c", ${tomlString(writer)}]
`,
    );
    const result = runCli(
      ['run', contract, '--workdir', workdir, '--db', db, '--key', key, '--isolation', 'none', '--json'],
      { env: { HOME: home } },
    );
    expect(result.stderr).toContain('step 2: final answer');
    const store = LedgerStore.open(db, { readonly: true });
    const sessionId = store.sessions()[0]?.id as string;
    const recorded = [...store.entries(sessionId)].find((e) => e.kind === 'executor_result');
    expect(recorded, 'no executor_result was recorded').toBeDefined();
    const sha = (recorded?.payload as { diff_sha256?: string } | undefined)?.diff_sha256 ?? '';
    const diff = Buffer.from(store.blob(sha)?.bytes ?? []).toString('utf8');
    store.close();
    const final = readFileSync(join(workdir, 'late.txt'), 'utf8').trim();
    expect(diff).toContain('late.txt');
    expect(final).toMatch(/^\d+$/);
    expect(diff, result.stdout).toContain(`+${final}`);
  }, 60_000);
});
