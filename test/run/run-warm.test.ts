import { describe, expect, it } from 'vitest';
import { NO_ISOLATION } from '../../src/core/process/isolation-none.js';
import { runContract } from '../../src/core/run/index.js';
import { BudgetMeter } from '../../src/core/runtime/budget.js';
import { createCtx } from '../../src/core/runtime/ctx.js';
import type { GitInfo } from '../../src/core/verify/git-info.js';
import { AGENT_KEY, contractFrom, makeWorkdir, openRunStore } from '../helpers/agent-kit.js';

describe('runContract start-up order', () => {
  it('warms the isolation before it waits on the git facts (docs/performance.md)', async () => {
    const { contract, hash } = contractFrom(
      '[contract]\nid = "warm"\nintent = "warm first"\n\n[[done]]\nkind = "check"\ndesc = "true"\nrun = "true"\n',
    );
    const calls: string[] = [];
    let answerGit: (info: GitInfo | null) => void = () => {};
    const git = new Promise<GitInfo | null>((resolve) => {
      answerGit = resolve;
    });
    const run = openRunStore();
    try {
      const outcome = runContract({
        contract,
        contractHash: hash,
        codeVersion: 'test',
        principal: { login: 'test' },
        workdir: makeWorkdir(),
        store: run.store,
        signer: AGENT_KEY,
        panel: { seats: [] },
        ctx: createCtx({
          events: () => {},
          budget: new BudgetMeter({}),
          isolation: { ...NO_ISOLATION, warm: () => calls.push('warm') },
        }),
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
        git,
      });
      await new Promise((resolve) => setImmediate(resolve));
      // The git processes are still running: the holder is already being made beside them.
      expect(calls).toEqual(['warm']);
      answerGit(null);
      const done = await outcome;
      expect(done.status).toBe('completed');
    } finally {
      run.close();
    }
  });
});
