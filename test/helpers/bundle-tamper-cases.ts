import { type Bundle, createNodeCrypto, keyIdOf, type LedgerEntry } from '../../src/core/ledger/index.js';
import {
  exportText,
  FORGER_KEY,
  flipHexByte,
  type LedgerFixture,
  REVIEW_FIELDS,
  REVIEWER_KEY,
  relinkEntries,
  reviewPayload,
  SESSION_KEY,
  signEntry,
} from './ledger-kit.js';
import { appendSampleRun } from './sample-run.js';

/**
 * The bundle tamper classes of test/ledger/tamper.test.ts (docs/ledger.md "Verification results") as data: each case is a bundle
 * an attacker could hand over plus the keys a verifier pins. Used to check that every verifier
 * reaches the same result on the same input: the CLI and the in-page verifier of the HTML report on
 * the bundle (test/report/report-browser.test.ts), and `truss ledger verify` and `truss resume` on a
 * database holding the same rows (test/runtime/resume-agreement.test.ts).
 *
 * The sample run is: 0 run_started · 1 check_result · 2-4 review_vote · 5 verdict · 6 run_completed.
 */
export interface TamperCase {
  name: string;
  bundle: Bundle;
  /** Pinned public keys (hex). */
  pinned: string[];
  /**
   * Why the tampering cannot be written into a database (a database has no views, no hex spelling,
   * one row per seq in seq order, one row per session); absent when it can.
   */
  notInDatabase?: string;
  /** Not a bundle at all: every path refuses it as unreadable (`truss verify` exit 3, the page an error). */
  unreadable?: true;
}

const PINNED = [SESSION_KEY.publicKeyHex, REVIEWER_KEY.publicKeyHex];

