/**
 * `constructor` matches the kind pattern (docs/ledger.md "Entries"), so a ledger from elsewhere can hold
 * an entry of that kind, signed and intact. The store's table of the status a kind leaves was an
 * object literal, which answered `constructor` with Object itself: importing such a ledger (what the
 * memory branch's provenance check does with any intact bundle) or appending such an entry threw a
 * TypeError from SQLite instead of storing it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto, verifyBundle } from '../../src/core/ledger/index.js';
import {
  exportText,
  type LedgerFixture,
  openFixture,
  relinkEntries,
  SESSION_KEY,
  trustedOf,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

const crypto = createNodeCrypto();

describe('entry kinds named like Object.prototype members', () => {
  const fixtures: LedgerFixture[] = [];
  const fixture = (name: string) => {
    const fx = openFixture(name);
    fixtures.push(fx);
    return fx;
  };
  afterEach(() => {
    for (const fx of fixtures.splice(0)) fx.close();
  });

  it('an intact ledger ending in a `constructor` entry imports, and verifies as the bundle does', () => {
    const source = fixture('kind-names-src');
    const bundle = JSON.parse(
      exportText(source, appendSampleRun(source.store, SESSION_KEY), crypto),
    ) as Bundle;
    const entries = bundle.ledger.entries;
    entries.push({
      ...structuredClone(entries[1] as Bundle['ledger']['entries'][number]),
      seq: entries.length,
    });
    (entries.at(-1) as { kind: string }).kind = 'constructor';
    bundle.ledger.head_hash = relinkEntries(entries, 0, SESSION_KEY);
    const { contract: _c, evidence: _e, verdict: _v, ...bare } = bundle;
    const trusted = trustedOf(SESSION_KEY);
    expect(verifyBundle(bare as Bundle, { crypto, trusted }).status).toBe('incomplete');

    const target = fixture('kind-names-dst');
    target.store.importLedger(bundle.ledger);
    expect(target.store.session(bundle.ledger.session_id)?.status).toBe('running');
    expect(target.store.verifySession(bundle.ledger.session_id, { crypto, trusted }).status).toBe(
      'incomplete',
    );
  });

  it('appending a `constructor` entry leaves the session running', () => {
    const fx = fixture('kind-names-append');
    const id = appendSampleRun(fx.store, SESSION_KEY, { terminal: false });
    fx.store.append(id, 'constructor', { note: 'any kind the pattern allows' }, SESSION_KEY);
    expect(fx.store.session(id)?.status).toBe('running');
  });
});
