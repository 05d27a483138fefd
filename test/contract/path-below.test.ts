/**
 * A changed path that may be a directory (GitHub lists a submodule bump as its bare path) counts
 * when it counts as a file or when some path below it would: decided on the patterns' automata
 * (src/core/contract/path-below.ts), checked here against trying every short name below it. Paths
 * not marked `mayBeDirectory` are decided as files, exactly as before.
 */
import { describe, expect, it } from 'vitest';
import {
  type ChangedPath,
  compilePathPattern,
  decidePathFilter,
  type PathFilter,
  pathPatternProblem,
  selects,
} from '../../src/core/contract/path-filter.js';

const dir = (path: string): ChangedPath => ({ path, mayBeDirectory: true });
const file = (path: string): ChangedPath => ({ path, mayBeDirectory: false });

/** [filter, changed path, runs as a possible directory?, runs as a file?] */
const TABLE: Array<[PathFilter, string, boolean, boolean]> = [
  // paths: a pattern that could select something below the path selects it.
  [{ paths: ['third_party/zlib/**'] }, 'third_party/zlib', true, false],
  [{ paths: ['third_party/**/*.c'] }, 'third_party/zlib', true, false],
  [{ paths: ['third_party/*/src/*.c'] }, 'third_party/zlib', true, false],
  [{ paths: ['**/*.c'] }, 'vendor/zlib', true, false],
  [{ paths: ['docs/**/*.md'] }, 'docs/a/file.txt', true, false],
  [{ paths: ['**/README.md'] }, 'js/NOTREADME.md', true, false],
  [{ paths: ['third_party/zlib/**'] }, 'third_party', true, false],
  // Nothing below the path can be selected: decided as the file.
  [{ paths: ['third_party/zlib/**'] }, 'third_party/zlibx', false, false],
  [{ paths: ['third_party/*.c'] }, 'third_party/zlib', false, false],
  [{ paths: ['src/**'] }, 'README.md', false, false],
  [{ paths: ['*.md'] }, 'docs', false, false],
  [{ paths: ['*'] }, 'docs', true, true],
  // A later `!` drops the path only when it drops it and everything below it.
  [
    { paths: ['third_party/**', '!third_party/zlib', '!third_party/zlib/**'] },
    'third_party/zlib',
    false,
    false,
  ],
  [{ paths: ['third_party/**', '!third_party/zlib/*.md'] }, 'third_party/zlib', true, true],
  [{ paths: ['src/**', '!src/**/*.test.ts'] }, 'src/a/b.test.ts', true, false],
  [{ paths: ['src/**', '!src/**/*.test.ts', '!src/**/*.test.ts/**'] }, 'src/a/b.test.ts', false, false],
  // paths_ignore: ignored only as itself and with everything below it.
  [{ paths_ignore: ['third_party/zlib/*.md'] }, 'third_party/zlib', true, true],
  [{ paths_ignore: ['docs/**'] }, 'docs', true, true],
  [{ paths_ignore: ['docs', 'docs/**'] }, 'docs', false, false],
  [{ paths_ignore: ['docs/**'] }, 'docs/guide', false, false],
  [{ paths_ignore: ['**.md'] }, 'README.md', true, false],
  [{ paths_ignore: ['**.md', '**.md/**'] }, 'README.md', false, false],
  [{ paths_ignore: ['third_party/**', '!third_party/zlib/*.c'] }, 'third_party/zlib', true, false],
  [{ paths_ignore: ['third_party/**', '!third_party/zlib/*.c'] }, 'third_party/zlib.c', false, false],
  // Both keys: one path below must be selected and not ignored.
  [{ paths: ['lib/**'], paths_ignore: ['lib/**'] }, 'lib', false, false],
  [{ paths: ['lib/**'], paths_ignore: ['lib/*.md'] }, 'lib', true, false],
  [{ paths: ['lib/*.c'], paths_ignore: ['lib/*.md'] }, 'lib', true, false],
  [{ paths: ['lib/*.md'], paths_ignore: ['lib/**/*.md'] }, 'lib', false, false],
];

