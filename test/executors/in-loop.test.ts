import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeCrypto } from '../../src/core/ledger/index.js';
import type { ChatRequest, ChatResult, Provider } from '../../src/core/providers/provider.js';
import { type CompletedOutcome, RunAbortedError } from '../../src/core/run/index.js';
import { MemoTamperError, NonDeterminismError, ResumeRefusedError } from '../../src/core/runtime/durable.js';
import {
  type AgentRun,
  commitCount,
  contractFrom,
  kindsOf,
  makeWorkdir,
  openRunStore,
  PositionalAgent,
  resumeAgent,
  runAgent,
  say,
  scripted,
  text,
  toolUse,
  use,
  waitFor,
} from '../helpers/agent-kit.js';

const GREETING_CHECK = `
[[done]]
kind = "check"
desc = "greeting.txt has the exact line"
run = "printf 'hello from the harness\\\\n' | cmp - greeting.txt"
timeout_sec = 10
`;

function inLoop(extra = ''): ReturnType<typeof contractFrom> {
  return contractFrom(`
[contract]
id = "agent-test"
intent = "Create greeting.txt containing exactly: hello from the harness"
${GREETING_CHECK}
[executor]
kind = "in-loop"

[constraints]
allow_tools = ["read_file", "write_file", "list_dir", "bash", "git_commit", "await_signal"]
${extra}
`);
}

const WRITE_GREETING = use('write_file', { path: 'greeting.txt', content: 'hello from the harness\n' });

function completed(outcome: unknown): CompletedOutcome {
  expect((outcome as CompletedOutcome).status).toBe('completed');
  return outcome as CompletedOutcome;
}

