import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findGitHazards, removeSpecialFiles } from '../../src/core/process/git-special-files.js';

// Every directory a walk reads goes through readdirSync: counted here, passed through unchanged.
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return { ...real, readdirSync: vi.fn(real.readdirSync) };
});
const reads = vi.mocked(fs.readdirSync);

/**
 * The .git walk (before every harness git, after every sandboxed process) does not read again a
 * directory an earlier walk read, while it is the same directory with the same change time
 * (docs/performance.md, "The .git walk"; docs/security.md, "Git metadata"). These tests plant what
 * the walk must find right after a walk that remembered everything, in the same second.
 */

const root = mkdtempSync(join(tmpdir(), 'truss-git-walk-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Repo {
  work: string;
  gitDir: string;
  git: (...args: string[]) => string;
  /** The loose object of a.txt, and its `objects/xx` directory. */
  loose: string;
}

function repo(name: string): Repo {
  const work = join(root, name);
  mkdirSync(work);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@example.invalid', '-c', 'user.name=t', ...args], {
      cwd: work,
      encoding: 'utf8',
    });
  git('init', '-q', '-b', 'main');
  for (const file of ['a', 'b', 'c']) {
    writeFileSync(join(work, `${file}.txt`), `${file}\n`);
    git('add', '.');
    git('commit', '-qm', file);
  }
  // Deep, settled directories: a leaf with nothing but files, and one holding a user's own link.
  mkdirSync(join(work, '.git', 'refs', 'heads', 'team', 'deep', 'leaf'), { recursive: true });
  writeFileSync(join(work, '.git', 'refs', 'heads', 'team', 'deep', 'leaf', 'x'), git('rev-parse', 'HEAD'));
  writeFileSync(join(work, 'shared.txt'), 'shared\n');
  symlinkSync('../../../shared.txt', join(work, '.git', 'objects', 'info', 'mine'));
  const blob = git('rev-parse', 'HEAD:a.txt').trim();
  return {
    work,
    gitDir: join(work, '.git'),
    git,
    loose: join(work, '.git', 'objects', blob.slice(0, 2), blob.slice(2)),
  };
}

const NAMES = [
  'counted',
  'fifo-deep',
  'proc-link',
  'target-swapped',
  'moved-in',
  'swapped-dirs',
  'recreated',
  'hard-link',
  'mtime-forged',
  'replaced-by-link',
  'fresh',
  'two-a',
  'two-b',
] as const;
const repos = {} as Record<(typeof NAMES)[number], Repo>;

beforeAll(async () => {
  for (const name of NAMES) repos[name] = repo(name);
  // Only a directory whose last change is two seconds old when it is read is remembered.
  await new Promise((resolve) => setTimeout(resolve, 2_100));
}, 60_000);

const directories = (gitDir: string) =>
  execFileSync('find', [gitDir, '-type', 'd'], { encoding: 'utf8' }).split('\n').length - 1;

/** Walks `gitDir` until it is all remembered: the next walk reads no directory. */
function remembered(repo: Repo): void {
  const links = { 'objects/info/mine': '../../../shared.txt' };
  reads.mockClear();
  expect(findGitHazards(repo.gitDir)).toEqual([]);
  expect(removeSpecialFiles(repo.gitDir, links)).toEqual([]);
  reads.mockClear();
  expect(findGitHazards(repo.gitDir)).toEqual([]);
  expect(removeSpecialFiles(repo.gitDir, links)).toEqual([]);
  expect(reads.mock.calls.length).toBe(0);
}

/** What findGitHazards names, by path relative to the git directory. */
const hazards = (repo: Repo) =>
  findGitHazards(repo.gitDir)
    .map(({ path, what }) => `${path.slice(repo.gitDir.length + 1)}: ${what}`)
    .sort();

/** What the sweep removes (the user's own link kept), by path relative to the git directory. */
const swept = (repo: Repo) =>
  removeSpecialFiles(repo.gitDir, { 'objects/info/mine': '../../../shared.txt' })
    .map((path) => path.slice(repo.gitDir.length + 1))
    .sort();

