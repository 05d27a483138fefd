/**
 * A linked worktree (`git worktree add`) whose repository lies in a shared temporary directory: the
 * sandboxes give the work a private /tmp, which hid the repository's `.git`, so every git in a check
 * failed (`fatal: not a git repository: /tmp/…/.git/worktrees/wt`) where `none` passed. The
 * repository is now shown read-only (docs/security.md, "Linked worktrees"). From the attacker's seat:
 * with it in view, a check still cannot change what git runs there — the common config, the admin
 * directory's HEAD and commondir, a FIFO, hooks, the worktree's `.git` pointer — even with the
 * repository's files world-writable, and the harness's git afterwards is unaffected. And a `.git`
 * file that names some other repository gets nothing shown. Real repositories, real sandboxes.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkedCommonDir, linkedDirsToShow } from '../../src/core/process/git-linked-dirs.js';
import { runHarnessGit, runHarnessGitCapped } from '../../src/core/process/git-safety.js';
import { createIsolation } from '../../src/core/process/index.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { persistedCredentials } from '../../src/github/persisted-credentials.js';
import { makeLinkedWorktree } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';
import { mechanismAvailable } from './isolation-kit.js';

const PATH = process.env.PATH ?? '/usr/bin:/bin';

let root: string;
let cleanup: () => void;
let main: string;
let wt: string;
let common: string;
let admin: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { PATH, HOME: root, LANG: 'C' },
    timeout: 10_000,
    killSignal: 'SIGKILL',
  });

beforeEach(() => {
  const made = tempDir('wt-sandbox');
  root = realpathSync(made.dir);
  cleanup = made.cleanup;
  ({ main, wt, common, admin } = makeLinkedWorktree(root, git));
});
afterEach(() => cleanup());

/** Runs `script` in a `level` sandbox whose working copy is `work`; all it printed, and its exit code. */
async function inSandbox(
  level: 'uid' | 'bwrap',
  work: string,
  script: string,
  hiddenPaths: readonly string[] = [],
  /** Runs once the isolation is made, before the process starts. */
  meanwhile: () => void = () => {},
): Promise<{ out: string; code: number | null }> {
  const isolation = await createIsolation({
    mode: level,
    network: 'none',
    hiddenPaths,
    workdirs: [work],
    scratchRoot: tmpdir(),
    path: PATH,
    isRoot: process.getuid?.() === 0,
  });
  meanwhile();
  const result = await runSupervised({
    file: '/bin/sh',
    args: ['-c', script],
    cwd: work,
    env: { PATH, COMMON: common, ADMIN: admin, MARK: join(root, 'pwned') },
    stdin: null,
    timeoutMs: 30_000,
    signal: new AbortController().signal,
    isolation,
  });
  return {
    out: result.stdout.bytes.toString() + result.stderr.bytes.toString(),
    code: result.exitCode,
  };
}

/** Each attempt prints `WROTE <what>` when it got through; the first line proves the repository is in view. */
const ATTACK = [
  'exec 2>/dev/null',
  'test -f "$COMMON/config" && test -f "$ADMIN/HEAD" && echo SEES',
  'git config core.fsmonitor "touch $MARK" && echo WROTE fsmonitor',
  `printf '[core]\\n\\tfsmonitor = touch %s\\n' "$MARK" >> "$COMMON/config" && echo WROTE config`,
  'echo "ref: refs/heads/evil" > "$ADMIN/HEAD" && echo WROTE HEAD',
  'echo /etc > "$ADMIN/commondir" && echo WROTE commondir',
  'mkfifo "$ADMIN/hang" && echo WROTE fifo',
  'mkfifo "$COMMON/packed-refs.fifo" && echo WROTE common fifo',
  `printf '#!/bin/sh\\ntouch %s\\n' "$MARK" > "$COMMON/hooks/post-checkout" && echo WROTE hook`,
  'printf "gitdir: /etc\\n" > .git && echo WROTE pointer',
  'rm -f .git && echo WROTE pointer removed',
  'mv "$ADMIN" "$ADMIN.gone" && echo WROTE admin moved',
  'echo done',
].join('\n');

