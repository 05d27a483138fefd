import { checkReceipt } from '../../core/anchor/index.js';
import {
  contractSummary,
  createNodeCrypto,
  exportBundleToFile,
  type LedgerEntry,
  LedgerError,
  LedgerStore,
  readKnownEntry,
  tryReadEntry,
  VERIFY_EXIT_CODES,
  writeBundle,
} from '../../core/ledger/index.js';
import { logLine } from '../../core/verify/index.js';
import { parseCommandArgs, requirePositionals } from '../args.js';
import { DEFAULT_DB, ledgerDbPath } from '../db-path.js';
import { EXIT } from '../exit-codes.js';
import { formatReport } from '../format-report.js';
import { type CliIo, emit, groupHelp, jsonText, printHelp, wantsGroupHelp } from '../io.js';
import { checkOutputPath } from '../output-path.js';
import { TRUST_HELP, TRUST_OPTIONS, trustFrom } from '../trust-options.js';
import { didYouMean, UsageError } from '../usage-error.js';

export const LEDGER_HELP = `Usage: truss ledger <command> [options]

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

Examples:
  truss ledger list
  truss ledger show SESSION                          # SESSION: an id from \`truss ledger list\`
  truss ledger get SESSION 3 --json
  truss ledger export SESSION -o bundle.json
  truss ledger verify SESSION --key HEX --db /tmp/w.db

Exit codes: 0 ok/verified, 1 failed, 3 unreadable input, 4 integrity_only, 5 incomplete, 6 suspended, 64 usage`;

const OPTIONS = {
  db: { type: 'string' },
  json: { type: 'boolean' },
  out: { type: 'string', short: 'o' },
  'dry-run': { type: 'boolean' },
  ...TRUST_OPTIONS,
} as const;

export function ledger(args: string[], io: CliIo): number {
  const [sub, ...rest] = args;
  if (wantsGroupHelp(sub)) return groupHelp(io, sub, LEDGER_HELP);
  const command = `ledger ${sub}`;
  const { values, positionals } = parseCommandArgs(command, rest, OPTIONS);
  if (values.help) return printHelp(io, LEDGER_HELP);
  const json = Boolean(values.json);
  const dbPath = values.db ?? DEFAULT_DB;
  const writes = sub === 'shred' && !values['dry-run'];
  // `verify` is what a database handed over from elsewhere gets: SQLite's integrity check first, as a
  // resume does (an index that disagrees with its table would show rows the walk did not verify).
  // `export` and `verdict` state the chain's status too, so they refuse the same files: a file `verify`
  // refused was exported as a bundle that `truss verify` passed (docs/ledger.md "One answer on every path").
  const open = () =>
    LedgerStore.open(ledgerDbPath(io, values.db), {
      receipts: checkReceipt,
      readonly: !writes,
      untrusted: sub === 'verify' || sub === 'export' || sub === 'verdict',
    });
  switch (sub) {
    case 'list':
      requirePositionals(command, positionals, []);
      return withStore(open, (store) => list(store, io, json));
    case 'show': {
      const [session] = requirePositionals(command, positionals, ['SESSION']) as [string];
      return withStore(open, (store) => show(store, session, io, json));
    }
    case 'get': {
      const [session, seqText] = requirePositionals(command, positionals, ['SESSION', 'SEQ']) as [
        string,
        string,
      ];
      if (!/^\d+$/.test(seqText)) throw new UsageError(`${command}: SEQ must be a non-negative integer`);
      return withStore(open, (store) => get(store, session, Number(seqText), io, json));
    }
    case 'verdict': {
      const [session] = requirePositionals(command, positionals, ['SESSION']) as [string];
      return withStore(open, (store) => verdict(store, session, io, json));
    }
    case 'export': {
      const [session] = requirePositionals(command, positionals, ['SESSION']) as [string];
      return withStore(open, (store) => exportSession(store, session, values.out, io));
    }
    case 'verify': {
      const [session] = requirePositionals(command, positionals, ['SESSION']) as [string];
      const { trusted, source } = trustFrom(values, io);
      return withStore(open, (store) => {
        const report = store.verifySession(session, { crypto: createNodeCrypto(), trusted });
        emit(io, json, { db: dbPath, trust_source: source, ...report }, () => formatReport(report, source));
        return VERIFY_EXIT_CODES[report.status];
      });
    }
    case 'shred': {
      const [hash] = requirePositionals(command, positionals, ['BLOB_HASH']) as [string];
      return withStore(open, (store) => shred(store, hash, Boolean(values['dry-run']), io, json));
    }
    default:
      throw new UsageError(
        `unknown ledger command "${sub}"${didYouMean(String(sub), ['list', 'show', 'get', 'verdict', 'export', 'verify', 'shred'])}`,
      );
  }
}

