import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeCrypto, LedgerError } from '../../src/core/ledger/index.js';
import {
  FORGER_KEY,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  SESSION_KEY,
  trustedOf,
} from '../helpers/ledger-kit.js';

/**
 * `deferSync` commits one entry without its own fsync (WAL, synchronous=NORMAL for that transaction).
 * What must be on disk before anything acts on it — a side effect's memo, a consumed signal, a human
 * review, a terminal entry — is refused, and every other append stays synchronous=FULL.
 */
describe('append deferSync', () => {
  let fixture: LedgerFixture;
  let id: string;
  beforeEach(() => {
    fixture = openFixture('defer-sync');
    id = fixture.store.createSession({ signer: SESSION_KEY, codeVersion: 'test' }).id;
    fixture.store.append(id, 'run_started', { contract: 'x' }, SESSION_KEY);
  });
  afterEach(() => fixture.close());

  it('a deferred entry is a normal signed entry and the connection is back to FULL after it', () => {
    expect(fixture.store.synchronous()).toBe('FULL');
    fixture.store.append(id, 'tool_result', { name: 'read_file', content: 'x' }, SESSION_KEY, {
      deferSync: true,
    });
    expect(fixture.store.synchronous()).toBe('FULL');
    // Even when the deferred append itself is refused inside its transaction.
    expect(() =>
      fixture.store.append(id, 'tool_result', { name: 'read_file' }, FORGER_KEY, { deferSync: true }),
    ).toThrow(/is not the session key/);
    expect(fixture.store.synchronous()).toBe('FULL');
    fixture.store.append(id, 'run_completed', {}, SESSION_KEY);
    const report = fixture.store.verifySession(id, {
      crypto: createNodeCrypto(),
      trusted: trustedOf(SESSION_KEY),
    });
    expect(report.status).toBe('verified');
    expect(report.entries).toBe(3);
  });

  it('refuses to defer a memo, a consumed signal, a human review or a terminal entry', () => {
    const refused = (
      kind: string,
      payload: Record<string, unknown>,
      options: object,
      signer = SESSION_KEY,
    ) => {
      expect(() => fixture.store.append(id, kind, payload, signer, { ...options, deferSync: true })).toThrow(
        LedgerError,
      );
      expect(fixture.store.synchronous()).toBe('FULL');
    };
    refused(
      'git_tool_call',
      { name: 'git_commit', memo_key: 'git_commit#1' },
      {
        memo: { key: 'git_commit#1', result: { sha: 'abc' } },
      },
    );
    const signal = fixture.store.queueSignal(id, 'go', null);
    refused(
      'signal_received',
      { name: 'go' },
      { deliverSignal: { name: 'go', createdAt: signal.created_at } },
    );
    for (const kind of ['suspended', 'run_completed', 'run_failed']) refused(kind, {}, {});
    refused(
      'human_review',
      {
        decision: 'approved',
        reviewer_public_key: REVIEWER_KEY.publicKeyHex,
        reviewer_key_id: REVIEWER_KEY.keyId,
      },
      {},
      REVIEWER_KEY,
    );
    // Nothing was appended or consumed.
    expect(fixture.store.session(id)?.entries).toBe(1);
    expect(fixture.store.memo(id, 'git_commit#1')).toBeUndefined();
    expect(fixture.store.signals(id)[0]?.status).toBe('pending');
  });
});
