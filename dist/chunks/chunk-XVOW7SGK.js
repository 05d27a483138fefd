#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  formatReport
} from "./chunk-G2KICODU.js";
import {
  DEFAULT_DB,
  ledgerDbPath
} from "./chunk-5AD6KVJW.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import {
  checkOutputPath
} from "./chunk-YFM4MSV3.js";
import {
  TRUST_HELP,
  TRUST_OPTIONS,
  trustFrom
} from "./chunk-ZFCKMRPV.js";
import {
  checkReceipt
} from "./chunk-RDZHSOJG.js";
import {
  parseCommandArgs,
  requirePositionals
} from "./chunk-K43WZLCU.js";
import {
  UsageError,
  emit,
  jsonText,
  printHelp
} from "./chunk-KUQNSCDZ.js";
import {
  logLine
} from "./chunk-SNYT3JXL.js";
import {
  LedgerError,
  LedgerStore,
  VERIFY_EXIT_CODES,
  contractSummary,
  createNodeCrypto,
  exportBundleToFile,
  readKnownEntry,
  tryReadEntry,
  writeBundle
} from "./chunk-P2CFU6IE.js";

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

Exit codes: 0 ok/verified, 1 failed, 3 unreadable input, 4 integrity_only, 5 incomplete, 6 suspended, 64 usage`;
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
  const open = () => LedgerStore.open(ledgerDbPath(io, values.db), {
    receipts: checkReceipt,
    readonly: !writes,
    untrusted: sub === "verify"
  });
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
        const report = store.verifySession(session, { crypto: createNodeCrypto(), trusted });
        emit(io, json, { db: dbPath, trust_source: source, ...report }, () => formatReport(report, source));
        return VERIFY_EXIT_CODES[report.status];
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
    io.stdout(`${jsonText({ session, entries: [...store.entries(sessionId)] })}
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
      `${String(entry.seq).padStart(5)}  ${entry.kind.padEnd(16)}  ${entry.entry_hash.slice(0, 12)}  ${logLine(summarize(entry))}
`
    );
  }
  return EXIT.ok;
}
function summarize(entry) {
  const known = readKnownEntry(entry);
  if (known && "error" in known) {
    return entry.kind === "human_review" ? `MALFORMED review: ${known.error}` : `MALFORMED: ${known.error}`;
  }
  const text = (value) => typeof value === "string" ? value : JSON.stringify(value);
  switch (known?.kind) {
    case "run_started": {
      const outer = contractSummary(known.payload.contract);
      const contract = outer.contract ?? outer;
      return `contract ${contract.id ?? "?"}${contract.title ? `: ${contract.title}` : ""}`;
    }
    case "check_result":
      return `${known.payload.met ? "met" : "NOT met"}  ${known.payload.desc ?? ""}`;
    case "review_vote":
      return `seat ${known.payload.seat} (${text(known.payload.lens)}) voted ${known.payload.vote}`;
    case "verdict":
      return `overall ${known.payload.overall.toUpperCase()}`;
    case "human_review":
      return `${known.payload.decision} by ${text(known.payload.actor?.login ?? "?")}`;
    default: {
      const compact = JSON.stringify(entry.payload);
      return compact.length > 72 ? `${compact.slice(0, 71)}\u2026` : compact;
    }
  }
}
function get(store, sessionId, seq, io, json) {
  store.requireSession(sessionId);
  const entry = store.entry(sessionId, seq);
  if (!entry) {
    const info = store.requireSession(sessionId);
    throw new LedgerError(
      "no_entry",
      `ledger get: session ${sessionId} has no entry ${seq} (its entries are 0..${info.entries - 1}); list them with \`truss ledger show ${sessionId} --db ${store.path}\``
    );
  }
  emit(io, json, entry, () => jsonText(entry));
  return EXIT.ok;
}
function verdictView(store, sessionId) {
  const session = store.requireSession(sessionId);
  const report = store.verifySession(sessionId, { crypto: createNodeCrypto(), trusted: /* @__PURE__ */ new Map() });
  let signed;
  for (const entry of store.entries(sessionId)) if (entry.kind === "verdict") signed = entry;
  const read = signed && tryReadEntry(signed, "verdict");
  const malformed = read && "error" in read ? `seq ${signed?.seq}: ${read.error}` : null;
  const result = {
    session_id: sessionId,
    session_status: session.status,
    chain: report.failure ? "broken" : "intact",
    chain_failure: report.failure,
    verdict: signed && read && "payload" in read ? { seq: signed.seq, entry_hash: signed.entry_hash, ...read.payload } : null,
    ...malformed ? { verdict_error: malformed } : {},
    human_reviews: report.reviews,
    head_hash: report.head_hash,
    public_key: session.public_key
  };
  return { session, report, malformed, result };
}
function verdict(store, sessionId, io, json) {
  const { session, report, malformed, result } = verdictView(store, sessionId);
  emit(io, json, result, () => {
    const lines = [
      `session ${sessionId} (${session.status})`,
      result.verdict ? `verdict ${result.verdict.overall.toUpperCase()} (seq ${result.verdict.seq}, ${result.verdict.entry_hash.slice(0, 16)}\u2026)` : malformed ? `verdict MALFORMED (${malformed}): not a verdict` : "no verdict recorded",
      `chain ${result.chain}${report.failure ? `: ${report.failure.message}` : ""} (pin a key with \`truss ledger verify\` to check the signer)`
    ];
    for (const review of report.reviews) {
      lines.push(
        `human review: ${review.decision}${review.stale ? " (STALE)" : ""} by ${review.actor?.login ?? "?"}`
      );
    }
    return lines.join("\n");
  });
  return report.failure || malformed ? EXIT.failed : EXIT.ok;
}
function exportSession(store, sessionId, out, io) {
  const session = store.requireSession(sessionId);
  if (!out || out === "-") {
    writeBundle(store, sessionId, createNodeCrypto(), (chunk) => io.stdout(chunk));
    return EXIT.ok;
  }
  checkOutputPath(out, "-o", { workdir: io.cwd, flag: "-o" });
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
  if (!blob)
    throw new LedgerError(
      "no_blob",
      `ledger shred: no blob ${hash} in ${store.path}; blob hashes are the *_sha256 fields of entries (\`truss ledger get SESSION SEQ\`)`
    );
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

export {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
};
