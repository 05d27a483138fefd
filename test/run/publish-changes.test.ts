/**
 * The core half of `on-pass-changes`: a host's publisher runs only after a signed PASS, as one
 * memoised `changes_published` side effect before `run_completed`; replaying or resuming the
 * session never publishes again; a throwing publisher is recorded (redacted) as failed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeCrypto, type LedgerStore } from '../../src/core/ledger/index.js';
import type { ChangesPublisher, PassedRun } from '../../src/core/run/index.js';
import { resumeContract, runContract } from '../../src/core/run/index.js';
import { AGENT_KEY, contractFrom, ctxFor, kindsOf, makeWorkdir, openRunStore } from '../helpers/agent-kit.js';

const SECRET = 'sk-live-publisher-secret-0000000000';
const ENV = { PATH: process.env.PATH, HOME: process.env.HOME, PUBLISH_TOKEN: SECRET };

function contract(check: string) {
  return contractFrom(`[contract]
id = "write-done"
intent = "write done.txt"

[[done]]
kind = "check"
desc = "done.txt exists"
run = "${check}"

[executor]
kind = "delegated-cli"
command = "sh"
args = ["-c", "cat > /dev/null; echo done > done.txt"]
`);
}

function counting(result: () => Promise<Record<string, unknown>>): ChangesPublisher & { calls: PassedRun[] } {
  const calls: PassedRun[] = [];
  return {
    mode: 'push',
    calls,
    publish: async (run) => {
      calls.push(run);
      return result();
    },
  };
}

describe('publishing a passing run', () => {
  const opened: LedgerStore[] = [];
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
  });

  async function run(check: string, publisher: ChangesPublisher) {
    const { store } = openRunStore();
    opened.push(store);
    const resolved = contract(check);
    const workdir = makeWorkdir({ git: true });
    const outcome = await runContract({
      contract: resolved.contract,
      contractHash: resolved.hash,
      workdir,
      store,
      signer: AGENT_KEY,
      ctx: ctxFor(resolved.contract),
      panel: { unavailable: 'none' },
      env: ENV,
      codeVersion: 'test',
      principal: { login: 'test' },
      publishChanges: publisher,
    });
    return { store, outcome, workdir, resolved };
  }

  it('publishes once after PASS, signed between the verdict and run_completed; a replay publishes nothing', async () => {
    const publisher = counting(async () => ({ status: 'pushed', commit: 'c'.repeat(40), branch: 'feature' }));
    const { store, outcome, workdir, resolved } = await run('test -f done.txt', publisher);
    expect(outcome.status).toBe('completed');
    expect(publisher.calls).toHaveLength(1);
    const verdict = [...store.entries(outcome.sessionId)].find((e) => e.kind === 'verdict');
    expect(publisher.calls[0]).toMatchObject({ contractId: 'write-done', verdictHash: verdict?.entry_hash });
    expect(kindsOf(store, outcome.sessionId).slice(-3)).toEqual([
      'verdict',
      'changes_published',
      'run_completed',
    ]);
    const head = store.session(outcome.sessionId)?.head_hash;

    const again = await resumeContract({
      sessionId: outcome.sessionId,
      store,
      signer: AGENT_KEY,
      crypto: createNodeCrypto(),
      workdir,
      ctx: ctxFor(resolved.contract),
      panel: { unavailable: 'none' },
      env: ENV,
      publishChanges: publisher,
    });
    expect(again.status).toBe('completed');
    expect(publisher.calls).toHaveLength(1);
    expect(store.session(outcome.sessionId)?.head_hash).toBe(head);
    const trusted = new Map([[AGENT_KEY.publicKeyHex, 'agent']]);
    const report = store.verifySession(outcome.sessionId, { crypto: createNodeCrypto(), trusted });
    expect(report.failure ?? null).toBeNull();
    expect(report.status).toBe('verified');
  });

  it('never publishes a FAIL', async () => {
    const publisher = counting(async () => ({ status: 'pushed' }));
    const { store, outcome } = await run('test -f missing.txt', publisher);
    expect(outcome.status === 'completed' && outcome.verdict.overall).toBe('fail');
    expect(publisher.calls).toHaveLength(0);
    expect(kindsOf(store, outcome.sessionId)).not.toContain('changes_published');
  });

  it('records a throwing publisher as failed, with secrets redacted, and still completes the run', async () => {
    const publisher = counting(async () => {
      throw new Error(`push refused for token ${SECRET}`);
    });
    const { store, outcome } = await run('test -f done.txt', publisher);
    expect(outcome.status).toBe('completed');
    const entry = [...store.entries(outcome.sessionId)].find((e) => e.kind === 'changes_published');
    expect(entry?.payload.result).toMatchObject({ status: 'failed' });
    expect(JSON.stringify(entry?.payload)).not.toContain(SECRET);
    expect(kindsOf(store, outcome.sessionId).at(-1)).toBe('run_completed');
  });
});
