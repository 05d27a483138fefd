import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  sign as nodeSign,
  verify as nodeVerify,
} from 'node:crypto';
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { portableCrypto } from '../../src/core/ledger/crypto-portable.js';
import {
  type Bundle,
  canonicalJson,
  createNodeCrypto,
  keyIdOf,
  type LedgerCrypto,
  parseBundle,
  SigningKey,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import {
  exportText,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  SESSION_KEY,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

ed.hashes.sha512 = sha512;

const CRYPTOS: ReadonlyArray<readonly [string, LedgerCrypto]> = [
  ['node:crypto', createNodeCrypto()],
  ['@noble portable', portableCrypto],
];

// =============================================================================================
// An independent implementation of docs/ledger.md, written from the spec text alone:
// node:crypto SHA-256 and Ed25519 (raw keys wrapped as SPKI / PKCS#8 DER), plus the project's
// canonicalJson (whose conformance canonical-json.test.ts establishes against RFC 8785 vectors).
// Nothing else from src/ is used here.
// =============================================================================================

const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const ZERO32 = Buffer.alloc(32);
const HEX32 = /^[0-9a-f]{64}$/;
const HEX64 = /^[0-9a-f]{128}$/;
const KIND = /^[a-z][a-z0-9_]{0,63}$/;
const TERMINAL = new Set(['run_completed', 'run_failed', 'suspended']);

function sha256(...parts: Uint8Array[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

function u32be(n: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
}

function u64le(n: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(BigInt(n));
  return out;
}

/** OpenSSH fingerprint: SHA256: + unpadded base64 of sha256(u32be(11) "ssh-ed25519" u32be(32) pubkey). */
function sshFingerprint(publicKey: Uint8Array): string {
  const type = Buffer.from('ssh-ed25519', 'ascii');
  const wire = Buffer.concat([u32be(type.length), type, u32be(publicKey.length), publicKey]);
  return `SHA256:${sha256(wire).toString('base64').replace(/=+$/, '')}`;
}

function spkiKey(raw: Uint8Array): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519, raw]), format: 'der', type: 'spki' });
}

/** entry_hash = SHA-256(prev_hash ‖ utf8(kind) ‖ canonical_json(payload) ‖ u64le(seq)). */
function specEntryHash(prev: Uint8Array, kind: string, payload: unknown, seq: number): Buffer {
  return sha256(prev, Buffer.from(kind, 'utf8'), Buffer.from(canonicalJson(payload), 'utf8'), u64le(seq));
}

interface IndependentResult {
  ok: boolean;
  seq: number | null;
  reason: string;
  complete: boolean;
}

interface RawEntry {
  seq: unknown;
  kind: unknown;
  payload: Record<string, unknown>;
  prev_hash: unknown;
  entry_hash: unknown;
  signature: unknown;
}

interface RawLedger {
  session_id: string;
  public_key: unknown;
  pubkey_id: unknown;
  head_hash: unknown;
  entries: RawEntry[];
  child_sessions?: RawLedger[];
}

function independentVerify(text: string, pinned: readonly string[]): IndependentResult {
  const doc = JSON.parse(text) as { schema_version: unknown; ledger: RawLedger };
  if (doc.schema_version !== 'truss.ledger.v1') return bad(null, 'schema_version');
  return verifyRawLedger(doc.ledger, pinned);
}

function bad(seq: number | null, reason: string): IndependentResult {
  return { ok: false, seq, reason, complete: false };
}

