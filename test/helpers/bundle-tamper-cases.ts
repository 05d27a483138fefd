import { join } from 'node:path';
import { anchorInLog, nodeTreeHasher, TransparencyLog } from '../../src/core/anchor/index.js';
import {
  type Bundle,
  bytesToHex,
  canonicalJson,
  createNodeCrypto,
  type FailureCode,
  keyIdOf,
  type LedgerEntry,
  type VerifyReport,
} from '../../src/core/ledger/index.js';
import { keyFromByte } from './keys.js';
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
import { zipOf } from './zip.js';

/**
 * The bundle tamper classes of test/ledger/tamper.test.ts (docs/ledger.md "Verification results") as data: each case is a bundle
 * an attacker could hand over plus the keys a verifier pins. Used to check that every verifier
 * reaches the same result on the same input: the CLI and the in-page verifier of the HTML report on
 * the bundle (test/report/report-browser.test.ts), the MCP server's verify tool and `truss attest`
 * (test/ledger/verify-paths-agreement.test.ts), and `truss ledger verify` and `truss resume` on a
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
  /**
   * The bundle file's exact text, for a case that lives in its spelling (a BOM, trailing data, a
   * repeated key, whitespace); absent, the file is `JSON.stringify(bundle)`. `bundle` is then what
   * JSON.parse makes of it, which is what the rows written into a database hold.
   */
  text?: string;
  /**
   * Payload text stored in the database instead of the canonical form, by entry index: a row only a
   * database can hold (a bundle carries payload values, not their spelling). Such a case has no
   * bundle of its own: `truss ledger export` refuses it (docs/ledger.md "Verification results").
   */
  storedPayloads?: Record<number, string>;
  /** `truss ledger export` refuses the rows (not_exportable), though they are not a stored spelling. */
  exportRefused?: true;
  /**
   * A database-only case: the session's rows were these entries when the session key signed its
   * resume checkpoint (verified_through) over all of them, and were then cut to `bundle`'s. A bundle
   * carries no checkpoint, so `bundle` is no export of it: bundle readers do not take the case.
   */
  checkpointOver?: LedgerEntry[];
  /**
   * A database-only case: SQL run on the database once `bundle`'s rows are written (`?` is the
   * session id), for a value SQLite can hold in a column and no bundle can (a head that is not a
   * blob, a NULL key fingerprint). Bundle readers do not take the case; the export must reach the
   * database's conclusion.
   */
  storedEdit?: string;
  /**
   * What every path must conclude, stated once (docs/ledger.md "Verification results"): each path's
   * report (status, failure code, failure seq) must be this, or every bundle reader must refuse the
   * text as unreadable. Set on the cases added for the verification-path agreement vectors.
   */
  expected?: CaseOutcome;
}

/** A verifier's conclusion in the terms every path can state it. */
export type CaseOutcome =
  | 'unreadable'
  | { status: VerifyReport['status']; code: FailureCode | null; seq: number | null };

/** A report reduced to what every path must agree on. */
export function outcomeOf(report: VerifyReport): Exclude<CaseOutcome, 'unreadable'> {
  return { status: report.status, code: report.failure?.code ?? null, seq: report.failure?.seq ?? null };
}

/** The file a bundle reader is handed for `c`. */
export function caseText(c: TamperCase): string {
  return c.text ?? JSON.stringify(c.bundle);
}

const PINNED = [SESSION_KEY.publicKeyHex, REVIEWER_KEY.publicKeyHex];
/** The transparency log's key, for the anchored cases. */
const LOG_KEY = keyFromByte(0x44);

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
  cases.push(...agreementVectors(fx, text));
  return cases;
}

const failed = (code: FailureCode, seq: number | null): CaseOutcome => ({ status: 'failed', code, seq });
const VERIFIED: CaseOutcome = { status: 'verified', code: null, seq: null };

