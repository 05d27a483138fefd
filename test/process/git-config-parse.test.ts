import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isIncludeName, parseGitConfig } from '../../src/core/process/git-config-parse.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * Which files git includes decides which commands it may run as the harness user
 * (docs/security.md, "Git metadata"): an include the parser misses is a bypass. Real git is the
 * oracle: `git config --file F --no-includes --list -z` on each tricky spelling, and on random text
 * made of the characters git's grammar turns on, must list exactly the entries the parser finds.
 */

const dir = tempDir('config-parse');
let serial = 0;

/** What git itself reads from `text` (bytes as latin1), or null when git rejects the file. */
function gitEntries(text: string): Array<{ name: string; value: string | null }> | null {
  const file = join(dir.dir, `c${serial++}`);
  writeFileSync(file, Buffer.from(text, 'latin1'));
  const result = spawnSync('git', ['config', '--file', file, '--no-includes', '--list', '-z'], {
    cwd: dir.dir,
    env: { PATH: process.env.PATH, HOME: dir.dir, GIT_CONFIG_NOSYSTEM: '1' },
  });
  if (result.status !== 0) return null;
  return result.stdout
    .toString('latin1')
    .split('\0')
    .slice(0, -1)
    .map((record) => {
      const newline = record.indexOf('\n');
      return newline < 0
        ? { name: record, value: null }
        : { name: record.slice(0, newline), value: record.slice(newline + 1) };
    });
}

/** This machine's git's dialect: whether a tab inside an unquoted value reads as a blank (before 2.45). */
const spacesAsBlanks = gitEntries('[a]\nb = c\td\n')?.[0]?.value === 'c d';

function expectSameAsGit(text: string): void {
  const git = gitEntries(text);
  const parsed = parseGitConfig(text, { spacesAsBlanks });
  if (git === null) expect(parsed.malformed, JSON.stringify(text)).toBe(true);
  else
    expect({ entries: parsed.entries, malformed: parsed.malformed }, JSON.stringify(text)).toEqual({
      entries: git,
      malformed: false,
    });
}

const TRICKY = [
  '[include]\n\tpath = ../.gitconfig\n',
  '[include]path=x\n',
  '[Include]\n PATH = "in"c # c\n',
  '[INCLUDE]\n\tPaTh=a;comment\n',
  '[include "x"]\npath = inc\n',
  '[include.x]\npath = inc\n',
  '[includeIf "gitdir:/x/"]\npath = inc\n',
  '[includeIf "gitdir:/a\\"b\\\\c/"]\n\tpath = inc\n',
  '[includeif]\npath = inc\n',
  '[include]\npath = in\\\nc\n',
  '[include]\npath = "a;b#c"  # trailing\n',
  '[include]\npath = a\\tb\\nc\\\\d\\"e\n',
  '[include]\r\n\tpath = crlf\r\n',
  '\u00ef\u00bb\u00bf[include]\npath = bom\n',
  '[include]\npath\n',
  '[include]\npath =\n',
  '[include]\npath = "unterminated\n',
  '[include ]\npath = x\n',
  '[ include]\npath = x\n',
  '[include]\npath = a\\q\n',
  '# [include]\n; path = x\n[core]\n\tbare = false\n[include]\n\tpath = y\n',
  '[core]\n\tpath = notinclude\n[include]\n\n\n\t  path\t=\t  spaced  \t\n',
  '[include]\npath = a\rb\n',
  '[include]\n\tpath = a\v\n',
  '[include]\npath = x\n[include]path = y',
  '[a "b.c"]\n\tpath = 1\n[includeIf "onbranch:x.y"]\npath = 2\n',
];

describe('parseGitConfig reads config files as git does', () => {
  it.each(TRICKY.map((text) => [JSON.stringify(text), text]))('%s', (_name, text) => {
    expectSameAsGit(text);
  });

  it('random text of the characters the grammar turns on', () => {
    const pieces = [
      '[include]',
      '[Include]',
      '[includeIf "gitdir:x"]',
      '[include "x"]',
      '[a.B]',
      '[',
      ']',
      '"',
      '\\',
      '\\\n',
      '\n',
      '\r\n',
      '\r',
      ' ',
      '\t',
      '=',
      '#',
      ';',
      'path',
      'PATH',
      'x',
      '-',
      '.',
      '\\t',
      '\\"',
      '1',
    ];
    let seed = 20261204;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 400; i++) {
      let text = '';
      const length = 1 + random(14);
      for (let j = 0; j < length; j++) text += pieces[random(pieces.length)];
      expectSameAsGit(text);
    }
  });

  it('reads a tab inside an unquoted value in both dialects', () => {
    const text = '[include]\n\tpath = a\tb\n';
    expect(parseGitConfig(text).entries).toEqual([{ name: 'include.path', value: 'a\tb' }]);
    expect(parseGitConfig(text, { spacesAsBlanks: true }).entries).toEqual([
      { name: 'include.path', value: 'a b' },
    ]);
  });

  it('isIncludeName: include.path and includeif.<condition>.path only', () => {
    expect(isIncludeName('include.path')).toBe(true);
    expect(isIncludeName('includeif.gitdir:/a.b/.path')).toBe(true);
    expect(isIncludeName('includeif.path')).toBe(false);
    expect(isIncludeName('include.x.path')).toBe(false);
    expect(isIncludeName('includeif.x.paths')).toBe(false);
  });
});