function verifyRawLedger(ledger: RawLedger, pinned: readonly string[]): IndependentResult {
  if (typeof ledger.public_key !== 'string' || !HEX32.test(ledger.public_key)) return bad(null, 'public_key');
  if (!pinned.includes(ledger.public_key)) return bad(null, 'public key not pinned');
  const publicKey = Buffer.from(ledger.public_key, 'hex');
  if (ledger.pubkey_id !== sshFingerprint(publicKey)) return bad(null, 'pubkey_id');
  const sessionKey = spkiKey(publicKey);
  let prev: Buffer = ZERO32;
  let lastNonReviewKind: string | null = null;
  for (let i = 0; i < ledger.entries.length; i++) {
    const e = ledger.entries[i] as RawEntry;
    if (e.seq !== i) return bad(i, 'seq');
    if (typeof e.kind !== 'string' || !KIND.test(e.kind)) return bad(i, 'kind');
    if (e.prev_hash !== prev.toString('hex')) return bad(i, 'prev_hash');
    const hash = specEntryHash(prev, e.kind, e.payload, i);
    if (e.entry_hash !== hash.toString('hex')) return bad(i, 'entry_hash');
    if (typeof e.signature !== 'string' || !HEX64.test(e.signature)) return bad(i, 'signature encoding');
    let signer = sessionKey;
    if (e.kind === 'human_review') {
      const reviewer = e.payload.reviewer_public_key;
      if (typeof reviewer !== 'string' || !HEX32.test(reviewer)) return bad(i, 'reviewer_public_key');
      if (e.payload.reviewer_key_id !== sshFingerprint(Buffer.from(reviewer, 'hex')))
        return bad(i, 'reviewer_key_id');
      signer = spkiKey(Buffer.from(reviewer, 'hex'));
    } else {
      lastNonReviewKind = e.kind;
    }
    if (!nodeVerify(null, hash, signer, Buffer.from(e.signature, 'hex'))) return bad(i, 'signature');
    if (e.kind === 'child_anchor') {
      const child = (ledger.child_sessions ?? []).find((c) => c.session_id === e.payload.child_session_id);
      if (!child) return bad(i, 'child missing');
      const childResult = verifyRawLedger(child, pinned);
      if (!childResult.ok) return bad(i, `child: ${childResult.reason}`);
      if (child.head_hash !== e.payload.child_head_hash) return bad(i, 'child head');
    }
    prev = hash;
  }
  if (ledger.entries.length === 0) return bad(null, 'empty');
  if (ledger.head_hash !== prev.toString('hex')) return bad(ledger.entries.length - 1, 'head_hash');
  return {
    ok: true,
    seq: null,
    reason: 'ok',
    complete: lastNonReviewKind !== null && TERMINAL.has(lastNonReviewKind),
  };
}

/** An independent signer: builds a complete truss.ledger.v1 bundle from a seed with node:crypto only. */
function independentBundle(
  seed: Uint8Array,
  sessionId: string,
  steps: ReadonlyArray<{ kind: string; payload: Record<string, unknown>; reviewerSeed?: Uint8Array }>,
): { text: string; publicKeyHex: string } {
  const keyFromSeed = (s: Uint8Array) => {
    const privateKey = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519, s]),
      format: 'der',
      type: 'pkcs8',
    });
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
    return { privateKey, publicKey: Buffer.from(jwk.x as string, 'base64url') };
  };
  const session = keyFromSeed(seed);
  let prev: Buffer = ZERO32;
  const entries = steps.map((step, seq) => {
    let payload = step.payload;
    let signer = session.privateKey;
    if (step.reviewerSeed) {
      const reviewer = keyFromSeed(step.reviewerSeed);
      payload = {
        ...payload,
        attested_head_hash: prev.toString('hex'),
        reviewer_key_id: sshFingerprint(reviewer.publicKey),
        reviewer_public_key: reviewer.publicKey.toString('hex'),
      };
      signer = reviewer.privateKey;
    }
    const hash = specEntryHash(prev, step.kind, payload, seq);
    const entry = {
      seq,
      kind: step.kind,
      payload,
      prev_hash: prev.toString('hex'),
      entry_hash: hash.toString('hex'),
      signature: nodeSign(null, hash, signer).toString('hex'),
    };
    prev = hash;
    return entry;
  });
  const payloadsOf = (kind: string) => entries.filter((e) => e.kind === kind).map((e) => e.payload);
  const bundle = {
    schema_version: 'truss.ledger.v1',
    ledger: {
      session_id: sessionId,
      public_key: session.publicKey.toString('hex'),
      pubkey_id: sshFingerprint(session.publicKey),
      head_hash: prev.toString('hex'),
      entries,
      child_sessions: [],
      anchor_refs: [],
    },
    contract: payloadsOf('run_started')[0]?.contract ?? null,
    evidence: {
      checks: payloadsOf('check_result'),
      panel: payloadsOf('review_vote'),
      self_validation: payloadsOf('self_validation'),
    },
    verdict: payloadsOf('verdict').at(-1) ?? null,
    offline_verification: {
      algorithm: 'sha256(prev_hash || kind || jcs(payload) || u64le(seq))',
      signature_algorithm: 'ed25519',
      status: 'verified',
    },
  };
  return { text: JSON.stringify(bundle, null, 2), publicKeyHex: session.publicKey.toString('hex') };
}

