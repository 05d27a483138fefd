import { type ChainResult, ChainVerifier, type DecodedEntry } from './chain-verifier.js';
import type { SignaturesDigest, SignedCheckpoint } from './checkpoint.js';
import { bytesEqual, hexToBytes } from './encoding.js';
import { seqProblem } from './entry-seq.js';
import { LedgerError } from './errors.js';
import { keyIdFromPublicKey } from './key-id.js';
import type { LedgerCrypto } from './ledger-crypto.js';
import { signedCheckpoint, withCheckpointTail } from './store-checkpoint.js';
import { decodeRow, exportedEntry, overflowingPayload, respelledPayload } from './store-rows.js';
import { findSession, requireSession } from './store-sessions.js';
import type { JournalRow, StoreContext } from './store-statements.js';
import type { TrustedKeys } from './trusted-keys.js';
import { buildReport, type VerifyReport } from './verify-report.js';

/** Receives each row of a chain walk; `decoded` is set when the row passed decodeRow. */
type RowHandler = (row: JournalRow, decoded: DecodedEntry | undefined) => void;

/**
 * Walks a stored session through the same ChainVerifier as bundles, after checking that
 * `sessions.public_key` is a key and `pubkey_id` its fingerprint.
 *
 * `decoded` is the row's DecodedEntry when it passed decodeRow (32/32/64-byte hashes, canonical
 * payload text), else undefined; with `decodeAll`, rows after a chain failure are decoded too so
 * that stays known for every row. With `resume.checkpoint`, entries up to it skip the signature
 * check (and the canonical-text check: their text is what the key holder hashed, as the chain
 * reaching the checkpoint proves) and `checkpointReached` says whether the chain reached the
 * checkpoint's hash and signatures digest; the caller must discard the walk when it did not.
 */
export function walkChain(
  ctx: StoreContext,
  sessionId: string,
  crypto: LedgerCrypto,
  onRow: RowHandler | undefined,
  decodeAll: boolean,
  resume: { checkpoint?: SignedCheckpoint; signatures?: SignaturesDigest } = {},
): { chain: ChainResult; checkpointReached: boolean } {
  const { checkpoint, signatures } = resume;
  let checkpointReached = false;
  const session = requireSession(ctx, sessionId);
  const publicKey = hexToBytes(session.public_key, 32);
  const verifier = new ChainVerifier(crypto, publicKey ?? new Uint8Array(32), ctx.receipts);
  if (!publicKey) {
    verifier.fail(
      null,
      'key_mismatch',
      `sessions.public_key of ${sessionId} is not a 32-byte Ed25519 public key`,
    );
  } else if (keyIdFromPublicKey(publicKey, crypto.sha256) !== session.pubkey_id) {
    verifier.fail(
      null,
      'key_mismatch',
      `sessions.pubkey_id ${session.pubkey_id} is not the fingerprint of sessions.public_key`,
    );
  }
  let position = 0;
  for (const [seq, kind, payload, prev_hash, entry_hash, signature] of ctx.stmts.entryTuples.iterate(
    sessionId,
  )) {
    const row: JournalRow = { seq, kind, payload, prev_hash, entry_hash, signature };
    const attested = checkpoint !== undefined && typeof row.seq === 'number' && row.seq <= checkpoint.seq;
    const decoded = verifier.failed && !decodeAll ? undefined : decodeRow(row, position, !attested);
    position++;
    if (decoded && !verifier.failed) {
      // At the row's position, the seq it should have: what a bundle verifier names for its export.
      if ('error' in decoded) verifier.fail(position - 1, decoded.code, decoded.error);
      else verifier.push(decoded, attested);
    }
    if (signatures && Buffer.isBuffer(row.signature)) signatures.update(row.signature);
    if (checkpoint && row.seq === checkpoint.seq && !verifier.failed) {
      checkpointReached =
        signatures !== undefined &&
        signatures.count === checkpoint.seq + 1 &&
        bytesEqual(row.entry_hash, checkpoint.entryHash) &&
        signatures.matches(checkpoint.signaturesDigest);
    }
    onRow?.(row, decoded !== undefined && !('error' in decoded) ? decoded : undefined);
  }
  return { chain: verifier.finish(), checkpointReached };
}

