/**
 * `[contract] paths` / `paths_ignore` follow the filter patterns of GitHub Actions'
 * `on.pull_request.paths`: the table is the "Patterns to match file paths" cheat sheet of the
 * workflow syntax reference, plus the rules around it (`?`/`+` repeat the character before, `!`
 * negates, the last matching pattern decides, `\` escapes).
 */
import { describe, expect, it } from 'vitest';
import {
  compilePathPattern,
  decidePathFilter,
  pathPatternProblem,
} from '../../src/core/contract/path-filter.js';
import { parseContractToml } from '../../src/github/settings.js';

/** [patterns, file, selected?] — selected means `paths: patterns` would run on a change to `file`. */
const TABLE: Array<[string[], string, boolean]> = [
  // The cheat sheet: pattern, what it matches, and what it must not.
  [['*'], 'README.md', true],
  [['*'], 'server.rb', true],
  [['*'], 'path/with/slash', false],
  [['*.jsx?'], 'page.js', true],
  [['*.jsx?'], 'page.jsx', true],
  [['*.jsx?'], 'page.jsxx', false],
  [['**'], 'all/the/files.md', true],
  [['*.js'], 'app.js', true],
  [['*.js'], 'index.js', true],
  [['*.js'], 'src/app.js', false],
  [['**.js'], 'index.js', true],
  [['**.js'], 'js/index.js', true],
  [['**.js'], 'src/js/app.js', true],
  [['docs/*'], 'docs/README.md', true],
  [['docs/*'], 'docs/file.txt', true],
  [['docs/*'], 'docs/mona/octocat.txt', false],
  [['docs/**'], 'docs/README.md', true],
  [['docs/**'], 'docs/mona/octocat.txt', true],
  [['docs/**'], 'src/docs/x.md', false],
  [['docs/**/*.md'], 'docs/README.md', true],
  [['docs/**/*.md'], 'docs/mona/hello-world.md', true],
  [['docs/**/*.md'], 'docs/a/markdown/file.md', true],
  [['docs/**/*.md'], 'docs/a/file.txt', false],
  [['**/docs/**'], 'docs/hello.md', true],
  [['**/docs/**'], 'dir/docs/my-file.txt', true],
  [['**/docs/**'], 'space/docs/plan/space.doc', true],
  [['**/README.md'], 'README.md', true],
  [['**/README.md'], 'js/README.md', true],
  [['**/README.md'], 'js/NOTREADME.md', false],
  [['**/*src/**'], 'a/src/app.js', true],
  [['**/*src/**'], 'my-src/code/js/app.js', true],
  [['**/*-post.md'], 'my-post.md', true],
  [['**/*-post.md'], 'path/their-post.md', true],
  [['**/migrate-*.sql'], 'migrate-10909.sql', true],
  [['**/migrate-*.sql'], 'db/migrate-v1.0.sql', true],
  [['**/migrate-*.sql'], 'db/sept/migrate-v1.sql', true],
  // Order matters: a later `!` drops a match, a later positive pattern brings it back.
  [['*.md', '!README.md'], 'hello.md', true],
  [['*.md', '!README.md'], 'README.md', false],
  [['*.md', '!README.md'], 'docs/hello.md', false],
  [['*.md', '!README.md', 'README*'], 'README.md', true],
  [['*.md', '!README.md', 'README*'], 'README.doc', true],
  [['!README.md', '*.md'], 'README.md', true],
  [['src/**', '!src/**/*.test.ts'], 'src/a/b.test.ts', false],
  [['src/**', '!src/**/*.test.ts'], 'src/a/b.ts', true],
  // `?` and `+` repeat the character (or class) before them; classes take letters, digits, ranges.
  [['v[12].[0-9]+.[0-9]+'], 'v1.10.1', true],
  [['v[12].[0-9]+.[0-9]+'], 'v3.0.0', false],
  [['[CB]at'], 'Cat', true],
  [['[CB]at'], 'Hat', false],
  [['[1-2]00'], '200', true],
  [['[1-2]00'], '300', false],
  [['colou?r.txt'], 'color.txt', true],
  [['colou?r.txt'], 'colour.txt', true],
  // Literal characters, escapes, case.
  [['.yml'], 'fyml', false],
  [['\\!file'], '!file', true],
  [['a\\*b'], 'a*b', true],
  [['a\\*b'], 'axb', false],
  [['escape\\\\backslash'], 'escape\\backslash', true],
  [['src/(x)/{y}$'], 'src/(x)/{y}$', true],
  [['Docs/**'], 'docs/a.md', false],
];

