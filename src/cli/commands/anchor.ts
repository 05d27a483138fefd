import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  anchorInLog,
  anchorLeafData,
  CheckpointWitness,
  checkLogDir,
  checkReceipt,
  consistencyProof,
  ForkError,
  fileWitnessState,
  LOG_FILES,
  nodeTreeHasher,
  openCheckpoint,
  readLogConfig,
  TransparencyLog,
  UncheckedCheckpointError,
  verifyInclusion,
} from '../../core/anchor/index.js';
import {
  ANCHOR_RECEIPT_KIND,
  createNodeCrypto,
  hexToBytes,
  KeyError,
  keysFor,
  LedgerStore,
  loadKeyFile,
  loadOrCreateKeyFile,
  parseSeedBase64,
  type SigningKey,
} from '../../core/ledger/index.js';
import { parseCommandArgs, requirePositionals } from '../args.js';
import { ledgerDbPath } from '../db-path.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, emit, groupHelp, printHelp, wantsGroupHelp } from '../io.js';
import { resolveRunKey } from '../run-output.js';
import { TRUST_HELP, TRUST_OPTIONS, trustFrom } from '../trust-options.js';
import { didYouMean, UsageError } from '../usage-error.js';

export const ANCHOR_HELP = `Usage: truss anchor <command> [options]

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
${TRUST_HELP.replace(/a trusted public key/, 'a trusted log public key').replace('trusted public keys', 'trusted log keys')}
                     (verify-log: without a pinned log key an intact log is only integrity_only)

Examples:
  truss anchor init translog --origin example.com/truss-log --log-key log.key
  truss anchor prove SESSION --log translog --log-key log.key
  truss anchor verify-log translog --key HEX --state translog-state.json

Exit codes: 0 ok/verified, 1 failed or fork, 3 unreadable input, 4 integrity_only, 64 usage`;

const OPTIONS = {
  origin: { type: 'string' },
  'log-key': { type: 'string' },
  db: { type: 'string' },
  log: { type: 'string' },
  'no-record': { type: 'boolean' },
  state: { type: 'string' },
  json: { type: 'boolean' },
  ...TRUST_OPTIONS,
} as const;

type Values = ReturnType<typeof parseCommandArgs<typeof OPTIONS>>['values'];

const deps = () => ({ crypto: createNodeCrypto(), hasher: nodeTreeHasher() });

export function anchor(args: string[], io: CliIo): number {
  const [sub, ...rest] = args;
  if (wantsGroupHelp(sub)) return groupHelp(io, sub, ANCHOR_HELP);
  const command = `anchor ${sub}`;
  const { values, positionals } = parseCommandArgs(command, rest, OPTIONS);
  if (values.help) return printHelp(io, ANCHOR_HELP);
  try {
    switch (sub) {
      case 'init': {
        const [dir] = requirePositionals(command, positionals, ['LOGDIR']) as [string];
        return init(resolve(io.cwd, dir), values, io);
      }
      case 'prove': {
        const [session] = requirePositionals(command, positionals, ['SESSION']) as [string];
        if (!values.log) throw new UsageError('anchor prove: --log LOGDIR is required');
        return prove(session, values, io);
      }
      case 'checkpoint': {
        const [dir] = requirePositionals(command, positionals, ['LOGDIR']) as [string];
        return checkpoint(resolve(io.cwd, dir), values, io);
      }
      case 'verify-log': {
        const [dir] = requirePositionals(command, positionals, ['LOGDIR']) as [string];
        return verifyLog(resolve(io.cwd, dir), values, io);
      }
      default:
        throw new UsageError(
          `unknown anchor command "${sub}"${didYouMean(String(sub), ['init', 'prove', 'checkpoint', 'verify-log'])}`,
        );
    }
  } catch (error) {
    if (!(error instanceof ForkError || error instanceof UncheckedCheckpointError)) throw error;
    // A fork, or checkpoints that cannot be compared, is a security finding, not an input error:
    // print both signed notes as the evidence.
    const evidence = {
      error: error.name,
      message: error.message,
      earlier: error.earlier,
      later: error.later,
    };
    emit(io, Boolean(values.json), evidence, () =>
      [
        `✘ ${error.message}`,
        '',
        'earlier checkpoint:',
        error.earlier.trimEnd(),
        '',
        'later checkpoint:',
        error.later.trimEnd(),
      ].join('\n'),
    );
    return EXIT.failed;
  }
}

