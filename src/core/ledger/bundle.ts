import { canonicalJson } from './canonical-json.js';
import { ChainVerifier, type DerivedViews, decodeBundleEntry } from './chain-verifier.js';
import { hexToBytes } from './encoding.js';
import type { LedgerEntry } from './entry.js';
import { BundleFormatError } from './errors.js';
import { keyIdFromPublicKey } from './key-id.js';
import type { LedgerCrypto } from './ledger-crypto.js';
import type { TrustedKeys } from './trusted-keys.js';
import { buildReport, type VerifyReport } from './verify-report.js';

export const BUNDLE_SCHEMA_VERSION = 'truss.ledger.v1';

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

/** The `truss.ledger.v1` export (SPEC §4.4). Only `ledger.entries` is authenticated; the rest are views. */
export interface Bundle extends Partial<DerivedViews> {
  schema_version: typeof BUNDLE_SCHEMA_VERSION;
  ledger: BundleLedger;
  offline_verification?: { algorithm: string; signature_algorithm: string; status: string };
}

/**
 * Parses bundle text with errors a user can act on (position of a JSON syntax error, the field
 * that is missing). Shape problems inside individual entries are left to verification, which names
 * the seq.
 */
export function parseBundle(text: string, source: string): Bundle {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BundleFormatError(
      `${source}: not valid JSON${jsonErrorLocation(text, error)}; is this a truss ledger bundle (truss ledger export)?`,
    );
  }
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

function jsonErrorLocation(text: string, error: unknown): string {
  if (text.trim() === '') return ' (the file is empty)';
  const message = (error as Error).message;
  const match = /position (\d+)/.exec(message);
  if (!match) {
    if (!/end of JSON input/.test(message)) return ' (it does not parse as a JSON document)';
    const lines = text.split('\n');
    return ` (the file ends early, at ${lines.length}:${(lines.at(-1) ?? '').length + 1})`;
  }
  const position = Number(match[1]);
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const col = position - before.lastIndexOf('\n');
  return ` at ${line}:${col}`;
}

export interface VerifyOptions {
  crypto: LedgerCrypto;
  trusted: TrustedKeys;
}

/** Verifies a parsed bundle, its child sessions and its convenience views (SPEC §4.5). */
export function verifyBundle(bundle: Bundle, options: VerifyOptions): VerifyReport {
  const { report, views } = verifyLedger(bundle.ledger, options);
  if (report.status === 'failed') return report;
  for (const view of ['contract', 'evidence', 'verdict'] as const) {
    if (bundle[view] === undefined) continue;
    if (canonicalJson(bundle[view]) !== canonicalJson(views[view])) {
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

function verifyLedger(
  ledger: BundleLedger,
  options: VerifyOptions,
): { report: VerifyReport; views: DerivedViews } {
  const publicKey = hexToBytes(ledger.public_key, 32);
  const keyId = publicKey ? keyIdFromPublicKey(publicKey, options.crypto.sha256) : ledger.pubkey_id;
  const verifier = new ChainVerifier(options.crypto, publicKey ?? new Uint8Array(32));
  if (!publicKey) {
    verifier.fail(null, 'key_mismatch', 'ledger.public_key is not a 64-character hex Ed25519 public key');
  } else if (keyId !== ledger.pubkey_id) {
    verifier.fail(
      null,
      'key_mismatch',
      `ledger.pubkey_id ${ledger.pubkey_id} is not the fingerprint of ledger.public_key (${keyId})`,
    );
  }
  for (let i = 0; i < ledger.entries.length && !verifier.failed; i++) {
    const decoded = decodeBundleEntry(ledger.entries[i], i);
    if ('error' in decoded) verifier.fail(i, 'malformed_entry', decoded.error);
    else verifier.push(decoded);
  }
  const chain = verifier.finish();
  const children = new Map((ledger.child_sessions ?? []).map((child) => [child.session_id, child]));
  const report = buildReport({
    sessionId: ledger.session_id,
    publicKeyHex: ledger.public_key,
    keyId,
    chain,
    declaredHead: ledger.head_hash,
    trusted: options.trusted,
    resolveChild: (anchor) => {
      const child = children.get(anchor.child_session_id);
      return child ? verifyLedger(child, options).report : null;
    },
  });
  return { report, views: chain.views };
}
