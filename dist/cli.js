#!/usr/bin/env node

// package.json
var package_default = {
  name: "truss-for-github",
  version: "0.1.0",
  description: "Run agent and PR work as contracts, verify it independently, and sign the verdict into a hash-chained ed25519 ledger.",
  type: "module",
  license: "Apache-2.0",
  private: true,
  engines: {
    node: ">=20.19"
  },
  bin: {
    truss: "dist/cli.js"
  },
  scripts: {
    build: "node scripts/build.mjs",
    test: "vitest run",
    lint: "biome check .",
    format: "biome check --write .",
    typecheck: "tsc --noEmit",
    bench: "node --import tsx bench/index.ts",
    "bench:ledger": "node --import tsx bench/ledger.ts",
    "check-dist": "node scripts/check-dist.mjs",
    all: "npm run lint && npm run typecheck && npm test && npm run build"
  },
  dependencies: {
    "@anthropic-ai/sdk": "1.14.0",
    "@noble/ed25519": "3.2.0",
    "@noble/hashes": "2.4.0",
    "better-sqlite3": "12.6.2",
    "simple-git": "4.0.2",
    "smol-toml": "1.9.1",
    zod: "4.6.7"
  },
  devDependencies: {
    "@biomejs/biome": "2.6.8",
    "@types/better-sqlite3": "7.6.13",
    "@types/node": "20.19.25",
    esbuild: "0.28.2",
    "fast-check": "4.11.0",
    nock: "14.0.9",
    tsx: "4.23.15",
    typescript: "5.9.3",
    vite: "8.3.8",
    vitest: "4.1.12"
  },
  allowScripts: {
    "better-sqlite3": true,
    esbuild: true
  }
};

// src/core/ledger/errors.ts
var CanonicalJsonError = class extends Error {
  name = "CanonicalJsonError";
};
var KeyError = class extends Error {
  name = "KeyError";
};
var LedgerError = class extends Error {
  name = "LedgerError";
};
var BundleFormatError = class extends Error {
  name = "BundleFormatError";
};

// src/core/ledger/canonical-json.ts
function canonicalJson(value) {
  return serialize(value, "$");
}
function serialize(value, path) {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      return serializeNumber(value, path);
    case "string":
      return serializeString(value, path);
    case "object":
      if (Array.isArray(value)) return serializeArray(value, path);
      return serializeObject(value, path);
    default:
      throw new CanonicalJsonError(`${path}: ${typeof value} is not a JSON value`);
  }
}
function serializeNumber(value, path) {
  if (!Number.isFinite(value)) {
    throw new CanonicalJsonError(`${path}: ${value} is not representable in JSON`);
  }
  if (Number.isInteger(value) && !Number.isSafeInteger(value) && Math.abs(value) < 1e21) {
    throw new CanonicalJsonError(
      `${path}: integer ${value} is outside the safe range (\xB12^53-1); encode it as a string`
    );
  }
  return JSON.stringify(value);
}
function serializeString(value, path) {
  if (!value.isWellFormed()) {
    throw new CanonicalJsonError(`${path}: string contains a lone UTF-16 surrogate`);
  }
  return JSON.stringify(value);
}
function serializeArray(value, path) {
  let out = "[";
  for (let i = 0; i < value.length; i++) {
    if (i > 0) out += ",";
    if (!(i in value)) throw new CanonicalJsonError(`${path}[${i}]: sparse array hole`);
    out += serialize(value[i], `${path}[${i}]`);
  }
  return `${out}]`;
}
function serializeObject(value, path) {
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const name = proto?.constructor?.name ?? "unknown";
    throw new CanonicalJsonError(`${path}: ${name} is not a plain object`);
  }
  if (Object.getOwnPropertySymbols(value).length > 0) {
    throw new CanonicalJsonError(`${path}: symbol keys are not JSON`);
  }
  const keys = Object.keys(value).sort();
  const record = value;
  let out = "{";
  let first = true;
  for (const key of keys) {
    const child = `${path}.${key}`;
    if (!key.isWellFormed()) throw new CanonicalJsonError(`${child}: key contains a lone UTF-16 surrogate`);
    if (!first) out += ",";
    first = false;
    out += `${JSON.stringify(key)}:${serialize(record[key], child)}`;
  }
  return `${out}}`;
}

