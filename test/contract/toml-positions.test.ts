import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { locateTomlPath, TomlPositions } from '../../src/core/contract/index.js';

/** `line:col` of the first occurrence of `needle` (after `from` occurrences of it). */
function find(text: string, needle: string, nth = 0): string {
  let index = -1;
  for (let k = 0; k <= nth; k++) index = text.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`${needle} not in text`);
  const before = text.slice(0, index).split('\n');
  return `${before.length}:${(before[before.length - 1] ?? '').length + 1}`;
}

function at(text: string, path: (string | number)[]): string {
  const { line, col } = locateTomlPath(text, path);
  return `${line}:${col}`;
}

describe('TOML position locator', () => {
  const doc = `# comment [not] = a table
reviewers = 3

[contract]
id = "x"
intent = "has [brackets], = signs and # hashes"

[[done]]
kind = "check"
run = "echo \\"quoted\\" [x]"
expect_exit = 1

[[done]]
kind = "review"
desc = """
multi-line [[done]]
kind = "fake"
"""
reviewer_context = [
  "a.txt",   # first
  # between
  "b.txt",
]

[constraints]
allow_tools = ["read_file", "write_file", "bad tool"]
`;

  it('is only used on valid TOML (sanity check of the fixture)', () => {
    expect(() => parse(doc)).not.toThrow();
  });

  it('finds top-level keys, tables and keys inside tables', () => {
    expect(at(doc, ['reviewers'])).toBe('2:1');
    expect(at(doc, ['contract'])).toBe('4:1');
    expect(at(doc, ['contract', 'intent'])).toBe('6:1');
  });

  it('counts [[array-of-tables]] headers, ignoring look-alikes inside strings', () => {
    expect(at(doc, ['done'])).toBe('8:1');
    expect(at(doc, ['done', 0])).toBe('8:1');
    expect(at(doc, ['done', 1])).toBe('13:1');
    expect(at(doc, ['done', 0, 'expect_exit'])).toBe('11:1');
    expect(at(doc, ['done', 1, 'reviewer_context'])).toBe('19:1');
    expect(new TomlPositions(doc).exact(['done', 2])).toBeUndefined();
  });

  it('finds array elements, in one-line and multi-line arrays with comments', () => {
    expect(at(doc, ['done', 1, 'reviewer_context', 0])).toBe(find(doc, '"a.txt"'));
    expect(at(doc, ['done', 1, 'reviewer_context', 1])).toBe(find(doc, '"b.txt"'));
    expect(at(doc, ['constraints', 'allow_tools', 2])).toBe(find(doc, '"bad tool"'));
  });

  it('falls back to the key for an element it cannot place, and to the header for a missing key', () => {
    expect(at(doc, ['constraints', 'allow_tools', 9])).toBe('26:1');
    expect(at(doc, ['contract', 'title'])).toBe('4:1');
    expect(at(doc, ['done', 1, 'run'])).toBe('13:1');
    expect(at(doc, ['budget', 'max_steps'])).toBe('1:1');
  });

  it('handles dotted keys, quoted keys, inline tables and nested arrays of tables', () => {
    const text = `a.b.c = 1
"quoted key".'lit' = 2
site."google.com" = true
inline = { x = 1, y = { z = [1, { w = 2 }] } }

[[fruit]]
name = "apple"
[fruit.physical]
color = "red"
[[fruit.variety]]
name = "red delicious"
[[fruit.variety]]
name = "granny smith"

[[fruit]]
name = "banana"
[[fruit.variety]]
name = "plantain"
`;
    expect(() => parse(text)).not.toThrow();
    expect(at(text, ['a'])).toBe('1:1');
    expect(at(text, ['a', 'b', 'c'])).toBe('1:5');
    expect(at(text, ['quoted key', 'lit'])).toBe('2:14');
    expect(at(text, ['site', 'google.com'])).toBe('3:6');
    expect(at(text, ['inline', 'y'])).toBe(find(text, 'y ='));
    expect(at(text, ['inline', 'y', 'z', 1, 'w'])).toBe(find(text, 'w ='));
    expect(at(text, ['fruit', 0, 'physical', 'color'])).toBe('9:1');
    expect(at(text, ['fruit', 0, 'variety', 1, 'name'])).toBe('13:1');
    expect(at(text, ['fruit', 1])).toBe('15:1');
    expect(at(text, ['fruit', 1, 'variety', 0])).toBe('17:1');
    expect(at(text, ['fruit', 1, 'variety', 0, 'name'])).toBe('18:1');
  });

  it('decodes escapes in quoted keys and copes with CRLF, tabs and literal strings', () => {
    const text = '[t]\r\n\t"k\\u00e9y" = \'C:\\path\'\r\n"a\\"b" = [ 1,\r\n\t2 ]\r\n';
    expect(() => parse(text)).not.toThrow();
    expect(at(text, ['t', 'kéy'])).toBe('2:2');
    expect(at(text, ['t', 'a"b'])).toBe('3:1');
    expect(at(text, ['t', 'a"b', 1])).toBe('4:2');
  });

  it('skips multi-line strings whose content ends in quotes and date-times with a space', () => {
    const text = `s = """ends with quotes"""""
when = 1979-05-27 07:32:00Z
list = [1979-05-27 07:32:00, 'x']
after = 1
`;
    expect(() => parse(text)).not.toThrow();
    expect(at(text, ['when'])).toBe('2:1');
    expect(at(text, ['list', 1])).toBe(find(text, "'x'"));
    expect(at(text, ['after'])).toBe('4:1');
  });
});