function withStore(open: () => LedgerStore, fn: (store: LedgerStore) => number): number {
  const store = open();
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

function list(store: LedgerStore, io: CliIo, json: boolean): number {
  const sessions = store.sessions();
  emit(io, json, sessions, () => {
    if (sessions.length === 0) return `no sessions in ${store.path}`;
    const rows = sessions.map(
      (s) =>
        `${s.id}  ${s.status.padEnd(9)}  ${String(s.entries).padStart(6)}  ${new Date(s.updated_at).toISOString()}  ${s.pubkey_id}`,
    );
    return [
      `${'session'.padEnd(sessions[0]?.id.length ?? 7)}  status     entries  updated                   key`,
      ...rows,
    ].join('\n');
  });
  return EXIT.ok;
}

function show(store: LedgerStore, sessionId: string, io: CliIo, json: boolean): number {
  const session = store.requireSession(sessionId);
  if (json) {
    io.stdout(`${jsonText({ session, entries: [...store.entries(sessionId)] })}\n`);
    return EXIT.ok;
  }
  io.stdout(
    `session ${session.id}  ${session.status}  ${session.entries} entries  signed by ${session.pubkey_id}\n`,
  );
  io.stdout(`  seq  kind              hash          summary\n`);
  for (const entry of store.entries(sessionId)) {
    io.stdout(
      `${String(entry.seq).padStart(5)}  ${entry.kind.padEnd(16)}  ${entry.entry_hash.slice(0, 12)}  ${logLine(summarize(entry))}\n`,
    );
  }
  return EXIT.ok;
}

/** One line a person can scan; the payload itself is one `truss ledger get` away. */
export function summarize(entry: LedgerEntry): string {
  // Entries are read as their kind (entry-kinds.ts): a payload that does not fit is never printed as
  // what it looks like (docs/ledger.md "Human sign-off": not a decision, not a verdict).
  const known = readKnownEntry(entry);
  if (known && 'error' in known) {
    return entry.kind === 'human_review' ? `MALFORMED review: ${known.error}` : `MALFORMED: ${known.error}`;
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  switch (known?.kind) {
    case 'run_started': {
      // A resolved contract nests its identity under `contract`; older shapes carry it at the top.
      const outer = contractSummary(known.payload.contract);
      const contract = outer.contract ?? outer;
      return `contract ${contract.id ?? '?'}${contract.title ? `: ${contract.title}` : ''}`;
    }
    case 'check_result':
      return `${known.payload.met ? 'met' : 'NOT met'}  ${known.payload.desc ?? ''}`;
    case 'review_vote':
      // Seats are stored from 0 and shown from 1, as `truss run` and the report show them.
      return `seat ${known.payload.seat + 1} (${text(known.payload.lens)}) voted ${known.payload.vote}`;
    case 'verdict':
      return `overall ${known.payload.overall.toUpperCase()}`;
    case 'human_review':
      return `${known.payload.decision} by ${text(known.payload.actor?.login ?? '?')}`;
    default: {
      const compact = JSON.stringify(entry.payload);
      return compact.length > 72 ? `${compact.slice(0, 71)}…` : compact;
    }
  }
}

function get(store: LedgerStore, sessionId: string, seq: number, io: CliIo, json: boolean): number {
  store.requireSession(sessionId);
  const entry = store.entry(sessionId, seq);
  if (!entry) {
    const info = store.requireSession(sessionId);
    throw new LedgerError(
      'no_entry',
      `ledger get: session ${sessionId} has no entry ${seq} (its entries are 0..${info.entries - 1}); list them with \`truss ledger show ${sessionId} --db ${store.path}\``,
    );
  }
  emit(io, json, entry, () => jsonText(entry));
  return EXIT.ok;
}

/**
 * A session's signed verdict with the chain's state and its human reviews, as `truss ledger verdict
 * --json` prints it and `truss mcp serve`'s `truss_ledger_verdict` answers it.
 */
export function verdictView(store: LedgerStore, sessionId: string) {
  const session = store.requireSession(sessionId);
  const report = store.verifySession(sessionId, { crypto: createNodeCrypto(), trusted: new Map() });
  let signed: LedgerEntry | undefined;
  for (const entry of store.entries(sessionId)) if (entry.kind === 'verdict') signed = entry;
  // The verdict is read as its kind (entry-kinds.ts): one that does not fit is no verdict, and fails.
  const read = signed && tryReadEntry(signed, 'verdict');
  const malformed = read && 'error' in read ? `seq ${signed?.seq}: ${read.error}` : null;
  const result = {
    session_id: sessionId,
    session_status: session.status,
    chain: report.failure ? 'broken' : 'intact',
    chain_failure: report.failure,
    verdict:
      signed && read && 'payload' in read
        ? { seq: signed.seq, entry_hash: signed.entry_hash, ...read.payload }
        : null,
    ...(malformed ? { verdict_error: malformed } : {}),
    human_reviews: report.reviews,
    head_hash: report.head_hash,
    public_key: session.public_key,
  };
  return { session, report, malformed, result };
}

function verdict(store: LedgerStore, sessionId: string, io: CliIo, json: boolean): number {
  const { session, report, malformed, result } = verdictView(store, sessionId);
  emit(io, json, result, () => {
    const lines = [
      `session ${sessionId} (${session.status})`,
      result.verdict
        ? `verdict ${result.verdict.overall.toUpperCase()} (seq ${result.verdict.seq}, ${result.verdict.entry_hash.slice(0, 16)}…)`
        : malformed
          ? `verdict MALFORMED (${malformed}): not a verdict`
          : 'no verdict recorded',
      `chain ${result.chain}${report.failure ? `: ${report.failure.message}` : ''} (pin a key with \`truss ledger verify\` to check the signer)`,
    ];
    for (const review of report.reviews) {
      lines.push(
        `human review: ${review.decision}${review.stale ? ' (STALE)' : ''} by ${review.actor?.login ?? '?'}`,
      );
    }
    return lines.join('\n');
  });
  return report.failure || malformed ? EXIT.failed : EXIT.ok;
}

function exportSession(store: LedgerStore, sessionId: string, out: string | undefined, io: CliIo): number {
  const session = store.requireSession(sessionId);
  if (!out || out === '-') {
    writeBundle(store, sessionId, createNodeCrypto(), (chunk) => io.stdout(chunk));
    return EXIT.ok;
  }
  checkOutputPath(out, '-o', { workdir: io.cwd, flag: '-o' });
  exportBundleToFile(store, sessionId, createNodeCrypto(), out);
  io.stderr(
    `exported session ${sessionId} (${session.entries} entries) to ${out}\nverify it with: truss verify ${out} --key ${session.public_key}\n`,
  );
  return EXIT.ok;
}

function shred(store: LedgerStore, hash: string, dryRun: boolean, io: CliIo, json: boolean): number {
  const blob = store.blob(hash);
  if (!blob)
    throw new LedgerError(
      'no_blob',
      `ledger shred: no blob ${hash} in ${store.path}; blob hashes are the *_sha256 fields of entries (\`truss ledger get SESSION SEQ\`)`,
    );
  const alreadyShredded = blob.bytes === null;
  const shredded = !dryRun && !alreadyShredded && store.shredBlob(hash);
  const result = {
    blob: hash,
    size: blob.size,
    dry_run: dryRun,
    already_shredded: alreadyShredded,
    shredded,
  };
  emit(io, json, result, () =>
    alreadyShredded
      ? `blob ${hash} was already shredded`
      : dryRun
        ? `would erase ${blob.size} bytes of blob ${hash} (dry run)`
        : `erased ${blob.size} bytes of blob ${hash}; entries keep its hash, the chain still verifies`,
  );
  return EXIT.ok;
}
