/**
 * A command that refuses or fails leaves no partial output: nothing of its own on stdout (with
 * --json, only the one error document) and no output file, half-written or temporary
 * (docs/cli.md "Output files"). Real ledgers, the real CLI in a child process.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { keyFromByte } from '../helpers/keys.js';
import { journalRow, type LedgerFixture, openFixture } from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

const KEY = keyFromByte(0x51);

/** Stores seq `seq`'s payload spelled otherwise than canonically (keys reversed, indented). */
function respell(fx: LedgerFixture, sessionId: string, seq: number): void {
  const payload = JSON.parse(journalRow(fx.raw, sessionId, seq).payload) as Record<string, unknown>;
  const text = JSON.stringify(Object.fromEntries(Object.entries(payload).reverse()), null, 2);
  fx.raw.prepare('UPDATE journal SET payload = ? WHERE session_id = ? AND seq = ?').run(text, sessionId, seq);
}

/** The one JSON document a failed --json command prints: its error, nothing else. */
function onlyError(stdout: string): { exit: number; message: string } {
  const parsed = JSON.parse(stdout) as { error: { exit: number; message: string } };
  expect(Object.keys(parsed)).toEqual(['error']);
  return parsed.error;
}

describe('no partial output from a command that fails', () => {
  let fx: LedgerFixture;
  let sessionId: string;
  beforeEach(() => {
    fx = openFixture('partial-output');
    // Entries past the respelled one make the refusal come after much of the bundle was written.
    sessionId = appendSampleRun(fx.store, KEY, { extra: 40 });
    respell(fx, sessionId, 3);
  });
  afterEach(() => fx.close());

  it('ledger export to stdout refuses (not_exportable) with nothing on stdout; under --json only the error', () => {
    const plain = runCli(['ledger', 'export', sessionId, '--db', fx.dbPath], { cwd: fx.dir });
    expect(plain.code).toBe(3);
    expect(plain.stderr).toContain('not in canonical form');
    expect(plain.stdout).toBe('');

    const json = runCli(['ledger', 'export', sessionId, '--db', fx.dbPath, '--json'], { cwd: fx.dir });
    expect(json.code).toBe(3);
    expect(onlyError(json.stdout).message).toContain('not in canonical form');
  });

  it('ledger export -o refuses without touching the file there, and leaves no temporary file', () => {
    const out = join(fx.dir, 'out', 'bundle.json');
    const fresh = runCli(['ledger', 'export', sessionId, '--db', fx.dbPath, '-o', out], { cwd: fx.dir });
    expect(fresh.code).toBe(3);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(join(fx.dir, 'out'))).toEqual([]);

    writeFileSync(out, 'the bundle exported yesterday\n');
    const again = runCli(['ledger', 'export', sessionId, '--db', fx.dbPath, '-o', out], { cwd: fx.dir });
    expect(again.code).toBe(3);
    expect(readFileSync(out, 'utf8')).toBe('the bundle exported yesterday\n');
    expect(readdirSync(join(fx.dir, 'out'))).toEqual(['bundle.json']);
    expect(again.stdout).toBe('');
  });
});

describe('no partial output from a bundle reader that fails', () => {
  let fx: LedgerFixture;
  let bundle: string;
  beforeEach(() => {
    fx = openFixture('partial-output-bundle');
    const sessionId = appendSampleRun(fx.store, KEY, { extra: 40 });
    const out = join(fx.dir, 'whole.json');
    expect(runCli(['ledger', 'export', sessionId, '--db', fx.dbPath, '-o', out], { cwd: fx.dir }).code).toBe(
      0,
    );
    const text = readFileSync(out, 'utf8');
    // Cut in the middle of the entries: readers stream it and meet the end half-way.
    bundle = join(fx.dir, 'cut.json');
    writeFileSync(bundle, text.slice(0, Math.floor(text.length / 2)));
  });
  afterEach(() => fx.close());

  it('verify --json prints only the error document', () => {
    const result = runCli(['verify', bundle, '--json'], { cwd: fx.dir });
    expect(result.code).toBe(3);
    expect(onlyError(result.stdout).exit).toBe(3);
  });

  it('report writes no page and leaves no temporary file', () => {
    const result = runCli(['report', bundle], { cwd: fx.dir });
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(readdirSync(fx.dir).filter((name) => name.startsWith('cut.html'))).toEqual([]);
  });
});
