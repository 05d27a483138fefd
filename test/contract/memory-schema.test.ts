import { describe, expect, it } from 'vitest';
import { type ContractError, resolveContractSources } from '../../src/core/contract/index.js';
import { contractError, MINIMAL_CONTRACT } from './helpers.js';

/** `[memory]` and `[memory.compaction]` (docs/context.md): layered, validated, placed at file:line:col. */

const BASE = MINIMAL_CONTRACT;

function error(contract: string): ContractError {
  return contractError(() => resolveContractSources({ contract: { file: 'c.toml', text: contract } }));
}

describe('[memory] in contracts and config', () => {
  it('a contract without it hashes as before; config and contract layer key by key', () => {
    const plain = resolveContractSources({ contract: { file: 'c.toml', text: BASE } });
    expect(plain.contract).not.toHaveProperty('memory');
    const layered = resolveContractSources({
      config: {
        file: 'config.toml',
        text: '[memory]\ngoal_repin_every = 4\n\n[memory.compaction]\nmode = "evict"\nmin_tail = 8\n',
      },
      contract: {
        file: 'c.toml',
        text: `${BASE}\n[memory.compaction]\nmode = "summarize"\nthreshold = 0.6\n`,
      },
    });
    expect(layered.contract.memory).toEqual({
      goal_repin_every: 4,
      compaction: { mode: 'summarize', min_tail: 8, threshold: 0.6 },
    });
    expect(layered.hash).not.toBe(plain.hash);
  });

  it('bad values are placed at file:line:col, and the goal can never be compacted', () => {
    const message = error(
      `${BASE}\n[memory.compaction]\nmode = "drop"\nthreshold = 1.5\nmin_tail = 1\nexempt = ["memory"]\n`,
    ).message;
    expect(message).toMatch(/c\.toml:10:1: memory\.compaction\.mode: .*off.*summarize.*evict/);
    expect(message).toContain('c.toml:11:1: memory.compaction.threshold: must be at most 1');
    expect(message).toContain(
      'c.toml:12:1: memory.compaction.min_tail: must keep at least the last exchange',
    );
    expect(message).toContain('c.toml:13:1: memory.compaction.exempt: must include "goal"');
  });

  it('a provider context_window below 1,024 tokens is refused', () => {
    expect(error(`${BASE}\n[provider]\nkind = "scripted"\ncontext_window = 100\n`).message).toMatch(
      /c\.toml:11:1: provider\.context_window: /,
    );
  });
});