/** The log key: --log-key FILE, else TRUSS_LOG_KEY (base64 seed). */
function logKey(values: Values, io: CliIo, command: string): SigningKey {
  const warn = (message: string) => io.stderr(`warning: ${message}\n`);
  if (values['log-key']) return loadKeyFile(resolve(io.cwd, values['log-key']), warn);
  if (io.env.TRUSS_LOG_KEY) return parseSeedBase64(io.env.TRUSS_LOG_KEY, 'TRUSS_LOG_KEY');
  throw new KeyError(
    `${command}: pass --log-key FILE (or set TRUSS_LOG_KEY); create one with \`truss keygen --out FILE\``,
  );
}

function init(dir: string, values: Values, io: CliIo): number {
  if (!values.origin)
    throw new UsageError('anchor init: --origin NAME is required (e.g. example.com/truss-log)');
  let key: SigningKey;
  let created = false;
  if (values['log-key']) {
    ({ key, created } = loadOrCreateKeyFile(resolve(io.cwd, values['log-key'])));
  } else {
    key = logKey(values, io, 'anchor init');
  }
  const log = TransparencyLog.create(dir, { origin: values.origin, publicKey: key.publicKey }, deps());
  const config = log.config;
  log.close();
  emit(io, Boolean(values.json), { dir, ...config, key_created: created }, () =>
    [
      `created log ${config.origin} in ${dir}`,
      created ? `created log key ${values['log-key']} (mode 0600; keep it secret)` : null,
      `log public key ${config.public_key}`,
      `log key id     ${config.key_id}`,
      `verifier key   ${config.verifier_key}`,
      '',
      // With its role: an untagged line pins signer and reviewer, never log (docs/ledger.md).
      `Pin it:  mkdir -p .truss && echo "${config.public_key} roles=log ${config.origin}" >> .truss/trusted-keys`,
    ]
      .filter((line) => line !== null)
      .join('\n'),
  );
  return EXIT.ok;
}

function checkpoint(dir: string, values: Values, io: CliIo): number {
  const key = logKey(values, io, 'anchor checkpoint');
  const log = TransparencyLog.open(dir, deps());
  try {
    const signed = log.sign(key);
    emit(io, Boolean(values.json), { origin: signed.origin, size: signed.size, note: signed.note }, () =>
      signed.note.trimEnd(),
    );
    return EXIT.ok;
  } finally {
    log.close();
  }
}