// =============================================================================================

describe('library bundle → independent verifier', () => {
  let fx: LedgerFixture;
  let parent: string;
  const crypto = createNodeCrypto();
  const pinned = [SESSION_KEY.publicKeyHex];

  beforeEach(() => {
    fx = openFixture('ledger-interop');
    const child = appendSampleRun(fx.store, SESSION_KEY, { id: 'child' });
    parent = appendSampleRun(fx.store, SESSION_KEY, { id: 'parent', terminal: false, extra: 2 });
    fx.store.append(
      parent,
      'child_anchor',
      { child_session_id: child, child_head_hash: fx.store.session(child)?.head_hash },
      SESSION_KEY,
    );
    fx.store.append(parent, 'run_completed', { final_text: 'done — ✓ 😀' }, SESSION_KEY);
    fx.store.appendHumanReview(parent, REVIEWER_KEY, {
      decision: 'approved',
      note: 'ship it',
      actor: { login: 'maintainer', id: 1 },
      source: { review_id: 9, commit_sha: null, url: null },
    });
  });
  afterEach(() => fx.close());

  it('a library-exported bundle (child anchor, human review) verifies with the independent verifier', () => {
    const text = exportText(fx, parent, crypto);
    const result = independentVerify(text, pinned);
    expect(result).toEqual({ ok: true, seq: null, reason: 'ok', complete: true });
    const bundle = JSON.parse(text) as Bundle;
    expect(bundle.offline_verification?.algorithm).toBe(
      'sha256(prev_hash || kind || jcs(payload) || u64le(seq))',
    );
    expect(bundle.offline_verification?.signature_algorithm).toBe('ed25519');
    expect(bundle.ledger.child_sessions).toHaveLength(1);
  });

  it('the independent verifier is not a rubber stamp: it rejects the same bundle tampered', () => {
    const bundle = JSON.parse(exportText(fx, parent, crypto)) as Bundle;
    const entry = bundle.ledger.entries[3] as { payload: Record<string, unknown> };
    entry.payload = { ...entry.payload, vote: 'not_met' };
    expect(independentVerify(JSON.stringify(bundle), pinned)).toMatchObject({
      ok: false,
      seq: 3,
      reason: 'entry_hash',
    });
    expect(independentVerify(exportText(fx, parent, crypto), [REVIEWER_KEY.publicKeyHex])).toMatchObject({
      ok: false,
      reason: 'public key not pinned',
    });
  });
});

describe.each(CRYPTOS)('independent signer → library verifyBundle on %s', (_name, crypto) => {
  const seed = new Uint8Array(32).fill(0x5a);
  const reviewerSeed = new Uint8Array(32).fill(0xa5);
  const steps = [
    {
      kind: 'run_started',
      payload: {
        contract: { id: 'x-1', title: 'Ünïcödé — 😀 \uFB33', done: [{ kind: 'check', run: 'true' }] },
        contract_hash: 'c'.repeat(64),
        code_version: 'independent',
        principal: { login: 'someone' },
        git: { repo: 'o/r', base_sha: '0'.repeat(40), head_sha: 'f'.repeat(40) },
      },
    },
    {
      kind: 'check_result',
      payload: { clause: 0, met: true, exit_code: 0, numbers: [1e30, -0, 4.5, 1e-7, 2 ** 53 - 1] },
    },
    {
      kind: 'review_vote',
      payload: { clause: 1, seat: 0, vote: 'met', reasoning: 'line1\nline2\t"quoted"' },
    },
    { kind: 'self_validation', payload: { ok: true, notes: [] } },
    { kind: 'verdict', payload: { overall: 'pass', clauses: [{ clause: 0, status: 'met' }] } },
    { kind: 'run_completed', payload: { final_text: 'done' } },
    {
      kind: 'human_review',
      payload: {
        decision: 'approved',
        note: 'independent reviewer',
        actor: { login: 'human', id: 5 },
        source: { review_id: null, commit_sha: null, url: null },
      },
      reviewerSeed,
    },
  ];

  it('a bundle signed by an independent implementation is verified by the library', () => {
    const { text, publicKeyHex } = independentBundle(seed, 'independent-1', steps);
    const reviewerHex = SigningKey.fromSeed(reviewerSeed).publicKeyHex;
    const report = verifyBundle(parseBundle(text, 'independent.json'), {
      crypto,
      trusted: new Map([
        [publicKeyHex, 'independent signer'],
        [reviewerHex, 'independent reviewer'],
      ]),
    });
    expect(report.failure).toBeNull();
    expect(report.status).toBe('verified');
    expect(report.entries).toBe(steps.length);
    expect(report.key_id).toBe(SigningKey.fromSeed(seed).keyId);
    expect(report.reviews).toHaveLength(1);
    expect(report.reviews[0]).toMatchObject({ decision: 'approved', stale: false, key_pinned: true });
    // and the independent verifier agrees with itself on its own output
    expect(independentVerify(text, [publicKeyHex])).toMatchObject({ ok: true, complete: true });
  });

  it('the library rejects an independently signed bundle whose payload was edited afterwards', () => {
    const { text, publicKeyHex } = independentBundle(seed, 'independent-2', steps);
    const bundle = JSON.parse(text) as Bundle;
    const verdict = bundle.ledger.entries[4] as { payload: Record<string, unknown> };
    verdict.payload = { ...verdict.payload, overall: 'fail' };
    const report = verifyBundle(parseBundle(JSON.stringify(bundle), 'edited.json'), {
      crypto,
      trusted: new Map([[publicKeyHex, 'independent signer']]),
    });
    expect(report.status).toBe('failed');
    expect(report.failure).toMatchObject({ code: 'entry_hash_mismatch', seq: 4 });
  });
});

