import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkedHarnessGit } from '../process/git-safety.js';
import { cleanRoomGitEnv, materializeCleanRoom } from '../verify/clean-room.js';

/** A patch larger than this is refused unread (a dataset's patches are kilobytes). */
const MAX_PATCH_BYTES = 16 * 1024 * 1024;

/** The commit that holds the base plus `test_patch` is made by this fixed identity and clock. */
const TESTS_COMMIT_ENV = {
  GIT_AUTHOR_NAME: 'truss bench',
  GIT_AUTHOR_EMAIL: 'bench@truss.invalid',
  GIT_AUTHOR_DATE: '2000-01-01T00:00:00Z',
  GIT_COMMITTER_NAME: 'truss bench',
  GIT_COMMITTER_EMAIL: 'bench@truss.invalid',
  GIT_COMMITTER_DATE: '2000-01-01T00:00:00Z',
};

/** A record's working copy: the base commit, the tests in place, the candidate patch applied. */
export interface BenchWorkspace {
  dir: string;
  baseSha: string;
  /** The base plus `test_patch`, committed (the base itself without one): what reviewers diff against. */
  testsSha: string;
  dispose(): Promise<void>;
}

export type BenchWorkspaceResult =
  | { status: 'ready'; workspace: BenchWorkspace }
  /** The record's own `test_patch` does not apply: the record cannot be judged. */
  | { status: 'tests_unapplied'; error: string }
  /** The candidate patch is refused or does not apply: no run, judged FAIL. */
  | { status: 'candidate_unapplied'; error: string };

/**
 * Makes the working copy one benchmark run judges (docs/bench-verdicts.md "Where a run works"): a
 * fresh repository reading `repoRoot`'s objects at the base commit (verify/clean-room.ts: no hooks,
 * no config, nothing written to the source), then `test_patch` applied and committed, then the
 * candidate on top with `test_patch`'s files excluded — as SWE-bench resets test files before it
 * applies the test patch. Patches are attacker input: each is refused before `git apply` when it
 * names a path that is absolute, climbs with `..`, enters `.git`, or creates a symlink or a
 * submodule, and `git apply` (no `--unsafe-paths`) runs only inside the copy.
 */
export async function benchWorkspace(options: {
  repoRoot: string;
  baseCommit: string;
  testPatch: string | null;
  candidate: string;
  env: Readonly<Record<string, string | undefined>>;
  parentDir?: string | undefined;
  /** Called with the finished copy before anything runs in it (the isolation's grant). */
  prepare?: ((dir: string) => Promise<void>) | undefined;
}): Promise<BenchWorkspaceResult> {
  const room = await materializeCleanRoom({
    repoRoot: options.repoRoot,
    baseSha: options.baseCommit,
    diff: new Uint8Array(),
    env: options.env,
    parentDir: options.parentDir,
    prefix: 'truss-bench-',
  });
  const scratch = await mkdtemp(join(tmpdir(), 'truss-bench-patch-'));
  const git = (args: string[], extra: Record<string, string> = {}) =>
    runGit(room.dir, args, { ...cleanRoomGitEnv(options.env), ...extra });
  let ready = false;
  try {
    let testsSha = room.baseSha;
    let testPaths: string[] = [];
    if (options.testPatch) {
      const applied = await applyPatch(git, scratch, 'test.patch', options.testPatch, []);
      if ('error' in applied) return { status: 'tests_unapplied', error: `test_patch: ${applied.error}` };
      testPaths = applied.paths;
      await git(['add', '-A', '-f', '--', '.']);
      const tree = (await git(['write-tree'])).trim();
      testsSha = (
        await git(
          ['commit-tree', tree, '-p', room.baseSha, '-m', 'truss bench: test_patch'],
          TESTS_COMMIT_ENV,
        )
      ).trim();
      await git(['update-ref', 'HEAD', testsSha]);
    }
    if (options.candidate.trim() !== '') {
      const applied = await applyPatch(git, scratch, 'candidate.patch', options.candidate, testPaths);
      if ('error' in applied) return { status: 'candidate_unapplied', error: applied.error };
    }
    await options.prepare?.(room.dir);
    ready = true;
    return {
      status: 'ready',
      workspace: { dir: room.dir, baseSha: room.baseSha, testsSha, dispose: room.dispose },
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
    if (!ready) await room.dispose();
  }
}

type Git = (args: string[]) => Promise<string>;

/** Checks a patch's paths, then applies it; the paths it touches, or why it was not applied. */
async function applyPatch(
  git: Git,
  scratch: string,
  name: string,
  patch: string,
  exclude: readonly string[],
): Promise<{ paths: string[] } | { error: string }> {
  const bytes = Buffer.from(patch, 'utf8');
  if (bytes.length > MAX_PATCH_BYTES)
    return { error: `the patch is ${bytes.length} bytes, more than the ${MAX_PATCH_BYTES} accepted` };
  const file = join(scratch, name);
  await writeFile(file, bytes);
  let listed: string;
  let summary: string;
  try {
    listed = await git(['apply', '--numstat', '-z', file]);
    summary = await git(['apply', '--summary', file]);
  } catch (error) {
    return { error: `not a patch git can read: ${gitMessage(error)}` };
  }
  // --numstat -z: "added\tdeleted\tpath\0", or for a rename "added\tdeleted\t\0from\0to\0".
  const paths = listed.split('\0').flatMap((field) => {
    const cut = field.split('\t');
    const path = cut.length >= 3 ? cut.slice(2).join('\t') : field;
    return path === '' ? [] : [path];
  });
  const refused = paths.map((path) => [path, refusedPath(path)] as const).find(([, why]) => why);
  if (refused) return { error: `refused: it names ${JSON.stringify(refused[0])} (${refused[1]})` };
  if (/ (120000|160000)\b/.test(summary))
    return { error: 'refused: it creates a symlink or a submodule (mode 120000/160000)' };
  try {
    await git([
      'apply',
      '--whitespace=nowarn',
      ...exclude.flatMap((path) => [`--exclude=${globEscape(path)}`]),
      file,
    ]);
  } catch (error) {
    return { error: `does not apply: ${gitMessage(error)}` };
  }
  return { paths };
}

/** Why a path a patch names may not be written, or null. */
export function refusedPath(path: string): string | null {
  if (path.startsWith('/')) return 'an absolute path';
  if (path.includes('\\')) return 'a backslash in a path';
  const segments = path.split('/');
  if (segments.some((s) => s === '..')) return 'climbs out with ..';
  if (segments.some((s) => s === '' || s === '.')) return 'an empty or "." path segment';
  if (segments.some((s) => s.toLowerCase() === '.git')) return 'inside .git';
  return null;
}

function globEscape(path: string): string {
  return path.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/** The harness's safe path (git-safety.ts): its deadline, a closed stdin; fails on any non-zero exit. */
function runGit(cwd: string, args: string[], env: Record<string, string>): Promise<string> {
  return checkedHarnessGit(cwd, args, { env });
}

function gitMessage(error: unknown): string {
  return ((error as Error).message ?? String(error)).replace(/\s+/g, ' ').slice(0, 500);
}
