// Builds the verdict benchmark's dataset (docs/bench-verdicts.md) with no network: the real git
// history of `textkit` (scripts/verdict-dataset/textkit-history.ts) in DIR/truss-examples__textkit,
// then one SWE-bench-shaped record per bug-fix commit — the base is the fix's parent, the good patch
// the fix's source changes, the test patch its test changes, FAIL_TO_PASS / PASS_TO_PASS found by
// running every test file before and after the fix (as SWE-bench validates its instances), and the
// bad patch a plausible wrong fix. Commits have fixed authors and dates, so every run of this script
// makes the same commit hashes and the same JSONL.
//
//   node --import tsx scripts/make-verdict-dataset.ts [--repos DIR] [--out FILE] [--check]
//
// --repos DIR  keep the repository in DIR/truss-examples__textkit (default: a temp dir, removed)
// --out FILE   where the JSONL goes (default: examples/bench-verdicts/textkit.jsonl)
// --check      write nothing; exit 1 when FILE differs from what this script makes
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type Files, HISTORY } from './verdict-dataset/textkit-history.js';

export const TEXTKIT_REPO = 'truss-examples/textkit';
export const DATASET_FILE = fileURLToPath(
  new URL('../examples/bench-verdicts/textkit.jsonl', import.meta.url),
);
const TEST_CMD = 'node test/run.js {tests}';
const FIRST_COMMIT = Date.parse('2025-03-03T09:00:00Z');

/** Git with nothing of the user's: no config, no inherited GIT_* variables, a fixed identity and clock. */
function gitEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('GIT_')) env[name] = value;
  }
  return {
    ...env,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'textkit maintainers',
    GIT_AUTHOR_EMAIL: 'maintainers@textkit.example',
    GIT_COMMITTER_NAME: 'textkit maintainers',
    GIT_COMMITTER_EMAIL: 'maintainers@textkit.example',
    LC_ALL: 'C',
    ...extra,
  };
}

function git(cwd: string, args: string[], extra: Record<string, string> = {}, input?: string): string {
  return execFileSync('git', args, {
    cwd,
    env: gitEnv(extra),
    encoding: 'utf8',
    input,
    stdio: ['pipe', 'pipe', 'pipe'],
    maxBuffer: 64 << 20,
  });
}

function writeFiles(dir: string, files: Files): void {
  for (const [path, content] of Object.entries(files)) {
    const file = join(dir, path);
    if (content === null) rmSync(file, { force: true });
    else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
  }
}

export interface BuiltCommit {
  sha: string;
  parent: string | null;
  step: (typeof HISTORY)[number];
}

/** Makes the textkit repository in `dir` (which must not exist yet), one commit per history step. */
export function buildTextkitRepo(dir: string): BuiltCommit[] {
  mkdirSync(dir, { recursive: true });
  git(dir, ['init', '-q', '-b', 'main']);
  const commits: BuiltCommit[] = [];
  let parent: string | null = null;
  for (const [index, step] of HISTORY.entries()) {
    writeFiles(dir, step.files);
    git(dir, ['add', '-A']);
    const date = new Date(FIRST_COMMIT + index * 86_400_000).toISOString();
    git(dir, ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', step.message], {
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    });
    const sha = git(dir, ['rev-parse', 'HEAD']).trim();
    commits.push({ sha, parent, step });
    parent = sha;
  }
  return commits;
}

const DIFF = ['diff', '--no-color', '--no-ext-diff', '--full-index'];