// src/core/ledger/encoding.ts
var HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
function bytesToHex(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i]];
  return out;
}
function hexToBytes(hex, byteLength) {
  if (typeof hex !== "string" || hex.length !== byteLength * 2 || !/^[0-9a-f]*$/.test(hex)) return void 0;
  const out = new Uint8Array(byteLength);
  for (let i = 0; i < byteLength; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
function bytesEqual(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
var utf8 = new TextEncoder();
function utf8Bytes(text) {
  return utf8.encode(text);
}
function concatBytes(...parts) {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
function base64Encode(bytes, padded = true) {
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  const b64 = btoa(binary);
  return padded ? b64 : b64.replace(/=+$/, "");
}

// src/core/ledger/entry.ts
var HUMAN_REVIEW_DECISIONS = ["approved", "rejected", "needs_changes"];

// src/core/ledger/entry-hash.ts
var ZERO_HASH = new Uint8Array(32);
var KIND_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
var TERMINAL_KINDS = /* @__PURE__ */ new Set(["run_completed", "run_failed", "suspended"]);
var HUMAN_REVIEW_KIND = "human_review";
function entryPreimage(prevHash, kind, canonicalPayload, seq) {
  const seqBytes = new Uint8Array(8);
  new DataView(seqBytes.buffer).setBigUint64(0, BigInt(seq), true);
  return concatBytes(prevHash, utf8Bytes(kind), utf8Bytes(canonicalPayload), seqBytes);
}

// src/core/ledger/key-id.ts
function u32be(n) {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, false);
  return out;
}
function sshWirePublicKey(publicKey) {
  const type = utf8Bytes("ssh-ed25519");
  return concatBytes(u32be(type.length), type, u32be(publicKey.length), publicKey);
}
function keyIdFromPublicKey(publicKey, sha2562) {
  return `SHA256:${base64Encode(sha2562(sshWirePublicKey(publicKey)), false)}`;
}

// src/core/ledger/chain-verifier.ts
var ChainVerifier = class {
  constructor(crypto, sessionPublicKey) {
    this.crypto = crypto;
    this.sessionPublicKey = sessionPublicKey;
  }
  crypto;
  sessionPublicKey;
  #failure = null;
  #count = 0;
  #prev = ZERO_HASH;
  #reviewableHead = null;
  #lastKind = null;
  #attestable = /* @__PURE__ */ new Set();
  #reviews = [];
  #anchors = [];
  #reviewerKeys = /* @__PURE__ */ new Set();
  #views = {
    contract: null,
    evidence: { checks: [], panel: [], self_validation: [] },
    verdict: null
  };
  get failed() {
    return this.#failure !== null;
  }
  fail(seq, code, message) {
    this.#failure ??= { seq, code, message };
  }
  push(entry) {
    if (this.#failure) return;
    const expected = this.#count;
    if (entry.seq !== expected) {
      const message = entry.seq < expected ? `seq ${entry.seq} appears again at position ${expected} (duplicated or replayed entry)` : `position ${expected} holds seq ${entry.seq} (entries are missing or out of order)`;
      this.fail(expected, "seq_gap", message);
      return;
    }
    if (!KIND_PATTERN.test(entry.kind)) {
      this.fail(
        expected,
        "bad_kind",
        `seq ${expected}: kind ${JSON.stringify(entry.kind)} is not a valid entry kind`
      );
      return;
    }
    if (!bytesEqual(entry.prevHash, this.#prev)) {
      this.fail(
        expected,
        "prev_hash_mismatch",
        `seq ${expected}: prev_hash does not link to the entry before it`
      );
      return;
    }
    const computed = this.crypto.sha256(
      entryPreimage(entry.prevHash, entry.kind, entry.canonicalPayload, entry.seq)
    );
    if (!bytesEqual(computed, entry.entryHash)) {
      this.fail(
        expected,
        "entry_hash_mismatch",
        `seq ${expected}: entry_hash does not match the recomputed hash of its contents`
      );
      return;
    }
    const signer = entry.kind === HUMAN_REVIEW_KIND ? this.#reviewerKey(entry) : this.sessionPublicKey;
    if (!signer) return;
    if (!this.crypto.verify(entry.signature, entry.entryHash, signer)) {
      const whose = entry.kind === HUMAN_REVIEW_KIND ? "the reviewer key it names" : "the session key";
      this.fail(expected, "bad_signature", `seq ${expected}: signature is not valid for ${whose}`);
      return;
    }
    const hashHex = bytesToHex(entry.entryHash);
    if (entry.kind === HUMAN_REVIEW_KIND) {
      if (!this.#recordReview(entry)) return;
    } else {
      this.#reviewableHead = hashHex;
      this.#lastKind = entry.kind;
      this.#attestable.add(hashHex);
      this.#collect(entry);
    }
    this.#prev = entry.entryHash;
    this.#count++;
  }
  finish() {
    if (!this.#failure && this.#count === 0) this.fail(null, "empty_ledger", "the ledger has no entries");
    for (const review2 of this.#reviews) review2.stale = review2.attested_head_hash !== this.#reviewableHead;
    return {
      failure: this.#failure,
      entryCount: this.#count,
      headHash: this.#count > 0 ? bytesToHex(this.#prev) : null,
      reviewableHead: this.#reviewableHead,
      lastKind: this.#lastKind,
      terminal: this.#lastKind !== null && TERMINAL_KINDS.has(this.#lastKind),
      reviews: this.#reviews,
      childAnchors: this.#anchors,
      reviewerKeys: [...this.#reviewerKeys],
      views: this.#views
    };
  }
  #reviewKeyFailure(seq, message) {
    this.fail(seq, "bad_reviewer_key", `seq ${seq}: ${message}`);
    return void 0;
  }
  #reviewerKey(entry) {
    const key = hexToBytes(entry.payload.reviewer_public_key, 32);
    if (!key) return this.#reviewKeyFailure(entry.seq, "human_review has no valid reviewer_public_key");
    if (entry.payload.reviewer_key_id !== keyIdFromPublicKey(key, this.crypto.sha256)) {
      return this.#reviewKeyFailure(entry.seq, "reviewer_key_id does not match reviewer_public_key");
    }
    return key;
  }
  #recordReview(entry) {
    const p = entry.payload;
    const attested = typeof p.attested_head_hash === "string" ? p.attested_head_hash : "";
    if (!this.#attestable.has(attested)) {
      this.fail(
        entry.seq,
        "unknown_attestation",
        `seq ${entry.seq}: human_review attests a head that is not an earlier entry of this ledger`
      );
      return false;
    }
    const decision = String(p.decision);
    if (!HUMAN_REVIEW_DECISIONS.includes(decision)) {
      this.fail(
        entry.seq,
        "malformed_entry",
        `seq ${entry.seq}: human_review decision ${JSON.stringify(p.decision)} is not approved, rejected or needs_changes`
      );
      return false;
    }
    this.#reviewerKeys.add(String(p.reviewer_public_key));
    this.#reviews.push({
      seq: entry.seq,
      decision,
      actor: p.actor ?? null,
      note: p.note ?? null,
      source: p.source ?? null,
      reviewer_key_id: String(p.reviewer_key_id),
      reviewer_public_key: String(p.reviewer_public_key),
      attested_head_hash: attested,
      stale: false
    });
    return true;
  }
  #collect(entry) {
    const p = entry.payload;
    switch (entry.kind) {
      case "run_started":
        this.#views.contract = p.contract ?? null;
        break;
      case "check_result":
        this.#views.evidence.checks.push(p);
        break;
      case "review_vote":
        this.#views.evidence.panel.push(p);
        break;
      case "self_validation":
        this.#views.evidence.self_validation.push(p);
        break;
      case "verdict":
        this.#views.verdict = p;
        break;
      case "child_anchor":
        if (typeof p.child_session_id === "string" && typeof p.child_head_hash === "string") {
          this.#anchors.push({
            seq: entry.seq,
            child_session_id: p.child_session_id,
            child_head_hash: p.child_head_hash
          });
        } else {
          this.fail(
            entry.seq,
            "malformed_entry",
            `seq ${entry.seq}: child_anchor needs child_session_id and child_head_hash`
          );
        }
        break;
    }
  }
};
function decodeBundleEntry(raw, position) {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { error: `entry ${position} is not an object` };
  const e = raw;
  if (typeof e.seq !== "number" || !Number.isSafeInteger(e.seq) || e.seq < 0)
    return { error: `entry ${position}: seq is not a non-negative integer` };
  if (typeof e.kind !== "string") return { error: `entry ${position}: kind is not a string` };
  if (typeof e.payload !== "object" || e.payload === null || Array.isArray(e.payload)) {
    return { error: `entry ${position}: payload is not a JSON object` };
  }
  const prevHash = hexToBytes(e.prev_hash, 32);
  const entryHash = hexToBytes(e.entry_hash, 32);
  const signature = hexToBytes(e.signature, 64);
  if (!prevHash) return { error: `entry ${position}: prev_hash is not 64 lowercase hex characters` };
  if (!entryHash) return { error: `entry ${position}: entry_hash is not 64 lowercase hex characters` };
  if (!signature) return { error: `entry ${position}: signature is not 128 lowercase hex characters` };
  let canonicalPayload;
  try {
    canonicalPayload = canonicalJson(e.payload);
  } catch (error) {
    return { error: `entry ${position}: payload cannot be canonicalised (${error.message})` };
  }
  return {
    seq: e.seq,
    kind: e.kind,
    payload: e.payload,
    canonicalPayload,
    prevHash,
    entryHash,
    signature
  };
}

// src/core/ledger/verify-report.ts
var VERIFY_EXIT_CODES = {
  verified: 0,
  failed: 1,
  integrity_only: 4,
  incomplete: 5
};
function buildReport(input) {
  const { chain, trusted } = input;
  const report2 = {
    status: "verified",
    session_id: input.sessionId,
    entries: chain.entryCount,
    head_hash: chain.headHash,
    public_key: input.publicKeyHex,
    key_id: input.keyId,
    key_pinned: trusted.has(input.publicKeyHex),
    terminal_kind: chain.lastKind,
    failure: chain.failure,
    notes: [],
    reviews: chain.reviews.map((review2) => ({
      ...review2,
      key_pinned: trusted.has(review2.reviewer_public_key)
    })),
    children: []
  };
  const fail = (failure) => {
    report2.failure ??= failure;
    report2.status = "failed";
    return report2;
  };
  if (report2.failure) return fail(report2.failure);
  if (input.declaredHead !== chain.headHash) {
    const seq = chain.entryCount - 1;
    return fail({
      seq,
      code: "head_mismatch",
      message: `head_hash ${short(input.declaredHead)} is not the hash of the last entry (seq ${seq}, ${short(chain.headHash)}): the head was dropped or replaced`
    });
  }
  if (trusted.size > 0 && !report2.key_pinned) {
    return fail({
      seq: null,
      code: "untrusted_key",
      message: `the ledger is signed by ${input.keyId}, which is not a trusted key (re-signed or forged ledger)`
    });
  }
  for (const anchor of chain.childAnchors) {
    const child = input.resolveChild(anchor);
    if (!child) {
      return fail({
        seq: anchor.seq,
        code: "child_missing",
        message: `seq ${anchor.seq}: child session ${anchor.child_session_id} is not included`
      });
    }
    report2.children.push(child);
    if (child.status === "failed") {
      return fail({
        seq: anchor.seq,
        code: "child_failed",
        message: `seq ${anchor.seq}: child session ${anchor.child_session_id} failed verification: ${child.failure?.message ?? "unknown reason"}`
      });
    }
    if (child.head_hash !== anchor.child_head_hash) {
      return fail({
        seq: anchor.seq,
        code: "child_anchor_mismatch",
        message: `seq ${anchor.seq}: child anchor commits to head ${short(anchor.child_head_hash)} but child session ${anchor.child_session_id} ends at ${short(child.head_hash)}`
      });
    }
  }
  if (!chain.terminal) {
    report2.status = "incomplete";
    report2.notes.push(
      `the last entry is ${chain.lastKind ?? "missing"}, not run_completed, run_failed or suspended: the run is unfinished or its tail was cut off`
    );
    return report2;
  }
  if (trusted.size === 0)
    report2.notes.push(
      `no trusted keys given: the chain is intact, but anyone could have signed it with ${input.keyId}`
    );
  for (const review2 of report2.reviews) {
    if (!review2.key_pinned)
      report2.notes.push(
        `human review at seq ${review2.seq} is signed by ${review2.reviewer_key_id}, which is not a trusted key`
      );
  }
  for (const child of report2.children) {
    if (child.status !== "verified")
      report2.notes.push(`child session ${child.session_id} is ${child.status}`);
  }
  report2.status = report2.notes.length > 0 ? "integrity_only" : "verified";
  return report2;
}
function short(hash) {
  return typeof hash === "string" ? `${hash.slice(0, 12)}\u2026` : String(hash);
}

