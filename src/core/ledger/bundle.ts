import { canonicalJson } from './canonical-json.js';
import { ChainVerifier, type DerivedViews } from './chain-verifier.js';
import { decodeBundleEntry } from './decode-entry.js';
import { hexToBytes } from './encoding.js';
import type { LedgerEntry } from './entry.js';
import { BundleFormatError, CanonicalJsonError } from './errors.js';
import { findJsonStructureProblem, jsonStructureMessage, MAX_BUNDLE_DEPTH } from './json-structure.js';
import { keyIdFromPublicKey } from './key-id.js';
import type { LedgerCrypto } from './ledger-crypto.js';
import type { BundleBlobs } from './output-tails.js';
import type { ReceiptChecker } from './receipt-checker.js';
import type { TrustedKeys } from './trusted-keys.js';
import { buildReport, type VerifyReport } from './verify-report.js';

export const BUNDLE_SCHEMA_VERSION = 'truss.ledger.v1';

/** What every bundle reader refuses in the text besides repeated keys and depth (json-structure.ts). */
export const BUNDLE_TEXT_RULES = { finiteNumbers: true } as const;

/** Hash algorithm description carried in every bundle so a reader without our code knows what to recompute. */
export const OFFLINE_VERIFICATION_ALGORITHM = 'sha256(prev_hash || kind || jcs(payload) || u64le(seq))';

export interface BundleLedger {
  session_id: string;
  public_key: string;
  pubkey_id: string;
  head_hash: string | null;
  entries: LedgerEntry[];
  child_sessions: BundleLedger[];
  anchor_refs: unknown[];
}

/** The `truss.ledger.v1` export (docs/ledger.md "Bundle"). Only `ledger.entries` is authenticated; the rest are views. */
export interface Bundle extends Partial<DerivedViews> {
  schema_version: typeof BUNDLE_SCHEMA_VERSION;
  ledger: BundleLedger;
  /** Output-tail blobs the check results reference by hash (not authenticated; readers check the hash). */
  blobs?: BundleBlobs;
  offline_verification?: { algorithm: string; signature_algorithm: string; status: string };
}

/**
 * Parses bundle text with errors a user can act on (position of a JSON syntax error, the field
 * that is missing, a repeated key, nesting too deep). Shape problems inside individual entries are
 * left to verification, which names the seq.
 */
export function parseBundle(text: string, source: string): Bundle {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const problem = error instanceof RangeError ? findJsonStructureProblem(text, MAX_BUNDLE_DEPTH) : null;
    if (problem) throw new BundleFormatError(jsonStructureMessage(source, text, problem));
    const encoding = encodingProblem(text);
    if (encoding) throw new BundleFormatError(`${source}: not valid JSON: ${encoding}`);
    throw new BundleFormatError(
      `${source}: not valid JSON${jsonErrorLocation(text, error)}; is this a truss ledger bundle (truss ledger export)?`,
    );
  }
  // Repeated keys, excessive nesting and numbers that read as Infinity are refused before anything
  // reads the value (docs/ledger.md "Bundle").
  const problem = findJsonStructureProblem(text, MAX_BUNDLE_DEPTH, BUNDLE_TEXT_RULES);
  if (problem) throw new BundleFormatError(jsonStructureMessage(source, text, problem));
  return readBundle(data, source);
}

/**
 * Checks that a parsed JSON value is a `truss.ledger.v1` bundle: the schema version and the ledger
 * fields every verifier reads. parseBundle ends here, and the report page calls it on the bundle it
 * embeds, so the CLI and the page refuse the same documents as unreadable (docs/report.md).
 */
export function readBundle(data: unknown, source: string): Bundle {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new BundleFormatError(
      `${source}: expected a JSON object with schema_version "${BUNDLE_SCHEMA_VERSION}"`,
    );
  }
  const bundle = data as Record<string, unknown>;
  if (bundle.schema_version !== BUNDLE_SCHEMA_VERSION) {
    throw new BundleFormatError(
      `${source}: schema_version is ${JSON.stringify(bundle.schema_version) ?? 'missing'}, expected "${BUNDLE_SCHEMA_VERSION}" (a newer truss may read it)`,
    );
  }
  checkLedgerShape(bundle.ledger, `${source}: ledger`);
  return data as Bundle;
}

function checkLedgerShape(value: unknown, where: string): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BundleFormatError(`${where} is missing or not an object`);
  const ledger = value as Record<string, unknown>;
  for (const field of ['session_id', 'public_key', 'pubkey_id'] as const) {
    if (typeof ledger[field] !== 'string')
      throw new BundleFormatError(`${where}.${field} is missing or not a string`);
  }
  if (ledger.head_hash !== null && typeof ledger.head_hash !== 'string')
    throw new BundleFormatError(`${where}.head_hash is not a string`);
  if (!Array.isArray(ledger.entries))
    throw new BundleFormatError(`${where}.entries is missing or not an array`);
  if (ledger.child_sessions !== undefined && !Array.isArray(ledger.child_sessions)) {
    throw new BundleFormatError(`${where}.child_sessions is not an array`);
  }
  (ledger.child_sessions as unknown[] | undefined)?.forEach((child, i) => {
    checkLedgerShape(child, `${where}.child_sessions[${i}]`);
  });
}

