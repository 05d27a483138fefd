import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrussMcpService } from '../../src/cli/mcp-serve/service.js';
import { checkReceipt } from '../../src/core/anchor/index.js';
import { AttestationRefusedError, attestBundle } from '../../src/core/attest/index.js';
import {
  BundleFormatError,
  createNodeCrypto,
  VERIFY_EXIT_CODES,
  verifyBundleFile,
} from '../../src/core/ledger/index.js';
import {
  bundleTamperCases,
  type CaseOutcome,
  caseText,
  outcomeOf,
  type TamperCase,
} from '../helpers/bundle-tamper-cases.js';
import { type LedgerFixture, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';

/**
 * The two bundle readers the shared tamper cases (test/helpers/bundle-tamper-cases.ts) did not reach:
 * `truss mcp serve`'s `truss_verify_bundle` tool and `truss attest`, each on every case a bundle can
 * be, against `truss verify`'s own function on the same file (which test/report/report-browser.test.ts
 * holds to the report page). docs/ledger.md "One answer on every path".
 */
const crypto = createNodeCrypto();

describe('the MCP verify tool and truss attest on the shared tamper cases', () => {
  let fx: LedgerFixture;
  let cases: TamperCase[];
  beforeAll(() => {
    fx = openFixture('verify-paths');
    cases = bundleTamperCases(fx).filter((c) => !c.storedPayloads && !c.checkpointOver && !c.storedEdit);
  });
  afterAll(() => fx.close());

  /** `truss verify` on the file: its outcome, or 'unreadable' (exit 3). */
  const cliOutcome = (file: string, pinned: string[]): CaseOutcome => {
    try {
      const trusted = new Map(pinned.map((key) => [key, 'pinned']));
      return outcomeOf(verifyBundleFile(file, { crypto, trusted, receipts: checkReceipt }));
    } catch (error) {
      if (error instanceof BundleFormatError) return 'unreadable';
      throw error;
    }
  };

  it('truss_verify_bundle answers as truss verify does: the same outcome and exit code, a tool error for unreadable input', async () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const [i, c] of cases.entries()) {
      // One served directory per case: its .truss/trusted-keys pins the case's keys (outside git, as is).
      const root = join(fx.dir, `served-${i}`);
      mkdirSync(join(root, '.truss'), { recursive: true });
      writeFileSync(join(root, '.truss/trusted-keys'), c.pinned.map((key) => `${key}\n`).join(''));
      const file = join(root, 'bundle.json');
      writeFileSync(file, caseText(c));
      const io = { stdout: () => {}, stderr: () => {}, env: {}, cwd: root, interactive: false };
      const service = new TrussMcpService({
        root,
        db: join(root, 'ledger.db'),
        principal: {},
        io,
        redact: (text) => text,
      });
      const answer = await service.call('truss_verify_bundle', { path: 'bundle.json' });
      const expected = cliOutcome(file, c.pinned);
      if (c.expected) expect.soft(expected, c.name).toEqual(c.expected);
      if (expected === 'unreadable') {
        expect.soft(answer.isError, c.name).toBe(true);
        continue;
      }
      expect.soft(answer.isError, `${c.name}: ${answer.text}`).toBe(false);
      const report = answer.structured as unknown as Parameters<typeof outcomeOf>[0] & { exit_code: number };
      expect.soft(outcomeOf(report), c.name).toEqual(expected);
      expect.soft(report.exit_code, c.name).toBe(VERIFY_EXIT_CODES[expected.status]);
    }
  });

  it('truss attest attests exactly what truss verify reports verified, and refuses the rest with its status', () => {
    for (const c of cases) {
      const file = join(fx.dir, 'attest.json');
      writeFileSync(file, caseText(c));
      // With no key pinned, `truss attest` pins the attesting key, the ledger's own.
      const pins = c.pinned.length > 0 ? c.pinned : [SESSION_KEY.publicKeyHex];
      const expected = cliOutcome(file, pins);
      const trusted = new Map(c.pinned.map((key) => [key, 'pinned']));
      let result: 'attested' | 'unreadable' | AttestationRefusedError['status'];
      try {
        attestBundle({
          bundleBytes: Buffer.from(caseText(c)),
          bundleName: 'bundle.json',
          source: 'bundle.json',
          signer: SESSION_KEY,
          crypto,
          trusted,
          trussVersion: 'test',
        });
        result = 'attested';
      } catch (error) {
        if (error instanceof BundleFormatError) result = 'unreadable';
        else if (error instanceof AttestationRefusedError) result = error.status;
        else throw error;
      }
      if (expected === 'unreadable') expect.soft(result, c.name).toBe('unreadable');
      else if (expected.status === 'verified') expect.soft(['attested', 'input'], c.name).toContain(result);
      // A ledger signed by another key than the attesting one is refused as input before it is verified.
      else if (c.bundle.ledger.public_key !== SESSION_KEY.publicKeyHex)
        expect.soft(result, c.name).toBe('input');
      else expect.soft(result, c.name).toBe(expected.status);
    }
  });
});
