/**
 * `truss mcp serve`'s `truss_ledger_verdict` and `truss_ledger_export` state a chain's status, as
 * `truss ledger verdict` and `ledger export` do, so they run SQLite's integrity check first and refuse
 * the same damaged files (docs/cli.md, `truss ledger`; docs/ledger.md "One answer on every path").
 * A real database with a real session, damaged on disk: its index no longer agrees with its table.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ledger } from '../../src/cli/commands/ledger.js';
import { TrussMcpService } from '../../src/cli/mcp-serve/service.js';
import { checkReceipt } from '../../src/core/anchor/index.js';
import { LedgerStore } from '../../src/core/ledger/index.js';
import { SESSION_KEY } from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('truss mcp serve on a database whose index disagrees with its table', () => {
  let cleanup: () => void = () => {};
  afterEach(() => cleanup());

  /** A served directory whose ledger holds one session of a few entries. */
  function servedLedger(): { root: string; db: string; sessionId: string } {
    const dir = tempDir('mcp-integrity');
    cleanup = dir.cleanup;
    const db = join(dir.dir, 'ledger.db');
    const store = LedgerStore.open(db, { receipts: checkReceipt });
    const sessionId = appendSampleRun(store, SESSION_KEY, { id: 'served-run' });
    store.close();
    return { root: dir.dir, db, sessionId };
  }

  /** Flips a byte of the journal index's last cell (a key), as exit-codes.test.ts does; the table is untouched. */
  function damageIndex(db: string): void {
    const raw = new Database(db);
    const pageSize = raw.pragma('page_size', { simple: true }) as number;
    const root = raw
      .prepare<[], { rootpage: number }>(
        "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_journal_1'",
      )
      .get()?.rootpage as number;
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    const bytes = readFileSync(db);
    bytes[root * pageSize - 2] = (bytes[root * pageSize - 2] as number) ^ 0x01;
    writeFileSync(db, bytes);
  }

  function service(root: string, db: string): TrussMcpService {
    const io = { stdout: () => {}, stderr: () => {}, env: {}, cwd: root, interactive: false };
    return new TrussMcpService({ root, db, principal: {}, io, redact: (text) => text });
  }

  it('the verdict and export tools refuse it as truss ledger verdict and ledger export do; nothing is exported', async () => {
    const { root, db, sessionId } = servedLedger();
    const served = service(root, db);
    // Undamaged, both tools answer.
    const before = await served.call('truss_ledger_verdict', { session_id: sessionId });
    expect(before.isError, before.text).toBe(false);
    expect(before.structured).toMatchObject({ chain: 'intact' });

    damageIndex(db);
    const io = { stdout: () => {}, stderr: () => {}, env: {}, cwd: root, interactive: false };
    for (const sub of ['verdict', 'export']) {
      expect(() => ledger([sub, sessionId, '--db', db, '-o', join(root, 'cli.json')], io), sub).toThrow(
        "fails SQLite's integrity check",
      );
      const answer = await served.call(`truss_ledger_${sub}`, { session_id: sessionId });
      expect(answer.isError, `${sub}: ${answer.text}`).toBe(true);
      expect(answer.text).toContain("fails SQLite's integrity check");
    }
    expect(existsSync(join(root, 'cli.json'))).toBe(false);
    expect(existsSync(join(root, '.truss/bundles')) && readdirSync(join(root, '.truss/bundles'))).toBeFalsy();
  });
});