/**
 * A bundle saved in another encoding than the UTF-8 the exporter writes: a byte-order mark (an
 * editor's "UTF-8 with BOM") or UTF-16 (Windows PowerShell's `>` redirection). Named, with how to
 * get a readable file, instead of a syntax error at an invisible character.
 */
function encodingProblem(text: string): string | null {
  const export_ =
    'export the bundle to a file with `truss ledger export SESSION -o FILE` (a redirection with `>` may re-encode it)';
  // UTF-16 decoded as UTF-8: its mark (FF FE or FE FF) becomes two U+FFFD, and ASCII text alternates
  // with NUL bytes. Binary input (a gzipped bundle, a database) has no such pattern.
  const body = text.startsWith('\ufffd\ufffd') ? text.slice(2) : text;
  const alternating = (odd: number) =>
    body.length >= 4 && body[odd] === '\u0000' && body[odd + 2] === '\u0000' && body[1 - odd] !== '\u0000';
  if (alternating(0) || alternating(1))
    return `the file is UTF-16, not the UTF-8 a bundle is written in; ${export_}`;
  // A workflow artifact as the browser downloads it (docs/action.md "Verifying what the action
  // produced"): a zip holding the bundle, not the bundle.
  if (text.startsWith('PK\u0003\u0004') || text.startsWith('PK\u0005\u0006'))
    return 'the file is a zip archive (a workflow artifact as the browser downloads it), not the bundle inside it; unzip it and pass its truss-ledger-<session>.json, or fetch the artifact with `gh run download`, which unzips it';
  // `truss verify .truss/ledger.db`: the database the run wrote, not a bundle exported from it.
  if (text.startsWith('SQLite format 3\u0000'))
    return 'the file is a SQLite database (a ledger database such as .truss/ledger.db), not a bundle; verify a session in it with `truss ledger verify SESSION --db FILE`, or export its bundle with `truss ledger export SESSION --db FILE -o BUNDLE.json`';
  if (text.charCodeAt(0) === 0xfeff)
    return `the file starts with a byte-order mark (U+FEFF), which a bundle never has; save it as UTF-8 without one, or ${export_}`;
  return null;
}

function jsonErrorLocation(text: string, error: unknown): string {
  if (text.trim() === '') return ' (the file is empty)';
  const message = (error as Error).message;
  const match = /position (\d+)/.exec(message);
  if (!match && /end of JSON input/.test(message)) {
    const lines = text.split('\n');
    return ` (the file ends early, at ${lines.length}:${(lines.at(-1) ?? '').length + 1})`;
  }
  // V8 gives no position for an unexpected token ("Unexpected token 'c', \"[contract]\"..."): found
  // by parsing prefixes.
  const position = match ? Number(match[1]) : firstBadCharacter(text);
  if (position === null) return ' (it does not parse as a JSON document)';
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const col = position - before.lastIndexOf('\n');
  return ` at ${line}:${col}`;
}

/**
 * The offset of the first character after which no JSON document can follow, or null. A prefix is
 * still viable when it parses, or fails only at its end; a character that breaks the text breaks every
 * longer prefix too, so the first one is found by bisection. Each parse stops at the break, so the
 * cost stays bounded by about 30 parses of the text before it.
 */
function firstBadCharacter(text: string): number | null {
  const viable = (length: number): boolean => {
    try {
      JSON.parse(text.slice(0, length));
      return true;
    } catch (error) {
      const message = (error as Error).message;
      if (/end of JSON input/.test(message)) return true;
      const at = /position (\d+)/.exec(message);
      return at !== null && Number(at[1]) >= length;
    }
  };
  if (viable(text.length)) return null;
  let good = 0;
  let bad = text.length;
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2);
    if (viable(mid)) good = mid;
    else bad = mid;
  }
  return bad - 1;
}

export interface VerifyOptions {
  crypto: LedgerCrypto;
  trusted: TrustedKeys;
  /** Checks anchor receipts (the anchor layer's `checkReceipt`); absent, every receipt fails. */
  receipts?: ReceiptChecker | undefined;
}

/** The fields of a bundle ledger that come before its entries. */
export type BundleLedgerHeader = Pick<BundleLedger, 'session_id' | 'public_key' | 'pubkey_id' | 'head_hash'>;

/** A ledger's verdict plus the views derived from its signed entries. */
export interface LedgerVerification {
  report: VerifyReport;
  views: DerivedViews;
}

/**
 * Verifies one bundle ledger whose entries arrive one at a time, in array order: from a parsed bundle
 * (verifyBundle) or streamed from a file (verifyBundleFile). Both paths go through this class and
 * `finishBundle`, so they cannot disagree on a result, a failure code, a seq or a message.
 */