describe('the .git walk remembers what it read (docs/performance.md)', () => {
  it('reads every directory once, then none while nothing changed; both walks share what they read', () => {
    const { gitDir } = repos.counted;
    reads.mockClear();
    expect(findGitHazards(gitDir)).toEqual([]);
    expect(reads.mock.calls.length).toBe(directories(gitDir));
    reads.mockClear();
    expect(findGitHazards(gitDir)).toEqual([]);
    expect(removeSpecialFiles(gitDir, { 'objects/info/mine': '../../../shared.txt' })).toEqual([]);
    expect(reads.mock.calls.length).toBe(0);
  });

  it('per git directory: walking another one in between forgets nothing', () => {
    remembered(repos['two-a']);
    remembered(repos['two-b']);
    reads.mockClear();
    findGitHazards(repos['two-a'].gitDir);
    findGitHazards(repos['two-b'].gitDir);
    expect(reads.mock.calls.length).toBe(0);
  });

  it('a directory changed less than two seconds before it was read is read again by the next walk', () => {
    const repo = repos.fresh;
    remembered(repo);
    mkdirSync(join(repo.gitDir, 'refs', 'heads', 'team', 'deep', 'leaf', 'new'));
    reads.mockClear();
    expect(findGitHazards(repo.gitDir)).toEqual([]);
    expect(reads.mock.calls.length).toBe(2); // leaf (changed), new
    // Its change time could be shared by a change made right after the read (a file system that
    // keeps whole seconds): not remembered yet.
    reads.mockClear();
    expect(findGitHazards(repo.gitDir)).toEqual([]);
    expect(reads.mock.calls.length).toBe(2);
    execFileSync('mkfifo', [join(repo.gitDir, 'refs', 'heads', 'team', 'deep', 'leaf', 'new', 'f')]);
    expect(hazards(repo)).toEqual(['refs/heads/team/deep/leaf/new/f: a FIFO, socket or device']);
  });
});

