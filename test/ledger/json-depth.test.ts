/**
 * One nesting limit for canonical JSON (docs/ledger.md "Entries"): 64 levels of arrays and objects.
 * The store refuses to write deeper payloads, and the CLI verifier and the report page (Chromium) fail
 * a bundle entry with a deeper payload the same way — never a stack overflow that differs by engine.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { portableCrypto } from '../../src/core/ledger/crypto-portable.js';
import {
  type Bundle,
  CanonicalJsonError,
  canonicalJson,
  createNodeCrypto,
  MAX_JSON_DEPTH,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import { launchChromium, openReport, runBrowserTests } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { exportText, type LedgerFixture, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

/** An object whose nesting (counting itself) is exactly `levels` deep: {"a":{"a":…{}…}}. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

describe('canonical JSON nesting limit', () => {
  it(`accepts exactly ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1} with a CanonicalJsonError`, () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(canonicalJson(nested(MAX_JSON_DEPTH))).toBe(`${'{"a":'.repeat(63)}{}${'}'.repeat(63)}`);
    expect(() => canonicalJson(nested(MAX_JSON_DEPTH + 1))).toThrow(CanonicalJsonError);
    expect(() => canonicalJson([[nested(MAX_JSON_DEPTH - 1)]])).toThrow(/nested deeper than 64 levels/);
  });

  it('5,000 levels is the same clear error, not a stack overflow', () => {
    const deep = nested(5000);
    expect(() => canonicalJson(deep)).toThrow(CanonicalJsonError);
    expect(() => canonicalJson(deep)).toThrow(/nested deeper than 64 levels.*flatten it/);
  });

  describe('writer and verifiers', () => {
    let fx: LedgerFixture;
    beforeEach(() => {
      fx = openFixture('json-depth');
    });
    afterEach(() => fx.close());

    it('the store refuses to append a payload nested deeper than the limit, and appends nothing', () => {
      const id = appendSampleRun(fx.store, SESSION_KEY, { terminal: false });
      const before = fx.store.session(id)?.head_hash;
      expect(() => fx.store.append(id, 'tool_result', nested(MAX_JSON_DEPTH + 1), SESSION_KEY)).toThrow(
        /nested deeper than 64 levels/,
      );
      expect(() => fx.store.append(id, 'tool_result', nested(5000), SESSION_KEY)).toThrow(
        /nested deeper than 64 levels/,
      );
      expect(fx.store.session(id)?.head_hash).toBe(before);
      fx.store.append(id, 'tool_result', nested(MAX_JSON_DEPTH), SESSION_KEY);
    });

    it('truss verify fails an entry nested one level too deep as malformed_entry naming the limit (node and portable agree)', () => {
      const id = appendSampleRun(fx.store, SESSION_KEY);
      const bundle = JSON.parse(exportText(fx, id, createNodeCrypto())) as Bundle;
      (bundle.ledger.entries[1] as { payload: unknown }).payload = nested(MAX_JSON_DEPTH + 1);
      const path = join(fx.dir, 'deep.json');
      writeFileSync(path, JSON.stringify(bundle));
      const result = runCli(['verify', path, '--key', SESSION_KEY.publicKeyHex, '--json'], { cwd: fx.dir });
      expect(result.code, result.stderr).toBe(1);
      const report = JSON.parse(result.stdout);
      expect(report.failure).toMatchObject({ code: 'malformed_entry', seq: 1 });
      expect(report.failure.message).toContain('nested deeper than 64 levels');
      const trusted = new Map([[SESSION_KEY.publicKeyHex, 'session']]);
      const portable = verifyBundle(bundle, { crypto: portableCrypto, trusted });
      expect(portable.failure).toEqual(report.failure);
    });

    it('a bundle nested 5,000 deep is refused as input (exit 3) with the limit and its line:col, streamed or not', () => {
      const id = appendSampleRun(fx.store, SESSION_KEY);
      const text = exportText(fx, id, createNodeCrypto());
      const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      // In the exporter's one-entry-per-line layout (streamed) and minified (read whole).
      const streamed = text.replace('"met":true', `"met":true,"deep":${deep}`);
      const minified = JSON.stringify(JSON.parse(text)).replace('"met":true', `"met":true,"deep":${deep}`);
      for (const [name, body] of [
        ['streamed.json', streamed],
        ['minified.json', minified],
      ] as const) {
        writeFileSync(join(fx.dir, name), body);
        const result = runCli(['verify', name, '--key', SESSION_KEY.publicKeyHex], { cwd: fx.dir });
        expect(result.code, result.stderr).toBe(3);
        expect(result.stderr).toMatch(/nested deeper than 128 levels of arrays and objects at \d+:\d+/);
        expect(result.stderr).not.toMatch(/call stack/i);
      }
    });
  });
});

describe.runIf(runBrowserTests)('canonical JSON nesting limit in the report page (Chromium)', () => {
  let browser: Browser;
  let fx: LedgerFixture;
  beforeAll(async () => {
    browser = await launchChromium();
    fx = openFixture('json-depth-page');
  });
  afterAll(async () => {
    await browser?.close();
    fx?.close();
  });

  it('the page fails an entry nested one level too deep exactly as truss verify does', async () => {
    const id = appendSampleRun(fx.store, SESSION_KEY);
    const bundle = JSON.parse(exportText(fx, id, createNodeCrypto())) as Bundle;
    (bundle.ledger.entries[1] as { payload: unknown }).payload = nested(MAX_JSON_DEPTH + 1);
    writeFileSync(join(fx.dir, 'deep.json'), JSON.stringify(bundle));
    const cli = runCli(['verify', 'deep.json', '--key', SESSION_KEY.publicKeyHex, '--json'], { cwd: fx.dir });
    const made = runCli(['report', 'deep.json', '-o', 'deep.html', '--key', SESSION_KEY.publicKeyHex], {
      cwd: fx.dir,
    });
    expect(made.code, made.stderr).toBe(0);
    const opened = await openReport(browser, join(fx.dir, 'deep.html'));
    try {
      expect(opened.errors).toEqual([]);
      expect(opened.result?.report.status).toBe('failed');
      expect(opened.result?.report.failure).toEqual(JSON.parse(cli.stdout).failure);
    } finally {
      await opened.close();
    }
  });

  it('a report whose embedded bundle is nested 5,000 deep says so instead of overflowing', async () => {
    const id = appendSampleRun(fx.store, SESSION_KEY);
    writeFileSync(join(fx.dir, 'ok.json'), exportText(fx, id, createNodeCrypto()));
    const made = runCli(['report', 'ok.json', '-o', 'ok.html'], { cwd: fx.dir });
    expect(made.code, made.stderr).toBe(0);
    const html = readFileSync(join(fx.dir, 'ok.html'), 'utf8');
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(html).toContain('"met":true');
    writeFileSync(join(fx.dir, 'deep.html'), html.replace('"met":true', `"met":true,"deep":${deep}`));
    const opened = await openReport(browser, join(fx.dir, 'deep.html'));
    try {
      expect(opened.errors).toEqual([]);
      expect(await opened.page.getAttribute('html', 'data-chain')).toBe('error');
      expect(await opened.page.textContent('#app')).toMatch(
        /nested deeper than 128 levels of arrays and objects at \d+:\d+/,
      );
    } finally {
      await opened.close();
    }
  });
});
