#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  checkReceipt
} from "./chunk-RDZHSOJG.js";
import {
  MalformedEntryError,
  bytesToHex,
  canonicalJson,
  concatBytes,
  contractSummary,
  hexToBytes,
  keyIdFromPublicKey,
  keysFor,
  parseBundle,
  readEntry,
  utf8Bytes,
  verifyBundle
} from "./chunk-P2CFU6IE.js";

// src/core/attest/errors.ts
var AttestationRefusedError = class extends Error {
  name = "AttestationRefusedError";
  status;
  constructor(message, status) {
    super(message);
    this.status = status;
  }
};
var AttestationFormatError = class extends Error {
  name = "AttestationFormatError";
};

// src/core/attest/dsse.ts
var IN_TOTO_PAYLOAD_TYPE = "application/vnd.in-toto+json";
function preAuthEncoding(payloadType, payload) {
  const type = utf8Bytes(payloadType);
  return concatBytes(utf8Bytes(`DSSEv1 ${type.length} `), type, utf8Bytes(` ${payload.length} `), payload);
}
function signEnvelope(payloadType, payload, signer) {
  const sig = signer.sign(preAuthEncoding(payloadType, payload));
  return {
    payloadType,
    payload: Buffer.from(payload).toString("base64"),
    signatures: [{ keyid: signer.keyId, sig: Buffer.from(sig).toString("base64") }]
  };
}
function decodeBase64Strict(text2) {
  if (typeof text2 !== "string" || text2.length % 4 !== 0) return void 0;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text2)) return void 0;
  const bytes = Buffer.from(text2, "base64");
  return bytes.toString("base64") === text2 ? new Uint8Array(bytes) : void 0;
}
function verifyEnvelopeSignature(payloadType, payload, signature, publicKey, crypto) {
  return crypto.verify(signature, preAuthEncoding(payloadType, payload), publicKey);
}

// src/core/attest/sigstore-bundle.ts
var SIGSTORE_BUNDLE_V03_MEDIA_TYPE = "application/vnd.dev.sigstore.bundle.v0.3+json";
function toSigstoreBundle(envelope, keyId) {
  return {
    mediaType: SIGSTORE_BUNDLE_V03_MEDIA_TYPE,
    verificationMaterial: { publicKey: { hint: keyId }, tlogEntries: [] },
    dsseEnvelope: {
      payload: envelope.payload,
      payloadType: envelope.payloadType,
      signatures: envelope.signatures.map((s) => ({ sig: s.sig, keyid: s.keyid }))
    }
  };
}

