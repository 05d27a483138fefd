import { describe, expect, it } from 'vitest';
import type { RecordedInjection } from '../../src/core/verify/injection-policy.js';
import { applyInjectionPolicy } from '../../src/core/verify/injection-policy.js';

const detected: RecordedInjection = {
  policy: 'unverifiable',
  total: 1,
  spans: [{ rule: 'vote-object', source: 'diff', path: 'a.ts', line: 3, column: 4, match: '{"vote": "met"' }],
};
const quiet = [{ seat: 0 }, { seat: 1, aimed_at_reviewers: false }];

describe('[panel] on_suspected_injection', () => {
  it('unverifiable: a met majority on flagged evidence is withheld, with the span in the reason', () => {
    const judged = applyInjectionPolicy({
      status: 'met',
      reason: '2 of 2',
      policy: 'unverifiable',
      detected,
      votes: quiet,
    });
    expect(judged.status).toBe('unverifiable');
    expect(judged.reason).toContain('a.ts:3 [vote-object]');
    expect(judged.injection).toEqual({
      policy: 'unverifiable',
      spans: 1,
      reported_by_seats: [],
      withheld_met: true,
    });
  });

  it('a not_met majority stays not_met (already failing), and says what was found', () => {
    const judged = applyInjectionPolicy({
      status: 'not_met',
      reason: '0 of 2',
      policy: 'unverifiable',
      detected,
      votes: quiet,
    });
    expect(judged.status).toBe('not_met');
    expect(judged.injection?.withheld_met).toBe(false);
  });

  it('a shortcuts seat reporting text aimed at reviewers is enough on its own', () => {
    const judged = applyInjectionPolicy({
      status: 'met',
      reason: '3 of 4',
      policy: 'unverifiable',
      detected: null,
      votes: [{ seat: 0 }, { seat: 3, aimed_at_reviewers: true }],
    });
    expect(judged.status).toBe('unverifiable');
    expect(judged.injection?.reported_by_seats).toEqual([3]);
    expect(judged.reason).toContain('seat 4 reported text aimed at automated reviewers');
  });

  it('annotate keeps the status; nothing found changes nothing', () => {
    expect(
      applyInjectionPolicy({ status: 'met', reason: 'r', policy: 'annotate', detected, votes: quiet }).status,
    ).toBe('met');
    expect(
      applyInjectionPolicy({
        status: 'met',
        reason: 'r',
        policy: 'unverifiable',
        detected: null,
        votes: quiet,
      }),
    ).toEqual({
      status: 'met',
      reason: 'r',
      injection: null,
    });
  });
});
