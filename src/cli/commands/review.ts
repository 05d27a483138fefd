import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { checkReceipt } from '../../core/anchor/index.js';
import {
  createNodeCrypto,
  type HumanReviewDecision,
  LedgerStore,
  resolveSigningKey,
  rolePin,
  type TrustedKeys,
  type VerifyReport,
} from '../../core/ledger/index.js';
import { parseCommandArgs, requirePositionals } from '../args.js';
import { ledgerDbPath } from '../db-path.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, emit, groupHelp, printHelp, wantsGroupHelp } from '../io.js';
import { existingSigningKey } from '../key-path.js';
import { cliTrustedKeys } from '../repo-trusted-keys.js';
import { didYouMean, UsageError } from '../usage-error.js';

export const REVIEW_HELP = `Usage: truss review <approve|reject|needs-changes> SESSION --db DB --key FILE [options]

Records a human sign-off as a signed human_review entry, signed by YOUR key (not the session
key) and pinned to the evidence you saw: the session's current reviewable head. New evidence
appended later makes the review stale. The session must verify with its signer pinned, and the
run must be finished or suspended: a sign-off never vouches for evidence anyone could have signed.

Options:
  --db FILE          the ledger database (default .truss/ledger.db)
  --key FILE         your signing key (default: TRUSS_SIGNING_KEY)
  --note TEXT        why you decided so
  --actor LOGIN      who you are (default: your OS user name)
  --actor-id N       numeric account id, if any
  --commit SHA       the commit you reviewed
  --review-id ID     an external review id (e.g. a GitHub review id)
  --url URL          a link to the review
  --trusted-keys FILE  keys trusted to have signed the session (default: .truss/trusted-keys,
                     as the default branch has it; this machine's own signing key counts too)
  --unpinned         sign off even when the session's signer is not pinned (or the run is
                     unfinished): the review then vouches for evidence anyone could have signed
  --dry-run          print the entry that would be signed; write nothing
  --json             print the appended entry as JSON

Examples:
  truss review approve SESSION --key reviewer.key --note "read the diff; tests cover it"
  truss review reject SESSION --key reviewer.key --note "the migration is missing" --dry-run

Exit codes: 0 signed (or shown, with --dry-run), 1 refused (the chain is broken, or its signer is not
pinned: see --unpinned), 3 bad input (unknown session, unreadable key), 64 usage`;

const DECISIONS: Record<string, HumanReviewDecision> = {
  approve: 'approved',
  reject: 'rejected',
  'needs-changes': 'needs_changes',
};