// src/core/ledger/bundle.ts
var BUNDLE_SCHEMA_VERSION = "truss.ledger.v1";
var OFFLINE_VERIFICATION_ALGORITHM = "sha256(prev_hash || kind || jcs(payload) || u64le(seq))";
function parseBundle(text, source) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BundleFormatError(
      `${source}: not valid JSON${jsonErrorLocation(text, error)}; is this a truss ledger bundle (truss ledger export)?`
    );
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new BundleFormatError(
      `${source}: expected a JSON object with schema_version "${BUNDLE_SCHEMA_VERSION}"`
    );
  }
  const bundle = data;
  if (bundle.schema_version !== BUNDLE_SCHEMA_VERSION) {
    throw new BundleFormatError(
      `${source}: schema_version is ${JSON.stringify(bundle.schema_version) ?? "missing"}, expected "${BUNDLE_SCHEMA_VERSION}" (a newer truss may read it)`
    );
  }
  checkLedgerShape(bundle.ledger, `${source}: ledger`);
  return data;
}
function checkLedgerShape(value, where) {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new BundleFormatError(`${where} is missing or not an object`);
  const ledger2 = value;
  for (const field of ["session_id", "public_key", "pubkey_id"]) {
    if (typeof ledger2[field] !== "string")
      throw new BundleFormatError(`${where}.${field} is missing or not a string`);
  }
  if (ledger2.head_hash !== null && typeof ledger2.head_hash !== "string")
    throw new BundleFormatError(`${where}.head_hash is not a string`);
  if (!Array.isArray(ledger2.entries))
    throw new BundleFormatError(`${where}.entries is missing or not an array`);
  if (ledger2.child_sessions !== void 0 && !Array.isArray(ledger2.child_sessions)) {
    throw new BundleFormatError(`${where}.child_sessions is not an array`);
  }
  ledger2.child_sessions?.forEach((child, i) => {
    checkLedgerShape(child, `${where}.child_sessions[${i}]`);
  });
}
function jsonErrorLocation(text, error) {
  if (text.trim() === "") return " (the file is empty)";
  const match = /position (\d+)/.exec(error.message);
  const position = match ? Number(match[1]) : text.length;
  const before = text.slice(0, position);
  const line = before.split("\n").length;
  const col = position - before.lastIndexOf("\n");
  return match ? ` at ${line}:${col}` : ` (the file ends early, at ${line}:${col})`;
}
function verifyBundle(bundle, options) {
  const { report: report2, views } = verifyLedger(bundle.ledger, options);
  if (report2.status === "failed") return report2;
  for (const view of ["contract", "evidence", "verdict"]) {
    if (bundle[view] === void 0) continue;
    if (canonicalJson(bundle[view]) !== canonicalJson(views[view])) {
      report2.status = "failed";
      report2.failure = {
        seq: null,
        code: "view_mismatch",
        message: `the bundle's "${view}" view does not match what the signed entries say (edited convenience view)`
      };
      return report2;
    }
  }
  return report2;
}
function verifyLedger(ledger2, options) {
  const publicKey = hexToBytes(ledger2.public_key, 32);
  const keyId = publicKey ? keyIdFromPublicKey(publicKey, options.crypto.sha256) : ledger2.pubkey_id;
  const verifier = new ChainVerifier(options.crypto, publicKey ?? new Uint8Array(32));
  if (!publicKey) {
    verifier.fail(null, "key_mismatch", "ledger.public_key is not a 64-character hex Ed25519 public key");
  } else if (keyId !== ledger2.pubkey_id) {
    verifier.fail(
      null,
      "key_mismatch",
      `ledger.pubkey_id ${ledger2.pubkey_id} is not the fingerprint of ledger.public_key (${keyId})`
    );
  }
  for (let i = 0; i < ledger2.entries.length && !verifier.failed; i++) {
    const decoded = decodeBundleEntry(ledger2.entries[i], i);
    if ("error" in decoded) verifier.fail(i, "malformed_entry", decoded.error);
    else verifier.push(decoded);
  }
  const chain = verifier.finish();
  const children = new Map((ledger2.child_sessions ?? []).map((child) => [child.session_id, child]));
  const report2 = buildReport({
    sessionId: ledger2.session_id,
    publicKeyHex: ledger2.public_key,
    keyId,
    chain,
    declaredHead: ledger2.head_hash,
    trusted: options.trusted,
    resolveChild: (anchor) => {
      const child = children.get(anchor.child_session_id);
      return child ? verifyLedger(child, options).report : null;
    }
  });
  return { report: report2, views: chain.views };
}

// src/core/ledger/crypto-node.ts
import { createHash, createPublicKey, verify } from "node:crypto";
var SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
function publicKeyObject(publicKey) {
  return createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, publicKey]),
    format: "der",
    type: "spki"
  });
}
function createNodeCrypto() {
  const keys = /* @__PURE__ */ new Map();
  const keyFor = (publicKey) => {
    const hex = bytesToHex(publicKey);
    let key = keys.get(hex);
    if (key === void 0) {
      try {
        key = publicKey.length === 32 ? publicKeyObject(publicKey) : null;
      } catch {
        key = null;
      }
      keys.set(hex, key);
    }
    return key;
  };
  return {
    sha256: (data) => createHash("sha256").update(data).digest(),
    verify: (signature, message, publicKey) => {
      const key = keyFor(publicKey);
      if (key === null || signature.length !== 64) return false;
      try {
        return verify(null, message, key, signature);
      } catch {
        return false;
      }
    }
  };
}

// src/core/ledger/export.ts
import { closeSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
function writeBundle(store, sessionId, crypto, write) {
  store.snapshot(() => {
    write(`{"schema_version":${JSON.stringify(BUNDLE_SCHEMA_VERSION)},
"ledger":`);
    const chain = writeLedger(store, sessionId, crypto, write, /* @__PURE__ */ new Set());
    const { contract, evidence, verdict: verdict2 } = chain.views;
    write(
      `,
"contract":${JSON.stringify(contract)},
"evidence":${JSON.stringify(evidence)},
"verdict":${JSON.stringify(verdict2)},
`
    );
    const status = chain.failure ? "failed" : "verified";
    write(
      `"offline_verification":${JSON.stringify({ algorithm: OFFLINE_VERIFICATION_ALGORITHM, signature_algorithm: "ed25519", status })}}
`
    );
  });
}
function writeLedger(store, sessionId, crypto, write, seen) {
  seen.add(sessionId);
  const session = store.requireSession(sessionId);
  const header = {
    session_id: session.id,
    public_key: session.public_key,
    pubkey_id: session.pubkey_id,
    head_hash: session.head_hash
  };
  write(`${JSON.stringify(header).slice(0, -1)},"entries":[`);
  let first = true;
  const chain = store.verifyChain(sessionId, crypto, (entry) => {
    write(`${first ? "\n" : ",\n"}${JSON.stringify(entry)}`);
    first = false;
  });
  write('\n],"child_sessions":[');
  let firstChild = true;
  for (const anchor of chain.childAnchors) {
    if (seen.has(anchor.child_session_id) || !store.session(anchor.child_session_id)) continue;
    write(firstChild ? "\n" : ",\n");
    firstChild = false;
    writeLedger(store, anchor.child_session_id, crypto, write, seen);
  }
  write('],"anchor_refs":[]}');
  return chain;
}
function exportBundleToFile(store, sessionId, crypto, path) {
  const temp = `${path}.tmp-${process.pid}`;
  const fd = openSync(temp, "w", 420);
  let buffer = "";
  try {
    writeBundle(store, sessionId, crypto, (chunk) => {
      buffer += chunk;
      if (buffer.length >= 1 << 20) {
        writeSync(fd, buffer);
        buffer = "";
      }
    });
    writeSync(fd, buffer);
    closeSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  renameSync(temp, path);
}

// src/core/ledger/keys.ts
import {
  createHash as createHash2,
  createPrivateKey,
  createPublicKey as createPublicKey2,
  randomBytes,
  sign
} from "node:crypto";
import { readFileSync, statSync } from "node:fs";
var PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
var SigningKey = class _SigningKey {
  publicKey;
  publicKeyHex;
  keyId;
  #privateKey;
  constructor(privateKey) {
    this.#privateKey = privateKey;
    const spki = createPublicKey2(privateKey).export({ format: "der", type: "spki" });
    this.publicKey = new Uint8Array(spki.subarray(spki.length - 32));
    this.publicKeyHex = bytesToHex(this.publicKey);
    this.keyId = keyIdFromPublicKey(this.publicKey, sha256);
  }
  static fromSeed(seed) {
    if (seed.length !== 32) throw new KeyError(`an Ed25519 seed is 32 bytes, got ${seed.length}`);
    const der = Buffer.concat([PKCS8_ED25519_PREFIX, seed]);
    return new _SigningKey(createPrivateKey({ key: der, format: "der", type: "pkcs8" }));
  }
  static generate() {
    const seed = randomBytes(32);
    return { key: _SigningKey.fromSeed(seed), seedBase64: seed.toString("base64") };
  }
  sign(message) {
    return sign(null, message, this.#privateKey);
  }
  /** Keeps the seed out of accidental `console.log` / JSON output. */
  toJSON() {
    return { publicKey: this.publicKeyHex, keyId: this.keyId };
  }
};
function sha256(data) {
  return createHash2("sha256").update(data).digest();
}
function parseSeedBase64(text, source) {
  const trimmed = text.trim();
  if (trimmed === "")
    throw new KeyError(`${source} is empty; expected one line of base64 (a 32-byte Ed25519 seed)`);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || trimmed.length % 4 !== 0) {
    throw new KeyError(
      `${source} is not base64; expected one line of base64 (a 32-byte Ed25519 seed, from \`truss keygen\`)`
    );
  }
  const seed = Buffer.from(trimmed, "base64");
  if (seed.length !== 32) {
    throw new KeyError(
      `${source} decodes to ${seed.length} bytes; an Ed25519 seed is 32 bytes (generate one with \`truss keygen\`)`
    );
  }
  return SigningKey.fromSeed(seed);
}
function loadKeyFile(path, onWarning) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = error.code;
    throw new KeyError(
      `cannot read key file ${path} (${code ?? "error"}); create one with \`truss keygen --out ${path}\``
    );
  }
  if (onWarning && process.platform !== "win32" && (statSync(path).mode & 63) !== 0) {
    onWarning(`key file ${path} is readable by other users; run \`chmod 600 ${path}\``);
  }
  return parseSeedBase64(text, `key file ${path}`);
}
function resolveSigningKey(options) {
  if (options.keyFile) return loadKeyFile(options.keyFile, options.onWarning);
  const fromEnv = options.env.TRUSS_SIGNING_KEY;
  if (fromEnv !== void 0 && fromEnv !== "") return parseSeedBase64(fromEnv, "TRUSS_SIGNING_KEY");
  throw new KeyError(
    "no signing key: pass --key FILE or set TRUSS_SIGNING_KEY (create one with `truss keygen`)"
  );
}
function parsePublicKeyHex(text, source) {
  const key = hexToBytes(text.trim().toLowerCase(), 32);
  if (!key) throw new KeyError(`${source}: expected a 64-character hex Ed25519 public key`);
  return key;
}

