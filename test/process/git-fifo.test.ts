import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GitCommandError,
  harnessGit,
  runHarnessGit,
  runHarnessGitCapped,
} from '../../src/core/process/git-safety.js';
import { removeSpecialFiles } from '../../src/core/process/git-special-files.js';
import { createIsolation } from '../../src/core/process/index.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { mechanismAvailable } from './isolation-kit.js';

/**
 * Git opens the files of its directory by name and blocks for ever opening a FIFO nobody writes
 * to. An attack pass had a check `mkfifo .git/objects/info/alternates`: the next run hung in its
 * first git call, before any check, and so did the user's own `git status` (docs/security.md, "Git
 * metadata"). The sandboxes now remove every special file in `.git` after each process, and every
 * harness git has a deadline.
 */

const PATH = process.env.PATH ?? '/usr/bin:/bin';

function repo(): { work: string; git: (...args: string[]) => string } {
  const work = mkdtempSync(join(tmpdir(), 'truss-git-fifo-'));
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: work, encoding: 'utf8', timeout: 10_000, killSignal: 'SIGKILL' });
  git('init', '-q', '-b', 'main');
  writeFileSync(join(work, 'a.txt'), 'a\n');
  git('add', '.');
  git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-qm', 'init');
  return { work, git };
}

/** Where git opens a file by name: alternates, a loose object, packed-refs, a loose ref. */
const PLANT = [
  'obj=$(git rev-parse HEAD:a.txt)',
  'dir=$(echo "$obj" | cut -c1-2); file=$(echo "$obj" | cut -c3-)',
  'rm -f ".git/objects/$dir/$file" && mkfifo ".git/objects/$dir/$file"',
  'mkfifo .git/packed-refs',
  'mkfifo .git/objects/info/alternates',
  'mkdir -p .git/refs/heads/deep && mkfifo .git/refs/heads/deep/fifo',
  'echo planted',
].join('\n');

const specials = (work: string) =>
  execFileSync('find', [join(work, '.git'), '!', '-type', 'f', '!', '-type', 'd', '!', '-type', 'l'], {
    encoding: 'utf8',
  });

/**
 * Links where git opens a file, to a FIFO the check made in the work tree (which the sweep of `.git`
 * does not reach) and to `/dev/stdin`: git follows them and waits for ever.
 */
const PLANT_LINKS = [
  'mkfifo .hang',
  'ln -s "$PWD/.hang" .git/objects/info/alternates',
  'ln -s "$PWD/.hang" .git/objects/info/commit-graph',
  'mkdir -p .git/refs/heads/deep && ln -s /dev/stdin .git/refs/heads/deep/stdin',
  'ln -s "$PWD/.hang" .git/refs/tags/v1',
  'echo planted',
].join('\n');

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const isLink = (path: string) => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};