export class BundleLedgerVerifier {
  readonly #header: BundleLedgerHeader;
  readonly #options: VerifyOptions;
  readonly #keyId: string;
  readonly #chain: ChainVerifier;
  /** The sessions of the tree verified so far, shared with the children (ReportInput.seen). */
  readonly #seen: Set<string>;
  /** Anchors between this ledger and the root (ReportInput.depth). */
  readonly #depth: number;
  #position = 0;

  constructor(header: BundleLedgerHeader, options: VerifyOptions, seen: Set<string> = new Set(), depth = 0) {
    this.#header = header;
    this.#options = options;
    this.#seen = seen;
    this.#depth = depth;
    const publicKey = hexToBytes(header.public_key, 32);
    this.#keyId = publicKey ? keyIdFromPublicKey(publicKey, options.crypto.sha256) : header.pubkey_id;
    this.#chain = new ChainVerifier(options.crypto, publicKey ?? new Uint8Array(32), options.receipts);
    if (!publicKey) {
      this.#chain.fail(
        null,
        'key_mismatch',
        'ledger.public_key is not a 64-character hex Ed25519 public key',
      );
    } else if (this.#keyId !== header.pubkey_id) {
      this.#chain.fail(
        null,
        'key_mismatch',
        `ledger.pubkey_id ${header.pubkey_id} is not the fingerprint of ledger.public_key (${this.#keyId})`,
      );
    }
  }

  /** True once the chain has failed; later entries are not looked at. */
  get failed(): boolean {
    return this.#chain.failed;
  }

  /** Feeds the next element of `ledger.entries` (raw JSON from an untrusted file). */
  push(raw: unknown): void {
    const position = this.#position++;
    if (this.#chain.failed) return;
    const decoded = decodeBundleEntry(raw, position);
    if ('error' in decoded) this.#chain.fail(position, 'malformed_entry', decoded.error);
    else this.#chain.push(decoded);
  }

  /**
   * Ends the chain and decides trust: head, key pinning, the anchored children (verified in memory).
   * A child carried twice fails as `duplicate_child`: which copy a reader shows would be a guess,
   * and importLedger refuses such a bundle too.
   */
  finish(childSessions: BundleLedger[] | undefined): LedgerVerification {
    const children = new Map<string, BundleLedger>();
    for (const child of childSessions ?? []) {
      if (children.has(child.session_id)) {
        this.#chain.fail(
          null,
          'duplicate_child',
          `ledger.child_sessions carries child session ${child.session_id} twice; a session is carried once`,
        );
      }
      children.set(child.session_id, child);
    }
    const chain = this.#chain.finish();
    const report = buildReport({
      sessionId: this.#header.session_id,
      publicKeyHex: this.#header.public_key,
      keyId: this.#keyId,
      chain,
      declaredHead: this.#header.head_hash,
      trusted: this.#options.trusted,
      resolveChild: (anchor) => {
        const child = children.get(anchor.child_session_id);
        return child ? verifyLedger(child, this.#options, this.#seen, this.#depth + 1).report : null;
      },
      seen: this.#seen,
      depth: this.#depth,
    });
    return { report, views: chain.views };
  }
}

/** Verifies a parsed bundle, its child sessions and its convenience views (docs/ledger.md "Verification results"). */
export function verifyBundle(bundle: Bundle, options: VerifyOptions): VerifyReport {
  return finishBundle(bundle, verifyLedger(bundle.ledger, options));
}

/**
 * The bundle-level check after the top-level ledger is verified: the convenience views must be what
 * the signed entries say. Only the view fields of `bundle` are read.
 */
export function finishBundle(bundle: Partial<DerivedViews>, ledger: LedgerVerification): VerifyReport {
  const { report, views } = ledger;
  if (report.status === 'failed') return report;
  for (const view of ['contract', 'evidence', 'verdict'] as const) {
    if (bundle[view] === undefined) continue;
    if (viewText(bundle[view]) !== canonicalJson(views[view])) {
      report.status = 'failed';
      report.failure = {
        seq: null,
        code: 'view_mismatch',
        message: `the bundle's "${view}" view does not match what the signed entries say (edited convenience view)`,
      };
      return report;
    }
  }
  return report;
}

/**
 * A bundle view's canonical text, or null when it has none (a lone surrogate, nesting past the
 * payload limit): signed payloads always have one, so such a view is an edited view, failed as
 * `view_mismatch` on every path rather than thrown as an error by some (docs/ledger.md "Bundle").
 */
function viewText(view: unknown): string | null {
  try {
    return canonicalJson(view);
  } catch (error) {
    if (error instanceof CanonicalJsonError) return null;
    throw error;
  }
}

function verifyLedger(
  ledger: BundleLedger,
  options: VerifyOptions,
  seen: Set<string> = new Set(),
  depth = 0,
): LedgerVerification {
  const verifier = new BundleLedgerVerifier(ledger, options, seen, depth);
  for (const entry of ledger.entries) {
    if (verifier.failed) break;
    verifier.push(entry);
  }
  return verifier.finish(ledger.child_sessions);
}
