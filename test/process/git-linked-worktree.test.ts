/**
 * The attacker's seat against the harness's git in a linked worktree (`git worktree add`) or any
 * working copy whose `.git` is a file (docs/security.md, "Git metadata"). Git reads such a worktree's
 * own admin directory (`<common>/worktrees/<name>/`: its HEAD, index, commondir) and the repository's
 * common directory (objects, `objects/info/alternates`, `packed-refs`, refs, config). Under `none` —
 * and from a process still running, a delegated CLI calling Truss's git tools — the work can write
 * both: what it plants there must fail every harness git at once, naming it, not keep it waiting
 * until its deadline. And a `.git` file pointing at a git directory inside the work tree makes the
 * repository's config the work's own: no harness git runs with it. Real repositories, real git.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GitCommandError,
  runHarnessGit,
  runHarnessGitCapped,
  UntrustedGitConfigError,
} from '../../src/core/process/git-safety.js';
import { makeLinkedWorktree } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Far below a harness git's deadline here (3 s): a call taking longer waited on what was planted. */
const AT_ONCE_MS = 2_000;

let root: string;
let cleanup: () => void;
let home: string;
let main: string;
let wt: string;
let common: string;
let admin: string;

const env = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C' });
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: env(), timeout: 10_000, killSignal: 'SIGKILL' });

beforeEach(() => {
  const made = tempDir('git-linked-worktree');
  root = realpathSync(made.dir);
  cleanup = made.cleanup;
  home = join(root, 'home');
  mkdirSync(home);
  ({ main, wt, common, admin } = makeLinkedWorktree(root, git));
});
afterEach(() => cleanup());

const fifo = (path: string) => {
  rmSync(path, { force: true });
  execFileSync('mkfifo', [path]);
  return path;
};
const link = (target: string, path: string) => {
  rmSync(path, { force: true });
  symlinkSync(target, path);
  return path;
};

/** What the work plants, where git reads for the linked worktree; each returns the path to name. */
const PLANTS: ReadonlyArray<[string, () => string]> = [
  ["a FIFO at the worktree's own index (its admin directory)", () => fifo(join(admin, 'index'))],
  ["the worktree's own HEAD linked to /dev/stdin", () => link('/dev/stdin', join(admin, 'HEAD'))],
  ['a FIFO at the common objects/info/alternates', () => fifo(join(common, 'objects', 'info', 'alternates'))],
  [
    "the common packed-refs linked to a FIFO in the worktree's tree",
    () => link(fifo(join(wt, '.hang')), join(common, 'packed-refs')),
  ],
  [
    'the branch the worktree is on linked to /dev/stdin',
    () => link('/dev/stdin', join(common, 'refs', 'heads', 'side')),
  ],
  [
    'a config the common config includes replaced by a FIFO',
    () => {
      git(main, 'config', 'include.path', '../shared.gitconfig');
      fifo(join(main, 'shared.gitconfig'));
      return `${common}/../shared.gitconfig`;
    },
  ],
];

describe('what the work plants where git reads for a linked worktree', () => {
  for (const [what, plant] of PLANTS) {
    it(`${what}: every harness git there is refused at once, naming it and how to remove it`, async () => {
      const path = plant();
      const started = Date.now();
      for (const call of [
        () => runHarnessGit(wt, ['status', '--porcelain'], { env: env(), timeoutMs: 3_000 }),
        () => runHarnessGitCapped(wt, ['diff', 'HEAD'], 1024, { env: env(), timeoutMs: 3_000 }),
      ]) {
        const failure = await call().catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(GitCommandError);
        expect((failure as Error).message).toContain(`${path} is `);
        expect((failure as Error).message).toContain('Remove it (`rm ');
      }
      expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);
    }, 20_000);
  }

  it('nothing planted: the linked worktree works, and its admin directory and the common one are each walked once', async () => {
    writeFileSync(join(wt, 'a.txt'), 'changed\n');
    const status = await runHarnessGit(wt, ['status', '--porcelain'], { env: env(), timeoutMs: 3_000 });
    expect(status).toMatchObject({ code: 0, stdout: ' M a.txt\n' });
  });
});

describe('a .git file pointing at a git directory the work can write', () => {
  it("inside the work tree: its config is the work's to fill with a filter, so no harness git runs", async () => {
    const tree = join(root, 'tree');
    mkdirSync(tree);
    git(tree, 'init', '-q', '-b', 'main', '--separate-git-dir', join(tree, '.store'));
    expect(readFileSync(join(tree, '.git'), 'utf8')).toMatch(/^gitdir: /);
    writeFileSync(join(tree, 'a.txt'), 'a\n');
    git(tree, 'add', '.');
    git(tree, '-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-qm', 'init');
    // The work: a clean filter in the repository's config, every file marked with it.
    const marker = join(root, 'filter-ran');
    git(tree, 'config', 'filter.x.clean', `touch '${marker}'; cat`);
    writeFileSync(join(tree, '.gitattributes'), '* filter=x\n');
    writeFileSync(join(tree, 'a.txt'), 'b\n');
    const failure = await runHarnessGit(tree, ['add', 'a.txt'], { env: env(), timeoutMs: 3_000 }).catch(
      (error: unknown) => error,
    );
    expect(existsSync(marker)).toBe(false);
    expect(failure).toBeInstanceOf(UntrustedGitConfigError);
    expect((failure as Error).message).toContain(join(tree, '.store'));
  });
});
