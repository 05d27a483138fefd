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
    expect(pathPatternProblem('src/**')).toBeNull();
    expect(compilePathPattern('!docs/**').negative).toBe(true);
  });

  it('a bad pattern in a contract is an error at file:line:col', () => {
    const text = `[contract]\nid = "x"\nintent = "y"\npaths = ["src/**", "[z-a]"]\n\n[[done]]\nkind = "check"\ndesc = "d"\nrun = "true"\n`;
    expect(() => parseContractToml(text, 'x.toml')).toThrow(
      /x\.toml:4:\d+.*pattern "\[z-a\]" at character 1: range "z-a"/s,
    );
    const empty = text.replace('paths = ["src/**", "[z-a]"]', 'paths_ignore = []');
    expect(() => parseContractToml(empty, 'x.toml')).toThrow(/x\.toml:4:\d+.*at least one pattern/s);
    const fine = parseContractToml(text.replace(', "[z-a]"', ''), 'x.toml');
    expect(fine.contract.paths).toEqual(['src/**']);
  });
});
