import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractError } from '../../src/core/contract/index.js';
import {
  loadContractFile,
  parseContractToml,
  GitHubResolvedContractSchema as ResolvedContractSchema,
  resolveContract,
} from '../../src/github/settings.js';
import { tempDir } from '../helpers/temp-dir.js';
import { contractError, FIXTURES } from './helpers.js';

const BAD = join(FIXTURES, 'bad');
const GOOD = join(FIXTURES, 'good');
const badFiles = readdirSync(BAD)
  .filter((f) => f.endsWith('.toml'))
  .sort();
const goodFiles = readdirSync(GOOD)
  .filter((f) => f.endsWith('.toml'))
  .sort();

/** Expected codes; everything not listed is a schema problem ('invalid'). */
const SYNTAX = new Set(['toml-syntax.toml', 'toml-syntax-secret.toml', 'unsafe-key.toml']);

describe('malformed contract corpus', () => {
  it('covers the required failure kinds', () => {
    for (const name of [
      'toml-syntax',
      'unknown-top-level-key',
      'unknown-done-key',
      'wrong-type',
      'missing-intent',
      'empty-intent',
      'no-done',
      'empty-done',
      'unknown-done-kind',
      'bad-regex',
      'bad-tool-pattern',
      'bad-api-key-env',
      'reviewers-zero',
      'multiple-errors',
    ]) {
      expect(badFiles).toContain(`${name}.toml`);
    }
  });

  it.each(badFiles)('%s fails with exactly the expected message', (file) => {
    const expected = readFileSync(join(BAD, file.replace(/\.toml$/, '.expected')), 'utf8').trimEnd();
    const error = contractError(() => loadContractFile(join(BAD, file)));
    expect(error.message.replaceAll(`${BAD}/`, '')).toBe(expected);
    expect(error.name).toBe('ContractError');
    expect(error.code).toBe(SYNTAX.has(file) ? 'toml_syntax' : 'invalid');

    // One issue per line, in source order; the error's own position is the first issue's.
    const lines = expected.split('\n');
    expect(error.issues).toHaveLength(lines.length);
    const first = error.issues[0];
    expect([error.file, error.line, error.col]).toEqual([first?.file, first?.line, first?.col]);
    expect(error.message.startsWith(`${join(BAD, file)}:${error.line}:${error.col}: `)).toBe(true);
    const order = error.issues.map((i) => i.line * 10_000 + i.col);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('parses text with the same messages as files (label is the given name)', () => {
    const text = readFileSync(join(BAD, 'wrong-type.toml'), 'utf8');
    const error = contractError(() => parseContractToml(text, 'contracts/x.toml'));
    expect(error.message).toBe('contracts/x.toml:9:1: done[0].expect_exit: expected number, got string');
    expect(error.issues[0]).toEqual({
      file: 'contracts/x.toml',
      line: 9,
      col: 1,
      path: 'done[0].expect_exit',
      message: 'expected number, got string',
    });
  });

  it('never repeats a pasted key, in schema errors or in TOML syntax errors', () => {
    for (const file of ['bad-api-key-env.toml', 'toml-syntax-secret.toml']) {
      const error = contractError(() => loadContractFile(join(BAD, file)));
      const everything = `${error.message}\n${JSON.stringify(error.issues)}\n${error.stack ?? ''}`;
      expect(everything).not.toContain('Abc123SECRET');
      expect(everything).not.toContain('ghp_');
      expect(everything).not.toContain('sk-proj');
    }
  });

  it('reports a missing file as not_found and a directory as unreadable', () => {
    const missing = contractError(() => loadContractFile(join(BAD, 'does-not-exist.toml')));
    expect(missing.code).toBe('not_found');
    expect(missing.message).toBe(`${join(BAD, 'does-not-exist.toml')}: file not found`);
    const dir = contractError(() => loadContractFile(BAD));
    expect(dir.code).toBe('unreadable');
    expect(dir.message).toBe(`${BAD}: is a directory, expected a .toml file`);
  });

  it('rejects bytes that are not UTF-8', () => {
    const temp = tempDir('contract');
    try {
      const file = temp.path('latin1.toml');
      writeFileSync(file, Buffer.from([0x69, 0x64, 0x20, 0x3d, 0x20, 0x22, 0xe9, 0x22, 0x0a]));
      const error = contractError(() => loadContractFile(file));
      expect(error.code).toBe('unreadable');
      expect(error.message).toBe(`${file}: is not valid UTF-8 (a byte at 1:7 is not); save it as UTF-8`);
      // What Windows PowerShell's `>` writes: UTF-16LE with its byte-order mark.
      const utf16 = temp.path('utf16.toml');
      writeFileSync(
        utf16,
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('[contract]\nid = "x"\n', 'utf16le')]),
      );
      const wide = contractError(() => loadContractFile(utf16));
      expect(wide.code).toBe('unreadable');
      expect(wide.message).toBe(`${utf16}: is UTF-16 text; save it as UTF-8 (TOML files are UTF-8)`);
    } finally {
      temp.cleanup();
    }
  });
});