// src/core/attest/statement.ts
var IN_TOTO_STATEMENT_TYPE = "https://in-toto.io/Statement/v1";
var TRUSS_VERDICT_PREDICATE_TYPE = "https://truss.dev/verdict/v1";
var VERDICTS = /* @__PURE__ */ new Set(["pass", "fail", "unverifiable"]);
var COMMIT_SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
function verdictPredicate(entries, report, trussVersion) {
  let started;
  let verdict;
  for (const entry of entries) {
    if (entry.kind === "run_started" && !started) started = entry;
    if (entry.kind === "verdict") verdict = entry;
  }
  if (!verdict) return null;
  const v = readEntry(verdict, "verdict");
  const s = started ? readEntry(started, "run_started") : {};
  const startedGit = s.git ?? void 0;
  const verdictGit = v.git ?? void 0;
  const git = startedGit || verdictGit ? {
    repo: text(startedGit?.repo),
    base_sha: text(verdictGit?.base_sha) ?? text(startedGit?.base_sha),
    head_sha: text(verdictGit?.head_sha) ?? text(startedGit?.head_sha)
  } : null;
  const contract = contractSummary(s.contract);
  const contractId = text(v.contract_id) ?? text(contract.contract?.id) ?? text(contract.id);
  return {
    verdict: v.overall,
    clauses: v.clauses.map((c) => ({
      clause: c.clause,
      kind: text(c.kind),
      desc: text(c.desc),
      status: c.status
    })),
    forced: v.forced ?? [],
    contract: { id: contractId, hash: text(v.contract_hash) ?? text(s.contract_hash) },
    ledger: {
      session_id: report.session_id,
      head_hash: report.head_hash ?? "",
      entries: report.entries,
      key_id: report.key_id,
      public_key: report.public_key,
      verdict_seq: verdict.seq,
      verdict_entry_hash: verdict.entry_hash
    },
    git,
    human_reviews: report.reviews.map((r) => ({
      decision: r.decision,
      reviewer_key_id: r.reviewer_key_id,
      attested_head_hash: r.attested_head_hash,
      stale: r.stale
    })),
    code_version: text(s.code_version),
    truss_version: trussVersion
  };
}
function verdictStatement(predicate, bundle) {
  const subject = [];
  const commit = predicate.git?.head_sha;
  if (commit && COMMIT_SHA.test(commit)) {
    subject.push({ name: predicate.git?.repo ?? "git-commit", digest: { gitCommit: commit } });
  }
  subject.push({ name: bundle.name, digest: { sha256: bundle.sha256 } });
  return { _type: IN_TOTO_STATEMENT_TYPE, subject, predicateType: TRUSS_VERDICT_PREDICATE_TYPE, predicate };
}
function statementProblem(value) {
  const s = record(value);
  if (!s) return "the payload is not a JSON object";
  if (s._type !== IN_TOTO_STATEMENT_TYPE)
    return `_type is ${JSON.stringify(s._type)}, expected ${IN_TOTO_STATEMENT_TYPE}`;
  if (s.predicateType !== TRUSS_VERDICT_PREDICATE_TYPE)
    return `predicateType is ${JSON.stringify(s.predicateType)}, expected ${TRUSS_VERDICT_PREDICATE_TYPE}`;
  if (!Array.isArray(s.subject) || s.subject.length === 0) return "subject is missing or empty";
  const subjects = s.subject.map(record);
  if (subjects.some((x) => !x || typeof x.name !== "string" || !record(x.digest)))
    return "every subject needs a name and a digest";
  const bundles = subjects.filter((x) => typeof record(x?.digest)?.sha256 === "string");
  if (bundles.length !== 1) return "expected exactly one sha256 subject (the ledger bundle)";
  const bundleDigest = record(bundles[0]?.digest)?.sha256;
  if (typeof bundleDigest !== "string" || !/^[0-9a-f]{64}$/.test(bundleDigest))
    return "the sha256 subject digest is not 64 lowercase hex characters";
  const p = record(s.predicate);
  if (!p) return "predicate is missing";
  if (typeof p.verdict !== "string" || !VERDICTS.has(p.verdict))
    return `predicate.verdict ${JSON.stringify(p.verdict)} is not pass, fail or unverifiable`;
  const ledger = record(p.ledger);
  const head = ledger?.head_hash;
  if (!ledger || typeof ledger.session_id !== "string" || typeof head !== "string" || !/^[0-9a-f]{64}$/.test(head))
    return "predicate.ledger needs session_id and a 64-hex head_hash";
  const commits = subjects.filter((x) => typeof record(x?.digest)?.gitCommit === "string");
  if (commits.length > 1) return "more than one gitCommit subject";
  const commit = record(commits[0]?.digest)?.gitCommit;
  if (commit !== void 0 && commit !== record(p.git)?.head_sha)
    return "the gitCommit subject is not the commit the predicate says the verdict covers";
  return null;
}
function record(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : void 0;
}
function text(value) {
  return typeof value === "string" && value !== "" ? value : null;
}

// src/core/attest/attest-bundle.ts
function attestBundle(input) {
  const bundle = parseBundle(Buffer.from(input.bundleBytes).toString("utf8"), input.source);
  const { signer } = input;
  if (bundle.ledger.public_key !== signer.publicKeyHex) {
    throw new AttestationRefusedError(
      `${input.source} is signed by ${bundle.ledger.pubkey_id}, but the signing key given is ${signer.keyId}: a verdict attestation is signed with the ledger's own key (pass that key with --key FILE or TRUSS_SIGNING_KEY)`,
      "input"
    );
  }
  const trusted = input.trusted?.size ? input.trusted : /* @__PURE__ */ new Map([[signer.publicKeyHex, "signing key"]]);
  const report = verifyBundle(bundle, { crypto: input.crypto, trusted, receipts: checkReceipt });
  if (report.status !== "verified") {
    const why = report.failure?.message ?? report.notes.join("; ");
    throw new AttestationRefusedError(
      `refusing to attest ${input.source}: the bundle is ${report.status}${why ? ` (${why})` : ""}; only a bundle that verifies can be attested`,
      report.status
    );
  }
  let predicate;
  try {
    predicate = verdictPredicate(bundle.ledger.entries, report, input.trussVersion);
  } catch (error) {
    if (!(error instanceof MalformedEntryError)) throw error;
    throw new AttestationRefusedError(
      `refusing to attest ${input.source}: ${error.message}; only a well-formed verdict can be attested`,
      "failed"
    );
  }
  if (!predicate) {
    throw new AttestationRefusedError(
      `refusing to attest ${input.source}: session ${report.session_id} has no signed verdict (it ended with ${report.terminal_kind ?? "nothing"})`,
      "input"
    );
  }
  const bundleSha256 = bytesToHex(input.crypto.sha256(input.bundleBytes));
  const statement = verdictStatement(predicate, { name: input.bundleName, sha256: bundleSha256 });
  const envelope = signEnvelope(IN_TOTO_PAYLOAD_TYPE, utf8Bytes(canonicalJson(statement)), signer);
  return {
    statement,
    envelope,
    sigstoreBundle: toSigstoreBundle(envelope, signer.keyId),
    bundleSha256,
    report
  };
}

