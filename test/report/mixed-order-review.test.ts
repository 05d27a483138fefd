/**
 * The symptom behind docs/ledger.md "Signature rule": a trailing human_review signed by a self-made
 * mixed-order key (A = [a]B + T, T of order 8) passes a cofactored verifier but not OpenSSL's
 * cofactorless one. `truss verify` and the report page must say the same thing about it: bad_signature
 * at the review, never "approved · signature valid" in the page.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portableCrypto } from '../../src/core/ledger/crypto-portable.js';
import { createNodeCrypto, keyIdFromPublicKey, type Signer } from '../../src/core/ledger/index.js';
import { launchChromium, openReport, runBrowserTests } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { exportText, type LedgerFixture, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

const L = ed.Point.CURVE().n;
const le = (bytes: Uint8Array): bigint => {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i] as number);
  return n;
};
const toLe = (value: bigint): Uint8Array => {
  const out = new Uint8Array(32);
  let n = value;
  for (let i = 0; i < 32; i++, n >>= 8n) out[i] = Number(n & 255n);
  return out;
};
const mod = (n: bigint) => ((n % L) + L) % L;

/** A signer whose public key is [a]B + T8: signs "honestly" with a, as a forger making the key would. */
function mixedOrderSigner(): Signer {
  const a = mod(le(sha512(new TextEncoder().encode('mixed-order reviewer'))));
  const T8 = ed.Point.fromBytes(
    ed.etc.hexToBytes('c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a'),
    true,
  );
  const publicKey = ed.Point.BASE.multiply(a).add(T8).toBytes();
  return {
    publicKey,
    publicKeyHex: ed.etc.bytesToHex(publicKey),
    keyId: keyIdFromPublicKey(publicKey, (d) => createNodeCrypto().sha256(d)),
    sign(message) {
      // A nonce whose challenge k is not a multiple of 8: then [S]B − [k]A = R − [k]T8 ≠ R.
      for (let i = 0; ; i++) {
        const r = mod(le(sha512(new Uint8Array([...message, i]))));
        const R = ed.Point.BASE.multiply(r).toBytes();
        const k = mod(le(sha512(new Uint8Array([...R, ...publicKey, ...message]))));
        if (k % 8n !== 0n) return new Uint8Array([...R, ...toLe(mod(r + k * a))]);
      }
    },
  };
}

describe('a human_review signed by a mixed-order key', () => {
  let fx: LedgerFixture;
  let browser: Browser | undefined;
  let pins: string[];
  beforeAll(async () => {
    fx = openFixture('mixed-order');
    const id = appendSampleRun(fx.store, SESSION_KEY);
    const reviewer = mixedOrderSigner();
    pins = ['--key', SESSION_KEY.publicKeyHex, '--key', reviewer.publicKeyHex];
    fx.store.appendHumanReview(id, reviewer, {
      decision: 'approved',
      note: 'trust me',
      actor: { login: 'mallory', id: 666 },
      source: { review_id: 1, commit_sha: null, url: null },
    });
    writeFileSync(join(fx.dir, 'bundle.json'), exportText(fx, id, createNodeCrypto()));
    if (runBrowserTests) browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    fx.close();
  });

  it('truss verify says bad_signature at the review, and the portable verifier agrees', () => {
    const result = runCli(['verify', 'bundle.json', '--json', ...pins], { cwd: fx.dir });
    expect(result.code, result.stdout).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.failure).toMatchObject({ code: 'bad_signature', seq: 7 });
    const node = createNodeCrypto();
    const bundle = JSON.parse(readFileSync(join(fx.dir, 'bundle.json'), 'utf8'));
    const review = bundle.ledger.entries[7];
    const args = [
      ed.etc.hexToBytes(review.signature),
      ed.etc.hexToBytes(review.entry_hash),
      ed.etc.hexToBytes(review.payload.reviewer_public_key),
    ] as const;
    expect(node.verify(...args)).toBe(false);
    expect(portableCrypto.verify(...args)).toBe(false);
  });

  it.runIf(runBrowserTests)(
    'the report page fails it the same way and never shows "signature valid"',
    async () => {
      const made = runCli(['report', 'bundle.json', '-o', 'bundle.html', ...pins], { cwd: fx.dir });
      expect(made.code, made.stderr).toBe(0);
      const cli = JSON.parse(runCli(['verify', 'bundle.json', '--json', ...pins], { cwd: fx.dir }).stdout);
      const opened = await openReport(browser as Browser, join(fx.dir, 'bundle.html'));
      try {
        expect(opened.result?.report.status).toBe('failed');
        expect(opened.result?.report.failure).toEqual(cli.failure);
        expect(await opened.page.textContent('#signoffs')).not.toContain('signature valid');
      } finally {
        await opened.close();
      }
    },
  );
});