for (const level of ['uid', 'bwrap'] as const) {
  describe(`${level}: a linked worktree whose repository lies in the shared temp dir`, () => {
    it('git works in a check there, as it does without isolation', async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} linked worktree test: ${unavailable}`);
        return;
      }
      expect(root.startsWith('/tmp/')).toBe(true);
      writeFileSync(join(wt, 'a.txt'), 'changed\n');
      const { out, code } = await inSandbox(
        level,
        wt,
        'git status --porcelain && git log --format=%s -1 && git rev-parse --git-common-dir',
      );
      expect(out).toBe(` M a.txt\ninit\n${common}\n`);
      expect(code).toBe(0);
    }, 60_000);

    it('a check cannot change what git runs there, even with the files world-writable; the harness git after it is unaffected', async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} linked worktree attack test: ${unavailable}`);
        return;
      }
      // The attacker's best case: only the mount, not file modes, stands in the way.
      execFileSync('chmod', ['-R', 'a+rwX', common]);
      const before = {
        config: readFileSync(join(common, 'config'), 'utf8'),
        head: readFileSync(join(admin, 'HEAD'), 'utf8'),
        commondir: readFileSync(join(admin, 'commondir'), 'utf8'),
        pointer: readFileSync(join(wt, '.git'), 'utf8'),
      };
      const { out } = await inSandbox(level, wt, ATTACK);
      expect(out).toBe('SEES\ndone\n');
      expect(readFileSync(join(common, 'config'), 'utf8')).toBe(before.config);
      expect(readFileSync(join(admin, 'HEAD'), 'utf8')).toBe(before.head);
      expect(readFileSync(join(admin, 'commondir'), 'utf8')).toBe(before.commondir);
      expect(readFileSync(join(wt, '.git'), 'utf8')).toBe(before.pointer);
      for (const planted of ['hang', '../../packed-refs.fifo', '../../hooks/post-checkout'])
        expect(existsSync(join(admin, planted))).toBe(false);
      // The harness's git there, then the user's own (which would run a planted fsmonitor or hook).
      writeFileSync(join(wt, 'a.txt'), 'changed\n');
      const status = await runHarnessGit(wt, ['status', '--porcelain'], { timeoutMs: 10_000 });
      expect(status).toMatchObject({ code: 0, stdout: ' M a.txt\n' });
      const diff = await runHarnessGitCapped(wt, ['diff', 'HEAD'], 4096, { timeoutMs: 10_000 });
      expect(diff.stdout.toString()).toContain('+changed');
      expect(git(wt, 'status', '--porcelain')).toBe(' M a.txt\n');
      git(wt, 'checkout', '-q', '-b', 'other');
      expect(existsSync(join(root, 'pwned'))).toBe(false);
    }, 60_000);

    it("with the repository itself the working copy, a check cannot redirect its linked worktrees' git", async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} worktrees/ test: ${unavailable}`);
        return;
      }
      // A repository the work wrote, whose config runs its command: what a rewritten commondir or
      // a planted config.worktree would have the user's next git in the worktree read.
      const redirect = [
        'exec 2>/dev/null',
        'mkdir -p evil && git init -q evil && git -C evil config core.fsmonitor "touch $MARK"',
        'test -f .git/worktrees/wt/commondir && echo SEES',
        'echo "$PWD/evil/.git" > .git/worktrees/wt/commondir && echo WROTE commondir',
        'printf "[core]\\n\\tfsmonitor = touch %s\\n" "$MARK" > .git/worktrees/wt/config.worktree && echo WROTE config.worktree',
        'mkdir .git/worktrees/wt/hooks && echo WROTE hooks',
        'echo done',
      ].join('\n');
      const { out } = await inSandbox(level, main, redirect);
      expect(out).toBe('SEES\ndone\n');
      expect(readFileSync(join(admin, 'commondir'), 'utf8')).toBe('../..\n');
      expect(existsSync(join(admin, 'config.worktree'))).toBe(false);
      writeFileSync(join(wt, 'a.txt'), 'changed\n');
      expect(git(wt, 'status', '--porcelain')).toBe(' M a.txt\n');
      expect(git(wt, 'rev-parse', '--git-common-dir')).toBe(`${common}\n`);
      expect(existsSync(join(root, 'pwned'))).toBe(false);
    }, 60_000);

    it('a repository removed after the isolation was made stops nothing: the check runs, its git fails', async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} removed repository test: ${unavailable}`);
        return;
      }
      const { out, code } = await inSandbox(
        level,
        wt,
        'echo ran; git status 2>/dev/null || echo no-git',
        [],
        () => rmSync(main, { recursive: true, force: true }),
      );
      expect(out).toBe('ran\nno-git\n');
      expect(code).toBe(0);
    }, 60_000);

    it('a .git file naming a repository that does not name it back shows nothing', async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} forged pointer test: ${unavailable}`);
        return;
      }
      // The work (or an earlier run's) wrote a `.git` file into a plain working copy, naming the
      // admin directory of a worktree that is not this one: its `gitdir` names the real worktree.
      const work = join(root, 'work');
      mkdirSync(work);
      writeFileSync(join(work, '.git'), `gitdir: ${admin}\n`);
      const { out } = await inSandbox(level, work, 'cat "$COMMON/config" 2>/dev/null || echo UNSEEN');
      expect(out).toBe('UNSEEN\n');
    }, 60_000);

    it('a repository inside a hidden path stays hidden, worktree or not', async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} hidden repository test: ${unavailable}`);
        return;
      }
      const { out } = await inSandbox(level, wt, 'cat "$COMMON/config" 2>/dev/null || echo UNSEEN', [main]);
      expect(out).toBe('UNSEEN\n');
    }, 60_000);
  });
}

