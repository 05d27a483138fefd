import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProvider } from '../../src/core/providers/index.js';
import type { CompletedOutcome, RunOutcome, SuspendedOutcome } from '../../src/core/run/index.js';
import {
  type AgentRun,
  APPROVER_KEY,
  contractFrom,
  kindsOf,
  makeWorkdir,
  openRunStore,
  resumeAgent,
  runAgent,
} from '../helpers/agent-kit.js';
import { contractToml } from '../helpers/contract-toml.js';
import { commitFiles } from '../helpers/git.js';
import { keyFromByte } from '../helpers/keys.js';
import { useNock } from '../helpers/nock-guard.js';
import { OPENAI_KEY } from '../providers/helpers.js';

useNock();

/**
 * The in-loop agent's tool calls run with exactly what the model sent; only what Truss writes down
 * (the journal, the recorded diff) passes the secret scan (docs/security.md "The secret scan"). The
 * model API is faked at the HTTP layer in the OpenAI chat-completions wire format.
 */

/** An Ed25519 PUBLIC key in base64: 32 bytes, the shape the scan takes for a signing seed. */
const PUBLIC_KEY = Buffer.from(keyFromByte(0x41).publicKeyHex, 'hex').toString('base64');
const FILE = `# the release key\n${PUBLIC_KEY}\n`;
/** The key is committed beside the work, so that neither the contract nor a check's command holds it. */
const CHECK = 'cmp release.pub expected.pub';

function contract(checkout: 'in-place' | 'clean-room', gate?: 'tool' | 'spend') {
  return contractFrom(
    contractToml(
      { id: 'pubkey-agent', intent: 'Write the release public key to release.pub' },
      { kind: 'check', desc: 'release.pub holds the key', run: CHECK, timeout_sec: 10 },
      {
        executor: { kind: 'in-loop' },
        constraints: { allow_tools: ['write_file', 'read_file'] },
        provider: { kind: 'openai-compatible', model: 'gpt-4.1-mini' },
        sandbox: { checkout },
        ...(gate === 'tool' ? { approval_gates: { enabled: true, high_risk_tools: ['write_file'] } } : {}),
        ...(gate === 'spend' ? { approval_gates: { enabled: true, spend_threshold_usd: 0.000001 } } : {}),
      },
    ),
  );
}

