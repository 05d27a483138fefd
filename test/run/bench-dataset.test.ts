import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BENCH_REVIEW_DESC,
  BenchInputError,
  benchContract,
  parseBenchDataset,
  parsePredictions,
  resolveBenchRepo,
} from '../../src/core/contract/index.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * docs/bench-verdicts.md "The dataset": the loader reads SWE-bench's published shape as it is —
 * `patch` as the good patch, FAIL_TO_PASS / PASS_TO_PASS as strings holding JSON arrays, extra
 * fields ignored — as well as the benchmark's own `good_patch` / `bad_patch` records; bad input is
 * refused with the file, the line and what to do.
 */

/** A record as SWE-bench publishes it (abridged; the lists are JSON strings, as on the Hub). */
const SWE_BENCH_LINE = JSON.stringify({
  repo: 'astropy/astropy',
  instance_id: 'astropy__astropy-12907',
  base_commit: 'd16bfe05a744909de4b27f5875fe0d4ed41ce607',
  patch: 'diff --git a/astropy/modeling/separable.py b/astropy/modeling/separable.py\n--- a/x\n+++ b/x\n',
  test_patch:
    'diff --git a/astropy/modeling/tests/test_separable.py b/astropy/modeling/tests/test_separable.py\n',
  problem_statement:
    "Modeling's `separability_matrix` does not compute separability correctly for nested CompoundModels",
  hints_text: '',
  created_at: '2022-03-03T15:14:54Z',
  version: '4.3',
  FAIL_TO_PASS:
    '["astropy/modeling/tests/test_separable.py::test_separable[compound_model6-result6]", "astropy/modeling/tests/test_separable.py::test_separable[compound_model9-result9]"]',
  PASS_TO_PASS: '["astropy/modeling/tests/test_separable.py::test_coord_matrix"]',
  environment_setup_commit: '298ccb478e6bf092953bca67a3d29dc6c35f6752',
});

describe('parseBenchDataset', () => {
  it("reads SWE-bench's published shape: patch is the good patch, string-encoded test lists, extra fields ignored", () => {
    const [record] = parseBenchDataset(`${SWE_BENCH_LINE}\n\n`, 'swe.jsonl');
    expect(record).toEqual({
      instanceId: 'astropy__astropy-12907',
      repo: 'astropy/astropy',
      baseCommit: 'd16bfe05a744909de4b27f5875fe0d4ed41ce607',
      problemStatement: expect.stringContaining('separability_matrix'),
      goodPatch: expect.stringContaining('separable.py'),
      badPatch: null,
      testPatch: expect.stringContaining('test_separable.py'),
      failToPass: [
        'astropy/modeling/tests/test_separable.py::test_separable[compound_model6-result6]',
        'astropy/modeling/tests/test_separable.py::test_separable[compound_model9-result9]',
      ],
      passToPass: ['astropy/modeling/tests/test_separable.py::test_coord_matrix'],
      testCmd: null,
      setup: null,
      where: 'swe.jsonl:1',
    });
  });

  it('reads a JSON array too, and the benchmark shape (good_patch, bad_patch, array lists, test_cmd)', () => {
    const records = parseBenchDataset(
      JSON.stringify([
        {
          repo: './repo',
          base_commit: 'abcdef1',
          problem_statement: 'p',
          good_patch: 'g',
          bad_patch: 'b',
          FAIL_TO_PASS: ['t1'],
          PASS_TO_PASS: [],
          test_cmd: 'node {test}',
        },
      ]),
      'd.json',
    );
    expect(records[0]).toMatchObject({
      instanceId: 'record-1',
      goodPatch: 'g',
      badPatch: 'b',
      failToPass: ['t1'],
      passToPass: [],
      testCmd: 'node {test}',
      where: 'd.json: item 1',
    });
  });

  it.each([
    ['{"repo": "a/b"', 'd.jsonl:1: not a JSON object (JSON Lines: one record per line)'],
    [
      JSON.stringify({ ...JSON.parse(SWE_BENCH_LINE), base_commit: 'main' }),
      'd.jsonl:1: base_commit must be a commit hash (7 to 64 hex digits)',
    ],
    [
      JSON.stringify({ ...JSON.parse(SWE_BENCH_LINE), FAIL_TO_PASS: '[oops' }),
      'd.jsonl:1: FAIL_TO_PASS is a string but not a JSON array of test names',
    ],
    [
      JSON.stringify({ ...JSON.parse(SWE_BENCH_LINE), FAIL_TO_PASS: [], PASS_TO_PASS: '[]' }),
      'd.jsonl:1: FAIL_TO_PASS and PASS_TO_PASS are both empty: there is nothing to check',
    ],
    [
      JSON.stringify({ ...JSON.parse(SWE_BENCH_LINE), problem_statement: ' ' }),
      'd.jsonl:1: problem_statement is missing or empty',
    ],
    [
      JSON.stringify({ ...JSON.parse(SWE_BENCH_LINE), instance_id: '../../etc' }),
      'd.jsonl:1: instance_id must be letters, digits',
    ],
    [
      `${SWE_BENCH_LINE}\n${SWE_BENCH_LINE}`,
      'd.jsonl:2: instance_id astropy__astropy-12907 appears twice (first at d.jsonl:1)',
    ],
    ['\n\n', 'd.jsonl: no records'],
  ])('refuses bad input with file:line and the field (%#)', (text, message) => {
    expect(() => parseBenchDataset(text, 'd.jsonl')).toThrow(BenchInputError);
    expect(() => parseBenchDataset(text, 'd.jsonl')).toThrow(message);
  });
});

