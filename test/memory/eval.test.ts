import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createNodeCrypto,
  type LedgerEntry,
  parseBundle,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import { runCli } from '../helpers/cli.js';
import { contractToml, GREETING_CHECK } from '../helpers/contract-toml.js';
import { makeRepo, README } from '../helpers/git.js';
import { keyFromByte, writeKeyFile } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * docs/eval.md "Memory arms": a paired `truss eval` whose arms differ only in recall
 * (`memory.lesson_recall_max` 0 or 5) shows a verified lesson changing the outcome. The scripted
 * agent writes the right file only when the lesson is in its prompt, so the off arm fails and the
 * on arm passes, and every on-arm run's ledger records the recall.
 */

const KEY = keyFromByte(0x5b);
const LESSON = 'greeting.txt needs its trailing newline: write hello from the harness followed by a newline';
const write = (content: string, match?: string) => ({
  ...(match ? { match } : {}),
  content: [{ type: 'tool_use', name: 'write_file', input: { path: 'greeting.txt', content } }],
});
const done = { match: 'bytes to greeting.txt', content: [{ type: 'text', text: 'done' }] };

describe('a paired eval with and without recall', () => {
  let repo: string;
  let home: string;
  let flags: string[];
  const cli = (args: string[]) => runCli([...args, ...flags], { cwd: repo, env: { HOME: home } });

  beforeEach(() => {
    repo = makeRepo({ ...README, '.gitignore': '.truss/\n' }, 'memory-eval');
    home = tempDir('memory-eval-home').dir;
    flags = ['--key', writeKeyFile(join(home, 'truss.key'), 0x5b)];
    mkdirSync(join(repo, '.truss/contracts'), { recursive: true });
    // Served in order to each arm's runs: the right write only when the lesson is in the prompt.
    const script = [
      done,
      done,
      write('hello from the harness\n', 'trailing newline'),
      write('hello from the harness\n', 'trailing newline'),
      write('hello'),
      write('hello'),
    ];
    writeFileSync(join(repo, '.truss/contracts/agent.json'), JSON.stringify(script));
    writeFileSync(
      join(repo, '.truss/contracts/greeting.toml'),
      contractToml(
        { id: 'greeting-recall', intent: 'Create greeting.txt containing exactly: hello from the harness' },
        { ...GREETING_CHECK, timeout_sec: 10 },
        {
          executor: { kind: 'in-loop' },
          provider: { kind: 'scripted', script: 'agent.json' },
          constraints: { allow_tools: ['write_file'] },
        },
      ),
    );
  });

  it('the on arm recalls the verified lesson and passes; the off arm fails', () => {
    expect(cli(['memory', 'propose', 'lesson', 'greeting-newline', LESSON]).code).toBe(0);
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