function prove(sessionId: string, values: Values, io: CliIo): number {
  const { crypto, hasher } = deps();
  const logDir = resolve(io.cwd, values.log as string);
  const key = logKey(values, io, 'anchor prove');
  const record = !values['no-record'];
  const store = LedgerStore.open(ledgerDbPath(io, values.db), {
    receipts: checkReceipt,
    readonly: !record,
    mustExist: true,
  });
  try {
    const chain = store.verifySession(sessionId, { crypto, trusted: new Map() });
    if (chain.failure) {
      io.stderr(
        `truss: refusing to anchor ${sessionId}: the chain is broken at seq ${chain.failure.seq}: ${chain.failure.message}\n`,
      );
      return EXIT.failed;
    }
    const signer = record ? resolveRunKey(values.key?.[0], io) : null;
    const session = store.requireSession(sessionId);
    if (signer && signer.publicKeyHex !== session.public_key) {
      throw new KeyError(
        `anchor prove: ${sessionId} is signed by ${session.pubkey_id}; pass its key with --key FILE (or --no-record)`,
      );
    }
    const head = store.reviewableHeadEntry(sessionId);
    if (!head) throw new KeyError(`anchor prove: session ${sessionId} has no entries`);
    const anchored = store.entry(sessionId, head.seq);
    const receipt = anchorInLog(
      { dir: logDir, signer: key, crypto, hasher },
      { headHash: head.entry_hash, seq: head.seq },
    );
    // Verify again from what a third party gets: the receipt's note and proof, against the log key.
    const log = readLogConfig(logDir, crypto.sha256);
    const opened = openCheckpoint(
      receipt.checkpoint,
      { name: log.origin, publicKey: hexToBytes(log.public_key, 32) as Uint8Array },
      crypto,
    );
    verifyInclusion(
      hasher,
      receipt.leaf_index,
      opened.size,
      hasher.leaf(Buffer.from(anchorLeafData({ headHash: head.entry_hash, seq: head.seq }))),
      receipt.inclusion_proof.map((h) => Buffer.from(h, 'hex')),
      opened.root,
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
      root: Buffer.from(opened.root).toString('hex'),
      inclusion_proof: receipt.inclusion_proof,
      checkpoint: receipt.checkpoint,
      verified: true,
      receipt_seq: entry?.seq ?? null,
    };
    emit(io, Boolean(values.json), result, () =>
      [
        `✔ anchored session ${sessionId}: seq ${head.seq} (${result.anchored_kind}) head ${head.entry_hash.slice(0, 16)}…`,
        `  log ${receipt.log_origin}: leaf ${receipt.leaf_index} of checkpoint ${opened.size} (root ${result.root.slice(0, 16)}…)`,
        `  inclusion proof: ${receipt.inclusion_proof.length} hashes, verified against the checkpoint signed by ${receipt.log_key_id}`,
        entry
          ? `  recorded anchor_receipt at seq ${entry.seq}; \`truss ledger verify ${sessionId}\` re-checks it`
          : '  --no-record: no anchor_receipt entry was appended',
        '',
        receipt.checkpoint.trimEnd(),
      ].join('\n'),
    );
    return EXIT.ok;
  } finally {
    store.close();
  }
}

function verifyLog(dir: string, values: Values, io: CliIo): number {
  const { crypto, hasher } = deps();
  const { trusted, source } = trustFrom(values, io);
  const { report, tree } = checkLogDir(dir, { crypto, hasher, pinnedKeys: keysFor(trusted, 'log') });
  let witness: { state: string; previous_size: number | null } | null = null;
  if (values.state && report.status !== 'failed' && existsSync(join(dir, LOG_FILES.checkpoint))) {
    const config = readLogConfig(dir, crypto.sha256);
    // Proofs from the tree recomputed from the leaves: a copy kept on a git branch has no tree/ files.
    const observer = new CheckpointWitness(
      { name: config.origin, publicKey: hexToBytes(config.public_key, 32) as Uint8Array },
      { crypto, hasher },
      fileWitnessState(resolve(io.cwd, values.state)),
    );
    const { previous } = observer.observe(readFileSync(join(dir, LOG_FILES.checkpoint), 'utf8'), (a, b) =>
      consistencyProof(hasher, tree, a, b),
    );
    witness = { state: values.state, previous_size: previous?.size ?? null };
  }
  const exit =
    report.status === 'verified' ? EXIT.ok : report.status === 'failed' ? EXIT.failed : EXIT.integrityOnly;
  emit(io, Boolean(values.json), { dir, trust_source: source, ...report, witness }, () => {
    const badge = { verified: '✔ VERIFIED', integrity_only: '⚠ INTEGRITY ONLY', failed: '✘ FAILED' }[
      report.status
    ];
    const lines = [
      `${badge}  log ${report.origin}  (${report.size} leaves, root ${report.root.slice(0, 16)}…)`,
    ];
    if (report.failure) lines.push(`  broken: ${report.failure}`);
    lines.push(
      `  ${report.checkpoints} signed checkpoint(s), latest at size ${report.latest_checkpoint_size ?? 'none'}`,
      `  log key ${report.key_id} (${report.key_pinned ? `pinned${source ? ` by ${source}` : ''}` : 'NOT pinned'})`,
    );
    if (witness)
      lines.push(
        `  consistent with the checkpoint remembered in ${witness.state}${witness.previous_size === null ? ' (first visit: remembered now)' : ` (size ${witness.previous_size})`}`,
      );
    if (report.status === 'integrity_only')
      lines.push('  note: pin the log key (--key HEX or .truss/trusted-keys) to trust who signed it');
    lines.push(`exit ${exit} (${report.status})`);
    return lines.join('\n');
  });
  return exit;
}
