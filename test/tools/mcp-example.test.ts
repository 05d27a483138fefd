/**
 * examples/contracts/mcp-notes.toml as a user runs it (docs/tools.md, docs/mcp.md): `truss mcp list`
 * reads it without starting anything, and `truss run` with its scripted model mounts the example's
 * SDK-built stdio server, calls it once as a signed mcp_tool_call and passes — no API key, no network.
 */
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LedgerStore } from '../../src/core/ledger/index.js';
import { AGENT_KEY, makeWorkdir } from '../helpers/agent-kit.js';
import { cliHome, REPO_ROOT, runCli } from '../helpers/cli.js';

const CONTRACT = join(REPO_ROOT, 'examples/contracts/mcp-notes.toml');

function setup() {
  const workdir = makeWorkdir();
  // As the example's header says: the server is linked into the workdir, where it is started.
  symlinkSync(join(REPO_ROOT, 'examples/mcp/notes-server.mjs'), join(workdir, 'notes-server.mjs'));
  return cliHome('mcp-example', { workdir });
}

describe('examples/contracts/mcp-notes.toml', () => {
  it('truss mcp list reads it: the server, and which of its tools the agent is offered', () => {
    const { workdir, env } = setup();
    const result = runCli(['mcp', 'list', '--contract', CONTRACT, '--workdir', workdir, '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    const listed = JSON.stringify(JSON.parse(result.stdout));
    expect(listed).toContain('"notes"');
    expect(listed).toContain('mcp__notes__lookup');
    expect(result.stderr).not.toContain('warning');
  });

  it('truss run: the scripted agent asks the notes server, writes what it said, and the run passes', () => {
    const { home, workdir, db, env, runFlags } = setup();
    const bundle = join(home, 'bundle.json');
    // runCli passes PATH and HOME only: no model key reaches the run.
    const result = runCli(['run', CONTRACT, ...runFlags, '--bundle', bundle, '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome).toMatchObject({ status: 'completed', verdict: 'pass' });
    expect(readFileSync(join(workdir, 'greeting.txt'), 'utf8')).toBe('hello from the notes server\n');
    const store = LedgerStore.open(db, { readonly: true });
    try {
      const calls = [...store.entries(outcome.session_id)].filter((e) => e.kind === 'mcp_tool_call');
      expect(calls.map((e) => e.payload)).toMatchObject([
        { name: 'mcp__notes__lookup', server: 'notes', transport: 'stdio', error: null, is_error: false },
      ]);
    } finally {
      store.close();
    }
    const verify = runCli(['verify', bundle, '--key', AGENT_KEY.publicKeyHex, '--json']);
    expect(JSON.parse(verify.stdout).status).toBe('verified');
  });
});
