import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeCrypto, type LedgerEntry } from '../../src/core/ledger/index.js';
import type { CompletedOutcome, RunOutcome, SuspendedOutcome } from '../../src/core/run/index.js';
import {
  AGENT_KEY,
  type AgentRun,
  APPROVER_KEY,
  contractFrom,
  kindsOf,
  makeWorkdir,
  openRunStore,
  PositionalAgent,
  resumeAgent,
  runAgent,
} from '../helpers/agent-kit.js';
import { trussArgv } from '../helpers/built-dist.js';
import { APPROVED_CHECK, type Clause, contractToml, GREETING_CHECK } from '../helpers/contract-toml.js';
import { seededKey, trustedOf } from '../helpers/keys.js';

const FAKES = fileURLToPath(new URL('../fixtures/fake-agent-cli/', import.meta.url));
/** How this checkout starts `truss`: the relay the fake CLI launches is the real CLI (this run's build). */
const [TRUSS_NODE, ...TRUSS_PREFIX] = trussArgv();
const TRUSS = { command: TRUSS_NODE, args: TRUSS_PREFIX };

interface Call {
  tool: string;
  args?: Record<string, unknown>;
}

function script(calls: Call[]): string {
  return `--script=${Buffer.from(JSON.stringify(calls)).toString('base64')}`;
}

function journaledContract(
  vendor: 'claude' | 'codex',
  args: string[],
  tables: Record<string, Record<string, string | number | boolean | string[]>> = {},
  check: Clause = GREETING_CHECK,
) {
  return contractFrom(
    contractToml(
      { id: 'journaled', intent: 'Create greeting.txt containing exactly: hello from the harness' },
      check,
      {
        executor: {
          kind: 'delegated-cli',
          command: join(FAKES, vendor),
          args,
          timeout_sec: 120,
          tools: 'truss',
        },
        constraints: { allow_tools: ['read_file', 'write_file', 'list_dir', 'bash'], forbidden: ['rm -rf'] },
        ...tables,
      },
    ),
  );
}

/** The lines the fake printed (its stdout, as delegated_result captured it). */
function fakeOutput(run: AgentRun, result: LedgerEntry | undefined): string[] {
  const stdout = result?.payload.stdout as { sha256: string };
  return String(run.store.blob(stdout.sha256)?.bytes ?? '').split('\n');
}