/** The tree of `base` with `files` replaced, written into the repository's objects (no checkout). */
function treeWith(repo: string, base: string, files: Files, scratch: string): string {
  const index = { GIT_INDEX_FILE: join(scratch, 'bad-index') };
  git(repo, ['read-tree', base], index);
  for (const [path, content] of Object.entries(files)) {
    if (content === null) git(repo, ['update-index', '--remove', '--', path], index);
    else {
      const blob = git(repo, ['hash-object', '-w', '--stdin'], {}, content).trim();
      git(repo, ['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], index);
    }
  }
  return git(repo, ['write-tree'], index).trim();
}

/** The files of `treeish` in a fresh directory, through a private index (the repository's is untouched). */
function checkout(repo: string, treeish: string, scratch: string, name: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  const env = { GIT_INDEX_FILE: join(scratch, `${name}.index`) };
  git(repo, ['read-tree', treeish], env);
  git(repo, ['--work-tree', dir, 'checkout-index', '-a', '-f'], env);
  return dir;
}

function passes(dir: string, testFile: string): boolean {
  const result = spawnSync(process.execPath, [testFile], { cwd: dir, stdio: 'ignore', timeout: 30_000 });
  return result.status === 0;
}

/**
 * One dataset record per fix commit. FAIL_TO_PASS is the test files the fix's test patch touches,
 * PASS_TO_PASS every other test file; with `validate` (what the script does) every test file is run
 * before and after the fix, as SWE-bench validates its instances, and a list that does not hold —
 * a FAIL_TO_PASS test passing before the fix, any test failing after it — is an error.
 */
export function verdictRecords(
  repo: string,
  commits: BuiltCommit[],
  options: { validate: boolean } = { validate: true },
): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  for (const { sha, parent, step } of commits) {
    if (!step.fix || !parent) continue;
    const scratch = mkdtempSync(join(tmpdir(), 'truss-verdict-dataset-'));
    try {
      const goodPatch = git(repo, [...DIFF, parent, sha, '--', '.', ':(exclude)test']);
      const testPatch = git(repo, [...DIFF, parent, sha, '--', 'test']);
      const badPatch = git(repo, [...DIFF, parent, treeWith(repo, parent, step.fix.bad, scratch)]);
      const tests = git(repo, ['ls-tree', '-r', '--name-only', sha, '--', 'test'])
        .split('\n')
        .filter((path) => path.endsWith('.test.js'));
      const touched = new Set(git(repo, ['diff', '--name-only', parent, sha, '--', 'test']).split('\n'));
      const failToPass = tests.filter((test) => touched.has(test));
      const passToPass = tests.filter((test) => !touched.has(test));
      if (options.validate) validateLists(repo, parent, sha, testPatch, failToPass, passToPass, scratch);
      records.push({
        instance_id: `truss-examples__textkit-${step.fix.number}`,
        repo: TEXTKIT_REPO,
        base_commit: parent,
        problem_statement: step.fix.problem,
        good_patch: goodPatch,
        bad_patch: badPatch,
        bad_patch_why: step.fix.why,
        test_patch: testPatch,
        FAIL_TO_PASS: failToPass,
        PASS_TO_PASS: passToPass,
        test_cmd: TEST_CMD,
        created_at: git(repo, ['show', '-s', '--format=%cI', sha]).trim(),
      });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return records;
}

/** Runs every test file before the fix (with its test patch) and after it; throws when a list is wrong. */
function validateLists(
  repo: string,
  base: string,
  fix: string,
  testPatch: string,
  failToPass: string[],
  passToPass: string[],
  scratch: string,
): void {
  const before = checkout(repo, base, scratch, 'before');
  execFileSync('git', ['apply', '-'], { cwd: before, input: testPatch, env: gitEnv() });
  const after = checkout(repo, fix, scratch, 'after');
  if (failToPass.length === 0) throw new Error(`${fix}: the fix touches no test file`);
  for (const test of [...failToPass, ...passToPass]) {
    if (!passes(after, test)) throw new Error(`${test} fails after fix ${fix}`);
    const expected = passToPass.includes(test);
    if (passes(before, test) !== expected)
      throw new Error(
        `${test} ${expected ? 'fails' : 'passes'} before fix ${fix}, so it is not ${expected ? 'PASS_TO_PASS' : 'FAIL_TO_PASS'}`,
      );
  }
}

/**
 * Builds the repository under `reposDir` (as `truss-examples__textkit`, the layout
 * `truss bench-verdicts --repos` reads) and returns the dataset's JSONL text.
 */
export function makeVerdictDataset(
  reposDir: string,
  options: { validate: boolean } = { validate: true },
): { jsonl: string; repo: string } {
  const repo = join(reposDir, TEXTKIT_REPO.replace('/', '__'));
  if (existsSync(repo)) throw new Error(`${repo} exists already: pass an empty --repos directory`);
  const commits = buildTextkitRepo(repo);
  const jsonl = verdictRecords(repo, commits, options)
    .map((record) => JSON.stringify(record))
    .join('\n');
  return { jsonl: `${jsonl}\n`, repo };
}

function main(): void {
  const { values } = parseArgs({
    options: { repos: { type: 'string' }, out: { type: 'string' }, check: { type: 'boolean' } },
  });
  const keep = values.repos !== undefined;
  const reposDir = keep ? resolve(values.repos as string) : mkdtempSync(join(tmpdir(), 'truss-textkit-'));
  const out = resolve(values.out ?? DATASET_FILE);
  try {
    const { jsonl, repo } = makeVerdictDataset(reposDir);
    if (values.check) {
      const same = existsSync(out) && readFileSync(out, 'utf8') === jsonl;
      process.stderr.write(same ? `${out} is up to date\n` : `${out} differs from what the script makes\n`);
      process.exitCode = same ? 0 : 1;
      return;
    }
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, jsonl);
    const count = jsonl.trim().split('\n').length;
    process.stderr.write(`wrote ${count} records to ${out}${keep ? `; repository ${repo}` : ''}\n`);
  } finally {
    if (!keep) rmSync(reposDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