describe('good contract corpus', () => {
  it.each(goodFiles)('%s loads and resolves', (file) => {
    const parsed = loadContractFile(join(GOOD, file));
    expect(parsed.contract.intent.length).toBeGreaterThan(0);
    const { contract, hash } = resolveContract({ contractPath: join(GOOD, file) });
    expect(ResolvedContractSchema.parse(contract)).toEqual(contract);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads the spec example as written', () => {
    const { contract } = resolveContract({ contractPath: join(GOOD, 'spec-example.toml') });
    expect(contract.reviewers).toBe(3);
    expect(contract.done.map((c) => c.kind)).toEqual(['check', 'review']);
    expect(contract.done[0]).toMatchObject({
      run: "printf 'hello from the harness\\n' | cmp - greeting.txt",
      expect_exit: 0,
      timeout_sec: 300,
    });
    expect(contract.provider).toEqual({
      kind: 'openai-compatible',
      model: 'gpt-4.1-mini',
      base_url: 'http://127.0.0.1:11434/v1',
      api_key_env: 'OPENAI_API_KEY',
    });
    expect(contract.panel.seats).toEqual([{ kind: 'anthropic', model: '...' }]);
    expect(contract.approval_gates.spend_threshold_usd).toBe(0.5);
  });

  it('understands inline tables, dotted and quoted keys, multi-line strings and arrays', () => {
    const { contract } = resolveContract({ contractPath: join(GOOD, 'styles.toml') });
    expect(contract.contract).toEqual({
      id: 'styles.v2',
      title: 'Mixed "styles"',
      // Free-text fields are trimmed by the schema.
      intent: 'Refactor the parser.\nKeep [brackets] = and # hashes inside strings intact.',
    });
    expect(contract.constraints.network).toBe('allowlist');
    expect(contract.check_env).toEqual(['NPM_TOKEN']);
    expect(contract.done[1]).toMatchObject({ reviewer_context: ['src/parser.ts', 'test/parser.test.ts'] });
    expect(contract.pricing['gpt-4.1-mini']).toEqual({ input_per_mtok: 0.4, output_per_mtok: 1.6 });
    expect(contract.panel.seats).toHaveLength(2);
  });

  it('accepts CRLF line endings and a UTF-8 BOM', () => {
    const crlf = readFileSync(join(GOOD, 'crlf.toml'), 'utf8');
    expect(crlf).toContain('\r\n');
    expect(parseContractToml(`\uFEFF${crlf}`, 'bom.toml').contract.id).toBe('crlf');
    const error = contractError(() =>
      parseContractToml(crlf.replace('kind = "check"', 'kind = 1'), 'crlf.toml'),
    );
    expect(error.message).toBe('crlf.toml:6:1: done[0].kind: must be one of "check", "review"');
  });

  it('explains numbers TOML allows but a contract cannot use, one problem per key', () => {
    const base =
      '[contract]\nid = "n"\nintent = "numbers"\n\n[[done]]\nkind = "check"\ndesc = "d"\nrun = "r"\n';
    const cases: [string, string][] = [
      ['timeout_sec = inf', 'done[0].timeout_sec: must be a finite number'],
      ['timeout_sec = nan', 'done[0].timeout_sec: must be a finite number'],
      ['expect_exit = 1e300', 'done[0].expect_exit: integer is too large (the limit is ±9007199254740991)'],
      ['expect_exit = -1', 'done[0].expect_exit: must be at least 0'],
      ['expect_exit = 2.5', 'done[0].expect_exit: expected integer, got fractional number'],
    ];
    for (const [line, message] of cases) {
      expect(contractError(() => parseContractToml(`${base}${line}\n`, 'n.toml')).message).toBe(
        `n.toml:9:1: ${message}`,
      );
    }
  });

  it('is a ContractError subclass of Error', () => {
    const error = contractError(() => parseContractToml('reviewers = 0', 'x.toml'));
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ContractError);
  });
});
