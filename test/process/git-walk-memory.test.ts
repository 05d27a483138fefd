import { execFileSync, spawnSync } from 'node:child_process';
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
  'mounted',
  'bound',
] as const;
/** Per repository, a remembered leaf in `.git` and a directory outside it holding a link into /proc, both with one change time. */
const twins = new Map<Repo, { inside: string; outside: string }>();

/**
 * Two directories with the same change time to the nanosecond: made one after the other in the same
 * clock tick (the kernel stamps an unobserved change with its coarse clock), the second given its
 * link in the same tick. Tried a few times; none where the ticks never lined up.
 */
function makeTwins(repo: Repo): void {
  const inside = join(repo.gitDir, 'refs', 'heads', 'twin');
  const outside = join(repo.work, 'twin-outside');
  for (let attempt = 0; attempt < 50; attempt++) {
    rmSync(inside, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
    mkdirSync(inside);
    mkdirSync(outside);
    symlinkSync('/proc/self/fd/0', join(outside, 'stdin'));
    if (statSync(inside, { bigint: true }).ctimeNs === statSync(outside, { bigint: true }).ctimeNs) {
      twins.set(repo, { inside, outside });
      return;
    }
  }
}
const repos = {} as Record<(typeof NAMES)[number], Repo>;

beforeAll(async () => {
  for (const name of NAMES) repos[name] = repo(name);
  makeTwins(repos.bound);
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

  it('a file system mounted on a remembered directory is read, and read again every time (its server could say any change time)', () => {
    const repo = repos.mounted;
    const walks = walksAroundMount(repo.gitDir, ['-t', 'tmpfs', 'none', LEAF], ['mkfifo', `${LEAF}/f`], true);
    if (walks === null) return;
    const found = ['refs/heads/team/deep/leaf/f'];
    expect(walks).toEqual([
      { reads: directories(repo.gitDir), found: [] },
      { reads: 0, found: [] },
      { reads: 1, found },
      { reads: 1, found },
      { reads: 1, found },
    ]);
    expect(existsSync(join(repo.gitDir, 'refs', 'heads', 'team', 'deep', 'leaf', 'f'))).toBe(false);
  }, 40_000);

  it('another directory with the very same change time bound over a remembered one (same device): its inode tells them apart', () => {
    const repo = repos.bound;
    const twin = twins.get(repo);
    if (twin === undefined) {
      console.warn(
        'SKIPPED the bind-mount test of the .git walk: no two directories got the same change time',
      );
      return;
    }
    const walks = walksAroundMount(repo.gitDir, ['--bind', twin.outside, twin.inside], null, false);
    if (walks === null) return;
    expect(walks.slice(1)).toEqual([
      { reads: 0, found: [] },
      { reads: 1, found: ['refs/heads/twin/stdin'] },
    ]);
  }, 40_000);
  it('on a file system whose change times are clock ticks (ramfs; ext4 before Linux 6.13), a link made in the tick the walk read its directory in is found', () => {
    if (process.getuid?.() !== 0) {
      console.warn('SKIPPED the clock-tick test of the .git walk: mounting needs root');
      return;
    }
    const gitDir = mkdtempSync(join(root, 'ramfs-'));
    const harness = join(root, 'same-tick.mts');
    writeFileSync(
      harness,
      [
        "import { mkdirSync, statSync, symlinkSync } from 'node:fs';",
        `const { findGitHazards } = await import(${JSON.stringify(join(import.meta.dirname, '../../src/core/process/git-special-files.ts'))});`,
        'const gitDir = process.argv[2];',
        'const leaf = `${gitDir}/refs/heads/leaf`;',
        'mkdirSync(leaf, { recursive: true });',
        'await new Promise((resolve) => setTimeout(resolve, 2_100));',
        'findGitHazards(gitDir);',
        'let sameTick = 0;',
        'let missed = 0;',
        'for (let i = 0; i < 50; i++) {',
        '  mkdirSync(`${leaf}/n${i}`);',
        '  findGitHazards(gitDir);',
        '  const read = statSync(leaf, { bigint: true }).ctimeNs;',
        "  symlinkSync('/proc/self/fd/0', `${leaf}/l${i}`);",
        '  if (statSync(leaf, { bigint: true }).ctimeNs === read) sameTick++;',
        '  const found = findGitHazards(gitDir).map((h) => h.path.slice(gitDir.length + 1));',
        '  if (!found.includes(`refs/heads/leaf/l${i}`)) missed++;',
        '}',
        'console.log(JSON.stringify({ sameTick: sameTick > 0, missed }));',
      ].join('\n'),
    );
    const run = spawnSync(
      'unshare',
      [
        '-m',
        '--propagation',
        'private',
        'sh',
        '-c',
        'mount -t ramfs none "$1" && exec "$2" --import tsx "$3" "$1"',
        'sh',
        gitDir,
        process.execPath,
        harness,
      ],
      { cwd: join(import.meta.dirname, '../..'), encoding: 'utf8', timeout: 30_000 },
    );
    if (run.status !== 0 && /unshare failed|Operation not permitted|ramfs/.test(run.stderr)) {
      console.warn(`SKIPPED the clock-tick test of the .git walk: ${run.stderr.trim()}`);
      return;
    }
    expect(run.stderr).toBe('');
    const { sameTick, missed } = JSON.parse(run.stdout);
    // Found every time, also when the link shared its directory's change time with the read.
    expect(missed).toBe(0);
    if (!sameTick)
      console.warn('the clock-tick test of the .git walk never made a link in the tick of a read');
  }, 40_000);
});

/** The remembered leaf every repository has, relative to its git directory. */
const LEAF = 'refs/heads/team/deep/leaf';

/**
 * Walks `gitDir` twice in a Node child of its own mount namespace (so no mount reaches the
 * machine's), then `mount MOUNT` (relative paths from `gitDir`) and `then`, then walks again, and
 * twice more two seconds later when `settle`: how many directories each walk read and what it found.
 * Null (the test skipped) where no mount can be made.
 */
function walksAroundMount(
  gitDir: string,
  mount: string[],
  then: string[] | null,
  settle: boolean,
): { reads: number; found: string[] }[] | null {
  if (process.getuid?.() !== 0) {
    console.warn('SKIPPED a mount test of the .git walk: mounting needs root');
    return null;
  }
  const harness = join(root, 'around-mount.mts');
  writeFileSync(
    harness,
    [
      "import { execFileSync } from 'node:child_process';",
      "import { createRequire, syncBuiltinESMExports } from 'node:module';",
      "const fs = createRequire(import.meta.url)('node:fs');",
      'const real = fs.readdirSync;',
      'let reads = 0;',
      'fs.readdirSync = (...args) => { reads++; return real(...args); };',
      'syncBuiltinESMExports();',
      `const { findGitHazards } = await import(${JSON.stringify(join(import.meta.dirname, '../../src/core/process/git-special-files.ts'))});`,
      'const [gitDir, mount, then, settle] = [process.argv[2], ...JSON.parse(process.argv[3])];',
      'const walk = () => { reads = 0; const found = findGitHazards(gitDir).map((h) => h.path.slice(gitDir.length + 1)); return { reads, found }; };',
      'const walks = [walk(), walk()];',
      "execFileSync('mount', mount, { cwd: gitDir });",
      'if (then) execFileSync(then[0], then.slice(1), { cwd: gitDir });',
      'walks.push(walk());',
      'if (settle) { await new Promise((resolve) => setTimeout(resolve, 2_100)); walks.push(walk(), walk()); }',
      'console.log(JSON.stringify(walks));',
    ].join('\n'),
  );
  const run = spawnSync(
    'unshare',
    [
      '-m',
      '--propagation',
      'private',
      process.execPath,
      '--import',
      'tsx',
      harness,
      gitDir,
      JSON.stringify([mount, then, settle]),
    ],
    { cwd: join(import.meta.dirname, '../..'), encoding: 'utf8', timeout: 30_000 },
  );
  if (run.status !== 0 && /unshare failed|Operation not permitted/.test(run.stderr)) {
    console.warn(`SKIPPED a mount test of the .git walk: ${run.stderr.trim()}`);
    return null;
  }
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
}
