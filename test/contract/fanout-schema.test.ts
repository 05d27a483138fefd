import { describe, expect, it } from 'vitest';
import { ContractError, resolveContractSources } from '../../src/core/contract/index.js';

/** `[fanout]` (docs/fanout.md): validated like every section, placed at file:line:col; contract files only. */

const BASE = `[contract]
id = "c"
intent = "x"

[[done]]
kind = "check"
desc = "d"
run = "true"
`;

function error(contract: string, config?: string): ContractError {
  try {
    resolveContractSources({
      contract: { file: 'c.toml', text: contract },
      ...(config ? { config: { file: 'config.toml', text: config } } : {}),
    });
  } catch (thrown) {
    if (thrown instanceof ContractError) return thrown;
    throw thrown;
  }
  throw new Error('expected a ContractError');
}

describe('[fanout] in a contract', () => {
  it('resolves with the default reducer; a contract without it hashes as before', () => {
    const plain = resolveContractSources({ contract: { file: 'c.toml', text: BASE } });
    expect(plain.contract).not.toHaveProperty('fanout');
    const fan = resolveContractSources({
      contract: { file: 'c.toml', text: `${BASE}\n[fanout]\nattempts = 3\n` },
    });
    expect(fan.contract.fanout).toEqual({ attempts: 3, reducer: 'vote' });
    expect(fan.hash).not.toBe(plain.hash);
  });

  it('bad values are placed at file:line:col', () => {
    const message = error(
      `${BASE}\n[fanout]\nattempts = 0\nreducer = "best"\nbudget_slice = { max_steps = 0 }\n`,
    ).message;
    expect(message).toContain('c.toml:11:1: fanout.attempts: must be at least 1');
    expect(message).toMatch(/c\.toml:12:1: fanout\.reducer: .*first_success.*best_score.*vote.*judge_panel/);
    expect(message).toContain('fanout.budget_slice.max_steps');
  });

  it('is refused in .truss/config.toml (contract files only)', () => {
    expect(error(BASE, '[fanout]\nattempts = 2\n').message).toMatch(
      /config\.toml:1:1: fanout: unknown key "fanout"/,
    );
  });
});
