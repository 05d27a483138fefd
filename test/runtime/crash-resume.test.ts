import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeCrypto, LedgerStore } from '../../src/core/ledger/index.js';
import { AGENT_KEY, commitCount, makeWorkdir } from '../helpers/agent-kit.js';
import { trussArgv } from '../helpers/built-dist.js';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import { contractToml, GREETING_CHECK } from '../helpers/contract-toml.js';
import { trustedOf, writeKeyFile } from '../helpers/keys.js';
import { prng } from '../helpers/ledger-env.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * Crash and resume with REAL processes: `truss run` on an in-loop contract whose model is served
 * over HTTP (OpenAI-compatible chat) by a local server that answers by position and COUNTS every
 * request; the process is SIGKILLed at random points of its run, then `truss resume` (itself
 * sometimes killed) until the run completes. After every trial: the chain verifies, the verdict
 * equals an uninterrupted run's, no journaled model call was ever re-sent, and git_commit ran once.
 */

const TRIALS = Number(process.env.TRUSS_CRASH_TRIALS ?? 10);
const SEED = Number(process.env.TRUSS_CRASH_SEED ?? Date.now() % 1_000_000);

/** The agent's answers by position (the number of assistant turns in the request). */
const SCRIPT: Array<{ tool?: { name: string; input: Record<string, unknown> }; text?: string }> = [
  { tool: { name: 'write_file', input: { path: 'greeting.txt', content: 'hello from the harness\n' } } },
  { tool: { name: 'git_commit', input: { message: 'add greeting', paths: ['greeting.txt'] } } },
  { tool: { name: 'read_file', input: { path: 'greeting.txt' } } },
  { text: 'greeting.txt is written and committed.' },
];

class CountingModel {
  server: Server;
  /** Requests received per position, over the server's lifetime (reset per trial). */
  requests: number[] = [];
  constructor(private readonly delayMs: number) {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const parsed = JSON.parse(body) as { messages: Array<{ role: string }> };
        const position = parsed.messages.filter((m) => m.role === 'assistant').length;
        this.requests[position] = (this.requests[position] ?? 0) + 1;
        const step = SCRIPT[position];
        const message = step?.tool
          ? {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: `call_${position}`,
                  type: 'function',
                  function: { name: step.tool.name, arguments: JSON.stringify(step.tool.input) },
                },
              ],
            }
          : { role: 'assistant', content: step?.text ?? 'nothing left' };
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              id: `chatcmpl-${position}`,
              object: 'chat.completion',
              model: 'counting-model',
              choices: [{ index: 0, message, finish_reason: step?.tool ? 'tool_calls' : 'stop' }],
              usage: { prompt_tokens: 100 + position, completion_tokens: 10 },
            }),
          );
        }, this.delayMs);
      });
    });
  }
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }
  total(): number {
    return this.requests.reduce((sum, n) => sum + (n ?? 0), 0);
  }
}

interface Proc {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exited: Promise<number | null>;
  /** Resolves when the run reaches its executor (startup is over). */
  working: Promise<void>;
}

