import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Bundle,
  createNodeCrypto,
  type LedgerEntry,
  type LedgerStore,
} from '../../src/core/ledger/index.js';
import {
  exportText,
  FORGER_KEY,
  keyFromByte,
  type LedgerFixture,
  openFixture,
  signEntry,
  trustedOf,
  verifyDbAndBundle,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

/**
 * docs/fanout.md "What the ledger records": the extended child_anchor commits the parent to a
 * child's first entry, head and verdict entry; fanout_reduction must name anchored children and a
 * winner whose verdict ref is the one its anchor records. Old two-field anchors keep verifying.
 * Every case is checked on the database and on the exported bundle, which must agree.
 */

const KEY = keyFromByte(0x41);
const trusted = trustedOf(KEY);

const both = (store: LedgerStore, sessionId: string) => verifyDbAndBundle(store, sessionId, trusted);

function childFacts(store: LedgerStore, child: string) {
  const entries: LedgerEntry[] = [...store.entries(child)];
  const verdict = entries.find((e) => e.kind === 'verdict') as LedgerEntry;
  return {
    child_session_id: child,
    child_root_hash: entries[0]?.entry_hash,
    child_head_hash: store.requireSession(child).head_hash,
    verdict_ref: { seq: verdict.seq, entry_hash: verdict.entry_hash },
  };
}

describe('child_anchor and fanout_reduction verification', () => {
  let fx: LedgerFixture;
  let store: LedgerStore;
  beforeEach(() => {
    fx = openFixture('truss-child-anchor-');
    store = fx.store;
  });
  afterEach(() => fx.close());

  /** A parent that anchors two sample children with `anchor(i)` and records `reduction`. */
  function parentOf(
    anchor: (facts: ReturnType<typeof childFacts>, i: number) => Record<string, unknown>,
    reduction?: (anchors: LedgerEntry[]) => Record<string, unknown>,
  ): { parent: string; children: string[]; anchors: LedgerEntry[] } {
    const children = [
      appendSampleRun(store, KEY, { id: 'child-a' }),
      appendSampleRun(store, KEY, { id: 'child-b', extra: 1 }),
    ];
    const parent = store.createSession({ signer: KEY, codeVersion: 'test', id: 'parent' }).id;
    store.append(parent, 'run_started', { session_id: parent, contract: { id: 'p' } }, KEY);
    const anchors = children.map((child, i) =>
      store.append(parent, 'child_anchor', anchor(childFacts(store, child), i), KEY),
    );
    if (reduction) store.append(parent, 'fanout_reduction', reduction(anchors), KEY);
    store.append(parent, 'run_completed', {}, KEY);
    return { parent, children, anchors };
  }

  const ref = (anchor: LedgerEntry) => ({
    anchor_seq: anchor.seq,
    child_session_id: anchor.payload.child_session_id,
    verdict_ref: anchor.payload.verdict_ref,
  });

  it('an old two-field anchor still verifies', () => {
    const { parent } = parentOf((facts) => ({
      child_session_id: facts.child_session_id,
      child_head_hash: facts.child_head_hash,
    }));
    const report = both(store, parent);
    expect(report.status).toBe('verified');
    expect(report.children.map((c) => c.status)).toEqual(['verified', 'verified']);
  });

  it('the extended anchor and a reduction whose winner matches its anchor verify', () => {
    const { parent } = parentOf(
      (facts) => ({
        ...facts,
        task: 't',
        scope: { write_scope: ['.'] },
        budget_slice: {},
        status: 'completed',
      }),
      (anchors) => ({
        reducer: 'best_score',
        children: anchors.map(ref),
        winner: ref(anchors[1] as LedgerEntry),
        why: 'best',
      }),
    );
    const report = both(store, parent);
    expect(report.status).toBe('verified');
    expect(report.children[0]?.root_hash).toBe(childFacts(store, 'child-a').child_root_hash);
    expect(report.children[1]?.verdict_ref).toEqual(childFacts(store, 'child-b').verdict_ref);
  });

  it("an anchor whose root is not the child's first entry → child_anchor_mismatch", () => {
    const { parent, anchors } = parentOf((facts, i) => ({
      ...facts,
      ...(i === 1 ? { child_root_hash: 'f'.repeat(64) } : {}),
    }));
    const report = both(store, parent);
    expect(report.failure).toMatchObject({ code: 'child_anchor_mismatch', seq: anchors[1]?.seq });
    expect(report.failure?.message).toContain('child-b');
    expect(report.failure?.message).toMatch(/root/);
  });

  it("an anchor whose verdict ref is not the child's verdict entry → child_anchor_mismatch", () => {
    const { parent, anchors } = parentOf((facts, i) =>
      i === 0 ? { ...facts, verdict_ref: { seq: 0, entry_hash: facts.child_root_hash } } : facts,
    );
    const report = both(store, parent);
    expect(report.failure).toMatchObject({ code: 'child_anchor_mismatch', seq: anchors[0]?.seq });
    expect(report.failure?.message).toMatch(/child-a commits to verdict seq 0/);
  });

  it('an anchor that says completed for a child that ended otherwise → child_anchor_mismatch', () => {
    const children = [appendSampleRun(store, KEY, { id: 'cut', terminal: false })];
    const parent = store.createSession({ signer: KEY, codeVersion: 'test', id: 'parent' }).id;
    store.append(parent, 'run_started', { session_id: parent }, KEY);
    const entries = [...store.entries(children[0] as string)];
    store.append(
      parent,
      'child_anchor',
      {
        child_session_id: 'cut',
        child_head_hash: store.requireSession('cut').head_hash,
        child_root_hash: entries[0]?.entry_hash,
        status: 'completed',
      },
      KEY,
    );
    store.append(parent, 'run_completed', {}, KEY);
    expect(both(store, parent).failure).toMatchObject({ code: 'child_anchor_mismatch' });
  });

  it("a reduction whose winner's verdict ref differs from its anchor's → bad_fanout_reduction", () => {
    const { parent } = parentOf(
      (facts) => facts,
      (anchors) => ({
        reducer: 'best_score',
        children: anchors.map(ref),
        // The winner named with the other child's verdict.
        winner: {
          ...ref(anchors[0] as LedgerEntry),
          verdict_ref: (anchors[1] as LedgerEntry).payload.verdict_ref,
        },
        why: 'forged',
      }),
    );
    const report = both(store, parent);
    expect(report.failure?.code).toBe('bad_fanout_reduction');
    expect(report.failure?.message).toMatch(
      /winner child-a has verdict ref seq \d+ .* but its anchor \(seq 1\) records seq/,
    );
  });

  it('a reduction naming a child that is not anchored, or a winner it did not weigh → bad_fanout_reduction', () => {
    const { parent } = parentOf(
      (facts) => facts,
      (anchors) => ({
        reducer: 'vote',
        children: [ref(anchors[0] as LedgerEntry), { ...ref(anchors[1] as LedgerEntry), anchor_seq: 0 }],
        winner: null,
        why: 'x',
      }),
    );
    expect(both(store, parent).failure?.message).toMatch(/not a child_anchor of that session/);
    fx.close();
    fx = openFixture('truss-child-anchor-');
    store = fx.store;
    const second = parentOf(
      (facts) => facts,
      (anchors) => ({
        reducer: 'vote',
        children: [ref(anchors[0] as LedgerEntry)],
        winner: ref(anchors[1] as LedgerEntry),
        why: 'x',
      }),
    );
    const report = both(store, second.parent);
    expect(report.failure?.code).toBe('bad_fanout_reduction');
    expect(report.failure?.message).toMatch(/is not one of the children it weighed/);
  });

  it("an eval_report counts only anchored children with their anchors' verdict refs → else bad_eval_report", () => {
    const forged = parentOf((facts) => facts);
    store.append(
      forged.parent,
      'eval_report',
      {
        repeats: 1,
        arms: [
          {
            name: 'a',
            child_refs: [{ ...ref(forged.anchors[0] as LedgerEntry), verdict_ref: null, overall: 'pass' }],
          },
        ],
        delta: [],
        summary: 'forged',
      },
      KEY,
    );
    const report = both(store, forged.parent);
    expect(report.failure?.code).toBe('bad_eval_report');
    expect(report.failure?.message).toMatch(
      /eval_report's verdict ref for child child-a is not the one its anchor/,
    );
  });

  it('a tampered child is caught through its parent and named (database and bundle)', () => {
    const { parent, children } = parentOf((facts) => facts);
    fx.raw
      .prepare(
        "UPDATE journal SET payload = replace(payload, '\"met\":true', '\"met\":false') WHERE session_id = ? AND kind = 'check_result'",
      )
      .run(children[1]);
    const report = both(store, parent);
    expect(report.failure?.code).toBe('child_failed');
    expect(report.failure?.message).toContain('child session child-b failed verification');
  });

  it('importLedger copies the anchored children and refuses a bundle carrying a child no anchor names, or one twice', () => {
    const { parent, children } = parentOf((facts) => facts);
    const bundle = JSON.parse(exportText(fx, parent, createNodeCrypto())) as Bundle;
    const copy = openFixture('truss-child-import-');
    try {
      expect(copy.store.importLedger(structuredClone(bundle.ledger))).toEqual([parent, ...children]);
      expect(verifyDbAndBundle(copy.store, parent, trusted).status).toBe('verified');
    } finally {
      copy.close();
    }

    // A session nobody anchored rides along, named like a session the importing store will need
    // (a fan-out reducer's own parent id): the verifier never looks at it, so the import must not copy it.
    const stray = signEntry('00'.repeat(32), 0, 'run_started', { session_id: 'reducer-parent' }, FORGER_KEY);
    const strayLedger = {
      session_id: 'reducer-parent',
      public_key: FORGER_KEY.publicKeyHex,
      pubkey_id: FORGER_KEY.keyId,
      head_hash: stray.entry_hash,
      entries: [stray],
      child_sessions: [],
      anchor_refs: [],
    };
    const withStray = structuredClone(bundle.ledger);
    withStray.child_sessions.push(strayLedger);
    const twice = structuredClone(bundle.ledger);
    twice.child_sessions.push(structuredClone(twice.child_sessions[0] as (typeof twice.child_sessions)[0]));
    for (const [ledger, named] of [
      [withStray, 'reducer-parent'],
      [twice, children[0]],
    ] as const) {
      const target = openFixture('truss-child-import-');
      try {
        expect(() => target.store.importLedger(ledger)).toThrow(
          expect.objectContaining({
            code: 'unanchored_child',
            message: expect.stringContaining(`child session ${named}`),
          }),
        );
        expect(target.store.sessions()).toEqual([]);
      } finally {
        target.close();
      }
    }
  });
});