export function bundleTamperCases(fx: LedgerFixture): TamperCase[] {
  const crypto = createNodeCrypto();
  const id = appendSampleRun(fx.store, SESSION_KEY);
  const text = exportText(fx, id, crypto);
  const cases: TamperCase[] = [];
  const add = (
    name: string,
    edit: (b: Bundle, e: LedgerEntry[]) => void,
    pinned = PINNED,
    notInDatabase?: string,
  ) => {
    const bundle = JSON.parse(text) as Bundle;
    edit(bundle, bundle.ledger.entries);
    cases.push({ name, bundle, pinned, ...(notInDatabase ? { notInDatabase } : {}) });
  };
  const VIEWS_ONLY = 'a database has no convenience views';
  const ONE_ROW_PER_SEQ = 'a database holds one row per seq, read in seq order';
  const at = (e: LedgerEntry[], i: number) => e[i] as LedgerEntry;

  add('untampered, pinned', () => {});
  add('untampered, no pinned key', () => {}, []);
  add('one payload byte changed', (_b, e) => {
    const p = at(e, 1).payload;
    p.desc = String(p.desc).replace('g', 'G');
  });
  add('corrupted entry hash', (_b, e) => {
    at(e, 3).entry_hash = flipHexByte(at(e, 3).entry_hash, 31);
  });
  add('flipped signature byte', (_b, e) => {
    at(e, 4).signature = flipHexByte(at(e, 4).signature, 63);
  });
  add(
    'reordered entries',
    (_b, e) => {
      [e[2], e[3]] = [at(e, 3), at(e, 2)];
    },
    PINNED,
    ONE_ROW_PER_SEQ,
  );
  add('reordered entries, seq rewritten', (_b, e) => {
    const [a, b] = [at(e, 2), at(e, 3)];
    e[2] = { ...b, seq: 2 };
    e[3] = { ...a, seq: 3 };
  });
  add(
    'duplicated entry',
    (_b, e) => {
      e.splice(4, 0, structuredClone(at(e, 3)));
    },
    PINNED,
    ONE_ROW_PER_SEQ,
  );
  add('replayed entry, head moved', (b, e) => {
    e.push({ ...structuredClone(at(e, 3)), seq: 7 });
    b.ledger.head_hash = at(e, 3).entry_hash;
  });
  add('dropped head', (_b, e) => {
    e.pop();
  });
  add('head_hash null', (b) => {
    b.ledger.head_hash = null;
  });
  add('truncated tail, head recomputed', (b, e) => {
    e.pop();
    b.ledger.head_hash = at(e, 5).entry_hash;
  });
  add('forged verdict payload', (b, e) => {
    const verdict = { overall: 'pass', clauses: [{ clause: 0, status: 'met' }] };
    at(e, 5).payload = verdict;
    b.verdict = verdict;
  });
  add('edited payload, relinked, old signatures', (b, e) => {
    at(e, 5).payload = { ...at(e, 5).payload, overall: 'fail' };
    b.verdict = at(e, 5).payload;
    b.ledger.head_hash = relinkEntries(e, 5);
  });
  const resign = (b: Bundle, e: LedgerEntry[]) => {
    b.ledger.head_hash = relinkEntries(e, 0, FORGER_KEY);
    b.ledger.public_key = FORGER_KEY.publicKeyHex;
    b.ledger.pubkey_id = FORGER_KEY.keyId;
  };
  add('re-signed with another key, original key pinned', resign, [SESSION_KEY.publicKeyHex]);
  add('re-signed with another key, no pinned key', resign, []);
  add('re-signed, public_key left', (b, e) => {
    b.ledger.head_hash = relinkEntries(e, 0, FORGER_KEY);
  });
  add(
    're-signed, pubkey_id left',
    (b, e) => {
      b.ledger.head_hash = relinkEntries(e, 0, FORGER_KEY);
      b.ledger.public_key = FORGER_KEY.publicKeyHex;
    },
    [],
  );
  add(
    'small-order public key',
    (b, e) => {
      const identity = `01${'00'.repeat(31)}`;
      b.ledger.head_hash = relinkEntries(e, 0);
      for (const entry of e) entry.signature = `${identity}${'00'.repeat(32)}`;
      b.ledger.public_key = identity;
      b.ledger.pubkey_id = keyIdOf(Buffer.from(identity, 'hex'));
    },
    [],
  );
  add(
    'verdict view edited',
    (b) => {
      b.verdict = { overall: 'pass', clauses: [], waived: true };
    },
    PINNED,
    VIEWS_ONLY,
  );
  add(
    'contract view edited',
    (b) => {
      (b.contract as { intent: string }).intent = 'anything at all';
    },
    PINNED,
    VIEWS_ONLY,
  );
  add(
    'evidence view emptied',
    (b) => {
      (b.evidence as { checks: unknown[] }).checks = [];
    },
    PINNED,
    VIEWS_ONLY,
  );
  add(
    'uppercase hex',
    (_b, e) => {
      at(e, 2).prev_hash = at(e, 2).prev_hash.toUpperCase();
    },
    PINNED,
    'a database stores hashes as bytes, not hex',
  );
  // Not the shape of a bundle: refused by every reader before anything is verified (docs/report.md).
  const addUnreadable = (
    name: string,
    edit: (b: Record<string, unknown>, l: Record<string, unknown>) => void,
  ) => {
    const bundle = JSON.parse(text);
    edit(bundle, bundle.ledger);
    cases.push({
      name,
      bundle,
      pinned: PINNED,
      unreadable: true,
      notInDatabase: 'it is not a bundle: nothing to write',
    });
  };
  addUnreadable('schema_version changed', (b) => {
    b.schema_version = 'truss.ledger.v2';
  });
  addUnreadable('schema_version missing', (b) => {
    delete b.schema_version;
  });
  addUnreadable('ledger.pubkey_id missing', (_b, l) => {
    delete l.pubkey_id;
  });
  addUnreadable('ledger.child_sessions not an array', (_b, l) => {
    l.child_sessions = {};
  });
  const pushReview =
    (fields: Record<string, unknown>, signer = REVIEWER_KEY) =>
    (b: Bundle, e: LedgerEntry[]) => {
      const head = at(e, 6).entry_hash;
      const review = signEntry(head, 7, 'human_review', reviewPayload(head, fields), signer);
      e.push(review);
      b.ledger.head_hash = review.entry_hash;
    };
  add('current human review', pushReview({}));
  add('review attesting a foreign head', (b, e) =>
    pushReview({ attested_head_hash: flipHexByte(at(e, 6).entry_hash, 0) })(b, e),
  );
  add('review signed by the session key', pushReview({}, SESSION_KEY));
  add('reviewer_key_id not its key', pushReview({ reviewer_key_id: FORGER_KEY.keyId }));

  // A stale sign-off: evidence appended after the review.
  const staleId = appendSampleRun(fx.store, SESSION_KEY, { id: 'stale-review' });
  fx.store.appendHumanReview(staleId, REVIEWER_KEY, REVIEW_FIELDS);
  fx.store.append(staleId, 'tool_result', { call_id: 'late', name: 'bash', content: 'edit' }, SESSION_KEY);
  fx.store.append(staleId, 'run_completed', { final_text: 'changed after review' }, SESSION_KEY);
  cases.push({
    name: 'stale human review',
    bundle: JSON.parse(exportText(fx, staleId, crypto)),
    pinned: PINNED,
  });

  // Child sessions: a parent that anchors child-a.
  const child = appendSampleRun(fx.store, SESSION_KEY, { id: 'child-a' });
  fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id: 'parent' });
  fx.store.append(
    'parent',
    'run_started',
    { contract: { id: 'fan-out' }, code_version: 'test' },
    SESSION_KEY,
  );
  fx.store.append(
    'parent',
    'child_anchor',
    { child_session_id: child, child_head_hash: fx.store.session(child)?.head_hash },
    SESSION_KEY,
  );
  fx.store.append('parent', 'verdict', { overall: 'pass', clauses: [] }, SESSION_KEY);
  fx.store.append('parent', 'run_completed', { final_text: 'children done' }, SESSION_KEY);
  const parentText = exportText(fx, 'parent', crypto);
  const addParent = (name: string, edit: (b: Bundle) => void) => {
    const bundle = JSON.parse(parentText) as Bundle;
    edit(bundle);
    cases.push({ name, bundle, pinned: PINNED });
  };
  addParent('parent with its anchored child', () => {});
  addParent('child removed', (b) => {
    b.ledger.child_sessions = [];
  });
  addParent('child signature flipped', (b) => {
    const entry = b.ledger.child_sessions[0]?.entries[2] as LedgerEntry;
    entry.signature = flipHexByte(entry.signature, 10);
  });
  const parentTwice = JSON.parse(parentText) as Bundle;
  parentTwice.ledger.child_sessions.push(
    structuredClone(parentTwice.ledger.child_sessions[0] as Bundle['ledger']),
  );
  cases.push({
    name: 'child carried twice',
    bundle: parentTwice,
    pinned: PINNED,
    notInDatabase: 'a database holds one row per session',
  });
  // A parent whose signed entries anchor child-a twice: a session appears once in a tree.
  fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id: 'parent-twice' });
  fx.store.append(
    'parent-twice',
    'run_started',
    { contract: { id: 'fan-out' }, code_version: 'test' },
    SESSION_KEY,
  );
  for (let i = 0; i < 2; i++) {
    const head = fx.store.session(child)?.head_hash;
    fx.store.append(
      'parent-twice',
      'child_anchor',
      { child_session_id: child, child_head_hash: head },
      SESSION_KEY,
    );
  }
  fx.store.append('parent-twice', 'verdict', { overall: 'pass', clauses: [] }, SESSION_KEY);
  fx.store.append('parent-twice', 'run_completed', { final_text: 'children done' }, SESSION_KEY);
  cases.push({
    name: 'child anchored twice',
    bundle: JSON.parse(exportText(fx, 'parent-twice', crypto)),
    pinned: PINNED,
  });

  // A run whose signed run_started names its session (every run since docs/ledger.md "Bundle" says so):
  // the id the bundle or database claims must be that one.
  const bound = 'bound-run';
  fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id: bound });
  fx.store.append(bound, 'run_started', { session_id: bound, contract: { id: 'c' } }, SESSION_KEY);
  fx.store.append(bound, 'verdict', { overall: 'pass', clauses: [] }, SESSION_KEY);
  fx.store.append(bound, 'run_completed', { final_text: 'done' }, SESSION_KEY);
  const boundText = exportText(fx, bound, crypto);
  cases.push({ name: 'session id signed in run_started', bundle: JSON.parse(boundText), pinned: PINNED });
  const renamed = JSON.parse(boundText) as Bundle;
  renamed.ledger.session_id = 'someone-elses-run';
  cases.push({ name: 'session relabelled', bundle: renamed, pinned: PINNED });
  return cases;
}