/** `text` (the exporter's layout) with entry `index`'s payload replaced by `payloadText`, verbatim. */
function withPayloadText(text: string, index: number, payloadText: string): string {
  const bundle = JSON.parse(text) as Bundle;
  const marker = `truss-payload-${index}`;
  (bundle.ledger.entries[index] as { payload: unknown }).payload = marker;
  const out = JSON.stringify(bundle).replace(JSON.stringify(marker), () => payloadText);
  if (out === JSON.stringify(bundle)) throw new Error('payload marker not found');
  return out;
}

/** A payload spelled otherwise than its canonical form: keys reversed, indented. */
function respelled(payload: Record<string, unknown>): string {
  const reversed = Object.fromEntries(Object.entries(payload).reverse());
  return JSON.stringify(reversed, null, 2);
}

/**
 * The verification-path agreement vectors (docs/ledger.md "Verification results", "One answer on
 * every path"), each with the outcome every path must reach. The sample run is that of
 * bundleTamperCases: 0 run_started · 1 check_result · 2-4 review_vote · 5 verdict · 6 run_completed.
 */
function agreementVectors(fx: LedgerFixture, text: string): TamperCase[] {
  const crypto = createNodeCrypto();
  const cases: TamperCase[] = [];
  const sample = JSON.parse(text) as Bundle;
  const at = (b: Bundle, i: number) => b.ledger.entries[i] as LedgerEntry;
  const NO_BUNDLE_TEXT = 'a database holds rows, not bundle text';
  const SPELLING_ONLY = 'its database form (the stored payload text) is its own case';

  // 1. A payload that repeats a key: JSON parsers disagree on which value wins (here the last one is
  // the signed value, a first-wins reader sees "forged").
  const checkLine = text.split('\n').find((line) => line.includes('"kind":"check_result"')) as string;
  const dupLine = checkLine.replace('"desc":', '"desc":"forged","desc":');
  cases.push({
    name: 'payload repeats a key (bundle text)',
    bundle: JSON.parse(text),
    text: text.replace(checkLine, dupLine),
    pinned: PINNED,
    notInDatabase: SPELLING_ONLY,
    expected: 'unreadable',
  });
  const payload1 = at(sample, 1).payload;
  const canonical1 = canonicalJson(payload1);
  cases.push({
    name: 'payload repeats a key (stored row)',
    bundle: JSON.parse(text),
    storedPayloads: { 1: canonical1.replace('"desc":', '"desc":"forged","desc":') },
    pinned: PINNED,
    expected: failed('payload_not_canonical', 1),
  });

  // 2. The payload spelled otherwise (keys out of order, whitespace); its hash is that of the canonical
  // form. A bundle's spelling is not signed (any valid JSON verifies); a database's stored text is.
  cases.push({
    name: 'payload spelled non-canonically (bundle text)',
    bundle: JSON.parse(text),
    text: withPayloadText(text, 1, respelled(payload1)),
    pinned: PINNED,
    notInDatabase: SPELLING_ONLY,
    expected: VERIFIED,
  });
  cases.push({
    name: 'payload spelled non-canonically (stored row)',
    bundle: JSON.parse(text),
    storedPayloads: { 1: respelled(payload1) },
    pinned: PINNED,
    expected: failed('payload_not_canonical', 1),
  });
  // The last entry feeds no view, so an export that carried the value would verify outright.
  cases.push({
    name: 'last payload spelled non-canonically (stored row)',
    bundle: JSON.parse(text),
    storedPayloads: { 6: respelled(at(sample, 6).payload) },
    pinned: PINNED,
    expected: failed('payload_not_canonical', 6),
  });

  // 3. Bytes around the document: a UTF-8 byte order mark, and data after the JSON.
  for (const [name, file] of [
    ['bundle starts with a UTF-8 BOM', `\uFEFF${text}`],
    [
      'bundle followed by a second document',
      `${text}${JSON.stringify({ schema_version: 'truss.ledger.v1' })}\n`,
    ],
    ['bundle followed by trailing bytes', `${text}garbage\n`],
  ] as const) {
    cases.push({
      name,
      bundle: JSON.parse(text),
      text: file,
      pinned: PINNED,
      notInDatabase: NO_BUNDLE_TEXT,
      expected: 'unreadable',
    });
  }

  // 4. A session entry signed by the reviewer key (a key the verifier pins) instead of the session key.
  const reviewerSigned = JSON.parse(text) as Bundle;
  at(reviewerSigned, 1).signature = bytesToHex(
    REVIEWER_KEY.sign(Buffer.from(at(reviewerSigned, 1).entry_hash, 'hex')),
  );
  cases.push({
    name: 'session entry signed by the reviewer key',
    bundle: reviewerSigned,
    pinned: PINNED,
    expected: failed('bad_signature', 1),
  });

  // 5. A fan-out parent whose child_anchor names the parent's own session.
  const self = 'self-anchoring-parent';
  fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id: self });
  fx.store.append(self, 'run_started', { session_id: self, contract: { id: 'fan-out' } }, SESSION_KEY);
  fx.store.append(
    self,
    'child_anchor',
    { child_session_id: self, child_head_hash: fx.store.session(self)?.head_hash },
    SESSION_KEY,
  );
  fx.store.append(self, 'verdict', { overall: 'pass', clauses: [] }, SESSION_KEY);
  fx.store.append(self, 'run_completed', { final_text: 'children done' }, SESSION_KEY);
  cases.push({
    name: 'child anchor naming its own session',
    bundle: JSON.parse(exportText(fx, self, crypto)),
    pinned: PINNED,
    expected: failed('duplicate_child', 1),
  });

  // 6. A unicode session id, NFC where it is signed and NFD where it is claimed (and the reverse for
  // a child): ids are compared code point for code point, never normalised.
  const nfc = 'caf\u00e9-run';
  const nfd = nfc.normalize('NFD');
  fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id: nfc });
  fx.store.append(nfc, 'run_started', { session_id: nfc, contract: { id: 'c' } }, SESSION_KEY);
  fx.store.append(nfc, 'verdict', { overall: 'pass', clauses: [] }, SESSION_KEY);
  fx.store.append(nfc, 'run_completed', { final_text: 'done' }, SESSION_KEY);
  const unicodeText = exportText(fx, nfc, crypto);
  cases.push({
    name: 'unicode session id, one spelling',
    bundle: JSON.parse(unicodeText),
    pinned: PINNED,
    expected: VERIFIED,
  });
  const renormalized = JSON.parse(unicodeText) as Bundle;
  renormalized.ledger.session_id = nfd;
  cases.push({
    name: 'unicode session id renormalized (NFD label, NFC signed)',
    bundle: renormalized,
    pinned: PINNED,
    expected: failed('session_mismatch', 0),
  });
  const uniParent = 'parent-of-caf\u00e9';
  const uniChild = 'child-caf\u00e9';
  appendSampleRun(fx.store, SESSION_KEY, { id: uniChild });
  fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id: uniParent });
  fx.store.append(uniParent, 'run_started', { contract: { id: 'fan-out' } }, SESSION_KEY);
  fx.store.append(
    uniParent,
    'child_anchor',
    { child_session_id: uniChild, child_head_hash: fx.store.session(uniChild)?.head_hash },
    SESSION_KEY,
  );
  fx.store.append(uniParent, 'verdict', { overall: 'pass', clauses: [] }, SESSION_KEY);
  fx.store.append(uniParent, 'run_completed', { final_text: 'children done' }, SESSION_KEY);
  const childRenamed = JSON.parse(exportText(fx, uniParent, crypto)) as Bundle;
  (childRenamed.ledger.child_sessions[0] as Bundle['ledger']).session_id = uniChild.normalize('NFD');
  cases.push({
    name: 'child session id renormalized (anchor NFC, child NFD)',
    bundle: childRenamed,
    pinned: PINNED,
    expected: failed('child_missing', 1),
  });

  // 8. A number literal past a double (1e400): JSON.parse reads Infinity, which has no canonical form
  // and which JSON.stringify writes back as null — so the bundle read directly (malformed) and the
  // same bundle re-serialised into a report page (entry_hash_mismatch, or an edited view) used to
  // disagree. Bundle readers refuse the literal; a stored row fails as malformed and is not exported.
  const overflowed = (line: string) =>
    text.replace(line, line.replace('"exit_code":0,', '"exit_code":1e400,'));
  cases.push({
    name: 'payload number past a double (bundle text)',
    bundle: JSON.parse(text),
    text: overflowed(checkLine),
    pinned: PINNED,
    notInDatabase: SPELLING_ONLY,
    expected: 'unreadable',
  });
  const viewLine = text.split('\n').find((line) => line.startsWith('"verdict":')) as string;
  cases.push({
    name: 'verdict view holds a number past a double',
    bundle: JSON.parse(text),
    text: text.replace(viewLine, viewLine.replace('"verdict":{', '"verdict":{"score":-1e999,')),
    pinned: PINNED,
    notInDatabase: NO_BUNDLE_TEXT,
    expected: 'unreadable',
  });
  cases.push({
    name: 'payload number past a double (stored row)',
    bundle: JSON.parse(text),
    storedPayloads: { 1: canonical1.replace('"exit_code":0,', '"exit_code":1e400,') },
    pinned: PINNED,
    expected: failed('malformed_entry', 1),
  });
  // 9. A view with no canonical form (a lone surrogate): no signed payload has one, so it is an
  // edited view on every path, not an error some paths throw.
  const surrogateView = JSON.parse(text) as Bundle;
  surrogateView.verdict = { ...(surrogateView.verdict as object), note: 'x\ud800' };
  cases.push({
    name: 'verdict view holds a lone surrogate',
    bundle: surrogateView,
    pinned: PINNED,
    notInDatabase: 'a database has no convenience views',
    expected: failed('view_mismatch', null),
  });

  // 10. Child sessions nested 29 levels below the root (the most, MAX_CHILD_DEPTH) and 30: a database
  // holds any depth, but a bundle nests at most 128 levels and a stack ends somewhere (thousands of
  // nested children once made `truss ledger verify` throw). Every path fails the anchor past the limit.
  const nest = (prefix: string, levels: number): string => {
    let child: string | null = null;
    for (let depth = levels; depth >= 0; depth--) {
      const id = `${prefix}-${depth}`;
      fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id });
      fx.store.append(id, 'run_started', { session_id: id, contract: { id: 'nested' } }, SESSION_KEY);
      if (child !== null) {
        const head = fx.store.session(child)?.head_hash;
        fx.store.append(id, 'child_anchor', { child_session_id: child, child_head_hash: head }, SESSION_KEY);
      }
      fx.store.append(id, 'run_completed', { final_text: 'done' }, SESSION_KEY);
      child = id;
    }
    return child as string;
  };
  cases.push({
    name: 'child sessions nested 29 levels deep',
    bundle: JSON.parse(exportText(fx, nest('nest29', 29), crypto)),
    pinned: PINNED,
    expected: VERIFIED,
  });
  const ledgerOf = (id: string): Bundle['ledger'] => {
    const session = fx.store.requireSession(id);
    const entries = [...fx.store.entries(id)];
    const anchored = entries.flatMap((e) =>
      e.kind === 'child_anchor' ? [String(e.payload.child_session_id)] : [],
    );
    return {
      session_id: id,
      public_key: session.public_key,
      pubkey_id: session.pubkey_id,
      head_hash: session.head_hash,
      entries,
      child_sessions: anchored.map(ledgerOf),
      anchor_refs: [],
    };
  };
  cases.push({
    name: 'child sessions nested 30 levels deep',
    bundle: { schema_version: 'truss.ledger.v1', ledger: ledgerOf(nest('nest30', 30)) },
    pinned: PINNED,
    exportRefused: true,
    expected: failed('child_failed', 1),
  });

  // 11. A run that ends suspended (an approval gate): never `verified` (exit 6 when every signer is
  // pinned); a sign-off after it by a key nobody pinned leaves it integrity_only. A resume continues it.
  const gated = 'suspended-at-gate';
  fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id: gated });
  fx.store.append(gated, 'run_started', { session_id: gated, contract: { id: 'gated' } }, SESSION_KEY);
  fx.store.append(
    gated,
    'suspended',
    { reason: 'approval', await: { approval: { gate: 'deploy', tool: 'bash' } } },
    SESSION_KEY,
  );
  const gatedText = exportText(fx, gated, crypto);
  cases.push({
    name: 'run suspended at an approval gate',
    bundle: JSON.parse(gatedText),
    pinned: PINNED,
    expected: { status: 'suspended', code: null, seq: null },
  });
  const signedOff = JSON.parse(gatedText) as Bundle;
  const gatedHead = at(signedOff, 1).entry_hash;
  const review = signEntry(gatedHead, 2, 'human_review', reviewPayload(gatedHead), REVIEWER_KEY);
  signedOff.ledger.entries.push(review);
  signedOff.ledger.head_hash = review.entry_hash;
  cases.push({
    name: 'suspended run signed off by an unpinned reviewer',
    bundle: signedOff,
    pinned: [SESSION_KEY.publicKeyHex],
    expected: { status: 'integrity_only', code: null, seq: null },
  });

  // 7. A seq that is not a non-negative integer: reported at the entry's position, on every path.
  const fractional = JSON.parse(text) as Bundle;
  at(fractional, 3).seq = 3.5;
  cases.push({ name: 'seq 3.5', bundle: fractional, pinned: PINNED, expected: failed('malformed_entry', 3) });
  const negative = JSON.parse(text) as Bundle;
  at(negative, 0).seq = -1;
  cases.push({ name: 'seq -1', bundle: negative, pinned: PINNED, expected: failed('malformed_entry', 0) });

  // 12. A journal cut below the session key's signed resume checkpoint, sessions.head_hash moved back
  // to the shorter chain's last entry: the checkpoint shows entries were removed. A bundle cannot
  // carry the checkpoint, so `truss ledger export` refuses the journal instead of writing a bundle
  // that reads as merely incomplete (or as verified, when the cut entries were annotations).
  const cut = JSON.parse(text) as Bundle;
  cut.ledger.entries.pop();
  cut.ledger.head_hash = at(cut, 5).entry_hash;
  cases.push({
    name: 'tail cut below a signed checkpoint, head moved back (database)',
    bundle: cut,
    checkpointOver: sample.ledger.entries,
    pinned: PINNED,
    exportRefused: true,
    expected: failed('head_mismatch', 6),
  });

  // 13. Columns of another type than truss writes (SQLite keeps any type a hand-edited file
  // gives a column): a head stored as a number once threw a RangeError on every database path, and a
  // NULL key fingerprint was exported as a bundle no reader could read.
  for (const [name, sql, outcome] of [
    [
      'session head stored as a number',
      'UPDATE sessions SET head_hash = 5 WHERE id = ?',
      failed('head_mismatch', 6),
    ],
    [
      'session head stored as its hex text',
      'UPDATE sessions SET head_hash = lower(hex(head_hash)) WHERE id = ?',
      failed('head_mismatch', 6),
    ],
    [
      'session key fingerprint NULL',
      'UPDATE sessions SET pubkey_id = NULL WHERE id = ?',
      failed('key_mismatch', null),
    ],
    [
      'session key fingerprint a blob',
      "UPDATE sessions SET pubkey_id = X'00' WHERE id = ?",
      failed('key_mismatch', null),
    ],
    // A payload stored as a blob: its export once carried the blob's JSON, which verified (the last
    // entry feeds no view) where the database fails the row. Text that is not JSON once failed as
    // entry_hash_mismatch in the export.
    [
      'last payload stored as a blob',
      'UPDATE journal SET payload = CAST(payload AS BLOB) WHERE session_id = ? AND seq = 6',
      failed('malformed_entry', 6),
    ],
    // A hash stored as its hex text: read as bytes, its characters made up other hex in the export.
    [
      'entry hash stored as its hex text',
      'UPDATE journal SET entry_hash = upper(hex(entry_hash)) WHERE session_id = ? AND seq = 1',
      failed('malformed_entry', 1),
    ],
    [
      'payload stored as text that is not JSON',
      'UPDATE journal SET payload = substr(payload, 1, 9) WHERE session_id = ? AND seq = 2',
      failed('malformed_entry', 2),
    ],
  ] as const) {
    cases.push({ name, bundle: JSON.parse(text), storedEdit: sql, pinned: PINNED, expected: outcome });
  }

  // 14. A run anchored in a transparency log (an anchor_receipt after run_completed), and the receipt
  // edited and re-signed with the session key: every path checks receipts with the anchor layer's
  // checker (a path that had none would fail every receipt).
  const logDir = join(fx.dir, 'anchor-log');
  const hasher = nodeTreeHasher();
  TransparencyLog.create(
    logDir,
    { origin: 'example.com/truss-log', publicKey: LOG_KEY.publicKey },
    { crypto, hasher },
  ).close();
  const anchoredId = appendSampleRun(fx.store, SESSION_KEY, { id: 'anchored-run' });
  const reviewable = fx.store.reviewableHeadEntry(anchoredId) as LedgerEntry;
  const receipt = anchorInLog(
    { dir: logDir, signer: LOG_KEY, crypto, hasher },
    { headHash: reviewable.entry_hash, seq: reviewable.seq },
  );
  fx.store.append(anchoredId, 'anchor_receipt', receipt as unknown as Record<string, unknown>, SESSION_KEY);
  const anchoredText = exportText(fx, anchoredId, crypto);
  cases.push({
    name: 'run anchored in a transparency log',
    bundle: JSON.parse(anchoredText),
    pinned: [...PINNED, LOG_KEY.publicKeyHex],
    expected: VERIFIED,
  });
  const forgedReceipt = JSON.parse(anchoredText) as Bundle;
  const receiptEntry = at(forgedReceipt, 7);
  const proof = [...(receiptEntry.payload.inclusion_proof as string[])];
  const forged = signEntry(
    receiptEntry.prev_hash,
    7,
    'anchor_receipt',
    {
      ...receiptEntry.payload,
      leaf_index: Number(receiptEntry.payload.leaf_index) + 1,
      inclusion_proof: proof,
    },
    SESSION_KEY,
  );
  forgedReceipt.ledger.entries[7] = forged;
  forgedReceipt.ledger.head_hash = forged.entry_hash;
  cases.push({
    name: 'anchor receipt edited and re-signed by the session key',
    bundle: forgedReceipt,
    pinned: [...PINNED, LOG_KEY.publicKeyHex],
    expected: failed('bad_anchor_receipt', 7),
  });

  // 8. The workflow artifact as the run page's download saves it: a zip holding the bundle, handed over
  // as the bundle. Not a bundle on any path (the CLI says it is a zip and how to get the bundle out).
  cases.push({
    name: 'a workflow artifact zip holding the bundle',
    bundle: sample,
    text: zipOf({ 'truss-ledger-sample.json': text, 'ledger.db': 'sqlite' }).toString('latin1'),
    pinned: PINNED,
    notInDatabase: NO_BUNDLE_TEXT,
    expected: 'unreadable',
  });
  return cases;
}