describe('paths patterns (the Actions cheat sheet)', () => {
  it.each(TABLE)('%j on %s → %s', (patterns, file, selected) => {
    expect(decidePathFilter({ paths: patterns }, [file]).run).toBe(selected);
  });

  it('paths_ignore skips a change only when every changed file is ignored', () => {
    const filter = { paths_ignore: ['docs/**', '**.md'] };
    expect(decidePathFilter(filter, ['docs/a.md', 'README.md']).run).toBe(false);
    expect(decidePathFilter(filter, ['docs/a.md', 'src/index.ts'])).toEqual({
      run: true,
      reason: 'src/index.ts is not in paths_ignore',
    });
    // `!` in paths_ignore un-ignores, in order like paths.
    expect(decidePathFilter({ paths_ignore: ['docs/**', '!docs/api/**'] }, ['docs/api/x.md']).run).toBe(true);
  });

  it('both keys: a file must be in paths and not in paths_ignore', () => {
    const filter = { paths: ['src/**'], paths_ignore: ['src/**/*.md'] };
    expect(decidePathFilter(filter, ['src/notes.md', 'README.md']).run).toBe(false);
    expect(decidePathFilter(filter, ['src/notes.md', 'src/a.ts']).run).toBe(true);
  });

  it('no filter runs on every change, even an empty one; a filter skips an empty change', () => {
    expect(decidePathFilter({}, []).run).toBe(true);
    const skipped = decidePathFilter({ paths: ['src/**'] }, ['README.md', 'docs/a.md']);
    expect(skipped).toEqual({
      run: false,
      files: 2,
      reason: 'no changed file (of 2) is selected by paths ["src/**"]',
    });
    expect(decidePathFilter({ paths: ['src/**'] }, []).run).toBe(false);
  });

  it('names the first pattern that selected the file', () => {
    expect(decidePathFilter({ paths: ['lib/**', 'src/**'] }, ['src/a.ts']).reason).toBe(
      'src/a.ts matches paths pattern "src/**"',
    );
  });

  it('refuses patterns Actions would not take, saying where', () => {
    expect(pathPatternProblem('src/[]')).toContain('"[]" is empty');
    expect(pathPatternProblem('src/[a-')).toContain('no closing "]"');
    expect(pathPatternProblem('[a-Z]')).toContain('range "a-Z"');
    expect(pathPatternProblem('[a.]')).toContain('not "."');
    expect(pathPatternProblem('?abc')).toContain('at character 1');
    expect(pathPatternProblem('src/*?')).toContain('at character 6');
    expect(pathPatternProblem('abc\\')).toContain('escapes nothing');
    expect(pathPatternProblem('!')).toBe('is empty');
    expect(pathPatternProblem('/src/**')).toContain('relative to the repository root');
    expect(pathPatternProblem('!./docs/**')).toContain('starts with "./"');
    expect(pathPatternProblem('src/**')).toBeNull();
    expect(compilePathPattern('!docs/**').negative).toBe(true);
  });

  it('refuses a pattern no changed file can match: GitHub lists files, never a path ending in "/" or holding "//"', () => {
    // `docs/` in `paths` would otherwise skip the contract on every change, its check green unrun.
    for (const pattern of [
      'docs/',
      '!docs/',
      'docs/**/',
      '**/',
      'src//*.ts',
      'a/**//b',
      '[a-z]/',
      'a/+',
      'x\\/',
    ])
      expect(pathPatternProblem(pattern), pattern).toContain('can match no changed file');
    // `**/` and `?` may match nothing, so these still name files.
    for (const pattern of ['a**/', 'a/?', 'docs/**', '**', '*', 'src/**/*.ts', '**/README.md'])
      expect(pathPatternProblem(pattern), pattern).toBeNull();
    expect(compilePathPattern('a**/').matches('a')).toBe(true);
    const text = `[contract]\nid = "x"\nintent = "y"\npaths = ["src/**", "docs/"]\n\n[[done]]\nkind = "check"\ndesc = "d"\nrun = "true"\n`;
    expect(() => parseContractToml(text, 'x.toml')).toThrow(
      /x\.toml:4:\d+.*pattern "docs\/" can match no changed file/s,
    );
    expect(() => parseContractToml(text.replace('paths =', 'paths_ignore ='), 'x.toml')).toThrow(
      /x\.toml:4:\d+.*can match no changed file/s,
    );
  });

  it('a bad pattern in a contract is an error at file:line:col', () => {
    const text = `[contract]\nid = "x"\nintent = "y"\npaths = ["src/**", "[z-a]"]\n\n[[done]]\nkind = "check"\ndesc = "d"\nrun = "true"\n`;
    expect(() => parseContractToml(text, 'x.toml')).toThrow(
      /x\.toml:4:\d+.*pattern "\[z-a\]" at character 1: range "z-a"/s,
    );
    const empty = text.replace('paths = ["src/**", "[z-a]"]', 'paths_ignore = []');
    expect(() => parseContractToml(empty, 'x.toml')).toThrow(/x\.toml:4:\d+.*at least one pattern/s);
    // Negations alone would never select a file: the contract would be skipped on every change.
    const negationsOnly = text.replace('paths = ["src/**", "[z-a]"]', 'paths = ["!docs/**"]');
    expect(() => parseContractToml(negationsOnly, 'x.toml')).toThrow(/x\.toml:4:\d+.*without "!"/s);
    expect(
      parseContractToml(text.replace('paths = ["src/**", "[z-a]"]', 'paths_ignore = ["!docs/**"]'), 'x.toml')
        .contract.paths_ignore,
    ).toEqual(['!docs/**']);
    const fine = parseContractToml(text.replace(', "[z-a]"', ''), 'x.toml');
    expect(fine.contract.paths).toEqual(['src/**']);
  });

  it('agrees with the regular-expression reading of the same syntax on thousands of random patterns and paths', () => {
    let seed = 0x7255;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const tokens = ['a', 'b', '/', '*', '**', '**/', 'a?', 'b+', '[ab]', '[a-b]+', '\\*', '.'];
    const pathChars = ['a', 'b', '/', '*', '.'];
    let compared = 0;
    for (let round = 0; round < 4000; round++) {
      const pattern = Array.from({ length: 1 + random(5) }, () => tokens[random(tokens.length)]).join('');
      const path = Array.from({ length: random(9) }, () => pathChars[random(pathChars.length)]).join('');
      expect(compilePathPattern(pattern).matches(path), `${pattern} on ${JSON.stringify(path)}`).toBe(
        referenceRegExp(pattern).test(path),
      );
      compared++;
    }
    expect(compared).toBe(4000);
  });

  it('crafted paths against several ** cost time in proportion to their length, not seconds each', () => {
    // A backtracking RegExp took ~0.7 s per file on the first and ~28 s on the second.
    const deep = 'src/test/'.repeat(444);
    const files = Array.from({ length: 200 }, (_, i) => `${deep}${i}`);
    expect(decidePathFilter({ paths: ['**/src/**/test/**/*.ts'] }, files).run).toBe(false);
    expect(decidePathFilter({ paths: ['**/a/**/a/**/a/**/*.x'] }, ['a/'.repeat(500)]).run).toBe(false);
    expect(decidePathFilter({ paths: ['**/a/**/a/**/a/**/*.x'] }, [`${'a/'.repeat(500)}f.x`]).run).toBe(true);
  });

  it('a long chain of optional characters costs each name time in proportion to the pattern, not its square', () => {
    // Stepping added each reached state's whole closure: these names took 28 s together, and a
    // synchronous test outlives any timeout, so the bound is checked here (under 1 s now).
    const started = performance.now();
    const pattern = `${'a?'.repeat(1500)}b`;
    expect(decidePathFilter({ paths: [pattern] }, [`${'a'.repeat(1500)}b`]).run).toBe(true);
    expect(decidePathFilter({ paths: [pattern] }, ['b', `${'a'.repeat(700)}b`]).run).toBe(true);
    expect(decidePathFilter({ paths: [pattern] }, [`${'a'.repeat(1501)}b`, 'a'.repeat(1500)]).run).toBe(
      false,
    );
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

/** The same syntax read as a regular expression (what the matcher replaced), for short inputs only. */
function referenceRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const rest = pattern.slice(i);
    if (rest.startsWith('**/')) [out, i] = [`${out}(?:.+/)?`, i + 3];
    else if (rest.startsWith('**')) [out, i] = [`${out}.*`, i + 2];
    else if (rest.startsWith('*')) [out, i] = [`${out}[^/]*`, i + 1];
    else if (rest[0] === '[') {
      const close = pattern.indexOf(']', i);
      [out, i] = [`${out}${pattern.slice(i, close + 1)}`, close + 1];
    } else if (rest[0] === '\\') [out, i] = [`${out}\\${rest[1]}`, i + 2];
    else if (rest[0] === '?' || rest[0] === '+') [out, i] = [`${out}${rest[0]}`, i + 1];
    else [out, i] = [`${out}${(rest[0] as string).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`, i + 1];
  }
  return new RegExp(`^${out}$`, 'su');
}