// src/core/ledger/schema.ts
var MIGRATIONS = [
  `
  CREATE TABLE sessions (
    id            TEXT PRIMARY KEY,
    status        TEXT NOT NULL,
    code_version  TEXT NOT NULL,
    model         TEXT,
    tenant        TEXT NOT NULL DEFAULT 'local',
    user          TEXT NOT NULL DEFAULT 'local',
    head_hash     BLOB,
    pubkey_id     TEXT,
    public_key    BLOB,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
  );
  CREATE TABLE journal (
    session_id    TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    kind          TEXT NOT NULL,
    payload       TEXT NOT NULL,
    prev_hash     BLOB NOT NULL,
    entry_hash    BLOB NOT NULL,
    signature     BLOB NOT NULL,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (session_id, seq)
  );
  CREATE TABLE snapshots (
    session_id    TEXT NOT NULL,
    at_seq        INTEGER NOT NULL,
    messages      TEXT NOT NULL,
    state         TEXT NOT NULL,
    PRIMARY KEY (session_id, at_seq)
  );
  CREATE TABLE blobs (
    hash          BLOB PRIMARY KEY,
    bytes         BLOB,
    size          INTEGER NOT NULL,
    created_at    INTEGER NOT NULL
  );
  CREATE TABLE signals (
    session_id    TEXT NOT NULL,
    name          TEXT NOT NULL,
    payload       TEXT,
    status        TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (session_id, name, created_at)
  );
  CREATE TABLE timers (
    session_id    TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    fire_at       INTEGER NOT NULL,
    status        TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
  );
  CREATE TABLE tool_memo (
    session_id    TEXT NOT NULL,
    memo_key      TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    result        TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (session_id, memo_key)
  );
  `
];
var SCHEMA_VERSION = MIGRATIONS.length;
function migrate(db, path) {
  const current = db.pragma("user_version", { simple: true });
  if (current > SCHEMA_VERSION) {
    throw new LedgerError(
      `${path} uses ledger schema ${current}, newer than this truss understands (${SCHEMA_VERSION}); upgrade truss`
    );
  }
  if (current === SCHEMA_VERSION) return;
  db.transaction(() => {
    for (let version = current; version < SCHEMA_VERSION; version++) db.exec(MIGRATIONS[version]);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

// src/core/ledger/store.ts
import { createHash as createHash3, randomUUID } from "node:crypto";
import Database from "better-sqlite3";
var MAX_PAYLOAD_BYTES = 4 * 1024 * 1024;
var STATUS_AFTER = {
  run_completed: "completed",
  run_failed: "failed",
  suspended: "suspended"
};
var LedgerStore = class _LedgerStore {
  path;
  #db;
  #clock;
  #stmts;
  constructor(path, options) {
    this.path = path;
    this.#clock = options.clock ?? Date.now;
    try {
      this.#db = new Database(path, {
        readonly: options.readonly ?? false,
        fileMustExist: Boolean(options.readonly || options.mustExist)
      });
    } catch (error) {
      throw new LedgerError(`cannot open ledger database ${path}: ${error.message}`);
    }
    try {
      if (!options.readonly) {
        this.#db.pragma("journal_mode = WAL");
        this.#db.pragma("synchronous = FULL");
        this.#db.pragma("busy_timeout = 5000");
        migrate(this.#db, path);
      } else if (this.#db.pragma("user_version", { simple: true }) === 0) {
        throw new LedgerError(`${path} is not a truss ledger database (no schema)`);
      }
    } catch (error) {
      this.#db.close();
      if (error instanceof LedgerError) throw error;
      throw new LedgerError(`${path} is not a usable truss ledger database: ${error.message}`);
    }
    const db = this.#db;
    const sessionColumns = `s.id, s.status, s.code_version, s.model, s.tenant, s.user, s.head_hash, s.pubkey_id, s.public_key,
      s.created_at, s.updated_at, (SELECT count(*) FROM journal j WHERE j.session_id = s.id) AS entries`;
    this.#stmts = {
      session: db.prepare(`SELECT ${sessionColumns} FROM sessions s WHERE s.id = ?`),
      sessions: db.prepare(
        `SELECT ${sessionColumns} FROM sessions s ORDER BY s.created_at, s.id`
      ),
      insertSession: options.readonly ? void 0 : db.prepare(
        `INSERT INTO sessions (id, status, code_version, model, tenant, user, head_hash, pubkey_id, public_key, created_at, updated_at)
             VALUES (@id, 'running', @code_version, @model, @tenant, @user, NULL, @pubkey_id, @public_key, @now, @now)`
      ),
      head: db.prepare(
        "SELECT status, head_hash, public_key, pubkey_id FROM sessions WHERE id = ?"
      ),
      tip: db.prepare(
        "SELECT max(seq) AS seq FROM journal WHERE session_id = ?"
      ),
      insertEntry: options.readonly ? void 0 : db.prepare(
        `INSERT INTO journal (session_id, seq, kind, payload, prev_hash, entry_hash, signature, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
      ),
      moveHead: options.readonly ? void 0 : db.prepare("UPDATE sessions SET head_hash = ?, status = ?, updated_at = ? WHERE id = ?"),
      insertMemo: options.readonly ? void 0 : db.prepare(
        "INSERT INTO tool_memo (session_id, memo_key, seq, result, created_at) VALUES (?, ?, ?, ?, ?)"
      ),
      insertBlob: options.readonly ? void 0 : db.prepare("INSERT OR IGNORE INTO blobs (hash, bytes, size, created_at) VALUES (?, ?, ?, ?)"),
      entries: db.prepare(
        "SELECT seq, kind, payload, prev_hash, entry_hash, signature FROM journal WHERE session_id = ? ORDER BY seq"
      ),
      entry: db.prepare(
        "SELECT seq, kind, payload, prev_hash, entry_hash, signature FROM journal WHERE session_id = ? AND seq = ?"
      ),
      reviewableHead: db.prepare(
        "SELECT entry_hash FROM journal WHERE session_id = ? AND kind != ? ORDER BY seq DESC LIMIT 1"
      ),
      memo: db.prepare(
        "SELECT seq, result FROM tool_memo WHERE session_id = ? AND memo_key = ?"
      ),
      blob: db.prepare(
        "SELECT bytes, size FROM blobs WHERE hash = ?"
      ),
      shred: options.readonly ? void 0 : db.prepare("UPDATE blobs SET bytes = NULL WHERE hash = ? AND bytes IS NOT NULL")
    };
  }
  /** Opens (creating and migrating if needed) a ledger database. */
  static open(path, options = {}) {
    return new _LedgerStore(path, options);
  }
  close() {
    this.#db.close();
  }
  /** Starts a session bound to one signing key; only that key may sign its non-review entries. */
  createSession(options) {
    const id = options.id ?? randomUUID();
    try {
      this.#writable(this.#stmts.insertSession).run({
        id,
        code_version: options.codeVersion,
        model: options.model ?? null,
        tenant: options.tenant ?? "local",
        user: options.user ?? "local",
        pubkey_id: options.signer.keyId,
        public_key: Buffer.from(options.signer.publicKey),
        now: this.#clock()
      });
    } catch (error) {
      if (error.code === "SQLITE_CONSTRAINT_PRIMARYKEY")
        throw new LedgerError(`session ${id} already exists`);
      throw error;
    }
    return this.requireSession(id);
  }
  session(id) {
    const row = this.#stmts.session.get(id);
    return row ? toSessionInfo(row) : void 0;
  }
  requireSession(id) {
    const session = this.session(id);
    if (!session)
      throw new LedgerError(
        `no session ${id} in ${this.path}; list sessions with \`truss ledger list --db ${this.path}\``
      );
    return session;
  }
  sessions() {
    return this.#stmts.sessions.all().map(toSessionInfo);
  }
  /**
   * Appends one signed, chained entry. `human_review` entries must be signed by the reviewer key
   * their payload names; every other kind by the session key.
   */
  append(sessionId, kind, payload, signer, options = {}) {
    if (!KIND_PATTERN.test(kind))
      throw new LedgerError(`entry kind ${JSON.stringify(kind)} must match ${KIND_PATTERN}`);
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      throw new LedgerError(`the payload of a ${kind} entry must be a JSON object`);
    }
    const canonicalPayload = canonicalJson(payload);
    if (canonicalPayload.length > MAX_PAYLOAD_BYTES) {
      throw new LedgerError(
        `the ${kind} payload is ${canonicalPayload.length} bytes (limit ${MAX_PAYLOAD_BYTES}); store large content as a blob and journal its hash`
      );
    }
    const memoText = options.memo ? canonicalJson(options.memo.result) : void 0;
    const write = this.#db.transaction(() => {
      const session = this.#stmts.head.get(sessionId);
      if (!session) throw new LedgerError(`no session ${sessionId} in ${this.path}`);
      const expectedKey = kind === HUMAN_REVIEW_KIND ? hexToBytes(payload.reviewer_public_key, 32) : session.public_key;
      if (!expectedKey || !bytesEqual(signer.publicKey, expectedKey)) {
        const whose = kind === HUMAN_REVIEW_KIND ? "the reviewer_public_key in its payload" : `the session key ${session.pubkey_id}`;
        throw new LedgerError(
          `refusing to append ${kind} to ${sessionId}: signer ${signer.keyId} is not ${whose}`
        );
      }
      const tip = this.#stmts.tip.get(sessionId)?.seq;
      const seq = tip === null || tip === void 0 ? 0 : tip + 1;
      const prevHash = session.head_hash ?? ZERO_HASH;
      const entryHash = createHash3("sha256").update(entryPreimage(prevHash, kind, canonicalPayload, seq)).digest();
      const signature = signer.sign(entryHash);
      const now = this.#clock();
      this.#writable(this.#stmts.insertEntry).run(
        sessionId,
        seq,
        kind,
        canonicalPayload,
        prevHash,
        entryHash,
        signature,
        now
      );
      const status = kind === HUMAN_REVIEW_KIND ? session.status : STATUS_AFTER[kind] ?? "running";
      this.#writable(this.#stmts.moveHead).run(entryHash, status, now, sessionId);
      if (options.memo)
        this.#writable(this.#stmts.insertMemo).run(sessionId, options.memo.key, seq, memoText, now);
      for (const bytes of options.blobs ?? []) {
        this.#writable(this.#stmts.insertBlob).run(
          createHash3("sha256").update(bytes).digest(),
          bytes,
          bytes.length,
          now
        );
      }
      return {
        seq,
        kind,
        payload,
        prev_hash: bytesToHex(prevHash),
        entry_hash: entryHash.toString("hex"),
        signature: bytesToHex(signature)
      };
    });
    return write.immediate();
  }
  /**
   * Records a human decision signed by the reviewer's own key, pinned to the evidence it saw: the
   * current reviewable head (the last entry that is not itself a review).
   */
  appendHumanReview(sessionId, reviewer, review2) {
    const attested = this.reviewableHead(sessionId);
    if (!attested) throw new LedgerError(`session ${sessionId} has no entries to review`);
    const payload = {
      ...review2,
      attested_head_hash: attested,
      reviewer_key_id: reviewer.keyId,
      reviewer_public_key: reviewer.publicKeyHex
    };
    return this.append(sessionId, HUMAN_REVIEW_KIND, payload, reviewer);
  }
  reviewableHead(sessionId) {
    return this.#stmts.reviewableHead.get(sessionId, HUMAN_REVIEW_KIND)?.entry_hash.toString("hex") ?? null;
  }
  /** Streams a session's entries in seq order without loading the whole journal. */
  *entries(sessionId) {
    for (const row of this.#stmts.entries.iterate(sessionId)) yield toLedgerEntry(row);
  }
  entry(sessionId, seq) {
    const row = this.#stmts.entry.get(sessionId, seq);
    return row ? toLedgerEntry(row) : void 0;
  }
  memo(sessionId, key) {
    const row = this.#stmts.memo.get(sessionId, key);
    return row ? { seq: row.seq, result: JSON.parse(row.result) } : void 0;
  }
  /** Stores bytes by sha256 outside any entry; returns the hex hash to journal. */
  putBlob(bytes) {
    const hash = createHash3("sha256").update(bytes).digest();
    this.#writable(this.#stmts.insertBlob).run(hash, bytes, bytes.length, this.#clock());
    return hash.toString("hex");
  }
  /** `bytes` is null once the blob was shredded; `undefined` means no such blob. */
  blob(hashHex) {
    const hash = hexToBytes(hashHex, 32);
    return hash ? this.#stmts.blob.get(Buffer.from(hash)) : void 0;
  }
  /**
   * Crypto-shred: deletes a blob's bytes but keeps its hash and size. Entries only ever hold the hash,
   * so the chain stays verifiable after sensitive output is erased.
   */
  shredBlob(hashHex) {
    const hash = hexToBytes(hashHex, 32);
    if (!hash) throw new LedgerError(`blob hash must be 64 lowercase hex characters`);
    return this.#writable(this.#stmts.shred).run(Buffer.from(hash)).changes > 0;
  }
  /** Runs `fn` inside one read transaction so everything it reads comes from a single snapshot. */
  snapshot(fn) {
    return this.#db.transaction(fn).deferred();
  }
  /**
   * Verifies a stored session (and the child sessions it anchors) with the same chain verifier as
   * bundles, plus the store-specific checks: payload text is canonical and `sessions.head_hash` is the
   * last entry's hash.
   */
  verifySession(sessionId, options) {
    return this.snapshot(() => this.#verifySession(sessionId, options, /* @__PURE__ */ new Set()));
  }
  /** Verifies the chain only, returning the raw chain result (views, anchors, reviews) for exporters. */
  verifyChain(sessionId, crypto, onEntry) {
    const session = this.requireSession(sessionId);
    const verifier = new ChainVerifier(crypto, hexToBytes(session.public_key, 32) ?? new Uint8Array(32));
    for (const row of this.#stmts.entries.iterate(sessionId)) {
      const decoded = decodeRow(row);
      if ("error" in decoded) verifier.fail(row.seq, decoded.code, decoded.error);
      else verifier.push(decoded);
      onEntry?.(toLedgerEntry(row));
    }
    return verifier.finish();
  }
  #verifySession(sessionId, options, visiting) {
    const session = this.requireSession(sessionId);
    visiting.add(sessionId);
    return buildReport({
      sessionId,
      publicKeyHex: session.public_key,
      keyId: session.pubkey_id,
      chain: this.verifyChain(sessionId, options.crypto),
      declaredHead: session.head_hash,
      trusted: options.trusted,
      resolveChild: (anchor) => this.session(anchor.child_session_id) && !visiting.has(anchor.child_session_id) ? this.#verifySession(anchor.child_session_id, options, visiting) : null
    });
  }
  #writable(statement) {
    if (!statement) throw new LedgerError(`${this.path} is open read-only`);
    return statement;
  }
};
function toSessionInfo(row) {
  return {
    ...row,
    head_hash: row.head_hash ? row.head_hash.toString("hex") : null,
    public_key: row.public_key.toString("hex")
  };
}
function toLedgerEntry(row) {
  let payload;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = { unparseable_payload: row.payload };
  }
  return {
    seq: row.seq,
    kind: row.kind,
    payload,
    prev_hash: bytesToHex(row.prev_hash),
    entry_hash: bytesToHex(row.entry_hash),
    signature: bytesToHex(row.signature)
  };
}
function decodeRow(row) {
  const malformed = (error) => ({ code: "malformed_entry", error });
  const where = `seq ${row.seq}`;
  if (typeof row.seq !== "number" || !Number.isSafeInteger(row.seq))
    return malformed(`${where}: seq is not an integer`);
  if (typeof row.kind !== "string") return malformed(`${where}: kind is not text`);
  for (const [field, length] of [
    ["prev_hash", 32],
    ["entry_hash", 32],
    ["signature", 64]
  ]) {
    const value = row[field];
    if (!Buffer.isBuffer(value) || value.length !== length)
      return malformed(`${where}: ${field} is not ${length} bytes`);
  }
  if (typeof row.payload !== "string") return malformed(`${where}: payload is not text`);
  let payload;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    return malformed(`${where}: payload is not valid JSON`);
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload))
    return malformed(`${where}: payload is not a JSON object`);
  let canonical;
  try {
    canonical = canonicalJson(payload);
  } catch (error) {
    return malformed(`${where}: payload cannot be canonicalised (${error.message})`);
  }
  if (canonical !== row.payload)
    return { code: "payload_not_canonical", error: `${where}: stored payload is not in canonical form` };
  return {
    seq: row.seq,
    kind: row.kind,
    payload,
    canonicalPayload: row.payload,
    prevHash: row.prev_hash,
    entryHash: row.entry_hash,
    signature: row.signature
  };
}

