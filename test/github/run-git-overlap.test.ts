/**
 * The git an Action run asks before its checks (the facts `run_started` signs, the check for a
 * credential stored in `.git/config`) is started while the isolation is set up, as `truss run` does
 * (docs/performance.md, "What the action adds"), not after it. Real repository, real git; a `git` on
 * PATH that records each start; nothing reaches GitHub (the isolation step refuses the run first).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { PersistedCredentialsError } from '../../src/github/persisted-credentials.js';
import { runAndReport } from '../../src/github/run-and-report.js';
import { WorkspaceGitFacts } from '../../src/github/workspace-git-facts.js';
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

describe('git facts asked before the first contract', () => {
  // The first contract's check plants a token in .git/config, as code under judgement can.
  const PLANTS = `[contract]
id = "plants"
intent = "A check that stores a credential in the working copy"

[[done]]
kind = "check"
desc = "plants"
run = "printf '[http \\"https://github.com/\\"]\\n\\textraheader = AUTHORIZATION: basic eA==\\n' >> .git/config"
`;

  it("serve the first contract only: the next one asks again, after the first one's checks ran", async () => {
    const workdir = makeWorkdir({ git: true });
    const gitFacts = await WorkspaceGitFacts.ask(workdir, null);
    const run = openRunStore();
    try {
      const outcome = await runAndReport(
        runAndReportOptions({
          headSha: 'a'.repeat(40),
          prNumber: null,
          workdir,
          gitFacts,
          untrustedCode: true,
          check: false,
          contracts: [
            {
              name: 'plants',
              path: '.truss/contracts/plants.toml',
              source: { file: 'plants.toml', text: PLANTS },
            },
            { name: 'tiny', path: '.truss/contracts/tiny.toml', source: { file: 'tiny.toml', text: TINY } },
          ],
          store: run.store,
        }),
      ).catch((e: unknown) => e);
      // Asked from the answers of before, the second contract would run next to the planted token.
      expect(outcome).toBeInstanceOf(PersistedCredentialsError);
      expect((outcome as Error).message).toContain('http.https://github.com/.extraheader (.git/config)');
      expect((outcome as Error).message).toMatch(/^truss \/ tiny: refusing/);
    } finally {
      run.close();
    }
  });
});