/**
 * Verifies the chain and hands each entry over as its JSON text (the fields of LedgerEntry in
 * order). A row that decoded cleanly has canonical payload text, which is spliced in as it is
 * instead of being parsed and serialised again; any other row goes through toLedgerEntry, which
 * carries it as stored (a bad seq, a hash of the wrong length, a payload that is not an object), so
 * a bundle verifier fails it at the same seq as `truss ledger verify`. A payload whose stored JSON is
 * spelled otherwise than its canonical form cannot be carried so — a bundle holds the parsed value,
 * which verifies whatever its spelling — and is refused (LedgerError `not_exportable`), as is one
 * holding a number past a double, which JSON would write back as another value (overflowingPayload),
 * and a journal that ends before the seq the session key's signed checkpoint covers (withCheckpointTail).
 */
export function verifyChainAsJson(
  ctx: StoreContext,
  sessionId: string,
  crypto: LedgerCrypto,
  onEntry: (json: string) => void,
): ChainResult {
  const { chain } = walkChain(
    ctx,
    sessionId,
    crypto,
    (row, decoded) => {
      if (!decoded) {
        if (respelledPayload(row.payload)) {
          throw new LedgerError(
            'not_exportable',
            `refusing to export session ${sessionId}: seq ${row.seq}: stored payload is not in canonical form, which a bundle cannot carry (it would verify there); \`truss ledger verify\` shows where the journal fails`,
          );
        }
        const overflow = seqProblem(row.seq, 0) === null ? overflowingPayload(row) : null;
        if (overflow) {
          throw new LedgerError(
            'not_exportable',
            `refusing to export session ${sessionId}: ${overflow}, and a bundle cannot carry that number (JSON would write it as null); \`truss ledger verify\` shows where the journal fails`,
          );
        }
        onEntry(JSON.stringify(exportedEntry(row)));
        return;
      }
      onEntry(
        `{"seq":${row.seq},"kind":${JSON.stringify(row.kind)},"payload":${row.payload},"prev_hash":"${row.prev_hash.toString('hex')}","entry_hash":"${row.entry_hash.toString('hex')}","signature":"${row.signature.toString('hex')}"}`,
      );
    },
    true,
  );
  // A journal cut below the session key's own checkpoint fails `head_mismatch` in `truss ledger
  // verify` and a resume, but a bundle carries no checkpoint: exported, the shorter chain would
  // verify (or read as merely incomplete). Refused like every row a bundle cannot carry as stored
  // (docs/ledger.md "One answer on every path").
  const cut = withCheckpointTail(chain, signedCheckpoint(ctx, sessionId, crypto)).failure;
  if (cut && !chain.failure) {
    throw new LedgerError(
      'not_exportable',
      `refusing to export session ${sessionId}: ${cut.message}, which a bundle cannot show (it carries no checkpoint); \`truss ledger verify\` shows where the journal fails`,
    );
  }
  return chain;
}

/**
 * The report of a stored session and, recursively, of the child sessions its `child_anchor`
 * entries name. `seen` (the sessions of the tree reached so far) is buildReport's: a session
 * anchored twice fails as it does in a bundle, and a cycle ends there. The caller runs it inside
 * one read snapshot.
 */
export function verifySession(
  ctx: StoreContext,
  sessionId: string,
  options: { crypto: LedgerCrypto; trusted: TrustedKeys },
  seen: Set<string> = new Set(),
  depth = 0,
): VerifyReport {
  const { chain } = walkChain(ctx, sessionId, options.crypto, undefined, false);
  const judged = withCheckpointTail(chain, signedCheckpoint(ctx, sessionId, options.crypto));
  return storedSessionReport(ctx, sessionId, judged, options, seen, depth);
}

/**
 * The report of a stored session whose chain has been walked: the head `sessions.head_hash` claims,
 * the session id its signed `run_started` names, key trust and the anchored children. `truss ledger
 * verify` and a resume's walk (store-resume.ts) both end here, so a resume never continues a journal
 * that `truss ledger verify` fails (docs/ledger.md "Verification results").
 */
export function storedSessionReport(
  ctx: StoreContext,
  sessionId: string,
  chain: ChainResult,
  options: { crypto: LedgerCrypto; trusted: TrustedKeys },
  seen: Set<string> = new Set(),
  depth = 0,
): VerifyReport {
  const session = requireSession(ctx, sessionId);
  const publicKey = hexToBytes(session.public_key, 32);
  return buildReport({
    sessionId,
    publicKeyHex: session.public_key,
    keyId: publicKey ? keyIdFromPublicKey(publicKey, options.crypto.sha256) : session.pubkey_id,
    chain,
    declaredHead: session.head_hash,
    trusted: options.trusted,
    resolveChild: (anchor) =>
      findSession(ctx, anchor.child_session_id)
        ? verifySession(ctx, anchor.child_session_id, options, seen, depth + 1)
        : null,
    seen,
    depth,
  });
}