describe('which repository a `.git` file gets shown', () => {
  it("the linked worktree's own, by its real path, also when written relative", () => {
    expect(linkedCommonDir(wt)).toBe(common);
    writeFileSync(join(wt, '.git'), 'gitdir: ../main/.git/worktrees/wt\n');
    writeFileSync(join(admin, 'gitdir'), '../../../../wt/.git\n');
    expect(linkedCommonDir(wt)).toBe(common);
  });

  it('nothing for an admin directory outside `<common>/worktrees/`, an admin directory that is a link out of it, or a link for `.git`', () => {
    // An admin directory that names a repository it does not lie in.
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'commondir'), `${common}\n`);
    writeFileSync(join(elsewhere, 'gitdir'), `${join(wt, '.git')}\n`);
    writeFileSync(join(wt, '.git'), `gitdir: ${elsewhere}\n`);
    expect(linkedCommonDir(wt)).toBeNull();
    // A commondir naming another directory than the one the admin directory lies in.
    writeFileSync(join(wt, '.git'), `gitdir: ${admin}\n`);
    writeFileSync(join(admin, 'commondir'), `${root}\n`);
    expect(linkedCommonDir(wt)).toBeNull();
    writeFileSync(join(admin, 'commondir'), '../..\n');
    expect(linkedCommonDir(wt)).toBe(common);
    // `.git` a link to the pointer file: not read.
    renameSync(join(wt, '.git'), join(root, 'pointer'));
    symlinkSync(join(root, 'pointer'), join(wt, '.git'));
    expect(linkedCommonDir(wt)).toBeNull();
    rmSync(join(wt, '.git'));
    renameSync(join(root, 'pointer'), join(wt, '.git'));
    expect(linkedCommonDir(wt)).toBe(common);
    // The admin directory a link to one elsewhere (its files naming the right places).
    renameSync(admin, join(root, 'moved-admin'));
    symlinkSync(join(root, 'moved-admin'), admin);
    writeFileSync(join(admin, 'commondir'), `${common}\n`);
    expect(linkedCommonDir(wt)).toBeNull();
  });

  it('nothing for a plain repository, a submodule-style `.git` file or a FIFO at `.git`', () => {
    expect(linkedCommonDir(main)).toBeNull();
    const sub = join(root, 'sub');
    mkdirSync(sub);
    git(sub, 'init', '-q', '--separate-git-dir', join(root, 'sub.git'));
    expect(linkedCommonDir(sub)).toBeNull();
    rmSync(join(sub, '.git'));
    execFileSync('mkfifo', [join(sub, '.git')]);
    expect(linkedCommonDir(sub)).toBeNull();
  });

  it('a repository is shown once, and not when it lies in a working copy or a hidden path, or holds either', () => {
    expect(linkedDirsToShow([common, common], [wt], [])).toEqual([common]);
    expect(linkedDirsToShow([common], [main], [])).toEqual([]);
    expect(linkedDirsToShow([common], [join(common, 'inner-wt')], [])).toEqual([]);
    expect(linkedDirsToShow([common], [wt], [root])).toEqual([]);
    expect(linkedDirsToShow([common], [wt], [join(common, 'keys')])).toEqual([]);
  });
});

describe("a credential in a linked worktree's repository", () => {
  it('counts: the sandboxes show that repository to checks', async () => {
    const token = 'ghs_linkedpersisted0000000000000000000000';
    git(main, 'config', 'http.https://github.com/.extraheader', `AUTHORIZATION: basic ${token}`);
    const found = await persistedCredentials(wt);
    expect(found).toEqual(['http.https://github.com/.extraheader (../main/.git/config)']);
    expect(found.join('\n')).not.toContain(token);
  });
});
