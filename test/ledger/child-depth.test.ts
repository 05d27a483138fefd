/**
 * Child sessions nest at most MAX_CHILD_DEPTH levels below the root (docs/ledger.md "Bundle"). A
 * database can hold any depth: thousands of nested children made `truss ledger verify` (and a resume,
 * and the export's readers) throw "Maximum call stack size exceeded" instead of answering, and a tree
 * 70 deep verified in the database while its export was unreadable. The cross-path vectors (29 and 30
 * levels) are in test/helpers/bundle-tamper-cases.ts.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeCrypto, exportBundleToFile } from '../../src/core/ledger/index.js';
import { MAX_CHILD_DEPTH } from '../../src/core/ledger/verify-report.js';
import { type LedgerFixture, openFixture, SESSION_KEY, trustedOf } from '../helpers/ledger-kit.js';

const crypto = createNodeCrypto();

describe('child sessions nested thousands deep in a database', () => {
  let fx: LedgerFixture;
  let root: string;
  beforeAll(() => {
    fx = openFixture('child-depth');
    let child: string | null = null;
    for (let depth = 3000; depth >= 0; depth--) {
      const id = `deep-${depth}`;
      fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id });
      fx.store.append(id, 'run_started', { session_id: id, contract: { id: 'nested' } }, SESSION_KEY);
      if (child !== null) {
        const head = fx.store.session(child)?.head_hash;
        fx.store.append(id, 'child_anchor', { child_session_id: child, child_head_hash: head }, SESSION_KEY);
      }
      fx.store.append(id, 'run_completed', { final_text: 'done' }, SESSION_KEY);
      child = id;
    }
    root = child as string;
  }, 120_000);
  afterAll(() => fx.close());

  it('verifies to child_failed at the anchor past the limit, not a stack overflow', () => {
    const report = fx.store.verifySession(root, { crypto, trusted: trustedOf(SESSION_KEY) });
    expect(report.failure).toMatchObject({ code: 'child_failed', seq: 1 });
    expect(report.failure?.message).toContain(
      `child session deep-${MAX_CHILD_DEPTH + 1} would sit ${MAX_CHILD_DEPTH + 1} levels below the root`,
    );
    // A subtree within the limit still verifies.
    expect(
      fx.store.verifySession(`deep-${3000 - MAX_CHILD_DEPTH}`, { crypto, trusted: trustedOf(SESSION_KEY) })
        .status,
    ).toBe('verified');
  });

  it('truss ledger export refuses the tree instead of writing a bundle no reader verifies', () => {
    expect(() => exportBundleToFile(fx.store, root, crypto, join(fx.dir, 'deep.json'))).toThrow(
      /refusing to export: child session deep-30 sits 30 levels below the root/,
    );
  });
});
