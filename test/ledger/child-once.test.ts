import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto, type VerifyReport } from '../../src/core/ledger/index.js';
import {
  exportText,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  SESSION_KEY,
  trustedOf,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { verifyEveryWay } from './bundle-file-kit.js';

type BundleLedger = Bundle['ledger'];

/**
 * A session stands for one run, so it appears once in a ledger and its children (docs/ledger.md
 * "Bundle"): the same child anchored twice, a child of two parents, a cycle, or a child
 * carried twice in `child_sessions` fails as `duplicate_child`. The database verifier
 * (store.verifySession: `truss ledger verify`, resume, the reducer's re-check) and every bundle
 * reader (in memory, streamed, whole file; the report page runs the same verifyBundle, see
 * test/helpers/bundle-tamper-cases.ts) must give the same answer on the same signed entries.
 */
const crypto = createNodeCrypto();
const options = { crypto, trusted: trustedOf(SESSION_KEY, REVIEWER_KEY) };

let fx: LedgerFixture;
beforeEach(() => {
  fx = openFixture('child-once');
});
afterEach(() => fx.close());

/** A finished parent run whose signed entries anchor `children` in order (anchors at seq 1, 2, …). */
function parentOf(id: string, children: string[]): string {
  fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id });
  fx.store.append(id, 'run_started', { contract: { id: 'fan-out' }, code_version: 'test' }, SESSION_KEY);
  for (const child of children) {
    const head = fx.store.session(child)?.head_hash;
    fx.store.append(id, 'child_anchor', { child_session_id: child, child_head_hash: head }, SESSION_KEY);
  }
  fx.store.append(id, 'verdict', { overall: 'pass', clauses: [] }, SESSION_KEY);
  fx.store.append(id, 'run_completed', { final_text: 'done' }, SESSION_KEY);
  return id;
}

const bundleOf = (id: string) => JSON.parse(exportText(fx, id, crypto)) as Bundle;

/** The database report, after asserting that the bundle readers all agree with it on `bundle`. */
function everyPathAgrees(id: string, bundle: Bundle = bundleOf(id)): VerifyReport {
  const db = fx.store.verifySession(id, options);
  const fromBundle = verifyEveryWay(fx.dir, bundle, options);
  expect({ status: fromBundle.status, failure: fromBundle.failure }).toEqual({
    status: db.status,
    failure: db.failure,
  });
  return db;
}

describe('a session appears once in a ledger and its children', () => {
  it('one child per anchor verifies everywhere', () => {
    const parent = parentOf('parent', [appendSampleRun(fx.store, SESSION_KEY, { id: 'child-a' })]);
    expect(everyPathAgrees(parent).status).toBe('verified');
  });

  it('the same child anchored twice by one parent fails at the second anchor', () => {
    const child = appendSampleRun(fx.store, SESSION_KEY, { id: 'child-a' });
    const report = everyPathAgrees(parentOf('parent', [child, child]));
    expect(report.failure).toEqual({
      seq: 2,
      code: 'duplicate_child',
      message:
        'seq 2: child session child-a is already part of this ledger (anchored before, or the session itself); a session is anchored once',
    });
  });

  it('a child of two parents in one tree (a diamond) fails, exported or carried under both', () => {
    const shared = appendSampleRun(fx.store, SESSION_KEY, { id: 'shared' });
    const top = parentOf('top', [parentOf('left', [shared]), parentOf('right', [shared])]);
    const report = everyPathAgrees(top);
    expect(report.failure?.code).toBe('child_failed');
    expect(report.failure?.seq).toBe(2);
    expect(report.children.map((c) => [c.session_id, c.status, c.failure?.code ?? null])).toEqual([
      ['left', 'verified', null],
      ['right', 'failed', 'duplicate_child'],
    ]);
    // The exporter carries `shared` once (under left); a bundle carrying it under right as well is
    // still the same tree, and gets the same answer.
    const bundle = bundleOf(top);
    const [left, right] = bundle.ledger.child_sessions as [BundleLedger, BundleLedger];
    expect(right.child_sessions).toEqual([]);
    right.child_sessions = structuredClone(left.child_sessions);
    expect(everyPathAgrees(top, bundle).failure).toEqual(report.failure);
  });

  it('a cycle (a child anchoring its parent) ends as duplicate_child, not in recursion', () => {
    fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id: 'a' });
    fx.store.append('a', 'run_started', { contract: { id: 'loop' }, code_version: 'test' }, SESSION_KEY);
    const b = parentOf('b', ['a']);
    fx.store.append(
      'a',
      'child_anchor',
      { child_session_id: b, child_head_hash: fx.store.session(b)?.head_hash },
      SESSION_KEY,
    );
    fx.store.append('a', 'verdict', { overall: 'pass', clauses: [] }, SESSION_KEY);
    fx.store.append('a', 'run_completed', { final_text: 'done' }, SESSION_KEY);
    const report = everyPathAgrees('a');
    expect(report.failure?.code).toBe('child_failed');
    expect(report.children[0]?.failure?.code).toBe('duplicate_child');
  });

  it('a child carried twice in child_sessions fails in every bundle reader, as importLedger refuses it', () => {
    const parent = parentOf('parent', [appendSampleRun(fx.store, SESSION_KEY, { id: 'child-a' })]);
    const bundle = bundleOf(parent);
    bundle.ledger.child_sessions.push(structuredClone(bundle.ledger.child_sessions[0] as BundleLedger));
    const report = verifyEveryWay(fx.dir, bundle, options);
    expect(report.failure).toEqual({
      seq: null,
      code: 'duplicate_child',
      message: 'ledger.child_sessions carries child session child-a twice; a session is carried once',
    });
    const other = openFixture('child-once-import');
    try {
      expect(() => other.store.importLedger(bundle.ledger)).toThrow(
        expect.objectContaining({ code: 'unanchored_child' }),
      );
    } finally {
      other.close();
    }
  });
});