describe('[executor] tools = "truss": a delegated CLI works through Truss\'s journaled tools', () => {
  let run: AgentRun;
  let workdir: string;
  beforeEach(() => {
    run = openRunStore();
    workdir = makeWorkdir({ git: true });
  });
  afterEach(() => run.close());

  const host = { toolServer: TRUSS, approvers: new Map([[APPROVER_KEY.publicKeyHex, 'approver']]) };
  /** A delegated run needs no model: the provider is never asked. */
  const start = (contract: ReturnType<typeof journaledContract>): Promise<RunOutcome> =>
    runAgent({
      store: run.store,
      contract,
      workdir,
      provider: new PositionalAgent([]),
      events: run.events,
      host,
    });

  it("signs every file write, command and refusal into the run's own session; the verdict comes from the harness", async () => {
    const contract = journaledContract('claude', [
      '-p',
      script([
        { tool: 'list_dir', args: { path: '.' } },
        { tool: 'write_file', args: { path: 'greeting.txt', content: 'hello from the harness\n' } },
        { tool: 'bash', args: { command: 'cat greeting.txt; echo exit-was-$?' } },
        { tool: 'write_file', args: { path: '../outside.txt', content: 'escaped\n' } },
        { tool: 'bash', args: { command: 'rm -rf build' } },
        { tool: 'git_status', args: {} },
        { tool: 'no_such_tool', args: {} },
      ]),
    ]);
    const outcome = (await start(contract)) as CompletedOutcome;
    expect(outcome.status).toBe('completed');
    expect(outcome.verdict.overall).toBe('pass');
    const entries = [...run.store.entries(outcome.sessionId)];
    expect(entries.map((e) => e.kind)).toEqual([
      'run_started',
      'delegated_started',
      ...Array(7).fill('delegated_tool_call'),
      'delegated_result',
      'checks_workspace',
      'check_result',
      'verdict',
      'run_completed',
    ]);
    const calls = entries.filter((e) => e.kind === 'delegated_tool_call').map((e) => e.payload);
    expect(calls.map((c) => [c.call, c.name, c.is_error, c.refused ?? false])).toEqual([
      [1, 'list_dir', false, false],
      [2, 'write_file', false, false],
      [3, 'bash', false, false],
      [4, 'write_file', true, true],
      [5, 'bash', true, true],
      [6, 'git_status', true, true],
      [7, 'no_such_tool', true, true],
    ]);
    expect(calls[1]?.input).toEqual({ path: 'greeting.txt', content: 'hello from the harness\n' });
    expect(String(calls[2]?.content)).toContain('hello from the harness');
    expect(String(calls[2]?.content)).toContain('exit-was-0');
    expect(String(calls[3]?.content)).toMatch(/outside|write_scope|scope/i);
    expect(String(calls[4]?.content)).toContain('rm -rf');
    expect(String(calls[5]?.content)).toContain('allow_tools');
    expect(String(calls[6]?.content)).toContain('unknown tool');
    expect(existsSync(join(workdir, '..', 'outside.txt'))).toBe(false);

    const started = entries.find((e) => e.kind === 'delegated_started');
    expect(started?.payload).toMatchObject({
      tools: 'truss',
      offered: ['read_file', 'write_file', 'list_dir', 'bash'],
    });
    const result = entries.find((e) => e.kind === 'delegated_result');
    expect(result?.payload).toMatchObject({
      exit_code: 0,
      changed_files: ['greeting.txt'],
      tools: { server: 'truss', vendor: 'claude', calls: 7, first_seq: 2 },
    });
    const lines = fakeOutput(run, result);
    // Claude Code's flags: only Truss's server, no built-in tools, Truss's tools pre-approved.
    const argv = JSON.parse(lines.find((l) => l.startsWith('ARGV '))?.slice(5) ?? '[]') as string[];
    expect(argv.slice(argv.indexOf('--strict-mcp-config'), argv.indexOf('-p') + 1)).toEqual([
      '--strict-mcp-config',
      '--tools',
      '',
      '--allowedTools',
      'mcp__truss__read_file,mcp__truss__write_file,mcp__truss__list_dir,mcp__truss__bash',
      '--disallowedTools',
      'Bash,Edit,MultiEdit,Write,NotebookEdit,Read,Glob,Grep,WebFetch,WebSearch,Task',
      '-p',
    ]);
    expect(argv[0]).toBe('--mcp-config');
    expect(lines).toContain('TOOLS ["read_file","write_file","list_dir","bash"]');
    // The tool server's directory is gone with the run.
    expect(existsSync(String(argv[1]))).toBe(false);

    // Every entry is signed by the session key, and the delegated tool calls add up.
    const report = run.store.verifySession(outcome.sessionId, {
      crypto: createNodeCrypto(),
      trusted: trustedOf(AGENT_KEY),
    });
    expect(report.status).toBe('verified');
  });

  it('wires codex with its -c overrides, no shell tool and a read-only sandbox', async () => {
    const contract = journaledContract('codex', [
      'exec',
      script([{ tool: 'write_file', args: { path: 'greeting.txt', content: 'hello from the harness\n' } }]),
    ]);
    const outcome = (await start(contract)) as CompletedOutcome;
    expect(outcome.verdict.overall).toBe('pass');
    const result = [...run.store.entries(outcome.sessionId)].find((e) => e.kind === 'delegated_result');
    expect(result?.payload.tools).toMatchObject({ vendor: 'codex', calls: 1 });
    const argv = JSON.parse(
      fakeOutput(run, result)
        .find((l) => l.startsWith('ARGV '))
        ?.slice(5) ?? '[]',
    ) as string[];
    expect(argv[0]).toBe('exec');
    expect(argv).toEqual(expect.arrayContaining(['features.shell_tool=false', '--sandbox', 'read-only']));
    expect(argv.some((a) => a.startsWith('mcp_servers.truss.command='))).toBe(true);
    expect(argv.some((a) => a.startsWith('mcp_servers.truss.args=["'))).toBe(true);
  });

  it('a host that cannot start the tool server ends the run with a signed run_failed saying so', async () => {
    const contract = journaledContract('claude', ['-p']);
    const failed = runAgent({ store: run.store, contract, workdir, provider: new PositionalAgent([]) });
    await expect(failed).rejects.toThrow(
      /tools = "truss" needs a host that can start `truss mcp serve --tools`/,
    );
    const [session] = run.store.sessions();
    expect(kindsOf(run.store, String(session?.id))).toEqual(['run_started', 'run_failed']);
  });

  it('a gated call suspends the run; after approval the CLI starts again and that exact call is released', async () => {
    const gated = journaledContract(
      'claude',
      [
        '-p',
        script([
          { tool: 'write_file', args: { path: 'greeting.txt', content: 'hello from the harness\n' } },
          { tool: 'bash', args: { command: 'echo approved > approved.txt' } },
        ]),
      ],
      { approval_gates: { enabled: true, high_risk_tools: ['bash'] } },
      APPROVED_CHECK,
    );
    const first = (await start(gated)) as SuspendedOutcome;
    expect(first.status).toBe('suspended');
    expect(first.suspension.await).toEqual({ approval: { gate: 'tool', tool: 'bash' } });
    expect(kindsOf(run.store, first.sessionId)).toEqual([
      'run_started',
      'delegated_started',
      'delegated_tool_call',
      'delegated_tool_call',
      'suspended',
    ]);
    const pending = [...run.store.entries(first.sessionId)][3];
    expect(pending?.payload).toMatchObject({
      name: 'bash',
      approval: 'pending',
      is_error: true,
      refused: true,
    });
    expect(existsSync(join(workdir, 'approved.txt'))).toBe(false);

    const resume = () =>
      resumeAgent({
        store: run.store,
        sessionId: first.sessionId,
        contract: gated.contract,
        workdir,
        provider: new PositionalAgent([]),
        host: { toolServer: TRUSS },
      });
    // Without an approval the resume stays suspended and appends nothing.
    const count = kindsOf(run.store, first.sessionId).length;
    expect((await resume()).status).toBe('suspended');
    expect(kindsOf(run.store, first.sessionId)).toHaveLength(count);

    run.store.appendHumanReview(first.sessionId, APPROVER_KEY, {
      decision: 'approved',
      note: 'bash may write approved.txt',
      actor: { login: 'reviewer', id: null },
      source: { review_id: null, commit_sha: null, url: null },
    });
    const done = (await resume()) as CompletedOutcome;
    expect(done.status).toBe('completed');
    expect(done.verdict.overall).toBe('pass');
    const entries = [...run.store.entries(first.sessionId)];
    expect(entries.map((e) => e.kind).slice(5, 10)).toEqual([
      'human_review',
      'signal_received',
      'delegated_tool_call',
      'delegated_tool_call',
      'delegated_result',
    ]);
    expect(entries[8]?.payload).toMatchObject({ name: 'bash', approval: 'released', is_error: false });
    expect(entries[9]?.payload.tools).toMatchObject({ calls: 2, first_seq: 7 });
    // The work diff covers both attempts: it is taken against the snapshot of delegated_started.
    expect(entries[9]?.payload.changed_files).toEqual(['approved.txt', 'greeting.txt']);
    const report = run.store.verifySession(first.sessionId, {
      crypto: createNodeCrypto(),
      trusted: trustedOf(AGENT_KEY),
    });
    expect(report.failure).toBeNull();
  });

  it('a gated call whose input the secret scan changes is refused, never shown to a reviewer redacted', async () => {
    // The reviewer would see `printf … '[REDACTED:private_key_block]' | … | sh`: not what runs (here
    // `touch pwned.txt`, base64 in the block's body), and every other body would share the approval.
    const block = ['-----BEGIN PRIVATE KEY-----', 'dG91Y2ggcHduZWQudHh0', '-----END PRIVATE KEY-----'];
    const hiding = `printf '%s' '${block.join('\n')}' | sed -n 2p | base64 -d | sh`;
    const gated = journaledContract(
      'claude',
      [
        '-p',
        script([
          { tool: 'write_file', args: { path: 'greeting.txt', content: 'hello from the harness\n' } },
          { tool: 'bash', args: { command: hiding } },
        ]),
      ],
      { approval_gates: { enabled: true, high_risk_tools: ['bash'] } },
    );
    const outcome = await start(gated);
    expect(outcome.status).toBe('completed');
    const calls = [...run.store.entries(outcome.sessionId)].filter((e) => e.kind === 'delegated_tool_call');
    expect(calls[1]?.payload).toMatchObject({ name: 'bash', is_error: true, refused: true });
    expect(calls[1]?.payload.approval).toBeUndefined();
    expect(String(calls[1]?.payload.content)).toMatch(/not run: it is behind an approval gate/);
    expect(existsSync(join(workdir, 'pwned.txt'))).toBe(false);
  });

  it('an ungated call whose input holds a secret of this run is refused, as the in-loop agent refuses it: the value reaches neither the work nor the ledger', async () => {
    // The CLI's model (the attacker) asks the tool server to write the run's signing seed and a
    // token of the run's environment into the work, where a check or the PR would carry them out.
    const { seedBase64 } = seededKey(0x61);
    const token = 'deploy-7f3a9c1e5b2d4f6a8c0e1d2b';
    const contract = journaledContract('claude', [
      '-p',
      script([
        { tool: 'write_file', args: { path: 'notes.txt', content: `token ${token}\n` } },
        { tool: 'bash', args: { command: `echo '${seedBase64}' > seed.txt` } },
        { tool: 'write_file', args: { path: 'greeting.txt', content: 'hello from the harness\n' } },
      ]),
    ]);
    const outcome = (await runAgent({
      store: run.store,
      contract,
      workdir,
      provider: new PositionalAgent([]),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DEPLOY_TOKEN: token },
      host: { ...host, secrets: [seedBase64] },
    })) as CompletedOutcome;
    expect(outcome.status).toBe('completed');
    expect(existsSync(join(workdir, 'notes.txt'))).toBe(false);
    expect(existsSync(join(workdir, 'seed.txt'))).toBe(false);
    const entries = [...run.store.entries(outcome.sessionId)];
    const calls = entries.filter((e) => e.kind === 'delegated_tool_call').map((e) => e.payload);
    expect(calls.map((c) => [c.name, c.is_error, c.refused ?? false])).toEqual([
      ['write_file', true, true],
      ['bash', true, true],
      ['write_file', false, false],
    ]);
    // The CLI's model reads why, and what to do, without the value (the fake prints each answer).
    const printed = fakeOutput(
      run,
      entries.find((e) => e.kind === 'delegated_result'),
    ).join('\n');
    expect(printed).toMatch(/write_file was not run: its input holds a secret this run holds/);
    expect(printed).toMatch(/bash was not run: its input holds a secret this run holds/);
    const journal = JSON.stringify(entries);
    for (const value of [token, seedBase64]) {
      expect(journal).not.toContain(value);
      expect(printed).not.toContain(value);
    }
    expect(outcome.verdict.overall).toBe('pass');
  });
});
