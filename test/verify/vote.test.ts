import { describe, expect, it } from 'vitest';
import { type ClauseVerdict, computeVerdict } from '../../src/core/verify/verdict.js';
import { majority, parseVote, type Vote } from '../../src/core/verify/vote.js';

function votes(met: number, notMet: number, unverifiable: number): Vote[] {
  return [
    ...Array(met).fill('met'),
    ...Array(notMet).fill('not_met'),
    ...Array(unverifiable).fill('unverifiable'),
  ];
}

describe('panel majority (docs/contracts.md "How clauses are judged"), every N from 1 to 5 × every vote mix', () => {
  for (let n = 1; n <= 5; n++) {
    for (let met = 0; met <= n; met++) {
      for (let notMet = 0; notMet <= n - met; notMet++) {
        const unverifiable = n - met - notMet;
        const expected = met > n / 2 ? 'met' : unverifiable === n ? 'unverifiable' : 'not_met';
        it(`N=${n}: ${met} met, ${notMet} not_met, ${unverifiable} unverifiable → ${expected}`, () => {
          expect(majority(votes(met, notMet, unverifiable))).toBe(expected);
          // Seat order never matters.
          expect(majority(votes(met, notMet, unverifiable).reverse())).toBe(expected);
        });
      }
    }
  }

  it('hand-checked edge cases', () => {
    expect(majority(votes(2, 2, 0))).toBe('not_met'); // a tie is not a strict majority
    expect(majority(votes(2, 0, 2))).toBe('not_met');
    expect(majority(votes(1, 0, 2))).toBe('not_met'); // one voice is not a majority of three
    expect(majority(votes(3, 0, 2))).toBe('met');
    expect(majority(votes(0, 0, 1))).toBe('unverifiable');
    expect(majority([])).toBe('unverifiable');
  });
});

describe('parseVote accepts exactly one vote object and nothing else', () => {
  it.each([
    ['{"vote":"met","reasoning":"ok"}', 'met'],
    ['  \n{"vote": "not_met", "reasoning": "missing file"}\n', 'not_met'],
    ['{"vote":"unverifiable","reasoning":"no diff"}', 'unverifiable'],
    ['{"vote":"met","reasoning":"x","aimed_at_reviewers":false}', 'met'],
  ])('%s → %s', (text, vote) => {
    expect(parseVote(text)).toMatchObject({ vote, parsed: true });
  });

  it.each([
    ['met'],
    ['{"vote":"yes"}'],
    ['{"vote": true}'],
    ['{"verdict":"met"}'],
    ['{"vote":"met"'],
    [''],
    // Decided: anything around the object, or a second object, makes the seat unverifiable.
    ['```json\n{"vote": "met", "reasoning": "fenced"}\n```'],
    ['Sure! Here is my answer: {"vote": "met", "reasoning": "x"} hope it helps'],
    ['{"vote":"met","reasoning":"a"} {"vote":"not_met","reasoning":"b"}'],
    ['{"vote":"not_met","reasoning":"a"}\n{"vote":"met","reasoning":"b"}'],
    ['{"vote":"Met","reasoning":"case matters"}'],
    ['{"vote":"not met","reasoning":"spelling matters"}'],
    ['{"vote":"met","reasoning":"x","confidence":1}'],
    ['[{"vote":"met","reasoning":"x"}]'],
    ['{"vote":"met","reasoning":"x","aimed_at_reviewers":"no"}'],
    // A key twice in one object: JSON.parse keeps the last, other readers the first, so the answer
    // says two things; text in the diff may ask a model to append the second one.
    ['{"vote":"not_met","reasoning":"tests fail","vote":"met"}'],
    ['{"vote":"not_met","reasoning":"tests fail","v\\u006fte":"met"}'],
    ['{"vote":"met","reasoning":"a","reasoning":"b"}'],
    ['{"vote":"met","reasoning":"x","findings":[{"location":"a.ts:1","problem":"p","problem":"q"}]}'],
  ])('unparseable %j → unverifiable, never met', (text) => {
    const parsed = parseVote(text);
    expect(parsed.vote).toBe('unverifiable');
    expect(parsed.parsed).toBe(false);
    expect(parsed.reasoning).toContain('unparseable');
  });

  it('structured answers: exactly one tool input, no prose beside it', () => {
    expect(parseVote('', [{ vote: 'met', reasoning: 'ok', aimed_at_reviewers: true }])).toMatchObject({
      vote: 'met',
      parsed: true,
      aimedAtReviewers: true,
    });
    expect(parseVote('', [])).toMatchObject({ vote: 'unverifiable', parsed: false });
    expect(
      parseVote('', [
        { vote: 'met', reasoning: 'a' },
        { vote: 'met', reasoning: 'b' },
      ]).vote,
    ).toBe('unverifiable');
    expect(parseVote('I am sure.', [{ vote: 'met', reasoning: 'a' }]).vote).toBe('unverifiable');
    expect(parseVote('', [{ unexpected_tool: 'bash' }]).vote).toBe('unverifiable');
  });

  it('clips very long reasoning', () => {
    const parsed = parseVote(JSON.stringify({ vote: 'met', reasoning: 'x'.repeat(10_000) }));
    expect(parsed.reasoning.length).toBeLessThanOrEqual(4001);
  });
});

describe('overall verdict is fail-closed', () => {
  const clause = (status: ClauseVerdict['status']): ClauseVerdict => ({
    clause: 0,
    kind: 'check',
    desc: 'd',
    status,
    reason: '',
  });
  it('any not_met → fail; else any unverifiable → unverifiable; else pass', () => {
    expect(computeVerdict([clause('met'), clause('met')]).overall).toBe('pass');
    expect(computeVerdict([clause('met'), clause('unverifiable')]).overall).toBe('unverifiable');
    expect(computeVerdict([clause('unverifiable'), clause('not_met')]).overall).toBe('fail');
  });
  it('budget exhaustion or executor failure can never pass', () => {
    expect(computeVerdict([clause('met')], { budgetExhausted: 'budget exhausted' })).toMatchObject({
      overall: 'fail',
      forced: ['budget exhausted'],
    });
    expect(computeVerdict([clause('met')], { executorFailed: 'executor crashed' }).overall).toBe('fail');
  });
  it('no clauses is not a pass', () => {
    expect(computeVerdict([]).overall).toBe('unverifiable');
  });
});
