/**
 * Shred shreds: a check's output tail is a blob the signed check_result references by hash
 * (`tail_sha256`), not text inside the payload. After `truss ledger shred` of the output and tail
 * blobs the text is gone from the database file and from every later export and report, readers say
 * "shredded", and the chain still verifies. Real CLI processes, real SQLite file.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LedgerStore } from '../../src/core/ledger/index.js';
import { MISSING_TAIL, SHREDDED_TAIL } from '../../src/core/ledger/output-tails.js';
import { tailsFromStore } from '../../src/core/ledger/store-tails.js';
import { runView } from '../../src/core/report/page/run-view.js';
import { reportFromEntries } from '../../src/core/run/index.js';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import { keyFromByte } from '../helpers/ledger-kit.js';

// Printed by joining parts, so the contract text itself does not contain it.
const PII = 'alice.personal@example.com 078-05-1120';

const CONTRACT = contractToml(
  { id: 'pii', intent: 'A failing check that prints personal data' },
  {
    kind: 'check',
    desc: 'prints and fails',
    run: "printf '%s@%s %s\n' alice.personal example.com 078-05-1120; exit 3",
  },
);

describe('shredding a check output', () => {
  it('removes the tail from the database, exports and reports; the chain still verifies', () => {
    const { home, db, env, runFlags, write } = cliHome('shred');
    const run = runCli(['run', write('pii.toml', CONTRACT), ...runFlags], { env });
    expect(run.code, run.stderr).toBe(1);
    // The CLI shows the tail, read from its blob.
    expect(run.stdout).toContain(PII);
    const session = /session ([0-9a-f-]{36})/.exec(run.stdout)?.[1] as string;

    const store = LedgerStore.open(db, { readonly: true });
    const check = [...store.entries(session)].find((e) => e.kind === 'check_result');
    store.close();
    const stdout = check?.payload.stdout as Record<string, unknown>;
    expect(stdout).not.toHaveProperty('tail');
    expect(stdout.tail_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(check?.payload)).not.toContain(PII);

    for (const hash of [stdout.sha256, stdout.tail_sha256] as string[]) {
      const shred = runCli(['ledger', 'shred', hash, '--db', db], { env });
      expect(shred.code, shred.stderr).toBe(0);
    }
    const files = readdirSync(home).filter((name) => name.startsWith('ledger.db'));
    for (const file of files) expect(readFileSync(join(home, file)).includes(PII)).toBe(false);

    const out = join(home, 'after.json');
    expect(runCli(['ledger', 'export', session, '--db', db, '-o', out], { env }).code).toBe(0);
    const bundle = readFileSync(out, 'utf8');
    expect(bundle).not.toContain(PII);
    expect(JSON.parse(bundle).blobs[stdout.tail_sha256 as string]).toEqual({ shredded: true });
    const verify = runCli(['verify', out, '--key', keyFromByte(0x61).publicKeyHex], { env });
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    const report = runCli(['report', out, '-o', join(home, 'after.html')], { env });
    expect(report.code, report.stderr).toBe(0);
    expect(readFileSync(join(home, 'after.html'), 'utf8')).not.toContain(PII);

    // The GitHub renderings read tails through the same resolver: they say it was shredded.
    const again = LedgerStore.open(db, { readonly: true });
    const view = reportFromEntries(session, [...again.entries(session)], tailsFromStore(again));
    again.close();
    expect(view.clauses[0]?.check?.stdoutTail).toBe(SHREDDED_TAIL);
  });

  it('the bundle written at run time carries the tail text as a blob', () => {
    const { env, runFlags, write } = cliHome('shred-b');
    const run = runCli(['run', write('pii.toml', CONTRACT), ...runFlags, '--json'], { env });
    const outcome = JSON.parse(run.stdout);
    const bundle = JSON.parse(readFileSync(outcome.bundle, 'utf8'));
    const tail = Object.values(bundle.blobs as Record<string, { utf8?: string }>).map((b) => b.utf8);
    expect(tail).toContain(`${PII}\n`);
  });

  it('the report page shows a bundle tail only when it hashes to the signed tail_sha256; old inline tails still render', () => {
    const text = 'hello\n';
    const hash = createHash('sha256').update(text).digest('hex');
    const entries = [
      { seq: 0, kind: 'run_started', payload: {}, prev_hash: '', entry_hash: '', signature: '' },
      {
        seq: 1,
        kind: 'check_result',
        payload: {
          clause: 0,
          stdout: { tail_sha256: hash, tail_bytes: 6 },
          stderr: { tail_sha256: hash, tail_bytes: 6 },
        },
        prev_hash: '',
        entry_hash: '',
        signature: '',
      },
      {
        seq: 2,
        kind: 'verdict',
        payload: { overall: 'fail', clauses: [{ clause: 0, kind: 'check', status: 'not_met' }], forced: [] },
        prev_hash: '',
        entry_hash: '',
        signature: '',
      },
    ];
    const tailOf = (blobs: unknown) => runView('s', entries, blobs).clauses[0]?.check?.stdoutTail;
    expect(tailOf({ [hash]: { utf8: text } })).toBe(text);
    expect(tailOf({ [hash]: { utf8: 'forged\n' } })).toBe(MISSING_TAIL);
    expect(tailOf({ [hash]: { shredded: true } })).toBe(SHREDDED_TAIL);
    expect(tailOf(undefined)).toBe(MISSING_TAIL);
    // An entry from before tails moved to blobs carries the text inline: still shown.
    const inline = structuredClone(entries);
    (inline[1] as { payload: Record<string, unknown> }).payload.stdout = {
      sha256: hash,
      tail: 'old inline tail',
    };
    expect(runView('s', inline).clauses[0]?.check?.stdoutTail).toBe('old inline tail');
  });
});
