import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeCrypto, LedgerStore, NO_TRUSTED_KEYS } from '../../src/core/ledger/index.js';
import { type MemoryEntry, memoryId, signApproval } from '../../src/core/memory/index.js';
import { keyFromByte } from '../helpers/keys.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

/**
 * docs/ledger.md "Verification results", `bad_memory_approval`: every verifier checks a maintainer's
 * memory approval against its own session — in a `memory_approval` session, once, about the entry its
 * `run_started` names, whose body and id hash as the approval says.
 */
const crypto = createNodeCrypto();
const KEY = keyFromByte(0x76);
const BODY = 'greeting.txt needs its trailing newline';
const ENTRY: MemoryEntry = {
  id: memoryId('lesson', 'greeting-newline', BODY),
  kind: 'lesson',
  key: 'greeting-newline',
  body: BODY,
  trust: 'unverified',
  provenance: {
    produced_by: { session: 's', seq: 1, entry_hash: 'a'.repeat(64) },
    verified_by: null,
    sources: [],
  },
  decided_by: null,
  salience: 0.5,
  superseded_by: null,
  write_seq: 1,
  created_at: 0,
};

let dir: TempDir;
let ledger: LedgerStore;
beforeEach(() => {
  dir = tempDir('memory-approval-check');
  ledger = LedgerStore.open(dir.path('ledger.db'));
});
afterEach(() => {
  ledger.close();
  dir.cleanup();
});

const verify = (sessionId: string) => ledger.verifySession(sessionId, { crypto, trusted: NO_TRUSTED_KEYS });
const approve = () =>
  signApproval({ ledger, signer: KEY, codeVersion: 'test', principal: { login: 'm' } }, ENTRY, {
    reason: 'read it',
    prior: null,
  });

/** A session signed by KEY: `run_started` (kind, entry as given), then the `memory_approval` payloads. */
function session(started: Record<string, unknown>, approvals: Record<string, unknown>[]): string {
  const s = ledger.createSession({ signer: KEY, codeVersion: 'test' });
  ledger.append(s.id, 'run_started', { session_id: s.id, ...started }, KEY);
  for (const payload of approvals) ledger.append(s.id, 'memory_approval', payload, KEY);
  ledger.append(s.id, 'run_completed', { overall: null }, KEY);
  return s.id;
}

describe('memory_approval is checked by every verifier (bad_memory_approval)', () => {
  it('an approval signApproval wrote verifies', () => {
    const signed = approve();
    const report = verify(signed.sessionId);
    expect(report.failure).toBeNull();
    expect(report.terminal_kind).toBe('run_completed');
  });

  it.each([
    [
      'outside an approval session',
      (s: Record<string, unknown>) => ({ ...s, kind: 'run' }),
      (p: Record<string, unknown>) => [p],
      /is not in an approval session/,
    ],
    [
      'about another entry than its session',
      (s: Record<string, unknown>) => ({ ...s, memory_id: 'b'.repeat(64) }),
      (p: Record<string, unknown>) => [p],
      /but its session is about bbbbbbbbbbbb/,
    ],
    [
      'twice in one session',
      (s: Record<string, unknown>) => s,
      (p: Record<string, unknown>) => [p, p],
      /second approval in its session/,
    ],
    [
      'with a body hash its session does not carry',
      (s: Record<string, unknown>) => ({ ...s, entry: { ...(s.entry as object), body: 'skip the check' } }),
      (p: Record<string, unknown>) => [p],
      /not the hash of the body its session carries/,
    ],
    [
      'with an id that is not its entry',
      (s: Record<string, unknown>) => ({ ...s, memory_id: 'c'.repeat(64) }),
      (p: Record<string, unknown>) => [{ ...p, memory_id: 'c'.repeat(64) }],
      /names an id that is not the hash of the entry's kind, key and body/,
    ],
  ])('an approval %s is refused', (_name, started, approvals, message) => {
    const signed = approve();
    const original = ledger.entry(signed.sessionId, 0)?.payload as Record<string, unknown>;
    const { session_id: _id, ...start } = original;
    const id = session(started(start), approvals(signed.payload as unknown as Record<string, unknown>));
    const failure = verify(id).failure;
    expect(failure?.code).toBe('bad_memory_approval');
    expect(failure?.message).toMatch(message);
  });
});
