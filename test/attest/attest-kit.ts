import { readFileSync } from 'node:fs';
import path from 'node:path';
import { attestBundle, type VerdictAttestation } from '../../src/core/attest/index.js';
import { createNodeCrypto, exportBundleToFile, type Signer } from '../../src/core/ledger/index.js';
import { openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

export const crypto = createNodeCrypto();

/** A real signed ledger, exported to a real bundle file, and its verdict attestation. */
export function attestedSample(options: { signer?: Signer; terminal?: boolean } = {}) {
  const fixture = openFixture('attest');
  const signer = options.signer ?? SESSION_KEY;
  const sessionId = appendSampleRun(fixture.store, signer, {
    ...(options.terminal === undefined ? {} : { terminal: options.terminal }),
  });
  const bundlePath = path.join(fixture.dir, `truss-ledger-${sessionId}.json`);
  exportBundleToFile(fixture.store, sessionId, crypto, bundlePath);
  const bundleBytes = readFileSync(bundlePath);
  const attest = (signWith: Signer = signer, trusted?: Map<string, string>): VerdictAttestation =>
    attestBundle({
      bundleBytes,
      bundleName: path.basename(bundlePath),
      source: bundlePath,
      signer: signWith,
      crypto,
      ...(trusted ? { trusted } : {}),
      trussVersion: '0.1.0-test',
    });
  return { fixture, sessionId, bundlePath, bundleBytes, attest };
}

/** Decodes an envelope's payload to the statement object. */
export function statementOf(envelope: { payload: string }): Record<string, unknown> {
  return JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8'));
}

/** Re-encodes an edited statement into the envelope, keeping the old signature (what a tamperer can do). */
export function withPayload<T extends { payload: string }>(envelope: T, statement: unknown): T {
  return { ...envelope, payload: Buffer.from(JSON.stringify(statement)).toString('base64') };
}
