/**
 * A repeated key in one JSON object (`"met":false,"met":true`, two `kind`s) is refused by every bundle
 * reader — `truss verify` streamed or whole, parseBundle (attest, the App's sign-off, `truss report`)
 * and the report page — with the key and its line:col (docs/ledger.md "Bundle"). JSON.parse alone keeps
 * the last value, so such a bundle used to verify.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleFormatError, createNodeCrypto, parseBundle } from '../../src/core/ledger/index.js';
import { findJsonStructureProblem } from '../../src/core/ledger/json-structure.js';
import { launchChromium, openReport, runBrowserTests } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { exportText, type LedgerFixture, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

const dup = (text: string) => findJsonStructureProblem(text, 128);

describe('findJsonStructureProblem: repeated keys', () => {
  it('finds a key repeated in one object, at any depth, compared decoded', () => {
    expect(dup('{"a":1,"a":2}')).toEqual({ kind: 'duplicate_key', key: 'a', position: 7 });
    expect(dup('{"x":[{"b":{"met":false,"met":true}}]}')).toMatchObject({ key: 'met' });
    expect(dup('{"met":1,"m\\u0065t":2}')).toMatchObject({ key: 'met' });
    expect(dup('{"a":{"b":1},"c":{"d":1,"e":{},"d":2}}')).toMatchObject({ key: 'd' });
  });

  it('does not flag equal keys in different objects, or strings that are values', () => {
    expect(dup('{"a":{"a":1},"b":{"a":2}}')).toBeNull();
    expect(dup('["a","a",{"a":"a","b":"a"}]')).toBeNull();
    expect(dup('{"a\\"":1,"a":2,"s":"\\"a\\":1,"}')).toBeNull();
    expect(dup('[{"a":1},{"a":1}]')).toBeNull();
  });

  it('ends each string at the quote no odd run of backslashes escapes', () => {
    expect(dup('{"a":"\\\\","a":1}')).toEqual({ kind: 'duplicate_key', key: 'a', position: 10 });
    expect(dup('{"a\\\\":1,"a\\\\":2}')).toMatchObject({ key: 'a\\' });
    expect(dup('{"a":"\\\\\\"","b":"x\\\\\\\\","a":2}')).toMatchObject({ key: 'a' });
    expect(dup('{"k":"\\"\\\\","k2":1}')).toBeNull();
  });
});

describe('bundle readers refuse repeated keys', () => {
  let fx: LedgerFixture;
  let text: string;
  let browser: Browser | undefined;
  beforeAll(async () => {
    fx = openFixture('dup-keys');
    const id = appendSampleRun(fx.store, SESSION_KEY);
    text = exportText(fx, id, createNodeCrypto());
    if (runBrowserTests) browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    fx.close();
  });

  const cases = () =>
    [
      ['met', text.replace('"met":true', '"met":false,"met":true')],
      ['kind', text.replace('"kind":"check_result"', '"kind":"verdict","kind":"check_result"')],
      ['met', JSON.stringify(JSON.parse(text)).replace('"met":true', '"met":false,"met":true')],
    ] as const;

  it('the untampered bundle verifies (control)', () => {
    writeFileSync(join(fx.dir, 'ok.json'), text);
    expect(runCli(['verify', 'ok.json', '--key', SESSION_KEY.publicKeyHex], { cwd: fx.dir }).code).toBe(0);
  });

  it('truss verify exits 3 naming the key and its line:col, streamed and whole-file', () => {
    for (const [key, body] of cases()) {
      expect(body).not.toBe(text);
      writeFileSync(join(fx.dir, 'dup.json'), body);
      const result = runCli(['verify', 'dup.json', '--key', SESSION_KEY.publicKeyHex], { cwd: fx.dir });
      expect(result.code, result.stdout).toBe(3);
      expect(result.stderr).toMatch(
        new RegExp(`key "${key}" appears twice in one object \\(the second at \\d+:\\d+\\)`),
      );
    }
  });

  it('parseBundle (attest, the App sign-off, truss report) throws BundleFormatError', () => {
    for (const [key, body] of cases()) {
      expect(() => parseBundle(body, 'bundle.json')).toThrow(BundleFormatError);
      expect(() => parseBundle(body, 'bundle.json')).toThrow(`key "${key}" appears twice`);
    }
    writeFileSync(join(fx.dir, 'dup.json'), cases()[0][1]);
    const report = runCli(['report', 'dup.json', '-o', 'dup.html'], { cwd: fx.dir });
    expect(report.code).toBe(3);
    expect(report.stderr).toContain('appears twice');
  });

  it.runIf(runBrowserTests)('the report page refuses an embedded bundle with a repeated key', async () => {
    writeFileSync(join(fx.dir, 'ok.json'), text);
    expect(runCli(['report', 'ok.json', '-o', 'ok.html'], { cwd: fx.dir }).code).toBe(0);
    const html = readFileSync(join(fx.dir, 'ok.html'), 'utf8');
    expect(html).toContain('"met":true');
    writeFileSync(join(fx.dir, 'dup.html'), html.replace('"met":true', '"met":false,"met":true'));
    const opened = await openReport(browser as Browser, join(fx.dir, 'dup.html'));
    try {
      expect(await opened.page.getAttribute('html', 'data-chain')).toBe('error');
      expect(await opened.page.textContent('#app')).toMatch(/key "met" appears twice in one object/);
    } finally {
      await opened.close();
    }
  });
});