// src/core/attest/verify-attestation.ts
function verifyAttestation(text2, source, options) {
  let data;
  try {
    data = JSON.parse(text2);
  } catch {
    throw new AttestationFormatError(
      `${source}: not valid JSON; expected a DSSE envelope or a Sigstore bundle from \`truss attest\``
    );
  }
  const doc = record2(data);
  let envelope;
  let hint;
  let format;
  if (doc && "mediaType" in doc) {
    if (doc.mediaType !== SIGSTORE_BUNDLE_V03_MEDIA_TYPE)
      throw new AttestationFormatError(
        `${source}: mediaType ${JSON.stringify(doc.mediaType)} is not ${SIGSTORE_BUNDLE_V03_MEDIA_TYPE}`
      );
    envelope = record2(doc.dsseEnvelope);
    hint = record2(record2(doc.verificationMaterial)?.publicKey)?.hint;
    format = "sigstore_bundle";
    if (!envelope) throw new AttestationFormatError(`${source}: the Sigstore bundle has no dsseEnvelope`);
  } else if (doc && "payloadType" in doc && "signatures" in doc) {
    envelope = doc;
    format = "dsse";
  } else {
    throw new AttestationFormatError(
      `${source}: neither a DSSE envelope (payloadType, payload, signatures) nor a Sigstore bundle`
    );
  }
  const report = {
    status: "failed",
    format,
    key_id: null,
    failure: null,
    statement: null,
    bundle_matches: null
  };
  const fail = (code, message) => {
    report.failure = { code, message };
    return report;
  };
  if (envelope.payloadType !== IN_TOTO_PAYLOAD_TYPE)
    return fail(
      "payload_type",
      `payloadType is ${JSON.stringify(envelope.payloadType)}, expected ${IN_TOTO_PAYLOAD_TYPE}`
    );
  const payload = decodeBase64Strict(envelope.payload);
  if (!payload || payload.length === 0) return fail("malformed_envelope", "payload is not standard base64");
  const signatures = Array.isArray(envelope.signatures) ? envelope.signatures.map(record2) : [];
  if (signatures.length === 0) return fail("malformed_envelope", "the envelope has no signatures");
  const byId = /* @__PURE__ */ new Map();
  for (const hex of keysFor(options.trusted, "signer")) {
    const key = hexToBytes(hex, 32);
    if (key) byId.set(keyIdFromPublicKey(key, options.crypto.sha256), key);
  }
  let signedBy;
  let named;
  for (const signature of signatures) {
    const keyid = typeof signature?.keyid === "string" && signature.keyid !== "" ? signature.keyid : void 0;
    named ??= keyid;
    const sig = decodeBase64Strict(signature?.sig);
    if (!sig) continue;
    const candidates = keyid ? [[keyid, byId.get(keyid)]] : [...byId.entries()];
    for (const [id, key] of candidates) {
      if (key && verifyEnvelopeSignature(IN_TOTO_PAYLOAD_TYPE, payload, sig, key, options.crypto)) {
        signedBy = id;
        break;
      }
    }
    if (signedBy) break;
  }
  report.key_id = signedBy ?? named ?? null;
  if (!signedBy) {
    if (named && !byId.has(named))
      return fail("untrusted_key", `the attestation is signed by ${named}, which is not a trusted key`);
    return fail(
      "bad_signature",
      "no signature verifies for a trusted key over this payloadType and payload (tampered statement or forged signature)"
    );
  }
  if (format === "sigstore_bundle" && hint !== signedBy)
    return fail(
      "hint_mismatch",
      `verificationMaterial.publicKey.hint is ${JSON.stringify(hint)}, not the signing key ${signedBy}`
    );
  let statement;
  try {
    statement = JSON.parse(Buffer.from(payload).toString("utf8"));
  } catch {
    return fail("bad_statement", "the signed payload is not JSON");
  }
  const problem = statementProblem(statement);
  if (problem) return fail("bad_statement", `the signed statement is not a Truss verdict: ${problem}`);
  report.statement = statement;
  const ledgerKey = report.statement.predicate.ledger.key_id;
  if (ledgerKey !== signedBy)
    return fail(
      "key_mismatch",
      `the statement is about a ledger signed by ${ledgerKey} but is signed by ${signedBy}; a verdict attestation is signed by the ledger's own key`
    );
  if (options.bundleBytes) {
    const digest = bytesToHex(options.crypto.sha256(options.bundleBytes));
    const subject = report.statement.subject.find((s) => typeof s.digest.sha256 === "string");
    report.bundle_matches = subject?.digest.sha256 === digest;
    if (!report.bundle_matches)
      return fail(
        "bundle_mismatch",
        `the bundle's sha256 ${digest} is not the attested subject ${subject?.digest.sha256 ?? "(none)"}: this attestation is about another bundle, or the bundle was changed`
      );
  }
  report.status = "verified";
  return report;
}
function record2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : void 0;
}

export {
  AttestationRefusedError,
  AttestationFormatError,
  TRUSS_VERDICT_PREDICATE_TYPE,
  attestBundle,
  verifyAttestation
};