function start(args: string[], env: Record<string, string>): Proc {
  const child = spawn(trussArgv()[0], [...trussArgv().slice(1), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = { child, stdout: '', stderr: '' } as Proc;
  let markWorking: () => void = () => {};
  proc.working = new Promise((resolve) => {
    markWorking = resolve;
  });
  child.stdout?.on('data', (chunk) => {
    proc.stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    proc.stderr += chunk;
    if (proc.stderr.includes('executor in-loop')) markWorking();
  });
  proc.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  void proc.exited.then(() => markWorking());
  return proc;
}

function sessionState(dbPath: string): { id: string | null; modelResults: number; entries: number } {
  let store: LedgerStore;
  try {
    store = LedgerStore.open(dbPath, { readonly: true });
  } catch {
    return { id: null, modelResults: 0, entries: 0 };
  }
  try {
    const session = store.sessions().find((s) => s.entries > 0);
    if (!session) return { id: null, modelResults: 0, entries: 0 };
    const kinds = [...store.entries(session.id)].map((e) => e.kind);
    return {
      id: session.id,
      modelResults: kinds.filter((k) => k === 'model_result').length,
      entries: kinds.length,
    };
  } finally {
    store.close();
  }
}

/** `truss ledger verify`'s status for the session, from the command itself or from the same call in this process. */
function verifiedStatus(dbPath: string, sessionId: string, throughCli: boolean): string {
  if (throughCli) {
    const verify = runCli([
      'ledger',
      'verify',
      sessionId,
      '--db',
      dbPath,
      '--key',
      AGENT_KEY.publicKeyHex,
      '--json',
    ]);
    return JSON.parse(verify.stdout).status;
  }
  const store = LedgerStore.open(dbPath, { readonly: true, untrusted: true });
  try {
    return store.verifySession(sessionId, { crypto: createNodeCrypto(), trusted: trustedOf(AGENT_KEY) })
      .status;
  } finally {
    store.close();
  }
}

describe('crash and resume with real processes (SIGKILL at random points)', () => {
  const model = new CountingModel(25);
  let port: number;
  let contractPath: string;
  let keyFile: string;
  let home: string;
  beforeAll(async () => {
    port = await model.listen();
    const temp = tempDir('crash');
    home = temp.dir;
    keyFile = writeKeyFile(temp.path('session.key'), 0x61);
    contractPath = temp.write(
      'agent.toml',
      contractToml(
        { id: 'crash-agent', intent: 'Create greeting.txt with the greeting and commit it' },
        [
          { ...GREETING_CHECK, timeout_sec: 20 },
          {
            kind: 'check',
            desc: 'exactly one commit on top of the base',
            run: 'test "$(git rev-list --count HEAD)" = 2',
            timeout_sec: 20,
          },
        ],
        {
          executor: { kind: 'in-loop' },
          constraints: { allow_tools: ['read_file', 'write_file', 'git_commit'] },
          provider: {
            kind: 'openai-compatible',
            model: 'counting-model',
            base_url: `http://127.0.0.1:${port}/v1`,
          },
        },
      ),
    );
  });
  afterAll(() => model.server.close());

  it(`the verdict, the chain and every side effect survive kills (seed ${SEED}, ${TRIALS} trials)`, async () => {
    const random = prng(SEED);
    const env = { HOME: home };

    // The uninterrupted reference run.
    model.requests = [];
    const refDir = makeWorkdir({ git: true });
    const refDb = tempDir('crash-db').path('ledger.db');
    const refStarted = Date.now();
    const ref = start(
      ['run', contractPath, '--workdir', refDir, '--db', refDb, '--key', keyFile, '--json'],
      env,
    );
    await ref.working;
    const workingAt = Date.now();
    expect(await ref.exited, ref.stderr).toBe(0);
    // How long the work takes, where kills are aimed; shortened when a fresh run later proves quicker
    // (a reference run slowed by a busy machine would otherwise aim most kills past the end).
    let activeMs = Date.now() - workingAt;
    const reference = JSON.parse(ref.stdout);
    expect(reference.verdict).toBe('pass');
    expect(model.requests).toEqual([1, 1, 1, 1]);
    expect(commitCount(refDir)).toBe(2);
    expect(Date.now() - refStarted).toBeGreaterThan(0);

    let kills = 0;
    let inflightResends = 0;
    /** How many journal entries existed when each kill landed: where in the run it hit. */
    const killPoints = new Set<number>();
    for (let trial = 0; trial < TRIALS; trial++) {
      const context = `seed ${SEED} trial ${trial}`;
      model.requests = [];
      const workdir = makeWorkdir({ git: true });
      const db = tempDir('crash-db').path('ledger.db');
      const base = ['--workdir', workdir, '--db', db, '--key', keyFile, '--json'];
      /** Requests per position that a killed process sent but never journaled: the only allowed re-sends. */
      const unjournaled: number[] = [];
      let final: { code: number | null; stdout: string; stderr: string } | null = null;
      for (let attempt = 0; attempt < 12 && !final; attempt++) {
        const state = sessionState(db);
        const args = state.id ? ['resume', state.id, ...base] : ['run', contractPath, ...base];
        const proc = start(args, env);
        // Kill the first attempt always and later ones half the time, at a random point of the work.
        const kill = attempt < 3 && (attempt === 0 || random() < 0.5);
        if (kill) {
          await proc.working;
          const aimedAt = Date.now();
          const delay = Math.floor(random() * activeMs);
          const first = await Promise.race([
            proc.exited.then(() => 'exited' as const),
            new Promise<'timer'>((resolve) => setTimeout(() => resolve('timer'), delay)),
          ]);
          if (first === 'exited' && !state.id) activeMs = Math.min(activeMs, Date.now() - aimedAt);
          proc.child.kill('SIGKILL');
        }
        const code = await proc.exited;
        if (code === null) {
          kills++;
          const after = sessionState(db);
          killPoints.add(after.entries);
          const pending = model.requests[after.modelResults] ?? 0;
          if (pending > 0) unjournaled[after.modelResults] = pending;
          continue;
        }
        final = { code, stdout: proc.stdout, stderr: proc.stderr };
      }
      expect(final, context).not.toBeNull();
      if (!final) return;
      expect(final.code, `${context}: ${final.stderr}`).toBe(0);
      const outcome = JSON.parse(final.stdout);
      expect(outcome.verdict, context).toBe(reference.verdict);
      expect(
        outcome.clauses.map((c: { status: string }) => c.status),
        context,
      ).toEqual(reference.clauses.map((c: { status: string }) => c.status));
      // git_commit happened exactly once.
      expect(commitCount(workdir), context).toBe(2);
      // The chain verifies with the pinned session key: through `truss ledger verify` in the last
      // trial, in this process (the same store check that command makes) in the others.
      expect(verifiedStatus(db, outcome.session_id, trial === TRIALS - 1), context).toBe('verified');
      // No journaled model call was ever re-sent: one request per journaled model_result, plus at
      // most the in-flight request of a process killed before it could journal the answer.
      const state = sessionState(db);
      expect(state.modelResults, context).toBe(SCRIPT.length);
      for (let position = 0; position < SCRIPT.length; position++) {
        expect(model.requests[position], `${context} position ${position}`).toBe(
          1 + (unjournaled[position] ?? 0),
        );
      }
      const resent = unjournaled.reduce((sum, n) => sum + (n ?? 0), 0);
      inflightResends += resent;
      expect(model.total(), context).toBe(state.modelResults + resent);
    }
    // Kills really landed, at several different points of the run.
    expect(kills, `seed ${SEED}`).toBeGreaterThanOrEqual(Math.ceil(TRIALS / 2));
    expect(killPoints.size, `seed ${SEED}: ${[...killPoints]}`).toBeGreaterThanOrEqual(Math.min(3, TRIALS));
    console.info(
      `crash test: seed ${SEED}, ${TRIALS} trials, ${kills} kills at journal lengths ${[...killPoints].sort((a, b) => a - b).join(',')}, ${inflightResends} in-flight re-sends`,
    );
  }, 300_000);
});
