import { describe, expect, it } from 'vitest';
import { DurationError, parseDuration } from '../../src/core/contract/index.js';
import { contractFrom } from '../helpers/agent-kit.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';

describe('parseDuration: the one parser of wall-clock limits', () => {
  it('reads h, m, s and ms, largest first', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('20m')).toBe(1_200_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('20ms')).toBe(20);
    expect(parseDuration(' 2h ')).toBe(7_200_000);
    expect(parseDuration('24h')).toBe(86_400_000);
  });

  it('refuses what is not one, saying which forms are', () => {
    for (const bad of ['', '20', '20 minutes', '1.5h', '30m1h', '-5s', '5S', '1h 30m', 'm', '10d']) {
      expect(() => parseDuration(bad), bad).toThrow(DurationError);
      expect(() => parseDuration(bad), bad).toThrow(/is not a duration such as "90s", "20m", "1h30m"/);
    }
    expect(() => parseDuration('0s')).toThrow(/is zero/);
    expect(() => parseDuration('25h')).toThrow(/longer than the 24h/);
  });

  it('[budget] max_duration is kept as written and absent unless set (the contract hash is unchanged)', () => {
    const plain = contractFrom(contractToml({ id: 'd', intent: 'x' }, TRUE_CHECK));
    const emptyBudget = contractFrom(contractToml({ id: 'd', intent: 'x' }, TRUE_CHECK, { budget: {} }));
    expect(plain.contract.budget).toEqual({});
    expect(emptyBudget.hash).toBe(plain.hash);
    const timed = contractFrom(
      contractToml({ id: 'd', intent: 'x' }, TRUE_CHECK, { budget: { max_duration: '1h30m' } }),
    );
    expect(timed.contract.budget).toEqual({ max_duration: '1h30m' });
    expect(timed.hash).not.toBe(plain.hash);
  });

  it('a number is refused with the forms a duration takes', () => {
    expect(() =>
      contractFrom(contractToml({ id: 'd', intent: 'x' }, TRUE_CHECK, { budget: { max_duration: 1200 } })),
    ).toThrow(/contract\.toml:\d+:1: budget\.max_duration: must be a duration such as "90s"/);
  });
});
