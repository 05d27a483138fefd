import { checkReceipt } from '../anchor/receipt.js';
import { parseBundle, verifyBundle } from '../ledger/bundle.js';
import { canonicalJson } from '../ledger/canonical-json.js';
import { bytesToHex, utf8Bytes } from '../ledger/encoding.js';
import { MalformedEntryError } from '../ledger/entry-kinds.js';
import { BundleFormatError } from '../ledger/errors.js';
import type { Signer } from '../ledger/keys.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import type { TrustedKeys } from '../ledger/trusted-keys.js';
import type { VerifyReport } from '../ledger/verify-report.js';
import { type DsseEnvelope, IN_TOTO_PAYLOAD_TYPE, signEnvelope } from './dsse.js';
import { AttestationRefusedError } from './errors.js';
import { type SigstoreKeyBundle, toSigstoreBundle } from './sigstore-bundle.js';
import { type VerdictStatement, verdictPredicate, verdictStatement } from './statement.js';

export interface AttestBundleInput {
  /** The exact bytes of the bundle file: they are hashed for the subject and parsed for the entries. */
  bundleBytes: Uint8Array;
  /** Subject name of the bundle, normally its file name. */
  bundleName: string;
  /** Where the bytes came from, for messages. */
  source: string;
  /** The ledger key: the attestation is signed by the key that signed the ledger, nothing else. */
  signer: Signer;
  crypto: LedgerCrypto;
  /** Pinned keys the ledger must verify against; empty means the signer's own key. */
  trusted?: TrustedKeys;
  trussVersion: string;
}

export interface VerdictAttestation {
  statement: VerdictStatement;
  envelope: DsseEnvelope;
  sigstoreBundle: SigstoreKeyBundle;
  bundleSha256: string;
  report: VerifyReport;
}

/**
 * Makes the in-toto verdict attestation of a ledger bundle. The bundle is verified first, in full,
 * against pinned keys (by default the signing key, which must be the ledger's own): a bundle that
 * does not verify, is unfinished or has no verdict is refused, so an attestation never vouches for
 * evidence `truss verify` would reject. Bytes are hashed and parsed once, so the subject digest is of
 * exactly what was verified.
 */
export function attestBundle(input: AttestBundleInput): VerdictAttestation {
  const text = Buffer.from(input.bundleBytes).toString('utf8');
  let bundle: ReturnType<typeof parseBundle>;
  try {
    bundle = parseBundle(text, input.source);
  } catch (error) {
    if (error instanceof BundleFormatError && isAttestation(text))
      throw new AttestationRefusedError(
        `${input.source} is a verdict attestation, not a ledger bundle: check it with \`truss verify-attestation ${input.source} --key HEX\`, or attest the bundle it covers (truss-ledger-<session>.json)`,
        'input',
      );
    throw error;
  }
  const { signer } = input;
  if (bundle.ledger.public_key !== signer.publicKeyHex) {
    throw new AttestationRefusedError(
      `${input.source} is signed by ${bundle.ledger.pubkey_id}, but the signing key given is ${signer.keyId}: a verdict attestation is signed with the ledger's own key (pass that key with --key FILE or TRUSS_SIGNING_KEY)`,
      'input',
    );
  }
  const trusted = input.trusted?.size ? input.trusted : new Map([[signer.publicKeyHex, 'signing key']]);
  const report = verifyBundle(bundle, { crypto: input.crypto, trusted, receipts: checkReceipt });
  if (report.status !== 'verified') {
    const why = report.failure?.message ?? report.notes.join('; ');
    throw new AttestationRefusedError(
      `refusing to attest ${input.source}: the bundle is ${report.status}${why ? ` (${why})` : ''}; only a bundle that verifies can be attested`,
      report.status,
    );
  }
  let predicate: ReturnType<typeof verdictPredicate>;
  try {
    predicate = verdictPredicate(bundle.ledger.entries, report, input.trussVersion);
  } catch (error) {
    if (!(error instanceof MalformedEntryError)) throw error;
    // A verdict or run_started that does not fit its kind is not evidence: the same refusal as a failed chain.
    throw new AttestationRefusedError(
      `refusing to attest ${input.source}: ${error.message}; only a well-formed verdict can be attested`,
      'failed',
    );
  }
  if (!predicate) {
    throw new AttestationRefusedError(
      `refusing to attest ${input.source}: session ${report.session_id} has no signed verdict (it ended with ${report.terminal_kind ?? 'nothing'})`,
      'input',
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
    report,
  };
}

/** A DSSE envelope or Sigstore bundle, as `truss attest` writes them: handed in place of the bundle it covers. */
function isAttestation(text: string): boolean {
  try {
    const doc = JSON.parse(text) as Record<string, unknown> | null;
    return typeof doc === 'object' && doc !== null && ('payloadType' in doc || 'dsseEnvelope' in doc);
  } catch {
    return false;
  }
}