/** Where the harness's git would wait: every non-regular entry of .git, and where its links lead. */
const links = (work: string) =>
  execFileSync('find', [join(work, '.git'), '-type', 'l'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .sort();

/** Runs `script` in a `level` sandbox on `work`, resolving with all it printed once it has ended. */
async function plantedBy(level: 'uid' | 'bwrap', work: string, script: string): Promise<string> {
  const isolation = await createIsolation({
    mode: level,
    network: 'none',
    hiddenPaths: [],
    workdirs: [work],
    scratchRoot: tmpdir(),
    path: PATH,
    isRoot: process.getuid?.() === 0,
  });
  const result = await runSupervised({
    file: '/bin/sh',
    args: ['-c', script],
    cwd: work,
    env: { PATH },
    stdin: null,
    timeoutMs: 20_000,
    signal: new AbortController().signal,
    isolation,
  });
  return result.stdout.bytes.toString() + result.stderr.bytes.toString();
}

describe('FIFOs a sandboxed process plants in .git', () => {
  for (const level of ['uid', 'bwrap'] as const) {
    it(`${level}: are gone when the process ends; the harness's git and the user's own finish`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} git FIFO test: ${unavailable}`);
        return;
      }
      const { work, git } = repo();
      expect(await plantedBy(level, work, PLANT)).toBe('planted\n');
      expect(specials(work)).toBe('');
      // The reviewers' diff and the next run's first questions, then the user's own git.
      const harness = harnessGit(work, { timeoutMs: 10_000 });
      expect(await harness.raw(['status', '--porcelain'])).toBe('');
      expect(await harness.raw(['rev-parse', 'HEAD'])).toMatch(/^[0-9a-f]{40}\n$/);
      expect(git('status', '--porcelain')).toBe('');
    }, 60_000);

    it(`${level}: links to a FIFO or to /dev/stdin planted deep in .git are gone; the user's own links stay`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} git link test: ${unavailable}`);
        return;
      }
      const { work, git } = repo();
      // The user's own links, there before the run: never the sandbox's to have removed — unless it
      // pointed one elsewhere, which makes it the sandbox's.
      symlinkSync('../../description', join(work, '.git', 'objects', 'info', 'mine'));
      symlinkSync('../../description', join(work, '.git', 'objects', 'info', 'retargeted'));
      const script = `ln -sfn "$PWD/.hang" .git/objects/info/retargeted\n${PLANT_LINKS}`;
      expect(await plantedBy(level, work, script)).toBe('planted\n');
      expect(links(work)).toEqual([join(work, '.git', 'objects', 'info', 'mine')]);
      expect(lstatSync(join(work, '.hang')).isFIFO()).toBe(true); // the work tree is the work's
      const started = Date.now();
      const harness = harnessGit(work, { timeoutMs: 10_000 });
      expect(await harness.raw(['status', '--porcelain'])).toBe('');
      expect(await harness.raw(['log', '--format=%s'])).toBe('init\n');
      expect(await harness.raw(['for-each-ref', '--format=%(refname)'])).toBe('refs/heads/main\n');
      expect(git('status', '--porcelain')).toBe('');
      expect(Date.now() - started).toBeLessThan(5_000);
    }, 60_000);

    it(`${level}: while the process that planted a link to a FIFO still runs, the harness's git is refused at once, naming it`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} git refusal test: ${unavailable}`);
        return;
      }
      const { work, git } = repo();
      const planted = join(work, '.git', 'refs', 'heads', 'deep', 'x');
      // A delegated CLI calling Truss's git tools while it runs: nothing is swept until it ends.
      const script = [
        'mkfifo .hang && mkdir -p .git/refs/heads/deep && ln -s "$PWD/.hang" .git/refs/heads/deep/x',
        'i=0; while [ ! -e .done ] && [ $i -lt 150 ]; do sleep 0.1; i=$((i+1)); done',
        'echo planted',
      ].join('\n');
      const running = plantedBy(level, work, script);
      for (let i = 0; i < 100 && !existsSync(join(work, '.hang')); i++) await sleep(50);
      for (let i = 0; i < 100 && !isLink(planted); i++) await sleep(50);
      const started = Date.now();
      const failure = await runHarnessGit(work, ['for-each-ref'], { timeoutMs: 10_000 }).catch(
        (error: unknown) => error,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(failure).toBeInstanceOf(GitCommandError);
      expect((failure as Error).message).toContain(`${planted} is a link to a FIFO, socket or device`);
      expect((failure as Error).message).toContain(`Remove it (\`rm '${planted}'\`)`);
      writeFileSync(join(work, '.done'), '');
      expect(await running).toBe('planted\n');
      // Swept when it ended.
      expect(isLink(planted)).toBe(false);
      expect(await harnessGit(work, { timeoutMs: 10_000 }).raw(['for-each-ref', '--format=%(refname)'])).toBe(
        'refs/heads/main\n',
      );
      expect(git('status', '--porcelain')).toBe('?? .done\n'); // git lists no FIFO
    }, 60_000);
  }

  const hazards: Array<[string, (work: string) => string]> = [
    [
      'a FIFO at objects/info/alternates',
      (work) => {
        const path = join(work, '.git', 'objects', 'info', 'alternates');
        execFileSync('mkfifo', [path]);
        return path;
      },
    ],
    [
      'a FIFO at the index',
      (work) => {
        const path = join(work, '.git', 'index');
        execFileSync('rm', [path]);
        execFileSync('mkfifo', [path]);
        return path;
      },
    ],
    [
      'packed-refs linked to a FIFO in the work tree',
      (work) => {
        execFileSync('mkfifo', [join(work, '.hang')]);
        const path = join(work, '.git', 'packed-refs');
        symlinkSync(join(work, '.hang'), path);
        return path;
      },
    ],
    [
      'the branch HEAD names linked to /dev/stdin',
      (work) => {
        const path = join(work, '.git', 'refs', 'heads', 'main');
        execFileSync('rm', [path]);
        symlinkSync('/dev/stdin', path);
        return path;
      },
    ],
    [
      'a loose ref deep in refs/ linked to a FIFO in the work tree',
      (work) => {
        execFileSync('mkfifo', [join(work, '.hang')]);
        mkdirSync(join(work, '.git', 'refs', 'heads', 'a', 'b'), { recursive: true });
        const path = join(work, '.git', 'refs', 'heads', 'a', 'b', 'c');
        symlinkSync('../../../../../.hang', path);
        return path;
      },
    ],
    [
      'a FIFO at a loose object',
      (work) => {
        const obj = execFileSync('git', ['rev-parse', 'HEAD:a.txt'], { cwd: work, encoding: 'utf8' }).trim();
        const path = join(work, '.git', 'objects', obj.slice(0, 2), obj.slice(2));
        execFileSync('rm', ['-f', path]);
        execFileSync('mkfifo', [path]);
        return path;
      },
    ],
    [
      'a tag linked to /dev/stdin',
      (work) => {
        const path = join(work, '.git', 'refs', 'tags', 'v1');
        symlinkSync('/dev/stdin', path);
        return path;
      },
    ],
    [
      'a config include (a shared config kept in the work tree) replaced by a FIFO',
      (work) => {
        execFileSync('git', ['config', 'include.path', '../.gitconfig-shared'], { cwd: work });
        const path = join(work, '.gitconfig-shared');
        execFileSync('mkfifo', [path]);
        // Named as git reads it: `..` after `.git` is resolved by the kernel, not by the spelling.
        return `${work}/.git/../.gitconfig-shared`;
      },
    ],
  ];
  for (const [name, plant] of hazards) {
    it(`without a sandbox (\`none\`), ${name}: every harness git is refused at once, naming the path`, async () => {
      const { work } = repo();
      const path = plant(work);
      const started = Date.now();
      for (const call of [
        () => runHarnessGit(work, ['status', '--porcelain'], { timeoutMs: 3_000 }),
        () => runHarnessGitCapped(work, ['diff', 'HEAD'], 1024, { timeoutMs: 3_000 }),
      ]) {
        const failure = await call().catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(GitCommandError);
        expect((failure as Error).message).toContain(`${path} is `);
        expect((failure as Error).message).toContain('Remove it (`rm ');
      }
      expect(Date.now() - started).toBeLessThan(2_000);
    }, 20_000);
  }

  it('without a sandbox (`none`), a git that blocks where nothing is checked beforehand (a link to a directory holding a FIFO) is stopped at its deadline, and the call fails', async () => {
    const { work, git } = repo();
    const obj = git('rev-parse', 'HEAD:a.txt').trim();
    const outside = mkdtempSync(join(tmpdir(), 'truss-git-fifo-objects-'));
    execFileSync('mkfifo', [join(outside, obj.slice(2))]);
    execFileSync('rm', ['-rf', join(work, '.git', 'objects', obj.slice(0, 2))]);
    symlinkSync(outside, join(work, '.git', 'objects', obj.slice(0, 2)));
    const started = Date.now();
    const failure = await runHarnessGit(work, ['cat-file', '-p', obj], { timeoutMs: 500 }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(GitCommandError);
    expect((failure as Error).message).toContain('did not finish within');
    expect((failure as Error).message).toContain('find .git');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('the sweep enters no link: a FIFO outside .git that a planted link leads to stays; links the user had stay', () => {
    const { work } = repo();
    const outside = mkdtempSync(join(tmpdir(), 'truss-git-fifo-outside-'));
    execFileSync('mkfifo', [join(outside, 'host.fifo')]);
    symlinkSync('../../description', join(work, '.git', 'objects', 'info', 'mine'));
    symlinkSync(outside, join(work, '.git', 'objects', 'zz'));
    mkdirSync(join(work, '.git', 'refs', 'heads', 'nested'), { recursive: true });
    execFileSync('mkfifo', [join(work, '.git', 'refs', 'heads', 'nested', 'inside.fifo')]);
    symlinkSync('../../description', join(work, '.git', 'objects', 'info', 'retargeted'));
    const before = { 'objects/info/mine': '../../description', 'objects/info/retargeted': '../../HEAD' };
    expect(removeSpecialFiles(join(work, '.git'), before).sort()).toEqual([
      join(work, '.git', 'objects', 'info', 'retargeted'),
      join(work, '.git', 'objects', 'zz'),
      join(work, '.git', 'refs', 'heads', 'nested', 'inside.fifo'),
    ]);
    expect(existsSync(join(outside, 'host.fifo'))).toBe(true);
    expect(lstatSync(join(work, '.git', 'objects', 'info', 'mine')).isSymbolicLink()).toBe(true);
  });
});