// =============================================================================================

/** RFC 8032 §7.1 test vectors 1-3 (secret seed, public key, message, signature). */
const RFC8032 = [
  {
    name: 'TEST 1 (empty message)',
    seed: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    pub: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    msg: '',
    sig: 'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  {
    name: 'TEST 2 (one byte)',
    seed: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
    pub: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    msg: '72',
    sig: '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
  {
    name: 'TEST 3 (two bytes)',
    seed: 'c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7',
    pub: 'fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025',
    msg: 'af82',
    sig: '6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a',
  },
];

function nodePrivateKey(seed: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('noble and node:crypto Ed25519 are byte-identical', () => {
  it.each(RFC8032)('RFC 8032 $name: both produce the published key and signature', (v) => {
    const seed = Buffer.from(v.seed, 'hex');
    const msg = Buffer.from(v.msg, 'hex');
    expect(hex(ed.getPublicKey(seed))).toBe(v.pub);
    expect(SigningKey.fromSeed(seed).publicKeyHex).toBe(v.pub);
    expect(hex(ed.sign(msg, seed))).toBe(v.sig);
    expect(hex(nodeSign(null, msg, nodePrivateKey(seed)))).toBe(v.sig);
    expect(hex(SigningKey.fromSeed(seed).sign(msg))).toBe(v.sig);
    for (const [, crypto] of CRYPTOS) {
      expect(crypto.verify(Buffer.from(v.sig, 'hex'), msg, Buffer.from(v.pub, 'hex'))).toBe(true);
    }
  });

  it('for any seed and message, noble and node:crypto produce the same public key and signature bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ maxLength: 256 }),
        (seed, message) => {
          expect(hex(ed.getPublicKey(seed))).toBe(SigningKey.fromSeed(seed).publicKeyHex);
          expect(hex(ed.sign(message, seed))).toBe(hex(nodeSign(null, message, nodePrivateKey(seed))));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('portableCrypto and createNodeCrypto agree on verify', () => {
  const node = createNodeCrypto();

  it('agree on sha256', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1024 }), (data) => {
        expect(hex(portableCrypto.sha256(data))).toBe(hex(node.sha256(data)));
      }),
      { numRuns: 50 },
    );
  });

  it('both accept valid signatures and both reject any single bit flipped in signature, message or key', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.constantFrom('signature', 'message', 'publicKey'),
        fc.nat(),
        fc.nat({ max: 7 }),
        (seed, message, target, position, bit) => {
          const key = SigningKey.fromSeed(seed);
          const signature = key.sign(message);
          expect(node.verify(signature, message, key.publicKey)).toBe(true);
          expect(portableCrypto.verify(signature, message, key.publicKey)).toBe(true);
          const parts = {
            signature: Uint8Array.from(signature),
            message: Uint8Array.from(message),
            publicKey: Uint8Array.from(key.publicKey),
          };
          const tampered = parts[target];
          const i = position % tampered.length;
          tampered[i] = (tampered[i] as number) ^ (1 << bit);
          expect(node.verify(parts.signature, parts.message, parts.publicKey)).toBe(false);
          expect(portableCrypto.verify(parts.signature, parts.message, parts.publicKey)).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('both reject a non-canonical S (S + L, the malleated twin of a valid signature)', () => {
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    const key = SigningKey.fromSeed(new Uint8Array(32).fill(9));
    const message = new Uint8Array(32).fill(1);
    const signature = key.sign(message);
    const s = Buffer.from(signature.subarray(32)).reverse();
    const malleated = BigInt(`0x${s.toString('hex')}`) + L;
    const sBytes = Buffer.from(malleated.toString(16).padStart(64, '0'), 'hex').reverse();
    const twin = Buffer.concat([signature.subarray(0, 32), sBytes]);
    expect(node.verify(twin, message, key.publicKey)).toBe(false);
    expect(portableCrypto.verify(twin, message, key.publicKey)).toBe(false);
  });

  it('both reject wrong-length signatures and keys instead of throwing', () => {
    const key = SigningKey.fromSeed(new Uint8Array(32).fill(3));
    const message = new Uint8Array([1, 2, 3]);
    const signature = key.sign(message);
    for (const crypto of [node, portableCrypto]) {
      expect(crypto.verify(signature.subarray(0, 63), message, key.publicKey)).toBe(false);
      expect(crypto.verify(signature, message, key.publicKey.subarray(0, 31))).toBe(false);
      expect(crypto.verify(new Uint8Array(0), message, key.publicKey)).toBe(false);
    }
  });

  it('agree on small-order public keys: every (A, R) pair of the 8-torsion points with S = 0', () => {
    // Small-order A makes the cofactorless check [S]B = R + [k]A solvable without any secret:
    // A = R = identity and S = 0 "verifies" every message. noble (zip215: false) rejects these keys;
    // the two implementations must give the same answer or a bundle verifies in one place only.
    const order8 = ed.Point.fromHex('26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05');
    const torsion: Uint8Array[] = [];
    let point = ed.Point.ZERO;
    for (let i = 0; i < 8; i++) {
      torsion.push(point.toBytes());
      point = point.add(order8);
    }
    const message = createHash('sha256').update('any entry at all').digest();
    const disagreements: string[] = [];
    for (const a of torsion) {
      for (const r of torsion) {
        const signature = Buffer.concat([r, Buffer.alloc(32)]);
        const n = node.verify(signature, message, a);
        const p = portableCrypto.verify(signature, message, a);
        if (n !== p)
          disagreements.push(`A=${hex(a).slice(0, 8)}… R=${hex(r).slice(0, 8)}… node=${n} noble=${p}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('key id', () => {
  const seed = new Uint8Array(32).fill(0x07);
  // Produced by OpenSSH `ssh-keygen -lf` on the matching `ssh-ed25519` public key line.
  const OPENSSH_FINGERPRINT = 'SHA256:z/fSv0Z0RZS+Lccbc6ZoOWwt/fbj1VFJGSBKQbo4icE';

  it('the key id of seed 32×0x07 is exactly the OpenSSH fingerprint', () => {
    const key = SigningKey.fromSeed(seed);
    expect(key.keyId).toBe(OPENSSH_FINGERPRINT);
    expect(keyIdOf(key.publicKey)).toBe(OPENSSH_FINGERPRINT);
    expect(sshFingerprint(ed.getPublicKey(seed))).toBe(OPENSSH_FINGERPRINT);
  });

  it('library key ids equal the independently computed fingerprint for other keys too', () => {
    const publicKey = SigningKey.fromSeed(seed).publicKey;
    expect(keyIdOf(publicKey)).toBe(sshFingerprint(publicKey));
    const bundleKeyIds = [REVIEWER_KEY, SESSION_KEY].map((k) => [
      keyIdOf(k.publicKey),
      sshFingerprint(k.publicKey),
    ]);
    for (const [library, independent] of bundleKeyIds) expect(library).toBe(independent);
  });
});
