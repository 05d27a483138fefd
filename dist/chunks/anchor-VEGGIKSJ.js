#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  resolveRunKey
} from "./chunk-ZYEDR7CY.js";
import "./chunk-AUVPGGCK.js";
import "./chunk-JPEGKRBQ.js";
import "./chunk-RMNTHYXM.js";
import "./chunk-WYRVO7HT.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-25BZ7EXM.js";
import "./chunk-WJWQSWAM.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-XIQFOUBC.js";
import "./chunk-RH3PQHM7.js";
import "./chunk-P5AJ53RB.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-JRDODRIK.js";
import {
  ledgerDbPath
} from "./chunk-5AD6KVJW.js";
import {
  CheckpointWitness,
  LOG_FILES,
  TransparencyLog,
  anchorInLog,
  consistencyProof,
  fileWitnessState,
  nodeTreeHasher,
  readLogConfig,
  readLogTree,
  verifyLogDir
} from "./chunk-7YTOE65D.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import "./chunk-ZRA5FVYF.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import {
  TRUST_HELP,
  TRUST_OPTIONS,
  trustFrom
} from "./chunk-ZFCKMRPV.js";
import "./chunk-K4EWXBDF.js";
import {
  ForkError,
  anchorLeafData,
  checkReceipt,
  openCheckpoint,
  verifyInclusion
} from "./chunk-RDZHSOJG.js";
import {
  parseCommandArgs,
  requirePositionals
} from "./chunk-K43WZLCU.js";
import {
  UsageError,
  emit,
  printHelp
} from "./chunk-KUQNSCDZ.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-SNYT3JXL.js";
import "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import {
  ANCHOR_RECEIPT_KIND,
  KeyError,
  LedgerStore,
  createNodeCrypto,
  hexToBytes,
  keysFor,
  loadKeyFile,
  loadOrCreateKeyFile,
  parseSeedBase64
} from "./chunk-P2CFU6IE.js";
import "./chunk-VUSAMCY7.js";
import "./chunk-OCGEL2BZ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/cli/commands/anchor.ts
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
var ANCHOR_HELP = `Usage: truss anchor <command> [options]

Anchor ledger heads in a transparency log: an append-only RFC 6962 Merkle tree in a directory, with
C2SP signed-note checkpoints. Only a head hash and its seq enter the log.

Commands:
  init LOGDIR --origin NAME --log-key FILE
                                   create an empty log (the key file is created, 0600, if missing)
  prove SESSION --db DB --log LOGDIR --log-key FILE
                                   anchor the session's head: append it, sign a checkpoint, verify the
                                   inclusion proof against it, record a signed anchor_receipt entry
  checkpoint LOGDIR --log-key FILE sign a checkpoint for the current tree (refuses to sign a fork)
  verify-log LOGDIR                recompute the tree from the leaves; check every file, every
                                   checkpoint signature and the consistency between checkpoints

Options:
  --origin NAME      (init) the log's name, e.g. example.com/truss-log (no spaces or '+')
  --log-key FILE     the log's Ed25519 seed file (same format as \`truss keygen\`); or TRUSS_LOG_KEY
  --db FILE          (prove) the ledger database (default .truss/ledger.db)
  --log LOGDIR       (prove) the log directory
  --key FILE         (prove) the session's signing key (default: TRUSS_SIGNING_KEY, then this machine's key)
  --no-record        (prove) anchor and verify, but do not append the anchor_receipt entry
  --state FILE       (verify-log) remember the latest checkpoint here and demand consistency with the
                     one remembered before: a log that rewrote history is reported as a fork (exit 1)
  --json             machine-readable output
${TRUST_HELP.replace(/a trusted public key/, "a trusted log public key").replace("trusted public keys", "trusted log keys")}
                     (verify-log: without a pinned log key an intact log is only integrity_only)

Exit codes: 0 ok/verified, 1 failed or fork, 3 unreadable input, 4 integrity_only, 64 usage`;
var OPTIONS = {
  origin: { type: "string" },
  "log-key": { type: "string" },
  db: { type: "string" },
  log: { type: "string" },
  "no-record": { type: "boolean" },
  state: { type: "string" },
  json: { type: "boolean" },
  ...TRUST_OPTIONS
};
var deps = () => ({ crypto: createNodeCrypto(), hasher: nodeTreeHasher() });
function anchor(args, io) {
  const [sub, ...rest] = args;
  if (!sub || sub === "--help" || sub === "-h" || sub === "help") return printHelp(io, ANCHOR_HELP);
  const command = `anchor ${sub}`;
  const { values, positionals } = parseCommandArgs(command, rest, OPTIONS);
  if (values.help) return printHelp(io, ANCHOR_HELP);
  try {
    switch (sub) {
      case "init": {
        const [dir] = requirePositionals(command, positionals, ["LOGDIR"]);
        return init(resolve(io.cwd, dir), values, io);
      }
      case "prove": {
        const [session] = requirePositionals(command, positionals, ["SESSION"]);
        if (!values.log) throw new UsageError("anchor prove: --log LOGDIR is required");
        return prove(session, values, io);
      }
      case "checkpoint": {
        const [dir] = requirePositionals(command, positionals, ["LOGDIR"]);
        return checkpoint(resolve(io.cwd, dir), values, io);
      }
      case "verify-log": {
        const [dir] = requirePositionals(command, positionals, ["LOGDIR"]);
        return verifyLog(resolve(io.cwd, dir), values, io);
      }
      default:
        throw new UsageError(`unknown anchor command "${sub}"; see \`truss anchor --help\``);
    }
  } catch (error) {
    if (!(error instanceof ForkError)) throw error;
    const evidence = {
      error: error.name,
      message: error.message,
      earlier: error.earlier,
      later: error.later
    };
    emit(
      io,
      Boolean(values.json),
      evidence,
      () => [
        `\u2718 ${error.message}`,
        "",
        "earlier checkpoint:",
        error.earlier.trimEnd(),
        "",
        "later checkpoint:",
        error.later.trimEnd()
      ].join("\n")
    );
    return EXIT.failed;
  }
}
function logKey(values, io, command) {
  const warn = (message) => io.stderr(`warning: ${message}
`);
  if (values["log-key"]) return loadKeyFile(resolve(io.cwd, values["log-key"]), warn);
  if (io.env.TRUSS_LOG_KEY) return parseSeedBase64(io.env.TRUSS_LOG_KEY, "TRUSS_LOG_KEY");
  throw new KeyError(
    `${command}: pass --log-key FILE (or set TRUSS_LOG_KEY); create one with \`truss keygen --out FILE\``
  );
}
function init(dir, values, io) {
  if (!values.origin)
    throw new UsageError("anchor init: --origin NAME is required (e.g. example.com/truss-log)");
  let key;
  let created = false;
  if (values["log-key"]) {
    ({ key, created } = loadOrCreateKeyFile(resolve(io.cwd, values["log-key"])));
  } else {
    key = logKey(values, io, "anchor init");
  }
  const log = TransparencyLog.create(dir, { origin: values.origin, publicKey: key.publicKey }, deps());
  const config = log.config;
  log.close();
  emit(
    io,
    Boolean(values.json),
    { dir, ...config, key_created: created },
    () => [
      `created log ${config.origin} in ${dir}`,
      created ? `created log key ${values["log-key"]} (mode 0600; keep it secret)` : null,
      `log public key ${config.public_key}`,
      `log key id     ${config.key_id}`,
      `verifier key   ${config.verifier_key}`,
      "",
      `Pin it:  echo "${config.public_key} ${config.origin}" >> .truss/trusted-keys`
    ].filter((line) => line !== null).join("\n")
  );
  return EXIT.ok;
}
function checkpoint(dir, values, io) {
  const key = logKey(values, io, "anchor checkpoint");
  const log = TransparencyLog.open(dir, deps());
  try {
    const signed = log.sign(key);
    emit(
      io,
      Boolean(values.json),
      { origin: signed.origin, size: signed.size, note: signed.note },
      () => signed.note.trimEnd()
    );
    return EXIT.ok;
  } finally {
    log.close();
  }
}
function prove(sessionId, values, io) {
  const { crypto, hasher } = deps();
  const logDir = resolve(io.cwd, values.log);
  const key = logKey(values, io, "anchor prove");
  const record = !values["no-record"];
  const store = LedgerStore.open(ledgerDbPath(io, values.db), {
    receipts: checkReceipt,
    readonly: !record,
    mustExist: true
  });
  try {
    const chain = store.verifySession(sessionId, { crypto, trusted: /* @__PURE__ */ new Map() });
    if (chain.failure) {
      io.stderr(
        `truss: refusing to anchor ${sessionId}: the chain is broken at seq ${chain.failure.seq}: ${chain.failure.message}
`
      );
      return EXIT.failed;
    }
    const signer = record ? resolveRunKey(values.key?.[0], io) : null;
    const session = store.requireSession(sessionId);
    if (signer && signer.publicKeyHex !== session.public_key) {
      throw new KeyError(
        `anchor prove: ${sessionId} is signed by ${session.pubkey_id}; pass its key with --key FILE (or --no-record)`
      );
    }
    const head = store.reviewableHeadEntry(sessionId);
    if (!head) throw new KeyError(`anchor prove: session ${sessionId} has no entries`);
    const anchored = store.entry(sessionId, head.seq);
    const receipt = anchorInLog(
      { dir: logDir, signer: key, crypto, hasher },
      { headHash: head.entry_hash, seq: head.seq }
    );
    const log = readLogConfig(logDir);
    const opened = openCheckpoint(
      receipt.checkpoint,
      { name: log.origin, publicKey: hexToBytes(log.public_key, 32) },
      crypto
    );
    verifyInclusion(
      hasher,
      receipt.leaf_index,
      opened.size,
      hasher.leaf(Buffer.from(anchorLeafData({ headHash: head.entry_hash, seq: head.seq }))),
      receipt.inclusion_proof.map((h) => Buffer.from(h, "hex")),
      opened.root
    );
    const entry = signer ? store.append(sessionId, ANCHOR_RECEIPT_KIND, receipt, signer) : null;
    const result = {
      session_id: sessionId,
      anchored_seq: head.seq,
      anchored_kind: anchored?.kind ?? null,
      anchored_head_hash: head.entry_hash,
      log_origin: receipt.log_origin,
      log_key_id: receipt.log_key_id,
      leaf_index: receipt.leaf_index,
      tree_size: opened.size,
      root: Buffer.from(opened.root).toString("hex"),
      inclusion_proof: receipt.inclusion_proof,
      checkpoint: receipt.checkpoint,
      verified: true,
      receipt_seq: entry?.seq ?? null
    };
    emit(
      io,
      Boolean(values.json),
      result,
      () => [
        `\u2714 anchored session ${sessionId}: seq ${head.seq} (${result.anchored_kind}) head ${head.entry_hash.slice(0, 16)}\u2026`,
        `  log ${receipt.log_origin}: leaf ${receipt.leaf_index} of checkpoint ${opened.size} (root ${result.root.slice(0, 16)}\u2026)`,
        `  inclusion proof: ${receipt.inclusion_proof.length} hashes, verified against the checkpoint signed by ${receipt.log_key_id}`,
        entry ? `  recorded anchor_receipt at seq ${entry.seq}; \`truss ledger verify ${sessionId}\` re-checks it` : "  --no-record: no anchor_receipt entry was appended",
        "",
        receipt.checkpoint.trimEnd()
      ].join("\n")
    );
    return EXIT.ok;
  } finally {
    store.close();
  }
}
function verifyLog(dir, values, io) {
  const { crypto, hasher } = deps();
  const { trusted, source } = trustFrom(values, io);
  const report = verifyLogDir(dir, { crypto, hasher, pinnedKeys: keysFor(trusted, "log") });
  let witness = null;
  if (values.state && report.status !== "failed" && existsSync(join(dir, LOG_FILES.checkpoint))) {
    const config = readLogConfig(dir);
    const tree = readLogTree(dir);
    const observer = new CheckpointWitness(
      { name: config.origin, publicKey: hexToBytes(config.public_key, 32) },
      { crypto, hasher },
      fileWitnessState(resolve(io.cwd, values.state))
    );
    const { previous } = observer.observe(
      readFileSync(join(dir, LOG_FILES.checkpoint), "utf8"),
      (a, b) => consistencyProof(hasher, tree, a, b)
    );
    witness = { state: values.state, previous_size: previous?.size ?? null };
  }
  const exit = report.status === "verified" ? EXIT.ok : report.status === "failed" ? EXIT.failed : EXIT.integrityOnly;
  emit(io, Boolean(values.json), { dir, trust_source: source, ...report, witness }, () => {
    const badge = { verified: "\u2714 VERIFIED", integrity_only: "\u26A0 INTEGRITY ONLY", failed: "\u2718 FAILED" }[report.status];
    const lines = [
      `${badge}  log ${report.origin}  (${report.size} leaves, root ${report.root.slice(0, 16)}\u2026)`
    ];
    if (report.failure) lines.push(`  broken: ${report.failure}`);
    lines.push(
      `  ${report.checkpoints} signed checkpoint(s), latest at size ${report.latest_checkpoint_size ?? "none"}`,
      `  log key ${report.key_id} (${report.key_pinned ? `pinned${source ? ` by ${source}` : ""}` : "NOT pinned"})`
    );
    if (witness)
      lines.push(
        `  consistent with the checkpoint remembered in ${witness.state}${witness.previous_size === null ? " (first visit: remembered now)" : ` (size ${witness.previous_size})`}`
      );
    if (report.status === "integrity_only")
      lines.push("  note: pin the log key (--key HEX or .truss/trusted-keys) to trust who signed it");
    lines.push(`exit ${exit} (${report.status})`);
    return lines.join("\n");
  });
  return exit;
}
export {
  ANCHOR_HELP,
  anchor
};
