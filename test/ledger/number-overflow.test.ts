/**
 * A number literal too large for a double (`1e400`, a 400-digit integer) reads as Infinity: it has no
 * canonical form, and JSON.stringify writes it back as `null`, so `truss verify` on the file and the page
 * `truss report` made from it (which embeds the bundle re-serialised) used to fail differently. Every
 * bundle reader refuses it as unreadable, naming the number and its line:col; a stored payload holding
 * one fails as malformed_entry and is not exported (docs/ledger.md "Bundle", "Verification results").
 * The cross-path vectors are in test/helpers/bundle-tamper-cases.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BundleFormatError,
  canonicalJson,
  createNodeCrypto,
  exportBundleToFile,
  parseBundle,
} from '../../src/core/ledger/index.js';
import { findJsonStructureProblem } from '../../src/core/ledger/json-structure.js';
import { runCli } from '../helpers/cli.js';
import { exportText, type LedgerFixture, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

const overflow = (text: string) => findJsonStructureProblem(text, 128, { finiteNumbers: true });

describe('findJsonStructureProblem: numbers past a double', () => {
  it('finds a literal that reads as ±Infinity, wherever it is', () => {
    expect(overflow('{"a":1e400}')).toEqual({ kind: 'non_finite_number', literal: '1e400', position: 5 });
    expect(overflow('[1,{"b":[-1E+999]}]')).toMatchObject({ literal: '-1E+999' });
    expect(overflow(`{"c":${'9'.repeat(309)}}`)).toMatchObject({ kind: 'non_finite_number' });
  });

  it('leaves finite numbers, numbers inside strings, and other readers alone', () => {
    expect(overflow('{"a":1e308,"b":-0,"c":1e-400,"d":9007199254740993,"e":true,"f":false}')).toBeNull();
    expect(overflow(`{"a":0.${'0'.repeat(400)}1,"b":"1e400","1e400":null}`)).toBeNull();
    expect(findJsonStructureProblem('{"a":1e400}', 128)).toBeNull();
  });
});

describe('bundle readers refuse a number past a double', () => {
  let fx: LedgerFixture;
  let text: string;
  let id: string;
  beforeAll(() => {
    fx = openFixture('number-overflow');
    id = appendSampleRun(fx.store, SESSION_KEY);
    text = exportText(fx, id, createNodeCrypto());
  });
  afterAll(() => fx.close());

  it('truss verify (streamed and whole-file) and truss report exit 3 naming the number and its line:col', () => {
    const streamed = text.replace('"exit_code":0,', '"exit_code":1e400,');
    const whole = JSON.stringify(JSON.parse(text), null, 2).replace('"exit_code": 0,', '"exit_code": 1e400,');
    for (const body of [streamed, whole]) {
      expect(body).not.toBe(text);
      writeFileSync(join(fx.dir, 'big.json'), body);
      const result = runCli(['verify', 'big.json', '--key', SESSION_KEY.publicKeyHex], { cwd: fx.dir });
      expect(result.code, result.stdout).toBe(3);
      expect(result.stderr).toMatch(/the number 1e400 at \d+:\d+ is too large for a JSON number/);
      expect(() => parseBundle(body, 'big.json')).toThrow(BundleFormatError);
    }
    const report = runCli(['report', 'big.json', '-o', 'big.html'], { cwd: fx.dir });
    expect(report.code).toBe(3);
    expect(report.stderr).toContain('too large for a JSON number');
  });

  it('a stored payload holding one fails as malformed_entry and is not exported', () => {
    const payload = canonicalJson([...fx.store.entries(id)].find((e) => e.seq === 1)?.payload);
    expect(payload).toContain('"exit_code":0,');
    fx.raw
      .prepare('UPDATE journal SET payload = ? WHERE session_id = ? AND seq = 1')
      .run(payload.replace('"exit_code":0,', '"exit_code":1e400,'), id);
    const crypto = createNodeCrypto();
    const report = fx.store.verifySession(id, { crypto, trusted: new Map() });
    expect(report.failure).toMatchObject({ code: 'malformed_entry', seq: 1 });
    expect(() => exportBundleToFile(fx.store, id, crypto, join(fx.dir, 'out.json'))).toThrow(
      /refusing to export session .*seq 1: payload cannot be canonicalised .*JSON would write it as null/,
    );
  });
});
