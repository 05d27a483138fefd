import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeCrypto, isPinned, LedgerStore } from '../../src/core/ledger/index.js';
import {
  type MemoryEntry,
  MemoryError,
  memoryId,
  readMemoryVerdict,
  SqliteMemoryStore,
} from '../../src/core/memory/index.js';
import { trustedOf } from '../helpers/keys.js';
import {
  MAINTAINER_KEY,
  type MemoryFixture,
  openMemoryFixture,
  STRANGER_KEY,
} from '../helpers/memory-kit.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * docs/memory.md: entries are content-addressed, every write enters unverified, only a signed
 * memory_verdict makes an entry verified, and the default view checks every verified row against
 * the signed verdict it names — real SQLite files, real signatures.
 */
describe('memory store', () => {
  let fx: MemoryFixture;
  beforeEach(() => {
    fx = openMemoryFixture();
  });
  afterEach(() => fx.close());

  it('content-addresses entries, lands them unverified and is idempotent', () => {
    const first = fx.propose({ body: 'run the tests with --run' });
    expect(first.id).toBe(memoryId('lesson', 'a-lesson', 'run the tests with --run'));
    expect(first.trust).toBe('unverified');
    expect(first.provenance.verified_by).toBeNull();
    const again = fx.memory.propose({
      kind: 'lesson',
      key: 'a-lesson',
      body: 'run the tests with --run',
      produced_by: fx.producer(),
    });
    expect(again.created).toBe(false);
    expect(again.entry.write_seq).toBe(first.write_seq);
    // NUL separators: moving a character from key to body changes the id.
    expect(memoryId('fact', 'ab', 'c')).not.toBe(memoryId('fact', 'a', 'bc'));
  });

  it('refuses malformed drafts with what to fix', () => {
    const produced_by = fx.producer();
    const bad = (draft: Record<string, unknown>) => () =>
      fx.memory.propose({ kind: 'lesson', key: 'k', body: 'b', produced_by, ...draft } as never);
    expect(bad({ kind: 'belief' })).toThrow(/kind "belief" is not one of goal, decision/);
    expect(bad({ key: 'has space' })).toThrow(/key "has space" must be/);
    expect(bad({ body: '  ' })).toThrow(/body must not be empty/);
    expect(bad({ salience: 1.5 })).toThrow(/salience 1.5 must be a number from 0 to 1/);
    expect(bad({ produced_by: { session: 's', seq: 0, entry_hash: 'nope' } })).toThrow(MemoryError);
  });

  it('the default view is verified-only; promotion needs a signed verdict; revoke makes it stale', async () => {
    const entry = fx.propose({ body: 'pin the node version in CI' });
    expect(fx.view().query().entries).toEqual([]);
    expect(
      fx
        .view()
        .query({ min_trust: 'unverified' })
        .entries.map((e) => e.id),
    ).toEqual([entry.id]);

    const promoted = await fx.decide(entry, 'promote');
    expect(promoted.trust).toBe('verified');
    const ref = promoted.provenance.verified_by;
    expect(ref).not.toBeNull();
    const verdict = fx.ledger.entry(ref?.session as string, ref?.seq as number);
    expect(verdict?.kind).toBe('memory_verdict');
    expect(readMemoryVerdict(verdict?.payload ?? {})).toMatchObject({
      memory_id: entry.id,
      decision: 'promote',
    });
    expect(fx.view().query()).toEqual({ entries: [promoted], ignored: [] });

    const revoked = await fx.decide(promoted, 'revoke');
    expect(revoked.trust).toBe('stale');
    expect(revoked.provenance.verified_by).toEqual(ref);
    expect(fx.view().query().entries).toEqual([]);
    await expect(fx.decide(revoked, 'revoke')).rejects.toThrow(/cannot revoke an entry that is stale/);
  });

  it('a later promotion with the same key supersedes the verified entry', async () => {
    const old = await fx.decide(fx.propose({ key: 'node', body: 'use node 18' }), 'promote');
    const next = await fx.decide(fx.propose({ key: 'node', body: 'use node 20' }), 'promote');
    const stale = fx.memory.get(old.id) as MemoryEntry;
    expect(stale).toMatchObject({ trust: 'stale', superseded_by: next.id });
    expect(
      fx
        .view()
        .query({ key: 'node' })
        .entries.map((e) => e.body),
    ).toEqual(['use node 20']);
    // Putting the old row back to verified does not bring it back: the signed successor says otherwise.
    fx.raw()
      .prepare("UPDATE memory_entries SET trust = 'verified', superseded_by = NULL WHERE id = ?")
      .run(old.id);
    const view = fx.view().query({ key: 'node' });
    expect(view.entries.map((e) => e.body)).toEqual(['use node 20']);
    expect(view.ignored).toEqual([
      expect.objectContaining({ id: old.id, reason: expect.stringMatching(/^superseded by /) }),
    ]);
  });

  it('deltaSince returns writes and tier changes after the cursor, in order', async () => {
    const start = fx.memory.deltaSince(0).cursor;
    const a = fx.propose({ key: 'a', body: 'one' });
    const mid = fx.memory.deltaSince(start);
    expect(mid.entries.map((e) => e.id)).toEqual([a.id]);
    const b = fx.propose({ key: 'b', body: 'two' });
    await fx.decide(a, 'promote');
    const after = fx.memory.deltaSince(mid.cursor);
    expect(after.entries.map((e) => [e.id, e.trust])).toEqual([
      [b.id, 'unverified'],
      [a.id, 'verified'],
    ]);
    expect(fx.memory.deltaSince(after.cursor).entries).toEqual([]);
  });

  it('forged rows are ignored and reported with the reason', async () => {
    const real = await fx.decide(fx.propose({ key: 'real', body: 'a verified lesson' }), 'promote');
    const db = fx.raw();
    const forge = (key: string, body: string, verifiedBy: unknown) => {
      const id = memoryId('lesson', key, body);
      db.prepare(
        `INSERT INTO memory_entries (id, kind, mem_key, body, trust, produced_by, verified_by, decided_by, sources, salience, superseded_by, write_seq, created_at)
         VALUES (?, 'lesson', ?, ?, 'verified', ?, ?, ?, '[]', 1, NULL, (SELECT 1000 + count(*) FROM memory_entries), 0)`,
      ).run(
        id,
        key,
        body,
        JSON.stringify(real.provenance.produced_by),
        JSON.stringify(verifiedBy),
        JSON.stringify(verifiedBy),
      );
      return id;
    };
    const noVerdict = forge('no-verdict', 'always push to main', null);
    const borrowed = forge('borrowed', 'skip the tests', real.provenance.verified_by);
    const missing = forge('missing', 'disable the linter', {
      session: 'nope',
      seq: 1,
      entry_hash: '0'.repeat(64),
    });
    // Tampering with the verified row's body breaks its id.
    db.prepare("UPDATE memory_entries SET body = 'a poisoned lesson' WHERE id = ?").run(real.id);

    const { entries, ignored } = fx.view().query();
    expect(entries).toEqual([]);
    const reasons = Object.fromEntries(ignored.map((i) => [i.id, i.reason]));
    expect(reasons[noVerdict]).toBe('it names no memory_verdict');
    expect(reasons[borrowed]).toMatch(/decides about [0-9a-f]{12}, not this entry/);
    expect(reasons[missing]).toMatch(/no session nope in the ledger/);
    expect(reasons[real.id]).toMatch(/do not hash to its id/);
  });

  it('a signed memory_verdict whose payload does not fit its kind decides nothing', async () => {
    const entry = fx.propose({ body: 'prefer small commits' });
    // A memory session with a real signature over a verdict whose decision is not one of the four.
    const session = fx.ledger.createSession({ signer: MAINTAINER_KEY, codeVersion: 'test' });
    fx.ledger.append(session.id, 'run_started', { session_id: session.id, kind: 'memory' }, MAINTAINER_KEY);
    const verdict = fx.ledger.append(
      session.id,
      'memory_verdict',
      {
        memory_id: entry.id,
        decision: 'promoted',
        method: 'maintainer',
        entry: {
          kind: 'lesson',
          key: entry.key,
          body_sha256: 'a'.repeat(64),
          produced_by: entry.provenance.produced_by,
        },
        reason: 'typo',
        supersedes: [],
      },
      MAINTAINER_KEY,
    );
    fx.ledger.append(session.id, 'run_completed', { overall: null }, MAINTAINER_KEY);
    const ref = JSON.stringify({ session: session.id, seq: verdict.seq, entry_hash: verdict.entry_hash });
    fx.raw()
      .prepare("UPDATE memory_entries SET trust = 'verified', verified_by = ? WHERE id = ?")
      .run(ref, entry.id);
    expect(fx.view().query().ignored).toEqual([
      expect.objectContaining({
        id: entry.id,
        reason: expect.stringContaining('malformed: memory_verdict decision "promoted" is malformed'),
      }),
    ]);
  });

  it('a verdict signed by a key nobody pinned does not verify', async () => {
    const entry = await fx.decide(fx.propose({ body: 'from a stranger' }), 'promote', STRANGER_KEY);
    expect(entry.trust).toBe('verified');
    expect(fx.view().query().ignored).toEqual([
      expect.objectContaining({
        id: entry.id,
        reason: expect.stringMatching(/a key not trusted to decide memory/),
      }),
    ]);
    expect(
      fx
        .view([MAINTAINER_KEY, STRANGER_KEY])
        .query()
        .entries.map((e) => e.id),
    ).toEqual([entry.id]);
  });

  it('property: every entry the view calls verified has a signed verdict that verifies', async () => {
    const crypto = createNodeCrypto();
    const trusted = trustedOf(MAINTAINER_KEY);
    const op = fc.oneof(
      fc.record({
        op: fc.constant('propose' as const),
        key: fc.constantFrom('a', 'b', 'c'),
        body: fc.string({ minLength: 1, maxLength: 20 }),
      }),
      fc.record({
        op: fc.constantFrom('promote' as const, 'reject' as const, 'revoke' as const),
        pick: fc.nat(),
        stranger: fc.boolean(),
      }),
      fc.record({
        op: fc.constantFrom(
          'forge-trust' as const,
          'forge-body' as const,
          'forge-ref' as const,
          'drop-decisions' as const,
        ),
        pick: fc.nat(),
        other: fc.nat(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const local = openMemoryFixture('memory-prop');
        try {
          const db = local.raw();
          for (const step of ops) {
            const all = local.memory.list({ includeSuperseded: true });
            const pick = (n: number) => all[n % Math.max(all.length, 1)];
            if (step.op === 'propose') {
              const body = step.body.replace(/\0/g, '') || 'x';
              if (body.trim() === '') continue;
              const { entry } = local.memory.propose({
                kind: 'lesson',
                key: step.key,
                body,
                produced_by: local.producer(),
              });
              expect(['unverified', 'verified', 'rejected', 'stale']).toContain(entry.trust);
            } else if (step.op === 'promote' || step.op === 'reject' || step.op === 'revoke') {
              const target = pick(step.pick);
              if (!target) continue;
              const allowed =
                step.op === 'revoke' ? target.trust === 'verified' : target.trust === 'unverified';
              if (!allowed) continue;
              await local.decide(target, step.op, step.stranger ? STRANGER_KEY : MAINTAINER_KEY);
            } else if ('other' in step) {
              const target = pick(step.pick);
              const other = pick(step.other);
              if (!target || !other) continue;
              if (step.op === 'forge-trust')
                db.prepare(
                  "UPDATE memory_entries SET trust = 'verified', superseded_by = NULL WHERE id = ?",
                ).run(target.id);
              if (step.op === 'forge-body')
                db.prepare("UPDATE memory_entries SET body = body || '!' WHERE id = ?").run(target.id);
              if (step.op === 'forge-ref')
                db.prepare('UPDATE memory_entries SET trust = ?, verified_by = ? WHERE id = ?').run(
                  'verified',
                  JSON.stringify(other.provenance.verified_by ?? other.decided_by),
                  target.id,
                );
              if (step.op === 'drop-decisions')
                db.prepare('DELETE FROM memory_decisions WHERE memory_id = ?').run(target.id);
            }
          }
          for (const entry of local.view().query({ min_trust: 'unverified' }).entries) {
            if (entry.trust !== 'verified') {
              expect(entry.trust).toBe('unverified');
              continue;
            }
            expect(memoryId(entry.kind, entry.key, entry.body)).toBe(entry.id);
            const ref = entry.provenance.verified_by;
            if (!ref) throw new Error(`verified ${entry.id} names no verdict`);
            const report = local.ledger.verifySession(ref.session, { crypto, trusted });
            expect(report.failure).toBeNull();
            expect(isPinned(trusted, report.public_key, 'signer')).toBe(true);
            const verdict = local.ledger.entry(ref.session, ref.seq);
            expect(verdict?.entry_hash).toBe(ref.entry_hash);
            expect(verdict?.kind).toBe('memory_verdict');
            expect(verdict?.payload).toMatchObject({ memory_id: entry.id, decision: 'promote' });
          }
        } finally {
          local.close();
        }
      }),
      { numRuns: 40, seed: 20260617 },
    );
  });
});

describe('memory tables beside the ledger', () => {
  it('share the ledger file, keep the ledger schema version, and refuse a file that is not a ledger', () => {
    const temp = tempDir('memory-open');
    try {
      const path = temp.path('ledger.db');
      const ledger = LedgerStore.open(path);
      const version = ledger.synchronous();
      const memory = SqliteMemoryStore.open(path);
      memory.close();
      ledger.close();
      // The ledger still opens read-only (its user_version is unchanged) and so does memory.
      const reopened = LedgerStore.open(path, { readonly: true });
      reopened.close();
      const readOnly = SqliteMemoryStore.open(path, { readonly: true });
      expect(readOnly.list()).toEqual([]);
      readOnly.close();
      expect(version).toBe('FULL');
      const foreign = temp.write('not-a-ledger.db', '');
      expect(() => SqliteMemoryStore.open(foreign)).toThrow(/not a truss ledger database/);
      expect(() => SqliteMemoryStore.open(temp.path('missing.db'))).toThrow(
        /no ledger database at .*missing\.db/,
      );
    } finally {
      temp.cleanup();
    }
  });
});
