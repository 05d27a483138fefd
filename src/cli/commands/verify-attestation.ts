import { resolve } from 'node:path';
import {
  AttestationFormatError,
  type AttestationReport,
  verifyAttestation as check,
} from '../../core/attest/index.js';
import { createNodeCrypto, hasRole, readBundleFileBytes } from '../../core/ledger/index.js';
import { parseCommandArgs, requirePositionals } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, emit, printHelp } from '../io.js';
import { TRUST_HELP, TRUST_OPTIONS, trustFrom } from '../trust-options.js';
import { UsageError } from '../usage-error.js';

export const VERIFY_ATTESTATION_HELP = `Usage: truss verify-attestation FILE --key HEX [--bundle BUNDLE.json] [--json]

Verifies a verdict attestation from \`truss attest\` (a DSSE envelope or a Sigstore bundle v0.3)
offline: payloadType, a signature by a pinned key whose keyid is that key's SHA256: fingerprint,
the statement (in-toto Statement v1, predicate https://truss.dev/verdict/v1) and, with --bundle,
that the bundle file is exactly the attested sha256 subject. To check the evidence inside the
bundle too, run \`truss verify BUNDLE.json --key HEX\`.

Options:
${TRUST_HELP}
                         (verdicts are signed by ledger signers: a key pinned only as
                         reviewer or log does not count here)
  --bundle FILE          the ledger bundle the attestation should cover
  --json                 print the report as JSON

Examples:
  truss verify-attestation verdict.intoto.json --key HEX
  truss verify-attestation verdict.sigstore.json --key HEX --bundle truss-ledger-SESSION.json

Exit codes: 0 verified, 1 failed, 3 unreadable input, 64 usage`;

export function verifyAttestation(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs('verify-attestation', args, {
    ...TRUST_OPTIONS,
    bundle: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) return printHelp(io, VERIFY_ATTESTATION_HELP);
  const [file] = requirePositionals('verify-attestation', positionals, ['FILE']) as [string];
  const { trusted, source } = trustFrom(values, io);
  // Verdicts are signed by ledger signers: reviewer and log pins do not count (docs/ledger.md "Trusted keys and roles").
  if (!hasRole(trusted, 'signer'))
    throw new UsageError(
      'verify-attestation: pass --key HEX (the ledger public key) or --trusted-keys FILE with a roles=signer key; an attestation proves nothing without a pinned signer key',
    );
  const bundleBytes = values.bundle ? read(resolve(io.cwd, values.bundle)) : undefined;
  const report = check(read(resolve(io.cwd, file)).toString('utf8'), file, {
    crypto: createNodeCrypto(),
    trusted,
    ...(bundleBytes ? { bundleBytes } : {}),
  });
  emit(io, Boolean(values.json), { file, trust_source: source, ...report }, () =>
    formatAttestationReport(report, values.bundle),
  );
  return report.status === 'verified' ? EXIT.ok : EXIT.failed;
}

/**
 * Within the bound `truss verify` reads whole files in: a larger file, or a device or pipe that never
 * ends, is refused as unreadable (exit 3), not read until memory runs out.
 */
function read(path: string): Buffer {
  try {
    return readBundleFileBytes(path, {
      next: 'pass the file `truss attest` wrote (and with --bundle, the bundle it attests)',
    });
  } catch (error) {
    throw new AttestationFormatError((error as Error).message);
  }
}

function formatAttestationReport(report: AttestationReport, bundle: string | undefined): string {
  const kind = report.format === 'dsse' ? 'DSSE envelope' : 'Sigstore bundle';
  if (report.status === 'failed')
    return [
      `✘ FAILED  verdict attestation (${kind})`,
      `  broken [${report.failure?.code}]: ${report.failure?.message}`,
    ].join('\n');
  const statement = report.statement;
  const p = statement?.predicate;
  const bundleSubject = statement?.subject.find((s) => s.digest.sha256);
  return [
    `✔ VERIFIED  verdict attestation (${kind}) signed by ${report.key_id}`,
    `  verdict ${p?.verdict.toUpperCase()}  contract ${p?.contract.id ?? '?'}  session ${p?.ledger.session_id}`,
    ...(p?.git?.head_sha ? [`  commit ${p.git.head_sha}${p.git.repo ? ` (${p.git.repo})` : ''}`] : []),
    `  bundle ${bundleSubject?.name} sha256:${bundleSubject?.digest.sha256} (${bundle ? `matches ${bundle}` : 'not checked: pass --bundle FILE'})`,
    `  ledger head ${p?.ledger.head_hash}; check the evidence itself with \`truss verify BUNDLE.json --key HEX\``,
  ].join('\n');
}
