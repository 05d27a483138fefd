import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that need a fresh process of their own: they mock modules (vi.mock), or they send real HTTP
 * through Node's http module and must not find nock's interceptor installed by an earlier file.
 */
export const ISOLATED = [
  'test/github/http-fetch.test.ts',
  'test/process/git-walk-memory.test.ts',
  'test/tools/fs-tools-swap.test.ts',
  'test/verify/evidence-link-swap.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Vitest's default is one worker per core but one, which on a 2-core runner is a single worker.
    // Most of this suite waits on child processes (the CLI, git, checks), so one worker more than the
    // cores keeps them busy: on 2 cores, 3 workers took the suite from 537 s to 484 s.
    maxWorkers: Math.max(3, availableParallelism()),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          // A worker runs file after file without re-importing what they share (src/, nock, the
          // helpers): the suite's per-file fork-and-import cost was a fifth of its CPU.
          isolate: false,
          setupFiles: ['test/load-nock-first.ts'],
        },
      },
    ],
  },
});