describe('in-loop executor', () => {
  let run: AgentRun;
  let workdir: string;
  beforeEach(() => {
    run = openRunStore();
    workdir = makeWorkdir();
  });
  afterEach(() => run.close());

  /** Resumes `sessionId` in this test's store and workdir (contract: `contract`, default inLoop()). */
  const resume = (
    sessionId: string,
    provider: Provider,
    contract = inLoop(),
  ): ReturnType<typeof resumeAgent> =>
    resumeAgent({ store: run.store, sessionId, contract: contract.contract, workdir, provider });

  /** Starts a run whose model hangs at `answers` position 2 (the run is abandoned there); its session id. */
  async function abandonedRun(answers: ConstructorParameters<typeof PositionalAgent>[0]): Promise<string> {
    const first = new PositionalAgent(answers, { hangAt: 2 });
    void runAgent({ store: run.store, contract: inLoop(), workdir, provider: first });
    await waitFor(() => first.requests.includes(2));
    return run.store.sessions()[0]?.id as string;
  }

  it('runs a multi-step tool-use loop with a scripted model; the harness check passes; every step is signed', async () => {
    const provider = scripted([
      use('list_dir', { path: '.' }, 'Looking first.'),
      WRITE_GREETING,
      use('read_file', { path: 'greeting.txt' }),
      say('Done: greeting.txt holds the line.'),
    ]);
    const outcome = completed(
      await runAgent({ store: run.store, contract: inLoop(), workdir, provider, events: run.events }),
    );
    expect(outcome.verdict.overall).toBe('pass');
    expect(outcome.executor).toMatchObject({
      kind: 'in-loop',
      steps: 4,
      failure: null,
      changedFiles: ['greeting.txt'],
      finalText: 'Done: greeting.txt holds the line.',
    });
    expect(readFileSync(join(workdir, 'greeting.txt'), 'utf8')).toBe('hello from the harness\n');
    expect(kindsOf(run.store, outcome.sessionId)).toEqual([
      'run_started',
      'executor_started',
      'context_layers',
      'model_result',
      'tool_result',
      'context_layers',
      'model_result',
      'tool_result',
      'context_layers',
      'model_result',
      'tool_result',
      'context_layers',
      'model_result',
      'executor_result',
      'checks_workspace',
      'check_result',
      'verdict',
      'run_completed',
    ]);
    const entries = [...run.store.entries(outcome.sessionId)];
    const model = entries.find((e) => e.kind === 'model_result');
    expect(model?.payload).toMatchObject({
      provider: 'scripted',
      model: 'scripted:test-agent.json',
      stop_reason: 'tool_use',
    });
    expect(model?.payload.request_digest).toMatch(/^[0-9a-f]{64}$/);
    const read = entries.filter((e) => e.kind === 'tool_result')[2];
    expect(read?.payload).toMatchObject({ name: 'read_file', is_error: false });
    expect(String(read?.payload.content)).toContain('hello from the harness');
    const result = entries.find((e) => e.kind === 'executor_result');
    expect(result?.payload).toMatchObject({ status: 'completed', changed_files: ['greeting.txt'] });
    const report = run.store.verifySession(outcome.sessionId, {
      crypto: createNodeCrypto(),
      trusted: new Map(),
    });
    expect(report.failure).toBeNull();
    expect(report.terminal_kind).toBe('run_completed');
    expect(run.events.filter((e) => e.type === 'agent_step')).toHaveLength(4);
  });

  it('only read-only tools and the per-step context_layers commit without an fsync of their own; model results, writes, bash and the verdict are durable', async () => {
    const appended: string[] = [];
    const append = run.store.append.bind(run.store);
    run.store.append = (sessionId, kind, payload, signer, options = {}) => {
      appended.push(
        `${kind}${payload.name ? `:${String(payload.name)}` : ''}${options.deferSync ? ' (deferred)' : ''}`,
      );
      return append(sessionId, kind, payload, signer, options);
    };
    const provider = scripted([
      use('list_dir', { path: '.' }),
      WRITE_GREETING,
      use('read_file', { path: 'greeting.txt' }),
      use('bash', { command: 'cat greeting.txt' }),
      say('Done.'),
    ]);
    const outcome = completed(
      await runAgent({ store: run.store, contract: inLoop(), workdir, provider, events: run.events }),
    );
    expect(outcome.verdict.overall).toBe('pass');
    expect(appended).toEqual([
      'run_started',
      'executor_started',
      'context_layers (deferred)',
      'model_result',
      'tool_result:list_dir (deferred)',
      'context_layers (deferred)',
      'model_result',
      'tool_result:write_file',
      'context_layers (deferred)',
      'model_result',
      'tool_result:read_file (deferred)',
      'context_layers (deferred)',
      'model_result',
      'tool_result:bash',
      'context_layers (deferred)',
      'model_result',
      'executor_result',
      'checks_workspace',
      'check_result',
      'verdict',
      'run_completed',
    ]);
    expect(run.store.synchronous()).toBe('FULL');
  });

  it('a goal re-pin commits without an fsync of its own too: the model_result after it is durable', async () => {
    const appended: string[] = [];
    const append = run.store.append.bind(run.store);
    run.store.append = (sessionId, kind, payload, signer, options = {}) => {
      appended.push(`${kind}${options.deferSync ? ' (deferred)' : ''}`);
      return append(sessionId, kind, payload, signer, options);
    };
    const provider = scripted([
      use('list_dir', { path: '.' }),
      WRITE_GREETING,
      use('read_file', { path: 'greeting.txt' }),
      say('Done.'),
    ]);
    const contract = inLoop('\n[memory]\ngoal_repin_every = 2\n');
    const outcome = completed(
      await runAgent({ store: run.store, contract, workdir, provider, events: run.events }),
    );
    expect(outcome.verdict.overall).toBe('pass');
    const repin = appended.indexOf('goal_repinned (deferred)');
    expect(repin).toBeGreaterThan(0);
    expect(appended.slice(repin, repin + 3)).toEqual([
      'goal_repinned (deferred)',
      'context_layers (deferred)',
      'model_result',
    ]);
    expect(run.store.synchronous()).toBe('FULL');
  });

  it('a tool outside allow_tools gets an error tool_result and never runs; so does a malformed call', async () => {
    const contract = inLoop().contract;
    contract.constraints.allow_tools = ['read_file', 'write_file'];
    const provider = scripted([
      use('bash', { command: 'touch pwned.txt' }),
      use('no_such_tool', {}),
      WRITE_GREETING,
      say('ok'),
    ]);
    const outcome = completed(
      await runAgent({ store: run.store, contract: { contract, hash: 'h' }, workdir, provider }),
    );
    expect(existsSync(join(workdir, 'pwned.txt'))).toBe(false);
    const refused = [...run.store.entries(outcome.sessionId)].filter(
      (e) => e.kind === 'tool_result' && e.payload.refused === true,
    );
    expect(refused.map((e) => e.payload.name)).toEqual(['bash', 'no_such_tool']);
    expect(String(refused[0]?.payload.content)).toMatch(/not in the contract's allow_tools/);
    expect(String(refused[1]?.payload.content)).toMatch(/unknown tool/);
    expect(outcome.verdict.overall).toBe('pass');
  });

  it('budget exhaustion mid-run fails closed: verdict FAIL with the reason, verdict and run_completed signed', async () => {
    const contract = inLoop(`
[budget]
max_total_tokens = 1000
`);
    const provider = scripted([
      { ...use('list_dir', { path: '.' }), usage: { input_tokens: 600, output_tokens: 10 } },
      { ...WRITE_GREETING, usage: { input_tokens: 700, output_tokens: 10 } },
      say('never reached'),
    ]);
    const outcome = completed(await runAgent({ store: run.store, contract, workdir, provider }));
    expect(outcome.verdict.overall).toBe('fail');
    expect(outcome.verdict.forced.join(' ')).toMatch(/budget exhausted: used 1320 of max_total_tokens 1000/);
    expect(outcome.executor?.budgetExhausted).toMatch(/budget exhausted/);
    // The second answer was journaled (and paid for) but not acted on.
    expect(existsSync(join(workdir, 'greeting.txt'))).toBe(false);
    const kinds = kindsOf(run.store, outcome.sessionId);
    expect(kinds.filter((k) => k === 'model_result')).toHaveLength(2);
    expect(kinds.slice(-3)).toEqual(['check_result', 'verdict', 'run_completed']);
  });

  it('max_steps without a final answer is an executor failure (verdict FAIL)', async () => {
    const contract = inLoop(`
[budget]
max_steps = 2
`);
    const provider = scripted([WRITE_GREETING, use('read_file', { path: 'greeting.txt' }), say('late')]);
    const outcome = completed(await runAgent({ store: run.store, contract, workdir, provider }));
    // The check itself passes: the failure is forced by the executor, never laundered into PASS.
    expect(outcome.verdict.clauses[0]?.status).toBe('met');
    expect(outcome.verdict.overall).toBe('fail');
    expect(outcome.verdict.forced).toEqual([
      'executor failed: max_steps reached: 2 model calls without a final answer',
    ]);
    expect(provider.remaining).toBe(1);
  });

  it('a provider failure is an executor failure, not a crash', async () => {
    const provider = scripted([WRITE_GREETING]);
    const outcome = completed(await runAgent({ store: run.store, contract: inLoop(), workdir, provider }));
    expect(outcome.verdict.overall).toBe('fail');
    expect(outcome.verdict.forced[0]).toMatch(/model call failed: .*exhausted/);
  });

  it('cancellation (ctx.signal) ends the run with a signed run_failed "cancelled"', async () => {
    const abort = new AbortController();
    const base = scripted([WRITE_GREETING, use('read_file', { path: 'greeting.txt' }), say('done')]);
    let calls = 0;
    const provider: Provider = {
      kind: base.kind,
      model: base.model,
      complete: (request, ctx) => base.complete(request, ctx),
      chat: async (request: ChatRequest, ctx): Promise<ChatResult> => {
        const result = await base.chat(request, ctx);
        if (++calls === 2) abort.abort();
        return result;
      },
    };
    const error = await runAgent({
      store: run.store,
      contract: inLoop(),
      workdir,
      provider,
      signal: abort.signal,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunAbortedError);
    const sessionId = (error as RunAbortedError).sessionId;
    const entries = [...run.store.entries(sessionId)];
    expect(entries.at(-1)).toMatchObject({ kind: 'run_failed', payload: { error: 'cancelled' } });
    expect(entries.some((e) => e.kind === 'verdict')).toBe(false);
    expect(
      run.store.verifySession(sessionId, { crypto: createNodeCrypto(), trusted: new Map() }).terminal_kind,
    ).toBe('run_failed');
    // A failed session is not resumable.
    await expect(resume(sessionId, base)).rejects.toThrow(/ended with run_failed/);
  });

  it('resume after an abandoned run replays recorded model and tool calls and never re-sends them', async () => {
    const answers = [
      {
        content: [
          text('writing'),
          toolUse('c1', 'write_file', { path: 'greeting.txt', content: 'hello from the harness\n' }),
        ],
      },
      { content: [toolUse('c2', 'read_file', { path: 'greeting.txt' })] },
      { content: [text('all done')] },
    ];
    const sessionId = await abandonedRun(answers);
    expect(kindsOf(run.store, sessionId).filter((k) => k === 'model_result')).toHaveLength(2);

    const second = new PositionalAgent(answers);
    const outcome = completed(await resume(sessionId, second));
    expect(outcome.verdict.overall).toBe('pass');
    expect(second.requests).toEqual([2]);
    expect(outcome.replayed).toBeGreaterThanOrEqual(6);
    expect(kindsOf(run.store, sessionId).filter((k) => k === 'model_result')).toHaveLength(3);

    // Resuming a completed session replays to the same verdict and appends nothing.
    const count = kindsOf(run.store, sessionId).length;
    const third = new PositionalAgent(answers);
    const again = completed(await resume(sessionId, third));
    expect(again.verdict).toEqual(outcome.verdict);
    expect(third.requests).toEqual([]);
    expect(kindsOf(run.store, sessionId)).toHaveLength(count);
  });

  it('git_commit is memoised with its signed provenance: a resume never commits twice; a tampered memo is refused', async () => {
    workdir = makeWorkdir({ git: true });
    const before = commitCount(workdir);
    const answers = [
      {
        content: [toolUse('c1', 'write_file', { path: 'greeting.txt', content: 'hello from the harness\n' })],
      },
      { content: [toolUse('c2', 'git_commit', { message: 'add greeting', paths: ['greeting.txt'] })] },
      { content: [text('committed')] },
    ];
    const sessionId = await abandonedRun(answers);
    expect(commitCount(workdir)).toBe(before + 1);
    const provenance = [...run.store.entries(sessionId)].find((e) => e.kind === 'git_tool_call');
    expect(provenance?.payload).toMatchObject({ name: 'git_commit', result: { is_error: false } });
    const memoKey = String(provenance?.payload.memo_key);
    expect(run.store.memo(sessionId, memoKey)?.seq).toBe(provenance?.seq);

    // Tamper with the memo through a second connection: resume refuses and appends nothing.
    const Database = (await import('better-sqlite3')).default;
    const raw = new Database(run.dbPath);
    const original = raw.prepare('SELECT result FROM tool_memo WHERE memo_key = ?').get(memoKey) as {
      result: string;
    };
    raw
      .prepare('UPDATE tool_memo SET result = ? WHERE memo_key = ?')
      .run('{"content":"forged","is_error":false}', memoKey);
    const count = kindsOf(run.store, sessionId).length;
    const refused = await resumeAgent({
      store: run.store,
      sessionId,
      contract: inLoop().contract,
      workdir,
      provider: new PositionalAgent(answers),
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MemoTamperError);
    expect(kindsOf(run.store, sessionId)).toHaveLength(count);

    raw.prepare('UPDATE tool_memo SET result = ? WHERE memo_key = ?').run(original.result, memoKey);
    raw.close();
    const second = new PositionalAgent(answers);
    const outcome = completed(await resume(sessionId, second));
    expect(outcome.verdict.overall).toBe('pass');
    expect(commitCount(workdir)).toBe(before + 1);
    expect(second.requests).toEqual([2]);
  });

  it('a fixture that now asks for a different tool is caught as non-determinism at the recorded seq', async () => {
    const contract = inLoop(`
[approval_gates]
enabled = true
high_risk_tools = ["bash"]
`);
    const recorded = await runAgent({
      store: run.store,
      contract,
      workdir,
      provider: scripted([WRITE_GREETING, use('bash', { command: 'true' }), say('done')]),
    });
    expect(recorded.status).toBe('suspended');
    const modelSeqs = [...run.store.entries(recorded.sessionId)]
      .filter((e) => e.kind === 'model_result')
      .map((e) => e.seq);
    const changed = scripted([
      use('read_file', { path: 'greeting.txt' }),
      use('bash', { command: 'true' }),
      say('done'),
    ]);
    const error = await resume(recorded.sessionId, changed, contract).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NonDeterminismError);
    expect((error as NonDeterminismError).seq).toBe(modelSeqs[0]);
    expect((error as Error).message).toContain(`seq ${modelSeqs[0]}`);
    expect((error as Error).message).toMatch(/tool_use read_file.*tool_use write_file/);
  });

  it('resume refuses a changed contract and a chain that does not verify, before anything runs', async () => {
    const contract = inLoop(`
[approval_gates]
enabled = true
high_risk_tools = ["write_file"]
`);
    const provider = scripted([WRITE_GREETING, say('done')]);
    const recorded = await runAgent({ store: run.store, contract, workdir, provider });
    expect(recorded.status).toBe('suspended');
    const other = inLoop('[budget]\nmax_steps = 3');
    const fresh = new PositionalAgent([]);
    await expect(
      resumeAgent({
        store: run.store,
        sessionId: recorded.sessionId,
        contract: contract.contract,
        workdir,
        provider: fresh,
        expectedContractHash: other.hash,
      }),
    ).rejects.toThrow(/the contract resolves to .* but the session recorded/);

    const Database = (await import('better-sqlite3')).default;
    const raw = new Database(run.dbPath);
    const row = raw
      .prepare('SELECT payload FROM journal WHERE session_id = ? AND seq = 3')
      .get(recorded.sessionId) as {
      payload: string;
    };
    raw
      .prepare('UPDATE journal SET payload = ? WHERE session_id = ? AND seq = 3')
      .run(row.payload.replace('greeting.txt', 'evil.txt'), recorded.sessionId);
    raw.close();
    const count = kindsOf(run.store, recorded.sessionId).length;
    const error = await resume(recorded.sessionId, fresh, contract).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResumeRefusedError);
    expect((error as Error).message).toMatch(/chain does not verify at seq 3/);
    expect(fresh.requests).toEqual([]);
    expect(kindsOf(run.store, recorded.sessionId)).toHaveLength(count);
  });

  it('await_signal suspends the run durably; a queued signal resumes it with its payload', async () => {
    const provider = () =>
      scripted([
        use('await_signal', { name: 'go', reason: 'waiting for a human' }),
        WRITE_GREETING,
        say('done'),
      ]);
    const first = await runAgent({ store: run.store, contract: inLoop(), workdir, provider: provider() });
    expect(first.status).toBe('suspended');
    if (first.status !== 'suspended') return;
    expect(first.suspension).toMatchObject({ await: { signal: 'go' }, reason: 'waiting for a human' });

    run.store.queueSignal(first.sessionId, 'go', { ok: true });
    const outcome = completed(await resume(first.sessionId, provider()));
    expect(outcome.verdict.overall).toBe('pass');
    const entries = [...run.store.entries(first.sessionId)];
    expect(entries.find((e) => e.kind === 'signal_received')?.payload).toMatchObject({
      name: 'go',
      payload: { ok: true },
    });
    const result = entries.find((e) => e.kind === 'tool_result' && e.payload.name === 'await_signal');
    expect(result?.payload.content).toBe('{"ok":true}');
  });
});
