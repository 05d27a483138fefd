import { bytesToHex, hexToBytes } from '../ledger/encoding.js';
import { keyIdFromPublicKey } from '../ledger/key-id.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import { keysFor, type TrustedKeys } from '../ledger/trusted-keys.js';
import {
  DSSE_BASE64_FORMS,
  decodeBase64Strict,
  IN_TOTO_PAYLOAD_TYPE,
  verifyEnvelopeSignature,
} from './dsse.js';
import { AttestationFormatError } from './errors.js';
import { SIGSTORE_BUNDLE_V03_MEDIA_TYPE } from './sigstore-bundle.js';
import { statementProblem, type VerdictStatement } from './statement.js';

export type AttestationFailureCode =
  | 'payload_type'
  | 'malformed_envelope'
  | 'untrusted_key'
  | 'bad_signature'
  | 'hint_mismatch'
  | 'key_mismatch'
  | 'bad_statement'
  | 'bundle_mismatch';

export interface AttestationReport {
  status: 'verified' | 'failed';
  format: 'dsse' | 'sigstore_bundle';
  /** The key id whose signature verified, or the one the envelope names. */
  key_id: string | null;
  failure: { code: AttestationFailureCode; message: string } | null;
  /** The statement, once its signature verified (never shown from an unverified envelope). */
  statement: VerdictStatement | null;
  /** True when a bundle was given and its sha256 is the statement's subject. */
  bundle_matches: boolean | null;
}

export interface VerifyAttestationOptions {
  crypto: LedgerCrypto;
  /** Keys a verdict may be signed by (hex → label). */
  trusted: TrustedKeys;
  /** The ledger bundle file's bytes, to check against the sha256 subject. */
  bundleBytes?: Uint8Array;
}

/**
 * Verifies a Truss verdict attestation, either a bare DSSE envelope or a Sigstore v0.3 bundle
 * wrapping one: payloadType, a signature by a pinned key whose keyid (and bundle hint) is that key's
 * fingerprint, the statement's shape and, when given, that the bundle bytes are its sha256 subject.
 * Text that is neither format throws AttestationFormatError; a forgery or tampering is a `failed`
 * report naming why.
 */
