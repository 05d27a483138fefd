import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUSS_CLI } from '../../src/core/truss-cli.js';
import { waitFor } from '../helpers/agent-kit.js';
import { trussArgv } from '../helpers/built-dist.js';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import { initRepo } from '../helpers/git.js';
import { keyFromByte, writeKeyFile } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * `truss mcp serve` driven end to end by the official SDK's client over stdio, as Claude Code, Codex
 * or Cursor would drive it (docs/mcp.md "Truss as an MCP server"): run the example contract that
 * needs no API key, poll its status, read the verdict, export and verify the bundle, run one
 * asynchronously, and feed it every kind of bad input — each a tool error, never a crash.
 */

const EXAMPLE = join(REPO_ROOT, 'examples/contracts/delegated-fake.toml');
const KEY = keyFromByte(0x71);

interface Answer {
  isError: boolean;
  text: string;
  value: Record<string, unknown>;
}

describe('truss mcp serve over stdio', () => {
  const root = tempDir('mcp-serve-root');
  const outside = tempDir('mcp-serve-outside');
  const home = tempDir('mcp-serve-home');
  const keyFile = writeKeyFile(home.path('session.key'), 0x71);
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';

  const call = async (name: string, args: Record<string, unknown>): Promise<Answer> => {
    const result = (await client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      content: Array<{ text: string }>;
      structuredContent?: Record<string, unknown>;
    };
    const text = result.content[0]?.text ?? '';
    return {
      isError: Boolean(result.isError),
      text,
      value: result.structuredContent ?? {},
    };
  };

  beforeAll(async () => {
    for (const name of ['a', 'b']) {
      const repo = join(root.dir, name);
      mkdirSync(repo);
      initRepo(repo);
      mkdirSync(join(repo, '.truss/contracts'), { recursive: true });
      copyFileSync(EXAMPLE, join(repo, '.truss/contracts/greeting.toml'));
    }
    outside.write('evil.toml', readFileSync(EXAMPLE, 'utf8'));
    symlinkSync(outside.path('evil.toml'), root.path('linked.toml'));
    symlinkSync(outside.dir, root.path('escape'));
    transport = new StdioClientTransport({
      command: trussArgv()[0],
      args: [
        ...trussArgv().slice(1),
        'mcp',
        'serve',
        '--workdir',
        root.dir,
        '--key',
        keyFile,
        '--principal',
        'editor-agent',
        '--isolation',
        'none',
      ],
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: home.dir },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    client = new Client({ name: 'test-editor', version: '1.0.0' });
    await client.connect(transport);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    root.cleanup();
    outside.cleanup();
    home.cleanup();
  });

  it('advertises the five tools with their schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'truss_run_contract',
      'truss_contract_status',
      'truss_ledger_verdict',
      'truss_ledger_export',
      'truss_verify_bundle',
    ]);
    expect(tools[0]?.inputSchema).toMatchObject({ type: 'object', required: ['contract'] });
  });

  it('runs the example contract and answers with the verdict, head hash, bundle and the exact verify command', async () => {
    const run = await call('truss_run_contract', { contract: 'greeting', workdir: 'a' });
    expect(run.isError, run.text).toBe(false);
    expect(run.value).toMatchObject({ status: 'completed', verdict: 'pass', public_key: KEY.publicKeyHex });
    expect(run.value.head_hash).toMatch(/^[0-9a-f]{64}$/);
    const session = String(run.value.session_id);
    const bundle = join(root.dir, 'a/.truss/bundles', `${session}.json`);
    expect(run.value.bundle).toBe(bundle);
    expect(run.value.verify_command).toBe(`${TRUSS_CLI} verify ${bundle} --key ${KEY.publicKeyHex}`);
    // The command it gave verifies the bundle (run here without npx, from another directory).
    const verifyArgs = String(run.value.verify_command).split(' ').slice(TRUSS_CLI.split(' ').length);
    const verified = runCli(verifyArgs, { cwd: outside.dir });
    expect(verified.code, verified.stdout).toBe(0);
    // One principal for the whole process, from --principal.
    const first = JSON.parse(readFileSync(bundle, 'utf8')).ledger.entries[0];
    expect(first.payload.principal).toEqual({ login: 'editor-agent', via: 'mcp' });

    const status = await call('truss_contract_status', { session_id: session });
    expect(status.value).toMatchObject({
      session_id: session,
      status: 'completed',
      verdict: 'pass',
      live: false,
      head_hash: run.value.head_hash,
      last_entry: { kind: 'run_completed' },
    });
    const verdict = await call('truss_ledger_verdict', { session_id: session });
    expect(verdict.value).toMatchObject({
      chain: 'intact',
      verdict: { overall: 'pass' },
      head_hash: run.value.head_hash,
    });

    const exported = await call('truss_ledger_export', { session_id: session });
    expect(exported.value).toMatchObject({ bundle, head_hash: run.value.head_hash, status: 'completed' });
    expect(exported.value.verify_command).toBe(run.value.verify_command);
    const pinned = await call('truss_verify_bundle', {
      path: `a/.truss/bundles/${session}.json`,
      key: KEY.publicKeyHex,
    });
    expect(pinned.value).toMatchObject({ status: 'verified', exit_code: 0, head_hash: run.value.head_hash });
    const unpinned = await call('truss_verify_bundle', { path: bundle });
    expect(unpinned.value).toMatchObject({ status: 'integrity_only', exit_code: 4 });
    const otherKey = await call('truss_verify_bundle', { path: bundle, key: keyFromByte(0x72).publicKeyHex });
    expect(otherKey.value).toMatchObject({ status: 'failed', exit_code: 1 });
  }, 120_000);

  it('async: answers with the session id at once; status reads the durable store until the verdict', async () => {
    const started = await call('truss_run_contract', { contract: 'greeting', workdir: 'b', async: true });
    expect(started.isError, started.text).toBe(false);
    expect(started.value).toMatchObject({ status: 'running', contract: 'greeting-delegated' });
    const session = String(started.value.session_id);
    let last: Answer = started;
    for (let i = 0; i < 300 && !(last.value.status === 'completed' && last.value.live === false); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      last = await call('truss_contract_status', { session_id: session });
      expect(last.isError, last.text).toBe(false);
    }
    expect(last.value).toMatchObject({ status: 'completed', verdict: 'pass', live: false });
    expect(last.value.result).toMatchObject({ verdict: 'pass', session_id: session });
    expect(existsSync(String((last.value.result as { bundle: string }).bundle))).toBe(true);
    // The status comes from the database: a session of this ledger reads the same without the job.
    const db = join(root.dir, '.truss/ledger.db');
    const listed = runCli(['ledger', 'verdict', session, '--db', db, '--json']);
    expect(JSON.parse(listed.stdout)).toMatchObject({ verdict: { overall: 'pass' } });
  }, 120_000);

  it('refuses paths outside the served directory, symlink escapes and malformed input with clear tool errors', async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      [
        'truss_run_contract',
        { contract: 'greeting', workdir: '..' },
        /outside the directory this server serves/,
      ],
      [
        'truss_run_contract',
        { contract: 'greeting', workdir: 'escape' },
        /outside the directory this server serves/,
      ],
      [
        'truss_run_contract',
        { contract: `../${outside.dir.split('/').pop()}/evil.toml` },
        /outside the directory this server serves/,
      ],
      ['truss_run_contract', { contract: 'linked.toml' }, /resolves to .*evil\.toml, outside/],
      [
        'truss_run_contract',
        { contract: outside.path('evil.toml') },
        /outside the directory this server serves/,
      ],
      // Surrounding whitespace must not turn a path into a "name" that the contract lookup then
      // trims back into a path (it did, and the file outside was run).
      [
        'truss_run_contract',
        { contract: `${outside.path('evil.toml')} ` },
        /outside the directory this server serves/,
      ],
      [
        'truss_run_contract',
        { contract: `\n../${outside.dir.split('/').pop()}/evil.toml\t` },
        /outside the directory this server serves/,
      ],
      ['truss_run_contract', { contract: 'nope', workdir: 'a' }, /no contract named "nope".*greeting/],
      ['truss_run_contract', { contract: 'greeting', workdir: 'missing' }, /does not exist/],
      ['truss_run_contract', { contract: 'greeting', bogus: 1 }, /invalid arguments.*bogus|Unrecognized key/],
      ['truss_run_contract', {}, /invalid arguments for truss_run_contract: contract/],
      ['truss_verify_bundle', { path: '/etc/passwd' }, /outside the directory this server serves/],
      ['truss_verify_bundle', { path: 'linked.toml' }, /outside the directory this server serves/],
      ['truss_verify_bundle', { path: 'a', key: KEY.publicKeyHex }, /is not a regular file/],
      [
        'truss_verify_bundle',
        { path: 'a/.truss/contracts/greeting.toml', key: 'nothex' },
        /key must be a 64-character hex/,
      ],
      ['truss_contract_status', { session_id: '../../etc/passwd' }, /session_id must be a session id/],
      [
        'truss_contract_status',
        { session_id: 'd0e5d1b4-0000-4000-8000-000000000000' },
        /no session d0e5d1b4/,
      ],
      ['truss_ledger_export', { session_id: '../x' }, /session_id must be a session id/],
      ['truss_ledger_verdict', { session_id: 'd0e5d1b4-0000-4000-8000-000000000000' }, /d0e5d1b4/],
      ['truss_no_such_tool', {}, /unknown tool/],
    ];
    for (const [tool, args, message] of cases) {
      const answer = await call(tool, args);
      expect(answer.isError, `${tool} ${JSON.stringify(args)}: ${answer.text}`).toBe(true);
      expect(answer.text, `${tool} ${JSON.stringify(args)}`).toMatch(message);
    }
    // Nothing outside was touched, and the server is still serving.
    expect(readFileSync(outside.path('evil.toml'), 'utf8')).toBe(readFileSync(EXAMPLE, 'utf8'));
    expect((await client.listTools()).tools).toHaveLength(5);
    expect(stderr).not.toMatch(/unexpected error|TypeError|at .*\.ts:\d+/);
  }, 120_000);

  it('stops when the client closes the connection', async () => {
    const pid = transport.pid;
    expect(pid).toBeTypeOf('number');
    await client.close();
    await waitFor(() => {
      try {
        process.kill(pid as number, 0);
        return false;
      } catch {
        return true;
      }
    }, 20_000);
  }, 30_000);
});