describe('what is planted right after a walk that remembered everything is still found', () => {
  it('a FIFO at a loose object, in .git itself and in a deep leaf directory', () => {
    const repo = repos['fifo-deep'];
    remembered(repo);
    const started = Date.now();
    rmSync(repo.loose);
    execFileSync('mkfifo', [repo.loose]);
    execFileSync('mkfifo', [join(repo.gitDir, 'packed-refs')]);
    execFileSync('mkfifo', [join(repo.gitDir, 'refs', 'heads', 'team', 'deep', 'leaf', 'y')]);
    const loose = repo.loose.slice(repo.gitDir.length + 1);
    const planted = [loose, 'packed-refs', 'refs/heads/team/deep/leaf/y'].sort();
    expect(hazards(repo)).toEqual(planted.map((path) => `${path}: a FIFO, socket or device`));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(swept(repo)).toEqual(planted);
    expect(hazards(repo)).toEqual([]);
    expect(execFileSync('find', [repo.gitDir, '-type', 'p'], { encoding: 'utf8' })).toBe('');
  });

  it('a link into /proc in a deep leaf directory', () => {
    const repo = repos['proc-link'];
    remembered(repo);
    symlinkSync('/proc/self/fd/0', join(repo.gitDir, 'refs', 'heads', 'team', 'deep', 'leaf', 'stdin'));
    expect(hazards(repo)).toEqual([
      expect.stringMatching(/^refs\/heads\/team\/deep\/leaf\/stdin: a link (?:into \/proc|to a FIFO)/),
    ]);
    expect(swept(repo)).toEqual(['refs/heads/team/deep/leaf/stdin']);
  });

  it('a link the walk read before, whose target (outside .git) became a FIFO: .git did not change, the link is asked again', () => {
    const repo = repos['target-swapped'];
    remembered(repo);
    rmSync(join(repo.work, 'shared.txt'));
    execFileSync('mkfifo', [join(repo.work, 'shared.txt')]);
    expect(hazards(repo)).toEqual([
      'objects/info/mine: a link to a FIFO, socket or device (../../../shared.txt)',
    ]);
  });

  it('a subtree holding a FIFO renamed into .git from outside it', () => {
    const repo = repos['moved-in'];
    remembered(repo);
    const outside = join(repo.work, 'outside');
    mkdirSync(join(outside, 'a', 'b'), { recursive: true });
    execFileSync('mkfifo', [join(outside, 'a', 'b', 'f')]);
    renameSync(outside, join(repo.gitDir, 'refs', 'heads', 'team', 'deep', 'leaf', 'moved'));
    expect(hazards(repo)).toEqual(['refs/heads/team/deep/leaf/moved/a/b/f: a FIFO, socket or device']);
    expect(swept(repo)).toEqual(['refs/heads/team/deep/leaf/moved/a/b/f']);
  });

  it('two remembered directories swapped by renames, a FIFO made in one first', () => {
    const repo = repos['swapped-dirs'];
    remembered(repo);
    const objects = join(repo.gitDir, 'objects');
    const [first, second] = fs
      .readdirSync(objects)
      .filter((name) => /^[0-9a-f]{2}$/.test(name))
      .sort();
    execFileSync('mkfifo', [join(objects, second as string, 'f')]);
    renameSync(join(objects, first as string), join(objects, 'tmp'));
    renameSync(join(objects, second as string), join(objects, first as string));
    renameSync(join(objects, 'tmp'), join(objects, second as string));
    expect(hazards(repo)).toEqual([`objects/${first}/f: a FIFO, socket or device`]);
  });

  it('a remembered leaf removed and made again under the same name (its inode may be reused), a FIFO in it', () => {
    const repo = repos.recreated;
    remembered(repo);
    const leaf = join(repo.gitDir, 'refs', 'heads', 'team', 'deep', 'leaf');
    const before = lstatSync(leaf).ino;
    rmSync(leaf, { recursive: true });
    mkdirSync(leaf);
    execFileSync('mkfifo', [join(leaf, 'f')]);
    if (lstatSync(leaf).ino === before) console.info('the leaf got its old inode back');
    expect(hazards(repo)).toEqual(['refs/heads/team/deep/leaf/f: a FIFO, socket or device']);
  });

  it('a hard link to a FIFO made elsewhere', () => {
    const repo = repos['hard-link'];
    remembered(repo);
    execFileSync('mkfifo', [join(repo.work, 'made.fifo')]);
    linkSync(
      join(repo.work, 'made.fifo'),
      join(repo.gitDir, 'refs', 'heads', 'team', 'deep', 'leaf', 'hard'),
    );
    expect(swept(repo)).toEqual(['refs/heads/team/deep/leaf/hard']);
  });

  it('a FIFO in a leaf whose modification time is then set back: its change time still moved', () => {
    const repo = repos['mtime-forged'];
    remembered(repo);
    const leaf = join(repo.gitDir, 'refs', 'heads', 'team', 'deep', 'leaf');
    const { mtimeNs } = statSync(leaf, { bigint: true });
    execFileSync('mkfifo', [join(leaf, 'f')]);
    const seconds = `${mtimeNs / 1_000_000_000n}.${String(mtimeNs % 1_000_000_000n).padStart(9, '0')}`;
    execFileSync('touch', ['-m', '-d', `@${seconds}`, leaf]);
    expect(statSync(leaf, { bigint: true }).mtimeNs).toBe(mtimeNs);
    expect(hazards(repo)).toEqual(['refs/heads/team/deep/leaf/f: a FIFO, socket or device']);
  });

  it('a remembered directory replaced by a link to a directory (not entered; the sweep removes the link)', () => {
    const repo = repos['replaced-by-link'];
    remembered(repo);
    const outside = mkdtempSync(join(root, 'elsewhere-'));
    execFileSync('mkfifo', [join(outside, 'f')]);
    const deep = join(repo.gitDir, 'refs', 'heads', 'team', 'deep');
    rmSync(deep, { recursive: true });
    symlinkSync(outside, deep);
    expect(swept(repo)).toEqual(['refs/heads/team/deep']);
    expect(existsSync(join(outside, 'f'))).toBe(true);
  });
});
