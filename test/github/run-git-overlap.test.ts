/**
 * The git an Action run asks before its checks (the facts `run_started` signs, the check for a
 * credential stored in `.git/config`) is started while the isolation is set up, as `truss run` does
 * (docs/performance.md, "What the action adds"), not after it. Real repository, real git; a `git` on
 * PATH that records each start; nothing reaches GitHub (the isolation step refuses the run first).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runAndReport } from '../../src/github/run-and-report.js';
import { makeWorkdir, openRunStore } from '../helpers/agent-kit.js';
import { gitSpyOnProcessPath, withoutSettings } from '../helpers/git-spy.js';
import { runAndReportOptions } from './helpers.js';

const TINY = `[contract]
id = "tiny"
intent = "A check that passes"

[[done]]
kind = "check"
desc = "true"
run = "true"
`;

describe('an Action run', () => {
  const currentSpy = gitSpyOnProcessPath();

  it('asks git its questions while the isolation is set up', async () => {
    const workdir = makeWorkdir();
    const before = currentSpy().invocations().length;
    const started = () =>
      currentSpy()
        .invocations()
        .slice(before)
        .map((c) => withoutSettings(c.argv)[0]);
    let seen: (string | undefined)[] = [];
    const run = openRunStore();
    const refusal = new Error('the isolation step refuses the run');
    try {
      const outcome = await runAndReport(
        runAndReportOptions({
          headSha: 'a'.repeat(40),
          prNumber: null,
          workdir,
          contracts: [
            { name: 'tiny', path: '.truss/contracts/tiny.toml', source: { file: 'tiny.toml', text: TINY } },
          ],
          store: run.store,
          isolate: async () => {
            // Set-up takes a while (probes, the mount holder): give the questions time to start.
            for (let waited = 0; waited < 3_000; waited += 50) {
              seen = started();
              if (seen.includes('status') && seen.includes('config')) break;
              await sleep(50);
            }
            throw refusal;
          },
        }),
      ).catch((e: unknown) => e);
      expect(outcome).toBe(refusal);
    } finally {
      run.close();
    }
    expect(seen).toContain('status');
    expect(seen).toContain('config');
  });
});
