import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LedgerError, type LedgerErrorCode, LedgerStore } from '../../src/core/ledger/index.js';
import { seededKey } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';

const { key: sessionKey } = seededKey(1);
const { key: otherKey } = seededKey(2);

let temp: ReturnType<typeof tempDir>;
let dbPath: string;
const open: LedgerStore[] = [];

function openStore(options?: Parameters<typeof LedgerStore.open>[1]): LedgerStore {
  const store = LedgerStore.open(dbPath, options);
  open.push(store);
  return store;
}

/** The code of the LedgerError `fn` throws (fails the test if it throws anything else or nothing). */
function codeOf(fn: () => unknown): LedgerErrorCode {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(LedgerError);
    return (error as LedgerError).code;
  }
  throw new Error('expected a LedgerError, nothing was thrown');
}

beforeEach(() => {
  temp = tempDir('error-codes');
  dbPath = join(temp.dir, 'ledger.db');
});

afterEach(() => {
  for (const store of open.splice(0)) store.close();
  temp.cleanup();
});

describe('LedgerError codes on real failures', () => {
  it('an entry signed by another key than the session key is wrong_signer', () => {
    const store = openStore();
    const { id } = store.createSession({ signer: sessionKey, codeVersion: 'test' });
    expect(codeOf(() => store.append(id, 'tool_result', { x: 1 }, otherKey))).toBe('wrong_signer');
    expect(codeOf(() => store.append(id, 'Bad-Kind', {}, sessionKey))).toBe('bad_kind');
    expect(codeOf(() => store.append('no-such-session', 'tool_result', {}, sessionKey))).toBe('no_session');
  });

  it('a write through a read-only open is read_only, and a second session with the same id session_exists', () => {
    const writer = openStore();
    writer.createSession({ signer: sessionKey, codeVersion: 'test', id: 's1' });
    expect(codeOf(() => writer.createSession({ signer: sessionKey, codeVersion: 'test', id: 's1' }))).toBe(
      'session_exists',
    );
    const reader = openStore({ readonly: true });
    expect(codeOf(() => reader.append('s1', 'tool_result', { x: 1 }, sessionKey))).toBe('read_only');
  });

  it('a file that is not a ledger is not_a_ledger; a missing one with mustExist is open_failed', () => {
    writeFileSync(dbPath, 'not a database at all, just text\n'.repeat(100));
    expect(codeOf(() => openStore())).toBe('not_a_ledger');
    expect(codeOf(() => LedgerStore.open(join(temp.dir, 'missing.db'), { mustExist: true }))).toBe(
      'open_failed',
    );
  });
});
