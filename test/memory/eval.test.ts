import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createNodeCrypto,
  type LedgerEntry,
  parseBundle,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import { keyFromByte } from '../helpers/keys.js';
import {
  GREETING,
  GREETING_DONE,
  greetingMemoryContract,
  greetingWrite,
  memoryCliRepo,
  NEWLINE_LESSON,
} from '../helpers/memory-kit.js';

/**
 * docs/eval.md "Memory arms": a paired `truss eval` whose arms differ only in recall
 * (`memory.lesson_recall_max` 0 or 5) shows a verified lesson changing the outcome. The scripted
 * agent writes the right file only when the lesson is in its prompt, so the off arm fails and the
 * on arm passes, and every on-arm run's ledger records the recall.
 */

const KEY = keyFromByte(0x5b);

describe('a paired eval with and without recall', () => {
  let repo: string;
  let cli: ReturnType<typeof memoryCliRepo>['cli'];

  beforeEach(() => {
    ({ repo, cli } = memoryCliRepo('memory-eval', 0x5b));
    mkdirSync(join(repo, '.truss/contracts'), { recursive: true });
    // Served in order to each arm's runs: the right write only when the lesson is in the prompt.
    const right = greetingWrite(GREETING, 'trailing newline');
    const script = [
      GREETING_DONE,
      GREETING_DONE,
      right,
      right,
      greetingWrite('hello'),
      greetingWrite('hello'),
    ];
    writeFileSync(join(repo, '.truss/contracts/agent.json'), JSON.stringify(script));
    writeFileSync(join(repo, '.truss/contracts/greeting.toml'), greetingMemoryContract('agent.json'));
  });

  it('the on arm recalls the verified lesson and passes; the off arm fails', () => {
    expect(cli(['memory', 'propose', 'lesson', 'greeting-newline', NEWLINE_LESSON]).code).toBe(0);
    const promoted = cli([
      'memory',
      'promote',
      'greeting-newline',
      '--maintainer',
      '--reason',
      'from a failed run',
    ]);
    expect(promoted.code, promoted.stderr).toBe(0);

    const result = cli([
      'eval',
      'greeting',
      '--arms',
      'off:memory.lesson_recall_max=0,on:memory.lesson_recall_max=5',
      '--repeats',
      '2',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(
      report.arms.map((a: { name: string; passes: number; runs: number }) => [a.name, a.passes, a.runs]),
    ).toEqual([
      ['off', 0, 2],
      ['on', 2, 2],
    ]);
    expect(report.delta).toEqual([expect.objectContaining({ arm: 'on', vs: 'off', pass_rate: 1 })]);
    expect(report.summary).toContain('on vs off: +100 pp pass rate');

    const bundle = parseBundle(readFileSync(report.bundle, 'utf8'), report.bundle);
    const verified = verifyBundle(bundle, {
      crypto: createNodeCrypto(),
      trusted: new Map([[KEY.publicKeyHex, 'k']]),
    });
    expect(verified.status).toBe('verified');
    const children = (
      bundle.ledger as unknown as { child_sessions: Array<{ session_id: string; entries: LedgerEntry[] }> }
    ).child_sessions;
    const recalls = children.map(
      (child) => child.entries.find((e) => e.kind === 'memory_recall')?.payload.ids ?? [],
    );
    expect(recalls.map((ids) => (ids as string[]).length)).toEqual([0, 0, 1, 1]);
  });
});