export function review(args: string[], io: CliIo): number {
  const [action, ...rest] = args;
  if (wantsGroupHelp(action)) return groupHelp(io, action, REVIEW_HELP);
  const decision = Object.hasOwn(DECISIONS, action) ? DECISIONS[action] : undefined;
  if (!decision)
    throw new UsageError(
      `review: unknown decision "${action}"${didYouMean(String(action), Object.keys(DECISIONS))}; use approve, reject or needs-changes`,
    );
  const { values, positionals } = parseCommandArgs(`review ${action}`, rest, {
    db: { type: 'string' },
    key: { type: 'string' },
    note: { type: 'string' },
    actor: { type: 'string' },
    'actor-id': { type: 'string' },
    commit: { type: 'string' },
    'review-id': { type: 'string' },
    url: { type: 'string' },
    'dry-run': { type: 'boolean' },
    json: { type: 'boolean' },
    'trusted-keys': { type: 'string' },
    unpinned: { type: 'boolean' },
  });
  if (values.help) return printHelp(io, REVIEW_HELP);
  const [sessionId] = requirePositionals(`review ${action}`, positionals, ['SESSION']) as [string];
  const actorId = values['actor-id'];
  if (actorId !== undefined && !/^\d+$/.test(actorId))
    throw new UsageError('review: --actor-id must be a number');
  const reviewer = resolveSigningKey({
    keyFile: values.key,
    env: io.env,
    onWarning: (m) => io.stderr(`warning: ${m}\n`),
    // Your own key, not the per-install run key (docs/cli.md, `truss review`).
    suggestedFile: '~/.config/truss/review.key',
  });
  const dryRun = Boolean(values['dry-run']);
  const store = LedgerStore.open(ledgerDbPath(io, values.db), {
    receipts: checkReceipt,
    readonly: dryRun,
    mustExist: true,
  });
  try {
    const crypto = createNodeCrypto();
    // Integrity first, with no pins: every hash, signature, child anchor and the ending are checked
    // whoever signed. (With pins, a signer outside them stops the check before the children.)
    const integrity = store.verifySession(sessionId, { crypto, trusted: new Map() });
    if (integrity.failure) {
      io.stderr(
        `refusing to sign off: the chain is broken at seq ${integrity.failure.seq}: ${integrity.failure.message}\n`,
      );
      return EXIT.failed;
    }
    const pinned = store.verifySession(sessionId, { crypto, trusted: reviewTrust(io, values) });
    const doubts = evidenceDoubts(integrity, pinned);
    if (doubts.length > 0) {
      if (!values.unpinned) {
        io.stderr(
          `refusing to sign off on ${sessionId}: ${doubts.join('; ')}. Pin the signer in .truss/trusted-keys (or pass --trusted-keys FILE), or pass --unpinned to sign off on it anyway.\n`,
        );
        return EXIT.failed;
      }
      io.stderr(`warning: signing off anyway (--unpinned): ${doubts.join('; ')}\n`);
    }
    const payload = {
      decision,
      note: values.note ?? '',
      actor: {
        login: values.actor ?? userInfo().username,
        id: actorId === undefined ? null : Number(actorId),
      },
      source: {
        review_id: values['review-id'] ?? null,
        commit_sha: values.commit ?? null,
        url: values.url ?? null,
      },
    };
    if (dryRun) {
      const preview = {
        ...payload,
        attested_head_hash: store.reviewableHead(sessionId),
        reviewer_key_id: reviewer.keyId,
      };
      emit(
        io,
        Boolean(values.json),
        { dry_run: true, kind: 'human_review', payload: preview },
        () =>
          `dry run: would append human_review (${decision}) to ${sessionId}, attesting head ${preview.attested_head_hash}, signed by ${reviewer.keyId}`,
      );
      return EXIT.ok;
    }
    const entry = store.appendHumanReview(sessionId, reviewer, payload);
    emit(
      io,
      Boolean(values.json),
      entry,
      () =>
        `recorded ${decision} at seq ${entry.seq} (${entry.entry_hash.slice(0, 16)}…), attesting head ${entry.payload.attested_head_hash.slice(0, 16)}…, signed by ${reviewer.keyId}`,
    );
    return EXIT.ok;
  } finally {
    store.close();
  }
}

/**
 * Who may have signed the evidence a reviewer signs off on: the pinned keys (the working copy's
 * `.truss/trusted-keys` as the default branch has it, or --trusted-keys), plus this machine's own
 * signing key, which signs the runs made here.
 */
function reviewTrust(io: CliIo, values: { 'trusted-keys'?: string | undefined }): TrustedKeys {
  const { trusted } = cliTrustedKeys(io, {
    file: values['trusted-keys'] ? resolve(io.cwd, values['trusted-keys']) : undefined,
    cwd: io.cwd,
  });
  const key = existingSigningKey(io, undefined);
  const pins = new Map(trusted);
  if (key && !pins.has(key.publicKeyHex))
    pins.set(key.publicKeyHex, rolePin("this machine's signing key", ['signer']));
  return pins;
}

/**
 * Why the evidence itself is not established: its signer is not pinned, the run is unfinished (its
 * tail may have been cut), or a child run it rests on does not verify with a pinned key. Other
 * people's unpinned sign-offs in the chain are their opinions, not evidence, and do not count.
 */
function evidenceDoubts(integrity: VerifyReport, pinned: VerifyReport): string[] {
  const doubts: string[] = [];
  if (!pinned.key_pinned)
    doubts.push(
      `the session is signed by ${pinned.key_id}, which no trusted key pins, so anyone could have signed this evidence`,
    );
  if (integrity.status === 'incomplete') doubts.push(...integrity.notes);
  for (const child of pinned.children)
    if (child.status !== 'verified') doubts.push(`child session ${child.session_id} is ${child.status}`);
  return doubts;
}
