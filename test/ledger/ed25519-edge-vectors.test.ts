/**
 * One vector file, every verification path: node:crypto (what `truss verify` uses), the portable
 * @noble path, the fixed-key window table, and the HTML report's own script in headless Chromium must
 * each accept exactly the signatures test/fixtures/vectors/ed25519-edge.json marks `expected`
 * (docs/ledger.md "Signature rule"). The file is written by scripts/gen-ed25519-edge-vectors.mjs.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as ed from '@noble/ed25519';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeCrypto } from '../../src/core/ledger/crypto-node.js';
import { portableCrypto } from '../../src/core/ledger/crypto-portable.js';
import { FixedKeyVerifier } from '../../src/core/ledger/ed25519-fixed-key.js';
import { hasSmallOrderR, SMALL_ORDER_ENCODINGS } from '../../src/core/ledger/ed25519-small-order.js';
import { PROBE_VECTORS } from '../../src/core/report/page/webcrypto-ed25519.js';
import { PAGE_SCRIPT } from '../../src/core/report/page-script.generated.js';
import { launchChromium, runBrowserTests } from '../helpers/browser.js';
import { REPO_ROOT } from '../helpers/cli.js';

interface Vector {
  id: string;
  source: string;
  description: string;
  message: string;
  public_key: string;
  signature: string;
  openssl: boolean;
  cofactored: boolean;
  expected: boolean;
}

const { vectors } = JSON.parse(
  readFileSync(join(REPO_ROOT, 'test/fixtures/vectors/ed25519-edge.json'), 'utf8'),
) as { vectors: Vector[] };
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
const mismatches = (answer: (v: Vector) => boolean) =>
  vectors.filter((v) => answer(v) !== v.expected).map((v) => `${v.id}: got ${!v.expected}`);

describe('Ed25519 edge vectors', () => {
  it('cover the cases where OpenSSL and the cofactored rule disagree, and the published sets', () => {
    expect(vectors.length).toBeGreaterThan(200);
    expect(vectors.filter((v) => v.source === 'taming-the-many-eddsas')).toHaveLength(12);
    expect(vectors.some((v) => v.openssl !== v.cofactored && v.id.startsWith('a-mixed-order'))).toBe(true);
    expect(vectors.some((v) => v.openssl !== v.cofactored && v.id.startsWith('r-mixed-order'))).toBe(true);
    expect(vectors.filter((v) => v.expected).length).toBeGreaterThanOrEqual(3);
    // A small-order R that OpenSSL 3.0 (Node 20) accepts and OpenSSL 3.5 (Node 24) refuses: refused.
    for (const id of ['r-identity-canonical', 'taming-2']) {
      const v = vectors.find((x) => x.id === id);
      expect([v?.openssl, v?.expected, hasSmallOrderR(bytes(v?.signature ?? ''))], id).toEqual([
        true,
        false,
        true,
      ]);
    }
    // The rule is OpenSSL 3.0's, narrowed only by the key and R conditions.
    for (const v of vectors) if (v.expected) expect(v.openssl, v.id).toBe(true);
  });

  it('node:crypto path (truss verify) accepts exactly the expected set', () => {
    const node = createNodeCrypto();
    expect(mismatches((v) => node.verify(bytes(v.signature), bytes(v.message), bytes(v.public_key)))).toEqual(
      [],
    );
  });

  it('portable @noble path accepts exactly the expected set', () => {
    expect(
      mismatches((v) => portableCrypto.verify(bytes(v.signature), bytes(v.message), bytes(v.public_key))),
    ).toEqual([]);
  });

  it('fixed-key window table accepts exactly the expected set', () => {
    expect(
      mismatches((v) =>
        new FixedKeyVerifier(bytes(v.public_key)).verify(bytes(v.signature), bytes(v.message)),
      ),
    ).toEqual([]);
  });
});

describe('the small-order encodings the R rule refuses', () => {
  it('are exactly the canonical encodings of the eight points of the 8-torsion subgroup', () => {
    const T8 = ed.Point.fromBytes(bytes(SMALL_ORDER_ENCODINGS[1] as string), true);
    const torsion = Array.from({ length: 8 }, (_, i) =>
      Buffer.from((i === 0 ? ed.Point.ZERO : T8.multiply(BigInt(i), false)).toBytes()).toString('hex'),
    );
    expect([...SMALL_ORDER_ENCODINGS].sort()).toEqual([...torsion].sort());
    for (const hex of SMALL_ORDER_ENCODINGS)
      expect(ed.Point.fromBytes(bytes(hex), true).isSmallOrder()).toBe(true);
  });
});

describe('the WebCrypto probe of the report page', () => {
  it('holds vectors copied exactly from the edge-vector file, some that only a cofactored verifier accepts', () => {
    for (const [id, publicKey, signature, message, expected] of PROBE_VECTORS) {
      const v = vectors.find((x) => x.id === id);
      expect({ id, publicKey, signature, message, expected }).toEqual({
        id: v?.id,
        publicKey: v?.public_key,
        signature: v?.signature,
        message: v?.message,
        expected: v?.expected,
      });
    }
    const cofactoredOnly = PROBE_VECTORS.filter(([id]) => {
      const v = vectors.find((x) => x.id === id);
      return v?.cofactored === true && v.expected === false;
    });
    expect(cofactoredOnly.length).toBeGreaterThanOrEqual(4);
  });
});

describe.runIf(runBrowserTests)('Ed25519 edge vectors in the report page (headless Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the page's own script, run as the Web Worker the report starts, accepts exactly the expected set", async () => {
    const page = await browser.newPage();
    try {
      const jobs = vectors.map((v) => [v.signature, v.message, v.public_key]);
      const answers = await page.evaluate(
        async ({ script, jobs }) => {
          const fromHex = (hex: string) =>
            new Uint8Array(hex.match(/../g)?.map((b) => Number.parseInt(b, 16)) ?? []);
          const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
          const worker = new Worker(url);
          const result = await new Promise<Uint8Array>((resolve, reject) => {
            worker.onmessage = (event: MessageEvent<Uint8Array>) => resolve(event.data);
            worker.onerror = (event) => reject(new Error(event.message));
            worker.postMessage(jobs.map((job) => job.map(fromHex)));
          });
          worker.terminate();
          return Array.from(result);
        },
        { script: PAGE_SCRIPT, jobs },
      );
      expect(answers).toHaveLength(vectors.length);
      expect(mismatches((v) => answers[vectors.indexOf(v)] === 1)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("the page's WebCrypto path passes its probe in Chromium and then accepts exactly the expected set", async () => {
    const bundled = await build({
      entryPoints: [join(REPO_ROOT, 'src/core/report/page/webcrypto-ed25519.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'trussWebCrypto',
      platform: 'browser',
    });
    const page = await browser.newPage();
    try {
      // WebCrypto exists only in secure contexts: a file:// page, as the report is opened.
      const blank = join(mkdtempSync(join(tmpdir(), 'truss-webcrypto-')), 'blank.html');
      writeFileSync(blank, '<!doctype html><title>probe</title>');
      await page.goto(pathToFileURL(blank).href);
      await page.addScriptTag({ content: bundled.outputFiles[0]?.text ?? '' });
      const jobs = vectors.map((v) => [v.signature, v.message, v.public_key]);
      const answers = await page.evaluate(async (jobs) => {
        const fromHex = (hex: string) =>
          new Uint8Array(hex.match(/../g)?.map((b) => Number.parseInt(b, 16)) ?? []);
        const module = (
          globalThis as unknown as {
            trussWebCrypto: typeof import('../../src/core/report/page/webcrypto-ed25519.js');
          }
        ).trussWebCrypto;
        const answer = await module.webCryptoAnswerer();
        if (!answer) return null;
        return Array.from(
          await answer(jobs.map((job) => job.map(fromHex) as [Uint8Array, Uint8Array, Uint8Array])),
        );
      }, jobs);
      expect(answers, 'Chromium offers Ed25519 in WebCrypto and passes the probe').not.toBeNull();
      expect(mismatches((v) => answers?.[vectors.indexOf(v)] === 1)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
