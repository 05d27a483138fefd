import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Vitest's default is one worker per core but one, which on a 2-core runner is a single worker.
    // Most of this suite waits on child processes (the CLI, git, checks), so one worker more than the
    // cores keeps them busy: on 2 cores, 3 workers took the suite from 537 s to 484 s.
    maxWorkers: Math.max(3, availableParallelism()),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