// src/core/ledger/trust.ts
import { existsSync, readFileSync as readFileSync2 } from "node:fs";
import { join } from "node:path";

// src/core/ledger/trusted-keys.ts
function parseTrustedKeys(text, source) {
  const keys = /* @__PURE__ */ new Map();
  text.split(/\r?\n/).forEach((line, index) => {
    const content = line.replace(/#.*/, "").trim();
    if (content === "") return;
    const [hex = "", ...label] = content.split(/\s+/);
    if (!hexToBytes(hex.toLowerCase(), 32)) {
      throw new KeyError(
        `${source}:${index + 1}: expected a 64-character hex Ed25519 public key, got ${JSON.stringify(hex.slice(0, 80))}`
      );
    }
    keys.set(hex.toLowerCase(), label.join(" "));
  });
  return keys;
}

// src/core/ledger/trust.ts
var REPO_TRUSTED_KEYS_PATH = ".truss/trusted-keys";
function resolveTrustedKeys(options) {
  const trusted = /* @__PURE__ */ new Map();
  const sources = [];
  for (const [index, key] of (options.keys ?? []).entries()) {
    trusted.set(bytesToHex(parsePublicKeyHex(key, `--key #${index + 1}`)), "command line");
  }
  if (options.keys?.length) sources.push("--key");
  let file = options.file;
  if (!file && trusted.size === 0 && existsSync(join(options.cwd, REPO_TRUSTED_KEYS_PATH))) {
    file = join(options.cwd, REPO_TRUSTED_KEYS_PATH);
  }
  if (file) {
    let text;
    try {
      text = readFileSync2(file, "utf8");
    } catch (error) {
      throw new KeyError(
        `cannot read trusted keys file ${file} (${error.code ?? "error"})`
      );
    }
    for (const [key, label] of parseTrustedKeys(text, file)) trusted.set(key, label);
    sources.push(file);
  }
  return { trusted, source: sources.length ? sources.join(" + ") : null };
}

// src/cli/commands/keygen.ts
import { chmodSync, existsSync as existsSync2, mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

// src/cli/args.ts
import { parseArgs } from "node:util";

// src/cli/usage-error.ts
var UsageError = class extends Error {
  name = "UsageError";
};

// src/cli/args.ts
function parseCommandArgs(command, args, options) {
  try {
    return parseArgs({
      args,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true
    });
  } catch (error) {
    throw new UsageError(`${command}: ${error.message.replace(/\. To specify.*$/s, "")}`);
  }
}
function requirePositionals(command, positionals, names) {
  if (positionals.length < names.length) {
    throw new UsageError(
      `${command}: missing ${names.slice(positionals.length).map((n) => `<${n}>`).join(" ")}`
    );
  }
  if (positionals.length > names.length) {
    throw new UsageError(`${command}: unexpected argument ${JSON.stringify(positionals[names.length])}`);
  }
  return positionals;
}

// src/cli/exit-codes.ts
var EXIT = {
  ok: 0,
  /** Verification failed (tampered or forged evidence); `truss run`: verdict FAIL. */
  failed: 1,
  /** `truss run`: verdict UNVERIFIABLE. */
  unverifiable: 2,
  /** Input or configuration could not be used: malformed contract, bundle or key, missing file, unknown session. */
  input: 3,
  /** Chain intact but not signed by a pinned key. */
  integrityOnly: 4,
  /** Chain intact but the run has no terminal entry (unfinished or truncated). */
  incomplete: 5,
  /** Bad command line (sysexits EX_USAGE). */
  usage: 64
};

// src/cli/io.ts
function processIo() {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    interactive: Boolean(process.stderr.isTTY)
  };
}
function emit(io, json, value, human) {
  io.stdout(json ? `${JSON.stringify(value, null, 2)}
` : `${human()}
`);
}
function printHelp(io, text) {
  io.stdout(`${text}
`);
  return 0;
}

// src/cli/commands/keygen.ts
var KEYGEN_HELP = `Usage: truss keygen [--out FILE] [--force] [--json]

Creates an Ed25519 signing key. The secret (a 32-byte seed) is written as one line of base64,
the same encoding TRUSS_SIGNING_KEY takes, to FILE with mode 0600 (default .truss/signing.key).
Use --out - to print the seed to stdout, e.g. to pipe into \`gh secret set TRUSS_SIGNING_KEY\`.
Prints the public key (hex) and the key id (OpenSSH SHA256 fingerprint).

Options:
  --out FILE   where to write the seed (default .truss/signing.key; "-" = stdout)
  --force      overwrite an existing key file
  --json       print {public_key, key_id, path} as JSON`;
var DEFAULT_KEY_PATH = ".truss/signing.key";
function keygen(args, io) {
  const { values, positionals } = parseCommandArgs("keygen", args, {
    out: { type: "string", short: "o" },
    force: { type: "boolean" },
    json: { type: "boolean" }
  });
  if (values.help) return printHelp(io, KEYGEN_HELP);
  requirePositionals("keygen", positionals, []);
  const out = values.out ?? DEFAULT_KEY_PATH;
  const { key, seedBase64 } = SigningKey.generate();
  if (out === "-") {
    if (values.json)
      throw new UsageError("keygen: --out - prints the secret on stdout and cannot be combined with --json");
    io.stdout(`${seedBase64}
`);
    io.stderr(`public key ${key.publicKeyHex}
key id     ${key.keyId}
`);
    return EXIT.ok;
  }
  const path = resolve(io.cwd, out);
  if (existsSync2(path) && !values.force) {
    throw new UsageError(
      `keygen: ${out} already exists; pass --force to replace it (the old key can no longer sign)`
    );
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${seedBase64}
`, { mode: 384, flag: values.force ? "w" : "wx" });
  chmodSync(path, 384);
  const result = { public_key: key.publicKeyHex, key_id: key.keyId, path: out };
  emit(
    io,
    Boolean(values.json),
    result,
    () => [
      `wrote signing key to ${out} (mode 0600; keep it secret, do not commit it)`,
      `public key ${key.publicKeyHex}`,
      `key id     ${key.keyId}`,
      "",
      "Next:",
      `  pin it:            echo "${key.publicKeyHex} my-ci-key" >> .truss/trusted-keys`,
      `  use it in Actions: gh secret set TRUSS_SIGNING_KEY < ${out}`
    ].join("\n")
  );
  return EXIT.ok;
}

// src/cli/format-report.ts
var BADGE = {
  verified: "\u2714 VERIFIED",
  integrity_only: "\u26A0 INTEGRITY ONLY",
  incomplete: "\u26A0 INCOMPLETE",
  failed: "\u2718 FAILED"
};
function formatReport(report2, trustSource, indent = "") {
  const lines = [];
  const extent = report2.failure ? `${report2.entries} entries intact before the break` : `${report2.entries} entries, head ${report2.head_hash?.slice(0, 16) ?? "none"}\u2026`;
  lines.push(`${indent}${BADGE[report2.status]}  session ${report2.session_id}  (${extent})`);
  if (report2.failure) lines.push(`${indent}  broken [${report2.failure.code}]: ${report2.failure.message}`);
  const pin = report2.key_pinned ? `pinned${trustSource ? ` by ${trustSource}` : ""}` : "NOT pinned";
  lines.push(`${indent}  signed by ${report2.key_id} (${pin})`);
  if (report2.terminal_kind && !report2.failure) lines.push(`${indent}  last entry: ${report2.terminal_kind}`);
  for (const review2 of report2.reviews) {
    const actor = review2.actor?.login ?? "unknown";
    const state = review2.stale ? "STALE: attests an older head" : "current";
    const key = review2.key_pinned ? "key pinned" : "key NOT pinned";
    lines.push(
      `${indent}  human review seq ${review2.seq}: ${review2.decision} by ${actor} (${state}; ${review2.reviewer_key_id}, ${key})`
    );
  }
  for (const note of report2.notes) lines.push(`${indent}  note: ${note}`);
  for (const child of report2.children) lines.push(formatReport(child, trustSource, `${indent}  `));
  if (!indent) lines.push(`exit ${VERIFY_EXIT_CODES[report2.status]} (${report2.status})`);
  return lines.join("\n");
}

// src/cli/trust-options.ts
var TRUST_OPTIONS = {
  key: { type: "string", multiple: true },
  "trusted-keys": { type: "string" }
};
var TRUST_HELP = `  --key HEX              a trusted public key (64 hex chars); repeatable
  --trusted-keys FILE    a file of trusted public keys, one per line (default: .truss/trusted-keys if present)`;
function trustFrom(values, io) {
  return resolveTrustedKeys({ keys: values.key ?? [], file: values["trusted-keys"], cwd: io.cwd });
}

// src/cli/commands/ledger.ts
var LEDGER_HELP = `Usage: truss ledger <command> [options]

Read, export and verify sessions in a ledger database (SQLite).

Commands:
  list --db DB                     sessions with status, entry count and signing key
  show SESSION --db DB             the timeline: seq, kind, short hash, summary
  get SESSION SEQ --db DB          one entry in full (payload, hashes, signature)
  verdict SESSION --db DB          the signed verdict, chain status and human reviews
  export SESSION --db DB [-o FILE] the truss.ledger.v1 bundle (stdout without -o)
  verify SESSION --db DB           verify the stored chain (same checks as \`truss verify\`)
  shred BLOB_HASH --db DB          crypto-shred a blob's bytes; the chain stays verifiable

Options:
  --db FILE      the ledger database (default .truss/ledger.db)
  --json         machine-readable output (every read command)
${TRUST_HELP}
  --dry-run      (shred) report what would be erased without erasing it

Exit codes: 0 ok/verified, 1 failed, 3 unreadable input, 4 integrity_only, 5 incomplete, 64 usage`;
var DEFAULT_DB = ".truss/ledger.db";
var OPTIONS = {
  db: { type: "string" },
  json: { type: "boolean" },
  out: { type: "string", short: "o" },
  "dry-run": { type: "boolean" },
  ...TRUST_OPTIONS
};
function ledger(args, io) {
  const [sub, ...rest] = args;
  if (!sub || sub === "--help" || sub === "-h" || sub === "help") return printHelp(io, LEDGER_HELP);
  const command = `ledger ${sub}`;
  const { values, positionals } = parseCommandArgs(command, rest, OPTIONS);
  if (values.help) return printHelp(io, LEDGER_HELP);
  const json = Boolean(values.json);
  const dbPath = values.db ?? DEFAULT_DB;
  const writes = sub === "shred" && !values["dry-run"];
  const open = () => LedgerStore.open(dbPath, { readonly: !writes });
  switch (sub) {
    case "list":
      requirePositionals(command, positionals, []);
      return withStore(open, (store) => list(store, io, json));
    case "show": {
      const [session] = requirePositionals(command, positionals, ["SESSION"]);
      return withStore(open, (store) => show(store, session, io, json));
    }
    case "get": {
      const [session, seqText] = requirePositionals(command, positionals, ["SESSION", "SEQ"]);
      if (!/^\d+$/.test(seqText)) throw new UsageError(`${command}: SEQ must be a non-negative integer`);
      return withStore(open, (store) => get(store, session, Number(seqText), io, json));
    }
    case "verdict": {
      const [session] = requirePositionals(command, positionals, ["SESSION"]);
      return withStore(open, (store) => verdict(store, session, io, json));
    }
    case "export": {
      const [session] = requirePositionals(command, positionals, ["SESSION"]);
      return withStore(open, (store) => exportSession(store, session, values.out, io));
    }
    case "verify": {
      const [session] = requirePositionals(command, positionals, ["SESSION"]);
      const { trusted, source } = trustFrom(values, io);
      return withStore(open, (store) => {
        const report2 = store.verifySession(session, { crypto: createNodeCrypto(), trusted });
        emit(io, json, { db: dbPath, trust_source: source, ...report2 }, () => formatReport(report2, source));
        return VERIFY_EXIT_CODES[report2.status];
      });
    }
    case "shred": {
      const [hash] = requirePositionals(command, positionals, ["BLOB_HASH"]);
      return withStore(open, (store) => shred(store, hash, Boolean(values["dry-run"]), io, json));
    }
    default:
      throw new UsageError(`unknown ledger command "${sub}"; see \`truss ledger --help\``);
  }
}
function withStore(open, fn) {
  const store = open();
  try {
    return fn(store);
  } finally {
    store.close();
  }
}
function list(store, io, json) {
  const sessions = store.sessions();
  emit(io, json, sessions, () => {
    if (sessions.length === 0) return `no sessions in ${store.path}`;
    const rows = sessions.map(
      (s) => `${s.id}  ${s.status.padEnd(9)}  ${String(s.entries).padStart(6)}  ${new Date(s.updated_at).toISOString()}  ${s.pubkey_id}`
    );
    return [
      `${"session".padEnd(sessions[0]?.id.length ?? 7)}  status     entries  updated                   key`,
      ...rows
    ].join("\n");
  });
  return EXIT.ok;
}
function show(store, sessionId, io, json) {
  const session = store.requireSession(sessionId);
  if (json) {
    io.stdout(`${JSON.stringify({ session, entries: [...store.entries(sessionId)] }, null, 2)}
`);
    return EXIT.ok;
  }
  io.stdout(
    `session ${session.id}  ${session.status}  ${session.entries} entries  signed by ${session.pubkey_id}
`
  );
  io.stdout(`  seq  kind              hash          summary
`);
  for (const entry of store.entries(sessionId)) {
    io.stdout(
      `${String(entry.seq).padStart(5)}  ${entry.kind.padEnd(16)}  ${entry.entry_hash.slice(0, 12)}  ${summarize(entry)}
`
    );
  }
  return EXIT.ok;
}
function summarize(entry) {
  const p = entry.payload;
  const text = (value) => typeof value === "string" ? value : JSON.stringify(value);
  switch (entry.kind) {
    case "run_started": {
      const contract = p.contract;
      return `contract ${contract?.id ?? "?"}${contract?.title ? `: ${contract.title}` : ""}`;
    }
    case "check_result":
      return `${p.met ? "met" : "NOT met"}  ${text(p.desc ?? "")}`;
    case "review_vote":
      return `seat ${text(p.seat)} (${text(p.lens)}) voted ${text(p.vote)}`;
    case "verdict":
      return `overall ${String(p.overall ?? "?").toUpperCase()}`;
    case "human_review":
      return `${text(p.decision)} by ${text(p.actor?.login ?? "?")}`;
    default: {
      const compact = JSON.stringify(p);
      return compact.length > 72 ? `${compact.slice(0, 71)}\u2026` : compact;
    }
  }
}
function get(store, sessionId, seq, io, json) {
  store.requireSession(sessionId);
  const entry = store.entry(sessionId, seq);
  if (!entry) throw new UsageError(`ledger get: session ${sessionId} has no entry ${seq}`);
  emit(io, json, entry, () => JSON.stringify(entry, null, 2));
  return EXIT.ok;
}
function verdict(store, sessionId, io, json) {
  const session = store.requireSession(sessionId);
  const report2 = store.verifySession(sessionId, { crypto: createNodeCrypto(), trusted: /* @__PURE__ */ new Map() });
  let signed;
  for (const entry of store.entries(sessionId)) if (entry.kind === "verdict") signed = entry;
  const result = {
    session_id: sessionId,
    session_status: session.status,
    chain: report2.failure ? "broken" : "intact",
    chain_failure: report2.failure,
    verdict: signed ? { seq: signed.seq, entry_hash: signed.entry_hash, ...signed.payload } : null,
    human_reviews: report2.reviews
  };
  emit(io, json, result, () => {
    const lines = [
      `session ${sessionId} (${session.status})`,
      signed ? `verdict ${String(signed.payload.overall ?? "?").toUpperCase()} (seq ${signed.seq}, ${signed.entry_hash.slice(0, 16)}\u2026)` : "no verdict recorded",
      `chain ${result.chain}${report2.failure ? `: ${report2.failure.message}` : ""} (pin a key with \`truss ledger verify\` to check the signer)`
    ];
    for (const review2 of report2.reviews) {
      lines.push(
        `human review: ${review2.decision}${review2.stale ? " (STALE)" : ""} by ${review2.actor?.login ?? "?"}`
      );
    }
    return lines.join("\n");
  });
  return report2.failure ? EXIT.failed : EXIT.ok;
}
function exportSession(store, sessionId, out, io) {
  const session = store.requireSession(sessionId);
  if (!out || out === "-") {
    writeBundle(store, sessionId, createNodeCrypto(), (chunk) => io.stdout(chunk));
    return EXIT.ok;
  }
  exportBundleToFile(store, sessionId, createNodeCrypto(), out);
  io.stderr(
    `exported session ${sessionId} (${session.entries} entries) to ${out}
verify it with: truss verify ${out} --key ${session.public_key}
`
  );
  return EXIT.ok;
}
function shred(store, hash, dryRun, io, json) {
  const blob = store.blob(hash);
  if (!blob) throw new UsageError(`ledger shred: no blob ${hash} in ${store.path}`);
  const alreadyShredded = blob.bytes === null;
  const shredded = !dryRun && !alreadyShredded && store.shredBlob(hash);
  const result = {
    blob: hash,
    size: blob.size,
    dry_run: dryRun,
    already_shredded: alreadyShredded,
    shredded
  };
  emit(
    io,
    json,
    result,
    () => alreadyShredded ? `blob ${hash} was already shredded` : dryRun ? `would erase ${blob.size} bytes of blob ${hash} (dry run)` : `erased ${blob.size} bytes of blob ${hash}; entries keep its hash, the chain still verifies`
  );
  return EXIT.ok;
}

// src/cli/commands/review.ts
import { userInfo } from "node:os";
var REVIEW_HELP = `Usage: truss review <approve|reject|needs-changes> SESSION --db DB --key FILE [options]

Records a human sign-off as a signed human_review entry, signed by YOUR key (not the session
key) and pinned to the evidence you saw: the session's current reviewable head. New evidence
appended later makes the review stale.

Options:
  --db FILE          the ledger database (default .truss/ledger.db)
  --key FILE         your signing key (default: TRUSS_SIGNING_KEY)
  --note TEXT        why you decided so
  --actor LOGIN      who you are (default: your OS user name)
  --actor-id N       numeric account id, if any
  --commit SHA       the commit you reviewed
  --review-id ID     an external review id (e.g. a GitHub review id)
  --url URL          a link to the review
  --dry-run          print the entry that would be signed; write nothing
  --json             print the appended entry as JSON`;
var DECISIONS = {
  approve: "approved",
  reject: "rejected",
  "needs-changes": "needs_changes"
};
function review(args, io) {
  const [action, ...rest] = args;
  if (!action || action === "--help" || action === "-h" || action === "help")
    return printHelp(io, REVIEW_HELP);
  const decision = DECISIONS[action];
  if (!decision)
    throw new UsageError(`review: unknown decision "${action}"; use approve, reject or needs-changes`);
  const { values, positionals } = parseCommandArgs(`review ${action}`, rest, {
    db: { type: "string" },
    key: { type: "string" },
    note: { type: "string" },
    actor: { type: "string" },
    "actor-id": { type: "string" },
    commit: { type: "string" },
    "review-id": { type: "string" },
    url: { type: "string" },
    "dry-run": { type: "boolean" },
    json: { type: "boolean" }
  });
  if (values.help) return printHelp(io, REVIEW_HELP);
  const [sessionId] = requirePositionals(`review ${action}`, positionals, ["SESSION"]);
  const actorId = values["actor-id"];
  if (actorId !== void 0 && !/^\d+$/.test(actorId))
    throw new UsageError("review: --actor-id must be a number");
  const reviewer = resolveSigningKey({
    keyFile: values.key,
    env: io.env,
    onWarning: (m) => io.stderr(`warning: ${m}
`)
  });
  const dryRun = Boolean(values["dry-run"]);
  const store = LedgerStore.open(values.db ?? ".truss/ledger.db", { readonly: dryRun, mustExist: true });
  try {
    const chain = store.verifySession(sessionId, { crypto: createNodeCrypto(), trusted: /* @__PURE__ */ new Map() });
    if (chain.failure) {
      io.stderr(
        `refusing to sign off: the chain is broken at seq ${chain.failure.seq}: ${chain.failure.message}
`
      );
      return EXIT.failed;
    }
    const payload = {
      decision,
      note: values.note ?? "",
      actor: {
        login: values.actor ?? userInfo().username,
        id: actorId === void 0 ? null : Number(actorId)
      },
      source: {
        review_id: values["review-id"] ?? null,
        commit_sha: values.commit ?? null,
        url: values.url ?? null
      }
    };
    if (dryRun) {
      const preview = {
        ...payload,
        attested_head_hash: store.reviewableHead(sessionId),
        reviewer_key_id: reviewer.keyId
      };
      emit(
        io,
        Boolean(values.json),
        { dry_run: true, kind: "human_review", payload: preview },
        () => `dry run: would append human_review (${decision}) to ${sessionId}, attesting head ${preview.attested_head_hash}, signed by ${reviewer.keyId}`
      );
      return EXIT.ok;
    }
    const entry = store.appendHumanReview(sessionId, reviewer, payload);
    emit(
      io,
      Boolean(values.json),
      entry,
      () => `recorded ${decision} at seq ${entry.seq} (${entry.entry_hash.slice(0, 16)}\u2026), attesting head ${String(entry.payload.attested_head_hash).slice(0, 16)}\u2026, signed by ${reviewer.keyId}`
    );
    return EXIT.ok;
  } finally {
    store.close();
  }
}

// src/cli/commands/verify.ts
import { readFileSync as readFileSync3, statSync as statSync2 } from "node:fs";
var VERIFY_HELP = `Usage: truss verify BUNDLE.json [--key HEX | --trusted-keys FILE] [--json]

Verifies an exported ledger bundle (truss.ledger.v1) offline: contiguous seq, prev links,
recomputed hashes, every signature, the head hash, child sessions, human reviews and the
convenience views. Without a pinned key the best possible result is "integrity_only".

Options:
${TRUST_HELP}
  --json                 print the full report as JSON

Exit codes: 0 verified, 1 failed, 3 unreadable input, 4 integrity_only, 5 incomplete, 64 usage`;
var MAX_BUNDLE_BYTES = 512 * 1024 * 1024;
function verify2(args, io) {
  const { values, positionals } = parseCommandArgs("verify", args, {
    ...TRUST_OPTIONS,
    json: { type: "boolean" }
  });
  if (values.help) return printHelp(io, VERIFY_HELP);
  const [file] = requirePositionals("verify", positionals, ["BUNDLE.json"]);
  const { trusted, source } = trustFrom(values, io);
  const bundle = parseBundle(readBundleText(file), file);
  const report2 = verifyBundle(bundle, { crypto: createNodeCrypto(), trusted });
  emit(
    io,
    Boolean(values.json),
    { file, trust_source: source, ...report2 },
    () => formatReport(report2, source)
  );
  return VERIFY_EXIT_CODES[report2.status];
}
function readBundleText(file) {
  let size;
  try {
    size = statSync2(file).size;
  } catch (error) {
    throw new BundleFormatError(`cannot read ${file} (${error.code ?? "error"})`);
  }
  if (size > MAX_BUNDLE_BYTES) {
    throw new BundleFormatError(
      `${file} is ${Math.round(size / 2 ** 20)} MiB; bundles above ${MAX_BUNDLE_BYTES / 2 ** 20} MiB are refused`
    );
  }
  return readFileSync3(file, "utf8");
}

// src/cli/run.ts
var MAIN_HELP = `truss ${package_default.version} \u2014 contracts, independent verification, signed verdicts

Usage: truss <command> [options]

Commands:
  keygen                           create an Ed25519 signing key
  verify BUNDLE.json               verify an exported ledger bundle offline
  ledger list|show|get|verdict|export|verify|shred
                                   read, export and verify a ledger database
  review approve|reject|needs-changes SESSION
                                   record a signed human sign-off

Run \`truss <command> --help\` for options. Read commands take --json.

Exit codes:
  0  success / verified / run verdict PASS
  1  verification failed (tampered, forged or broken evidence) / run verdict FAIL
  2  run verdict UNVERIFIABLE
  3  input or config error (malformed contract, bundle or key; missing file or session)
  4  integrity only (chain intact, signer not pinned)
  5  incomplete (chain intact, run unfinished or truncated)
  64 usage error (bad flags or arguments)`;
var COMMANDS = { keygen, verify: verify2, ledger, review };
async function run(argv, io = processIo()) {
  const [command, ...args] = argv;
  try {
    if (!command || command === "--help" || command === "-h" || command === "help") {
      io.stdout(`${MAIN_HELP}
`);
      return command ? EXIT.ok : EXIT.usage;
    }
    if (command === "--version" || command === "-V" || command === "version") {
      io.stdout(`${package_default.version}
`);
      return EXIT.ok;
    }
    const handler = COMMANDS[command];
    if (!handler) throw new UsageError(`unknown command "${command}"`);
    return handler(args, io);
  } catch (error) {
    return report(error, io);
  }
}
function report(error, io) {
  if (error instanceof UsageError) {
    io.stderr(`truss: ${error.message}
Run \`truss --help\` for usage.
`);
    return EXIT.usage;
  }
  if (error instanceof BundleFormatError || error instanceof KeyError || error instanceof LedgerError || error instanceof CanonicalJsonError) {
    io.stderr(`truss: ${error.message}
`);
    return EXIT.input;
  }
  io.stderr(
    `truss: unexpected error: ${error?.message ?? String(error)}
Please report it with the command you ran.
`
  );
  return EXIT.failed;
}

// src/cli/index.ts
process.exitCode = await run(process.argv.slice(2));