describe('a changed path that may be a directory (a submodule)', () => {
  it.each(TABLE)('%j on %s → %s as a directory, %s as a file', (filter, path, asDirectory, asFile) => {
    expect(decidePathFilter(filter, [dir(path)]).run).toBe(asDirectory);
    expect(decidePathFilter(filter, [file(path)]).run).toBe(asFile);
    expect(decidePathFilter(filter, [path]).run).toBe(asFile);
  });

  it('ordinary files are decided as before: **.md ignores README.md, !src/**/*.test.ts drops a test', () => {
    expect(decidePathFilter({ paths_ignore: ['**.md'] }, [file('README.md'), file('docs/a.md')]).run).toBe(
      false,
    );
    expect(decidePathFilter({ paths: ['src/**', '!src/**/*.test.ts'] }, [file('src/a/b.test.ts')]).run).toBe(
      false,
    );
    expect(decidePathFilter({ paths: ['src/**', '!src/**/*.test.ts'] }, [dir('src/a/b.test.ts')]).run).toBe(
      true,
    );
  });

  it('says why a path that counts only as a directory runs the contract', () => {
    expect(
      decidePathFilter({ paths: ['third_party/**/*.c'] }, [file('README.md'), dir('third_party/zlib')]),
    ).toEqual({
      run: true,
      reason:
        'third_party/zlib may be a directory (GitHub lists a submodule bump as its bare path), and paths pattern "third_party/**/*.c" selects a path below it',
    });
    expect(decidePathFilter({ paths_ignore: ['docs/*.md', 'docs'] }, [dir('docs')])).toEqual({
      run: true,
      reason:
        'docs may be a directory (GitHub lists a submodule bump as its bare path), and not every path below it is in paths_ignore',
    });
    expect(decidePathFilter({ paths: ['lib/**'], paths_ignore: ['lib/*.md'] }, [dir('lib')]).reason).toBe(
      'lib may be a directory (GitHub lists a submodule bump as its bare path), and paths pattern "lib/**" selects a path below it that paths_ignore does not ignore',
    );
    // A skip counts every listed path, directory or not.
    expect(decidePathFilter({ paths: ['src/**'] }, [dir('vendor/zlib'), file('README.md')])).toEqual({
      run: false,
      reason: 'no changed file (of 2) is selected by paths ["src/**"]',
      files: 2,
    });
  });

  it('asks the automaton, not a sample name: a pattern only some names below could match still selects', () => {
    expect(decidePathFilter({ paths: ['lib/*/Zz.h'] }, [dir('lib/q7/a')]).run).toBe(false);
    expect(decidePathFilter({ paths: ['lib/q[0-9]+/Zz.h'] }, [dir('lib')]).run).toBe(true);
    expect(decidePathFilter({ paths: ['lib/*/€.h'] }, [dir('lib')]).run).toBe(true);
    // Everything below but one name: not ignored.
    expect(decidePathFilter({ paths_ignore: ['lib', 'lib/**', '!lib/€'] }, [dir('lib')]).run).toBe(true);
    expect(decidePathFilter({ paths_ignore: ['lib', 'lib/**', '!lib/[0-9]'] }, [dir('lib')]).run).toBe(true);
    expect(
      decidePathFilter({ paths_ignore: ['lib', 'lib/**', '!lib/[0-9]', 'lib/7'] }, [dir('lib')]).run,
    ).toBe(true);
    expect(
      decidePathFilter({ paths_ignore: ['lib', 'lib/**', '!lib/[0-9]', 'lib/[0-9]'] }, [dir('lib')]).run,
    ).toBe(false);
  });

  it('considers only paths git can hold: no empty component, no trailing slash', () => {
    // Only `lib/a//b` or `lib/a/` would escape this ignore list or match these paths; no file below
    // `lib` is named so.
    const ignore = ['lib', 'lib/**', '!lib/**//**', '!lib/**/'];
    expect(decidePathFilter({ paths_ignore: ignore }, [dir('lib')]).run).toBe(false);
    expect(decidePathFilter({ paths: ['lib/**/', 'lib//**', 'lib/*/'] }, [dir('lib')]).run).toBe(false);
    expect(decidePathFilter({ paths_ignore: ignore.slice(0, 2) }, [dir('lib')]).run).toBe(false);
    expect(decidePathFilter({ paths_ignore: ignore.slice(0, 3) }, [dir('lib')]).run).toBe(false);
  });

  it('agrees with trying every short name below the path, on random filters', () => {
    let seed = 0x5eed;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * n);
    };
    const tokens = ['a', 'b', '/', '*', '**', '**/', 'a?', 'b+', '[ab]', '[a-b]+', '.'];
    const prefixes = ['', 'a', 'a/', '*/', '**/', '**'];
    const pattern = () => {
      const body =
        prefixes[random(prefixes.length)] +
        Array.from({ length: random(4) }, () => tokens[random(tokens.length)]).join('');
      return (random(4) === 0 ? '!' : '') + (body || 'a');
    };
    const list = () => (random(3) === 0 ? undefined : Array.from({ length: 1 + random(3) }, pattern));
    // Every name of up to five characters from a, b, `.`, `/` and one no pattern names, `/` only between names.
    let names = [''];
    const all: string[] = [];
    for (let length = 1; length <= 5; length++) {
      names = names.flatMap((name) => ['a', 'b', '.', 'z', '/'].map((c) => name + c));
      all.push(...names);
    }
    const valid = all.filter((name) => !name.startsWith('/') && !name.endsWith('/') && !name.includes('//'));
    let compared = 0;
    for (let round = 0; compared < 200 && round < 3000; round++) {
      const filter = { paths: list(), paths_ignore: list() };
      if (!filter.paths && !filter.paths_ignore) continue;
      if (
        [...(filter.paths ?? []), ...(filter.paths_ignore ?? [])].some((p) => pathPatternProblem(p) !== null)
      )
        continue;
      const include = filter.paths?.map(compilePathPattern);
      const ignore = filter.paths_ignore?.map(compilePathPattern);
      const counts = (path: string) =>
        (!include || selects(include, path) !== null) && !(ignore && selects(ignore, path));
      const below = (path: string) => counts(path) || valid.some((name) => counts(`${path}/${name}`));
      expect(decidePathFilter(filter, [dir('a')]).run, JSON.stringify(filter)).toBe(below('a'));
      expect(decidePathFilter(filter, [file('a')]).run, JSON.stringify(filter)).toBe(counts('a'));
      // Several directories in one decision share what the search learnt about the others.
      expect(decidePathFilter(filter, [dir('b'), dir('a/b'), dir('a')]).run, JSON.stringify(filter)).toBe(
        below('b') || below('a/b') || below('a'),
      );
      compared++;
    }
    expect(compared).toBe(200);
  });

  it('crafted paths and filters cost bounded time; past the budget the contract runs', () => {
    const started = performance.now();
    // A thousand deep directories: each is read once, like a file.
    const deep = 'src/test/'.repeat(100);
    const dirs = Array.from({ length: 1000 }, (_, i) => dir(`${deep}${i}`));
    expect(decidePathFilter({ paths: ['**/src/**/test/**/*.ts', '!**/*.ts'] }, dirs).run).toBe(false);
    expect(decidePathFilter({ paths: ['**/src/**/test/**/*.ts'] }, dirs).run).toBe(true);
    // A pattern whose states below `a` combine in 2^21 ways, each path below ignored: the search
    // cannot rule them all out within its budget, so it answers on the side that runs the contract.
    const wide = { paths: [`a/**0${'[01]'.repeat(20)}x`], paths_ignore: ['a/**'] };
    expect(decidePathFilter(wide, [file('a')]).run).toBe(false);
    expect(decidePathFilter(wide, [dir('a'), ...dirs])).toEqual({
      run: true,
      reason:
        'a may be a directory (GitHub lists a submodule bump as its bare path), and the paths below it are too many to rule out',
    });
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
