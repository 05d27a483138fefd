/**
 * `on-pass-changes` publishes what was judged, never what a check wrote afterwards (docs/action.md,
 * "Changes on PASS"). The publisher commits the working copy; where the checks run in it (a
 * checks-only run, a pull request gate, or `[sandbox] checkout = "in-place"`) they run the work's own
 * code, and whatever a test script wrote there (a file no reviewer saw, since the panel reads the
 * work before the checks run) was committed and pushed as "Verified PASS by truss". Real git, real
 * checks; only the publisher is a stand-in that records what it was asked.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerStore } from '../../src/core/ledger/index.js';
import type { ChangesPublisher, PassedRun } from '../../src/core/run/index.js';
import { runContract } from '../../src/core/run/index.js';
import { AGENT_KEY, contractFrom, ctxFor, makeWorkdir, openRunStore } from '../helpers/agent-kit.js';

const ENV = { PATH: process.env.PATH, HOME: process.env.HOME };

function recording(): ChangesPublisher & { calls: PassedRun[] } {
  const calls: PassedRun[] = [];
  return {
    mode: 'push',
    calls,
    publish: async (run) => {
      calls.push(run);
      return { status: 'pushed', commit: 'c'.repeat(40), branch: 'feature' };
    },
  };
}

const EXECUTOR = `
[executor]
kind = "delegated-cli"
command = "sh"
args = ["-c", "cat > /dev/null; echo done > done.txt"]
`;

describe('on-pass-changes publishes only what was judged', () => {
  const opened: LedgerStore[] = [];
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
  });

  async function run(check: string, extra = '') {
    const { store } = openRunStore();
    opened.push(store);
    const resolved = contractFrom(`[contract]
id = "publish-judged"
intent = "write done.txt"

[[done]]
kind = "check"
desc = "passes"
run = "${check}"
${extra}`);
    const publisher = recording();
    const outcome = await runContract({
      contract: resolved.contract,
      contractHash: resolved.hash,
      workdir: makeWorkdir({ git: true }),
      store,
      signer: AGENT_KEY,
      ctx: ctxFor(resolved.contract),
      panel: { unavailable: 'none' },
      env: ENV,
      codeVersion: 'test',
      principal: { login: 'test' },
      publishChanges: publisher,
    });
    expect(outcome.status).toBe('completed');
    const entry = [...store.entries(outcome.sessionId)].find((e) => e.kind === 'changes_published');
    return { publisher, result: entry?.payload.result as Record<string, unknown> | undefined };
  }

  it('a checks-only run whose check wrote the working copy publishes nothing', async () => {
    const { publisher, result } = await run('echo planted > planted.txt; echo x >> README.md');
    expect(publisher.calls).toHaveLength(0);
    expect(result).toMatchObject({ status: 'failed' });
    expect(String(result?.detail)).toContain('changed after it was judged');
  });

  it('an executor run whose in-place checks wrote the working copy publishes nothing', async () => {
    const { publisher, result } = await run(
      'test -f done.txt && echo planted > planted.txt',
      `${EXECUTOR}\n[sandbox]\ncheckout = "in-place"\n`,
    );
    expect(publisher.calls).toHaveLength(0);
    expect(result).toMatchObject({ status: 'failed' });
  });

  it('checks that leave the working copy as they found it: published as before', async () => {
    expect((await run('true')).publisher.calls).toHaveLength(1);
    expect(
      (await run('test -f done.txt', `${EXECUTOR}\n[sandbox]\ncheckout = "in-place"\n`)).publisher.calls,
    ).toHaveLength(1);
    // In the clean room (the default) a check's writes never reach the working copy.
    expect((await run('test -f done.txt && echo x > planted.txt', EXECUTOR)).publisher.calls).toHaveLength(1);
  });
});
