import { describe, expect, it } from 'vitest';
import { type LedgerEntry, SigningKey } from '../../src/core/ledger/index.js';
import { reportFromEntries } from '../../src/core/run/index.js';
import { type ReportLinks, renderCheckOutput } from '../../src/github/render/index.js';

const key = SigningKey.fromSeed(new Uint8Array(32).fill(5));
const entry = (seq: number, kind: string, payload: Record<string, unknown>): LedgerEntry => ({
  seq,
  kind,
  payload,
  prev_hash: '0'.repeat(64),
  entry_hash: String(seq).repeat(64).slice(0, 64),
  signature: '0'.repeat(128),
});
const run = reportFromEntries('s1', [
  entry(0, 'run_started', { contract: { contract: { id: 'c1', title: 'T', intent: 'do it' } } }),
  entry(1, 'verdict', {
    overall: 'pass',
    clauses: [{ clause: 0, kind: 'check', desc: 'ok', status: 'met' }],
  }),
]);
const base: ReportLinks = {
  artifactName: 'truss-ledger-s1',
  artifactUrl: 'https://github.com/acme/app/actions/runs/42/artifacts/7',
  runUrl: 'https://github.com/acme/app/actions/runs/42',
  bundleFileName: 'truss-ledger-s1.json',
  publicKey: key.publicKeyHex,
  keyId: key.keyId,
};

describe('check run summary links the HTML report', () => {
  it('names report.html inside the linked artifact when the report was written', () => {
    const { summary } = renderCheckOutput(run, { ...base, reportFileName: 'report.html' });
    expect(summary).toContain(
      '📄 **Readable report:** open `report.html` from the [`truss-ledger-s1`](https://github.com/acme/app/actions/runs/42/artifacts/7) artifact in a browser.',
    );
    expect(summary.indexOf('Readable report')).toBeLessThan(summary.indexOf('Verify it yourself'));
  });

  it('says nothing about a report that was not written or has no artifact to live in', () => {
    expect(renderCheckOutput(run, base).summary).not.toContain('report.html');
    const { artifactName: _n, artifactUrl: _u, ...noArtifact } = base;
    expect(renderCheckOutput(run, { ...noArtifact, reportFileName: 'report.html' }).summary).not.toContain(
      'report.html',
    );
  });
});