export function verifyAttestation(
  text: string,
  source: string,
  options: VerifyAttestationOptions,
): AttestationReport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AttestationFormatError(
      `${source}: not valid JSON; expected a DSSE envelope or a Sigstore bundle from \`truss attest\``,
    );
  }
  const doc = record(data);
  let envelope: Record<string, unknown> | undefined;
  let hint: unknown;
  let format: AttestationReport['format'];
  if (doc && 'mediaType' in doc) {
    if (doc.mediaType !== SIGSTORE_BUNDLE_V03_MEDIA_TYPE)
      throw new AttestationFormatError(
        `${source}: mediaType ${JSON.stringify(doc.mediaType)} is not ${SIGSTORE_BUNDLE_V03_MEDIA_TYPE}`,
      );
    envelope = record(doc.dsseEnvelope);
    hint = record(record(doc.verificationMaterial)?.publicKey)?.hint;
    format = 'sigstore_bundle';
    if (!envelope) throw new AttestationFormatError(`${source}: the Sigstore bundle has no dsseEnvelope`);
  } else if (doc && 'payloadType' in doc && 'signatures' in doc) {
    envelope = doc;
    format = 'dsse';
  } else if (doc && 'schema_version' in doc && 'ledger' in doc) {
    // The bundle handed in place of its attestation (docs/attestations.md "Command line").
    throw new AttestationFormatError(
      `${source} is a ledger bundle, not an attestation: pass the .intoto.json or .sigstore.json file \`truss attest\` wrote, with this file as --bundle (check the bundle itself with \`truss verify ${source} --key HEX\`)`,
    );
  } else {
    throw new AttestationFormatError(
      `${source}: neither a DSSE envelope (payloadType, payload, signatures) nor a Sigstore bundle; pass the .intoto.json or .sigstore.json file \`truss attest\` wrote`,
    );
  }
  const report: AttestationReport = {
    status: 'failed',
    format,
    key_id: null,
    failure: null,
    statement: null,
    bundle_matches: null,
  };
  const fail = (code: AttestationFailureCode, message: string): AttestationReport => {
    report.failure = { code, message };
    return report;
  };

  if (envelope.payloadType !== IN_TOTO_PAYLOAD_TYPE)
    return fail(
      'payload_type',
      `payloadType is ${JSON.stringify(envelope.payloadType)}, expected ${IN_TOTO_PAYLOAD_TYPE}`,
    );
  const payload = decodeBase64Strict(envelope.payload);
  if (!payload || payload.length === 0)
    return fail('malformed_envelope', `payload is not ${DSSE_BASE64_FORMS}, or is empty`);
  const signatures = Array.isArray(envelope.signatures) ? envelope.signatures.map(record) : [];
  if (signatures.length === 0) return fail('malformed_envelope', 'the envelope has no signatures');

  const byId = new Map<string, Uint8Array>();
  // Only keys pinned as signer sign verdicts (docs/ledger.md "Trusted keys and roles"): a reviewer or
  // log key in the same set is not a verdict signer.
  for (const hex of keysFor(options.trusted, 'signer')) {
    const key = hexToBytes(hex, 32);
    if (key) byId.set(keyIdFromPublicKey(key, options.crypto.sha256), key);
  }
  let signedBy: string | undefined;
  let named: string | undefined;
  let undecodable: number | undefined;
  for (const [index, signature] of signatures.entries()) {
    const keyid =
      typeof signature?.keyid === 'string' && signature.keyid !== '' ? signature.keyid : undefined;
    named ??= keyid;
    const sig = decodeBase64Strict(signature?.sig);
    if (!sig) {
      undecodable ??= index;
      continue;
    }
    const candidates = keyid ? [[keyid, byId.get(keyid)] as const] : [...byId.entries()];
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
    if (undecodable !== undefined)
      return fail('malformed_envelope', `signatures[${undecodable}].sig is not ${DSSE_BASE64_FORMS}`);
    if (named && !byId.has(named))
      return fail('untrusted_key', `the attestation is signed by ${named}, which is not a trusted key`);
    return fail(
      'bad_signature',
      'no signature verifies for a trusted key over this payloadType and payload (tampered statement or forged signature)',
    );
  }
  if (format === 'sigstore_bundle' && hint !== signedBy)
    return fail(
      'hint_mismatch',
      `verificationMaterial.publicKey.hint is ${JSON.stringify(hint)}, not the signing key ${signedBy}`,
    );

  let statement: unknown;
  try {
    statement = JSON.parse(Buffer.from(payload).toString('utf8'));
  } catch {
    return fail('bad_statement', 'the signed payload is not JSON');
  }
  const problem = statementProblem(statement);
  if (problem) return fail('bad_statement', `the signed statement is not a Truss verdict: ${problem}`);
  report.statement = statement as VerdictStatement;
  const ledgerKey = report.statement.predicate.ledger.key_id;
  if (ledgerKey !== signedBy)
    return fail(
      'key_mismatch',
      `the statement is about a ledger signed by ${ledgerKey} but is signed by ${signedBy}; a verdict attestation is signed by the ledger's own key`,
    );
  if (options.bundleBytes) {
    const digest = bytesToHex(options.crypto.sha256(options.bundleBytes));
    const subject = report.statement.subject.find((s) => typeof s.digest.sha256 === 'string');
    report.bundle_matches = subject?.digest.sha256 === digest;
    if (!report.bundle_matches)
      return fail(
        'bundle_mismatch',
        `the bundle's sha256 ${digest} is not the attested subject ${subject?.digest.sha256 ?? '(none)'}: this attestation is about another bundle, or the bundle was changed`,
      );
  }
  report.status = 'verified';
  return report;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
