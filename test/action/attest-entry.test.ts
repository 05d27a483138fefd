import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionHarness, LEDGER_BRANCH, requestLines } from '../helpers/action-harness.js';
import { runCli } from '../helpers/cli.js';
import { sigstoreVerifyOffline } from '../helpers/sigstore-offline.js';

/**
 * `attest: true` through the BUILT action (built from src for this test run) on a real pull_request
 * payload against the local fake GitHub: the verdict attestations are written beside the bundle and
 * verify offline; the job has no OIDC token (as for a fork PR, or without `id-token: write`), so the
 * GitHub artifact attestation is a warning, never a failed step.
 */
describe('the action with attest: true', () => {
  let harness: ActionHarness;
  beforeEach(() => {
    harness = new ActionHarness();
  });
  afterEach(async () => {
    await harness.stop();
  });

  it('writes a DSSE attestation and a Sigstore bundle that verify offline, and warns about the missing OIDC token', async () => {
    const run = await harness.runPullRequest({ INPUT_ATTEST: 'true' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    expect(run.stdout).toContain(
      '::warning::attest: no GitHub artifact attestation: this job has no OIDC token (ACTIONS_ID_TOKEN_REQUEST_URL is not set)',
    );
    expect(run.stdout).not.toContain('::error::');
    // No attestation request reached GitHub.
    expect(requestLines(harness.fake).some((line) => line.includes('attestations'))).toBe(false);

    const bundlePath = run.outputs['bundle-path'] as string;
    const stem = bundlePath.replace(/\.json$/, '');
    const envelopePath = `${stem}.intoto.json`;
    const sigstorePath = `${stem}.sigstore.json`;
    expect(existsSync(envelopePath) && existsSync(sigstorePath)).toBe(true);

    const key = harness.key;
    const sigstoreBundle = JSON.parse(readFileSync(sigstorePath, 'utf8'));
    expect(() =>
      sigstoreVerifyOffline(sigstoreBundle, { hint: key.keyId, publicKeyHex: key.publicKeyHex }),
    ).not.toThrow();

    const verified = runCli([
      'verify-attestation',
      envelopePath,
      '--key',
      key.publicKeyHex,
      '--bundle',
      bundlePath,
      '--json',
    ]);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    const report = JSON.parse(verified.stdout);
    expect(report).toMatchObject({ status: 'verified', bundle_matches: true, key_id: key.keyId });
    // The statement covers the PR head the verdict was computed for, and this run's ledger.
    expect(report.statement.subject[0].digest).toEqual({ gitCommit: run.headSha });
    expect(report.statement.predicate).toMatchObject({
      verdict: 'pass',
      contract: { id: 'greeting-0001' },
      ledger: { session_id: run.outputs['session-id'], head_hash: run.outputs['head-hash'] },
    });
  });

  it('with ledger-branch too (the issue\'s "done when"): DSSE + Sigstore bundle that verify offline, and an anchor receipt whose proof verifies against the signed checkpoint — all about the same final bundle', async () => {
    const run = await harness.runPullRequest({ INPUT_ATTEST: 'true', INPUT_LEDGER_BRANCH: LEDGER_BRANCH });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const bundlePath = run.outputs['bundle-path'] as string;
    const bundle = JSON.parse(readFileSync(bundlePath, 'utf8')) as {
      ledger: { entries: { kind: string }[]; head_hash: string };
    };
    expect(bundle.ledger.entries.map((e) => e.kind)).toContain('anchor_receipt');
    const key = harness.key;
    const verified = runCli(['verify', bundlePath, '--key', key.publicKeyHex, '--json']);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    expect(JSON.parse(verified.stdout).anchors).toHaveLength(1);
    const stem = bundlePath.replace(/\.json$/, '');
    const sigstoreBundle = JSON.parse(readFileSync(`${stem}.sigstore.json`, 'utf8'));
    expect(() =>
      sigstoreVerifyOffline(sigstoreBundle, { hint: key.keyId, publicKeyHex: key.publicKeyHex }),
    ).not.toThrow();
    const attested = runCli([
      'verify-attestation',
      `${stem}.intoto.json`,
      '--key',
      key.publicKeyHex,
      '--bundle',
      bundlePath,
      '--json',
    ]);
    expect(attested.code, attested.stdout + attested.stderr).toBe(0);
    expect(JSON.parse(attested.stdout)).toMatchObject({ status: 'verified', bundle_matches: true });
  });

  // attest off (the default) adds nothing: asserted on the default run in action-entry.test.ts.

  it('with an OIDC endpoint that refuses the token, the bundled @actions/attest asks for it and the step still passes', async () => {
    const seen: Array<{ url: string; authorization: string | undefined }> = [];
    const oidc = createServer((req, res) => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'id-token permission is not granted' }));
    });
    await new Promise<void>((resolve) => oidc.listen(0, '127.0.0.1', resolve));
    try {
      const port = (oidc.address() as AddressInfo).port;
      const run = await harness.runPullRequest({
        INPUT_ATTEST: 'true',
        ACTIONS_ID_TOKEN_REQUEST_URL: `http://127.0.0.1:${port}/idtoken?api-version=2.0`,
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token-e2e',
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(seen.length).toBeGreaterThanOrEqual(1);
      expect(seen[0]?.url).toContain('audience=sigstore');
      expect(seen[0]?.authorization).toBe('Bearer oidc-request-token-e2e');
      expect(run.stdout).toContain(
        '::warning::attest: could not sign the GitHub artifact attestation with Sigstore (public-good)',
      );
      expect(run.stdout + run.stderr).not.toContain('oidc-request-token-e2e');
      const stem = (run.outputs['bundle-path'] as string).replace(/\.json$/, '');
      expect(existsSync(`${stem}.sigstore.json`)).toBe(true);
    } finally {
      await new Promise<void>((resolve) => oidc.close(() => resolve()));
    }
  });
});