describe('parsePredictions', () => {
  const one = { instance_id: 'a-1', model_patch: 'diff', model_name_or_path: 'm' };
  it('reads JSON Lines, a JSON array and an object keyed by instance id; a null patch is empty', () => {
    const lines = parsePredictions(
      `${JSON.stringify(one)}\n${JSON.stringify({ instance_id: 'a-2', model_patch: null })}\n`,
      'p.jsonl',
    );
    expect(lines.map(({ instanceId, modelPatch, model }) => [instanceId, modelPatch, model])).toEqual([
      ['a-1', 'diff', 'm'],
      ['a-2', '', 'unknown'],
    ]);
    expect(parsePredictions(JSON.stringify([one]), 'p.json')[0]?.instanceId).toBe('a-1');
    const keyed = parsePredictions(
      JSON.stringify({ 'a-9': { model_patch: 'x', model_name_or_path: 'n' } }, null, 2),
      'p.json',
    );
    expect(keyed).toMatchObject([{ instanceId: 'a-9', modelPatch: 'x', model: 'n' }]);
    expect(parsePredictions(JSON.stringify(one, null, 2), 'p.json')).toHaveLength(1);
  });

  it('refuses a second prediction for one instance and a patch that is not a string', () => {
    expect(() => parsePredictions(`${JSON.stringify(one)}\n${JSON.stringify(one)}`, 'p.jsonl')).toThrow(
      'p.jsonl:2: a second prediction for a-1',
    );
    expect(() => parsePredictions(JSON.stringify({ ...one, model_patch: 3 }), 'p.jsonl')).toThrow(
      'model_patch must be a string',
    );
  });
});

describe('resolveBenchRepo', () => {
  it('maps owner/name to DIR/owner__name under --repos, else reads repo as a path beside the dataset', () => {
    const home = tempDir('bench-repos');
    const clone = join(home.dir, 'repos', 'octo__hello');
    mkdirSync(clone, { recursive: true });
    execFileSync('git', ['init', '-q', clone]);
    expect(
      resolveBenchRepo('octo/hello', { reposDir: join(home.dir, 'repos'), datasetDir: '/nowhere' }),
    ).toBe(clone);
    expect(resolveBenchRepo('repos/octo__hello', { datasetDir: home.dir })).toBe(clone);
    expect(() =>
      resolveBenchRepo('octo/absent', { reposDir: join(home.dir, 'repos'), datasetDir: home.dir }),
    ).toThrow(/Truss fetches nothing — clone it as .*octo__absent/);
    expect(() => resolveBenchRepo('octo/hello', { datasetDir: home.dir })).toThrow(/pass --repos DIR/);
    home.cleanup();
  });
});

describe('benchContract', () => {
  const [swe] = parseBenchDataset(SWE_BENCH_LINE, 'swe.jsonl');
  const record = swe as NonNullable<typeof swe>;
  const settings = { testCmd: null, setup: null, timeoutSec: 120, provider: null, reviewers: 3 };

  it('one check per test with {test}, each test name shell-quoted; executor none; the statement is the intent', () => {
    const evil = { ...record, passToPass: ["x'; touch /tmp/pwned; '"] };
    const { contract, hash } = benchContract(evil, { ...settings, testCmd: 'pytest -x {test}' });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(contract.executor.kind).toBe('none');
    expect(contract.contract.intent).toBe(record.problemStatement);
    expect(contract.done.map((c) => (c.kind === 'check' ? c.run : c.desc))).toEqual([
      "pytest -x 'astropy/modeling/tests/test_separable.py::test_separable[compound_model6-result6]'",
      "pytest -x 'astropy/modeling/tests/test_separable.py::test_separable[compound_model9-result9]'",
      "pytest -x 'x'\\''; touch /tmp/pwned; '\\'''",
    ]);
    // The quoted name reaches the shell as one word (printf stands in for pytest).
    const last = contract.done[2] as { run: string };
    const words = execFileSync('sh', ['-c', last.run.replace('pytest -x', "printf '[%s]'")], {
      encoding: 'utf8',
    });
    expect(words).toBe("[x'; touch /tmp/pwned; ']");
  });

  it('one check per list with {tests}; the review clause first when there is a panel', () => {
    const { contract } = benchContract(
      { ...record, testCmd: 'node t.js {tests}' },
      { ...settings, provider: { kind: 'scripted', script: 'f.json' } },
    );
    expect(contract.done.map((c) => [c.kind, c.desc])).toEqual([
      ['review', BENCH_REVIEW_DESC],
      ['check', 'FAIL_TO_PASS: 2 tests'],
      ['check', 'PASS_TO_PASS: 1 test'],
    ]);
    expect(contract.provider).toEqual({ kind: 'scripted', script: 'f.json' });
  });

  it('without a test command, or with one that names neither {test} nor {tests}, says what to pass', () => {
    expect(() => benchContract(record, settings)).toThrow(/pass --test-cmd \(e\.g\. "pytest \{test\}"/);
    expect(() => benchContract(record, { ...settings, testCmd: 'make test' })).toThrow(
      /exactly one of \{test\}/,
    );
  });
});
