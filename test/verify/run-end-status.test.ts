/**
 * How a run ends, as verification reports it (docs/ledger.md "Verification results"):
 * - a ledger whose evidence ends at `suspended` is its own status, `suspended` (exit 6), never
 *   `verified` — including a finished run truncated back to its suspension, which hides the decision
 *   and the verdict that followed;
 * - a session with a second `verdict` or a second `run_completed` is `failed` (`duplicate_terminal`).
 * Real SQLite, real signatures, the real CLI in a child process.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto } from '../../src/core/ledger/index.js';
import { chainState } from '../../src/core/report/page/chain-status.js';
import { runCli } from '../helpers/cli.js';
import { exportText, type LedgerFixture, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';

const KEY = SESSION_KEY.publicKeyHex;

describe('run end status', () => {
  let fx: LedgerFixture;
  beforeEach(() => {
    fx = openFixture('run-end');
  });
  afterEach(() => fx.close());

  /** run_started · check_result · suspended, then (when `resumed`) signal_received · verdict · run_completed. */
  const appendGatedRun = (id: string, resumed: boolean): string => {
    const session = fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id });
    fx.store.append(
      id,
      'run_started',
      { contract: { id: 'gated' }, contract_hash: 'a'.repeat(64) },
      SESSION_KEY,
    );
    fx.store.append(id, 'check_result', { clause: 0, met: false, exit_code: 1 }, SESSION_KEY);
    fx.store.append(id, 'suspended', { reason: 'approval', await: { kind: 'approval' } }, SESSION_KEY);
    if (resumed) {
      fx.store.append(id, 'signal_received', { name: 'go' }, SESSION_KEY);
      fx.store.append(id, 'verdict', { overall: 'fail', clauses: [] }, SESSION_KEY);
      fx.store.append(id, 'run_completed', { final_text: 'done' }, SESSION_KEY);
    }
    return session.id;
  };
  const writeBundle = (name: string, bundle: Bundle | string): string => {
    const path = join(fx.dir, name);
    writeFileSync(path, typeof bundle === 'string' ? bundle : JSON.stringify(bundle));
    return path;
  };
  const verifyCli = (path: string, pinned = true) => {
    const result = runCli(['verify', path, '--json', ...(pinned ? ['--key', KEY] : [])], { cwd: fx.dir });
    return { code: result.code, report: JSON.parse(result.stdout || '{}'), stderr: result.stderr };
  };

  it('a run waiting at its suspension verifies as suspended (exit 6) in truss verify and truss ledger verify', () => {
    const id = appendGatedRun('gated-1', false);
    const path = writeBundle('gated.json', exportText(fx, id, createNodeCrypto()));
    const cli = verifyCli(path);
    expect(cli.code, cli.stderr).toBe(6);
    expect(cli.report.status).toBe('suspended');
    const stored = runCli(['ledger', 'verify', id, '--db', fx.dbPath, '--key', KEY, '--json'], {
      cwd: fx.dir,
    });
    expect(stored.code, stored.stderr).toBe(6);
    expect(JSON.parse(stored.stdout).status).toBe('suspended');
    const human = runCli(['verify', path, '--key', KEY], { cwd: fx.dir });
    expect(human.stdout).toContain('SUSPENDED');
    expect(human.stdout).toContain('exit 6 (suspended)');
    // Unpinned: never trusted, and the notes still say the run is suspended.
    const unpinned = verifyCli(path, false);
    expect(unpinned.code).toBe(4);
    expect(unpinned.report.notes.join('\n')).toContain('suspended');
  });

  it('a finished run truncated back to its suspended entry is not verified: exit 6, and the page says suspended', () => {
    const id = appendGatedRun('gated-2', true);
    const full = JSON.parse(exportText(fx, id, createNodeCrypto())) as Bundle;
    expect(verifyCli(writeBundle('full.json', full)).code).toBe(0);
    const cut = structuredClone(full);
    const at = cut.ledger.entries.findIndex((e) => e.kind === 'suspended');
    cut.ledger.entries = cut.ledger.entries.slice(0, at + 1);
    cut.ledger.head_hash = cut.ledger.entries[at]?.entry_hash ?? null;
    cut.verdict = null;
    const cli = verifyCli(writeBundle('cut.json', cut));
    expect(cli.code, JSON.stringify(cli.report)).toBe(6);
    expect(cli.report.status).toBe('suspended');
    expect(chainState(cli.report).headline).toMatch(/suspended: not a finished run/);
    expect(chainState(cli.report).tone).toBe('warn');
  });

  it('truss attest refuses a suspended run with exit 6', () => {
    const id = appendGatedRun('gated-3', false);
    const path = writeBundle('gated.json', exportText(fx, id, createNodeCrypto()));
    const keyFile = join(fx.dir, 'signing.key');
    writeFileSync(keyFile, `${Buffer.from(new Uint8Array(32).fill(0x11)).toString('base64')}\n`);
    chmodSync(keyFile, 0o600);
    const result = runCli(['attest', path, '-o', join(fx.dir, 'att.json'), '--key', keyFile], {
      cwd: fx.dir,
    });
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toContain('suspended');
  });

  for (const kind of ['verdict', 'run_completed'] as const) {
    it(`a second ${kind} in one session fails verification (duplicate_terminal), stored and exported`, () => {
      const id = appendGatedRun(`twice-${kind}`, true);
      if (kind === 'verdict') {
        fx.store.append(id, 'verdict', { overall: 'pass', clauses: [] }, SESSION_KEY);
        fx.store.append(id, 'run_completed', { final_text: 'again' }, SESSION_KEY);
      } else {
        fx.store.append(id, 'run_completed', { final_text: 'again' }, SESSION_KEY);
      }
      const stored = runCli(['ledger', 'verify', id, '--db', fx.dbPath, '--key', KEY, '--json'], {
        cwd: fx.dir,
      });
      expect(stored.code, stored.stdout).toBe(1);
      expect(JSON.parse(stored.stdout).failure).toMatchObject({ code: 'duplicate_terminal', seq: 6 });
      const bundle = JSON.parse(exportText(fx, id, createNodeCrypto())) as Bundle;
      const cli = verifyCli(writeBundle('twice.json', bundle));
      expect(cli.code).toBe(1);
      expect(cli.report.failure).toMatchObject({ code: 'duplicate_terminal', seq: 6 });
      expect(cli.report.failure.message).toContain('after seq');
    });
  }
});