function answer(message: Record<string, unknown>, finish: string) {
  return {
    id: 'chatcmpl-tool-input',
    object: 'chat.completion',
    created: 1741569952,
    model: 'gpt-4.1-mini-2025-04-14',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function writeCall(id: string, path: string, content: string) {
  return answer(
    {
      content: null,
      tool_calls: [
        {
          id,
          type: 'function',
          function: { name: 'write_file', arguments: JSON.stringify({ path, content }) },
        },
      ],
    },
    'tool_calls',
  );
}

/** The chat-completions requests the run makes, in order, with their bodies kept for assertions. */
function modelApi(replies: unknown[]): { bodies: Array<{ messages: Array<Record<string, unknown>> }> } {
  const bodies: Array<{ messages: Array<Record<string, unknown>> }> = [];
  const scope = nock('https://api.openai.com');
  for (const reply of replies) {
    scope.post('/v1/chat/completions').reply(200, (_uri, body) => {
      bodies.push(body as { messages: Array<Record<string, unknown>> });
      return reply as Record<string, unknown>;
    });
  }
  return { bodies };
}

const ENV = { OPENAI_API_KEY: OPENAI_KEY, PATH: process.env.PATH, HOME: process.env.HOME };
const provider = () =>
  createProvider({ kind: 'openai-compatible', model: 'gpt-4.1-mini' }, { env: ENV, cwd: '/' });

function completed(outcome: RunOutcome): CompletedOutcome {
  expect(outcome.status).toBe('completed');
  return outcome as CompletedOutcome;
}

describe('tool inputs run as the model sent them', () => {
  let run: AgentRun;
  let workdir: string;
  beforeEach(() => {
    run = openRunStore();
    workdir = makeWorkdir({ git: true });
    commitFiles(workdir, { 'expected.pub': FILE }, 'the expected key');
  });
  afterEach(() => run.close());

  const journal = (sessionId: string) => JSON.stringify([...run.store.entries(sessionId)]);

  it('write_file writes a public key as sent and the in-place check judges that file; the journal keeps the seed-shaped line out', async () => {
    modelApi([writeCall('call_1', 'release.pub', FILE), answer({ content: 'written' }, 'stop')]);
    const outcome = completed(
      await runAgent({
        store: run.store,
        contract: contract('in-place'),
        workdir,
        provider: provider(),
        env: ENV,
      }),
    );
    expect(readFileSync(join(workdir, 'release.pub'), 'utf8')).toBe(FILE);
    expect(outcome.verdict.clauses[0]?.status).toBe('met');
    expect(outcome.verdict.overall).toBe('pass');
    // What Truss wrote down is still scanned: the seed-shaped line is not in the ledger.
    expect(journal(outcome.sessionId)).not.toContain(PUBLIC_KEY);
    expect(journal(outcome.sessionId)).toContain('[REDACTED:truss_seed]');
  });

  it('in the clean room, a diff the scan had to change is not rebuilt into altered work: UNVERIFIABLE, naming the file and what to do', async () => {
    modelApi([writeCall('call_1', 'release.pub', FILE), answer({ content: 'written' }, 'stop')]);
    const outcome = completed(
      await runAgent({
        store: run.store,
        contract: contract('clean-room'),
        workdir,
        provider: provider(),
        env: ENV,
      }),
    );
    expect(readFileSync(join(workdir, 'release.pub'), 'utf8')).toBe(FILE);
    expect(outcome.verdict.overall).toBe('unverifiable');
    const reason = outcome.verdict.clauses[0]?.reason ?? '';
    expect(reason).toContain('release.pub');
    expect(reason).toContain('truss_seed');
    expect(reason).toContain('checkout = "in-place"');
    expect(journal(outcome.sessionId)).not.toContain(PUBLIC_KEY);
  });

  it('a call whose input holds a secret of this run (the provider API key) is refused, never run: the key reaches neither the work nor the ledger', async () => {
    const api = modelApi([
      writeCall('call_1', 'notes.txt', `key ${OPENAI_KEY}\n`),
      writeCall('call_2', 'release.pub', FILE),
      answer({ content: 'done' }, 'stop'),
    ]);
    const outcome = completed(
      await runAgent({
        store: run.store,
        contract: contract('in-place'),
        workdir,
        provider: provider(),
        env: ENV,
      }),
    );
    expect(existsSync(join(workdir, 'notes.txt'))).toBe(false);
    expect(readFileSync(join(workdir, 'release.pub'), 'utf8')).toBe(FILE);
    expect(journal(outcome.sessionId)).not.toContain(OPENAI_KEY);
    const results = [...run.store.entries(outcome.sessionId)].filter(
      (e) => e.kind === 'tool_result' || e.kind === 'effect_tool_call',
    );
    expect(results[0]?.payload).toMatchObject({ call_id: 'call_1', refused: true, is_error: true });
    // The model is told why, and what to do, without the value.
    const toolMessage = api.bodies[1]?.messages.find((m) => m.role === 'tool');
    expect(String(toolMessage?.content)).toMatch(/not run: its input holds a secret this run holds/);
    expect(String(toolMessage?.content)).not.toContain(OPENAI_KEY);
    expect(outcome.verdict.overall).toBe('pass');
  });

  it('a secret of the run that reaches the work another way (assembled by a command) fails the run, and stays out of the recorded diff', async () => {
    const half = OPENAI_KEY.length >> 1;
    const command = `printf '%s%s\\n' '${OPENAI_KEY.slice(0, half)}' '${OPENAI_KEY.slice(half)}' > leak.txt`;
    modelApi([
      answer(
        {
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'bash', arguments: JSON.stringify({ command }) },
            },
          ],
        },
        'tool_calls',
      ),
      writeCall('call_2', 'release.pub', FILE),
      answer({ content: 'done' }, 'stop'),
    ]);
    const bash = contractFrom(
      contractToml(
        { id: 'leak-agent', intent: 'Write the release public key to release.pub' },
        { kind: 'check', desc: 'release.pub holds the key', run: CHECK, timeout_sec: 10 },
        {
          executor: { kind: 'in-loop' },
          constraints: { allow_tools: ['write_file', 'bash'] },
          provider: { kind: 'openai-compatible', model: 'gpt-4.1-mini' },
          sandbox: { checkout: 'in-place' },
        },
      ),
    );
    const outcome = completed(
      await runAgent({ store: run.store, contract: bash, workdir, provider: provider(), env: ENV }),
    );
    expect(readFileSync(join(workdir, 'leak.txt'), 'utf8')).toBe(`${OPENAI_KEY}\n`);
    expect(outcome.verdict.overall).toBe('fail');
    expect(outcome.executor?.failure).toMatch(
      /the work holds the value of the environment variable OPENAI_API_KEY, .* in leak\.txt/,
    );
    expect(journal(outcome.sessionId)).not.toContain(OPENAI_KEY);
    const result = [...run.store.entries(outcome.sessionId)].find((e) => e.kind === 'executor_result');
    const diff = run.store.blob(String(result?.payload.diff_sha256))?.bytes?.toString('utf8') ?? '';
    expect(diff).toContain('leak.txt');
    expect(diff).not.toContain(OPENAI_KEY);
  });

  const approve = (sessionId: string) =>
    run.store.appendHumanReview(sessionId, APPROVER_KEY, {
      decision: 'approved',
      note: 'ok',
      actor: { login: 'reviewer', id: null },
      source: { review_id: null, commit_sha: null, url: null },
    });

  it('a resumed run never writes the redacted text of a call it had not run yet: the call is refused and the model sends it again', async () => {
    // The spend gate suspends the run after the model_result (whose journaled input is redacted) is
    // recorded and before write_file runs: the resume has only the journaled input.
    modelApi([writeCall('call_1', 'release.pub', FILE)]);
    const first = await runAgent({
      store: run.store,
      contract: contract('in-place', 'spend'),
      workdir,
      provider: provider(),
      env: ENV,
    });
    expect(first.status).toBe('suspended');
    const sessionId = (first as SuspendedOutcome).sessionId;
    approve(sessionId);
    const api = modelApi([writeCall('call_2', 'release.pub', FILE), answer({ content: 'written' }, 'stop')]);
    const done = completed(
      await resumeAgent({
        store: run.store,
        sessionId,
        contract: contract('in-place', 'spend').contract,
        workdir,
        provider: provider(),
        env: ENV,
      }),
    );
    const toolMessage = api.bodies[0]?.messages.find((m) => m.role === 'tool');
    expect(String(toolMessage?.content)).toMatch(/resumed.*send the call again/);
    const calls = [...run.store.entries(sessionId)].filter((e) => e.kind === 'tool_result');
    expect(calls.map((e) => [e.payload.call_id, e.payload.is_error])).toEqual([
      ['call_1', true],
      ['call_2', false],
    ]);
    expect(readFileSync(join(workdir, 'release.pub'), 'utf8')).toBe(FILE);
    expect(done.verdict.overall).toBe('pass');
    expect(journal(sessionId)).not.toContain(PUBLIC_KEY);
  });

  it('a resume replays a call that had run with a redacted journaled input: it is not run again, and the work is not rewritten', async () => {
    // write_file runs (its journaled input is redacted), then a gated bash call suspends the run.
    const gatedBash = contractFrom(
      contractToml(
        { id: 'pubkey-then-bash', intent: 'Write the release public key to release.pub' },
        { kind: 'check', desc: 'release.pub holds the key', run: CHECK, timeout_sec: 10 },
        {
          executor: { kind: 'in-loop' },
          constraints: { allow_tools: ['write_file', 'bash'] },
          provider: { kind: 'openai-compatible', model: 'gpt-4.1-mini' },
          sandbox: { checkout: 'in-place' },
          approval_gates: { enabled: true, high_risk_tools: ['bash'] },
        },
      ),
    );
    const bashCall = answer(
      {
        content: null,
        tool_calls: [
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'bash', arguments: JSON.stringify({ command: 'true' }) },
          },
        ],
      },
      'tool_calls',
    );
    modelApi([writeCall('call_1', 'release.pub', FILE), bashCall]);
    const first = await runAgent({
      store: run.store,
      contract: gatedBash,
      workdir,
      provider: provider(),
      env: ENV,
    });
    expect(first.status).toBe('suspended');
    const sessionId = (first as SuspendedOutcome).sessionId;
    expect(readFileSync(join(workdir, 'release.pub'), 'utf8')).toBe(FILE);
    // Had the resume run write_file again, on the journaled input or any other, this would change.
    writeFileSync(join(workdir, 'release.pub'), FILE.replace('release', 'kept'));
    approve(sessionId);
    modelApi([answer({ content: 'done' }, 'stop')]);
    const done = completed(
      await resumeAgent({
        store: run.store,
        sessionId,
        contract: gatedBash.contract,
        workdir,
        provider: provider(),
        env: ENV,
      }),
    );
    expect(readFileSync(join(workdir, 'release.pub'), 'utf8')).toBe(FILE.replace('release', 'kept'));
    const writes = [...run.store.entries(sessionId)].filter(
      (e) => (e.payload as { call_id?: string }).call_id === 'call_1',
    );
    expect(writes).toHaveLength(1);
    expect(JSON.stringify(writes[0]?.payload)).not.toContain(PUBLIC_KEY);
    expect(done.status).toBe('completed');
  });

  it('a gated call whose input the scan changed is refused before the gate: an approver would approve text that is not what runs', async () => {
    const api = modelApi([writeCall('call_1', 'release.pub', FILE), answer({ content: 'cannot' }, 'stop')]);
    const outcome = completed(
      await runAgent({
        store: run.store,
        contract: contract('in-place', 'tool'),
        workdir,
        provider: provider(),
        env: ENV,
      }),
    );
    expect(existsSync(join(workdir, 'release.pub'))).toBe(false);
    expect(kindsOf(run.store, outcome.sessionId)).not.toContain('suspended');
    const toolMessage = api.bodies[1]?.messages.find((m) => m.role === 'tool');
    expect(String(toolMessage?.content)).toMatch(/approval gate/);
    expect(outcome.verdict.overall).toBe('fail');
  });
});
