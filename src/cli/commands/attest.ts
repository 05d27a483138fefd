import { existsSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import pkg from '../../../package.json' with { type: 'json' };
import { checkReceipt } from '../../core/anchor/index.js';
import { writeFileAtomic } from '../../core/atomic-write.js';
import { AttestationRefusedError, attestBundle } from '../../core/attest/index.js';
import {
  createNodeCrypto,
  exportBundleToFile,
  KeyError,
  LedgerStore,
  loadKeyFile,
  parseSeedBase64,
  readBundleFileBytes,
  type SigningKey,
  tooLongForMemory,
} from '../../core/ledger/index.js';
import { ledgerBundleFileName } from '../../github/names.js';
import { parseCommandArgs, requirePositionals } from '../args.js';
import { ledgerDbPath } from '../db-path.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, emit, printHelp } from '../io.js';
import { perInstallKeyPath } from '../key-path.js';
import { checkOutputPath } from '../output-path.js';
import { cliTrustedKeys } from '../repo-trusted-keys.js';
import { UsageError } from '../usage-error.js';

export const ATTEST_HELP = `Usage: truss attest SESSION|BUNDLE.json -o verdict.intoto.json [options]

Signs an in-toto verdict attestation (DSSE envelope, predicate https://truss.dev/verdict/v1) for a
ledger bundle, with the ledger's own key. Its subjects are the git commit the verdict covers and
the bundle file (sha256). The bundle is verified first; one that does not verify, is unfinished
or has no verdict is refused. Given a SESSION, it is exported from --db to a bundle file first.

Options:
  -o, --out FILE           where to write the DSSE envelope (required)
  --sigstore-bundle FILE   also write a Sigstore bundle v0.3 (public-key hint, no tlog entries)
  --db FILE                ledger database for SESSION (default .truss/ledger.db)
  --bundle-out FILE        (SESSION) where to export the bundle (default: next to --out,
                           ${ledgerBundleFileName('<session>')})
  --key FILE               the ledger's signing key (default: TRUSS_SIGNING_KEY, else the
                           per-install key \`truss run\` uses)
  --pubkey HEX             a trusted public key the ledger must verify against; repeatable
  --trusted-keys FILE      trusted public keys, one per line (default: .truss/trusted-keys if
                           present, else the signing key itself)
  --json                   print what was written as JSON

Examples:
  truss attest SESSION -o verdict.intoto.json --sigstore-bundle verdict.sigstore.json
  truss attest .truss/bundles/SESSION.json -o verdict.intoto.json --pubkey HEX

Exit codes: 0 written, 1 bundle failed verification, 3 bad input (no verdict, wrong key,
unreadable file), 4 integrity_only, 5 incomplete, 6 suspended (a suspended run has no verdict
to attest), 64 usage`;

const REFUSAL_EXIT: Record<AttestationRefusedError['status'], number> = {
  failed: EXIT.failed,
  incomplete: EXIT.incomplete,
  suspended: EXIT.suspended,
  integrity_only: EXIT.integrityOnly,
  input: EXIT.input,
};

export function attest(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs('attest', args, {
    out: { type: 'string', short: 'o' },
    'sigstore-bundle': { type: 'string' },
    db: { type: 'string' },
    'bundle-out': { type: 'string' },
    key: { type: 'string' },
    pubkey: { type: 'string', multiple: true },
    'trusted-keys': { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) return printHelp(io, ATTEST_HELP);
  const [target] = requirePositionals('attest', positionals, ['SESSION|BUNDLE.json']) as [string];
  if (!values.out) throw new UsageError('attest: -o FILE is required (where to write the attestation)');
  const at = (path: string) => resolve(io.cwd, path);
  const out = at(values.out);
  const signer = signingKey(values.key, io);
  const { trusted, source } = cliTrustedKeys(io, {
    keys: values.pubkey ?? [],
    file: values['trusted-keys'],
    cwd: io.cwd,
  });

  const isFile = values.db === undefined && existsSync(at(target));
  const sigstorePath = values['sigstore-bundle'] ? at(values['sigstore-bundle']) : null;
  // Every output is checked before anything is exported or written, so a directory or an
  // unwritable place is refused (exit 3) instead of failing half-way (docs/cli.md "Output files").
  const inside = { workdir: io.cwd, flag: '-o' };
  checkOutputPath(out, '-o', inside);
  if (sigstorePath)
    checkOutputPath(sigstorePath, '--sigstore-bundle', { ...inside, flag: '--sigstore-bundle' });
  let bundlePath: string;
  // A SESSION is exported beside its final place and moved there only once it is attested, so a
  // refusal (wrong key, unfinished run) leaves whatever bundle was there untouched (docs/cli.md
  // "Output files").
  let exported: string | null = null;
  if (isFile) {
    bundlePath = at(target);
  } else {
    if (target.endsWith('.json') && values.db === undefined)
      throw new KeyError(`attest: ${target} does not exist (give a bundle file or a session id with --db)`);
    bundlePath = at(values['bundle-out'] ?? join(dirname(values.out), ledgerBundleFileName(target)));
    checkOutputPath(bundlePath, values['bundle-out'] ? '--bundle-out' : 'the exported bundle', {
      ...inside,
      flag: '--bundle-out',
    });
    // SQLite's integrity check first, as `truss ledger verify` and `ledger export` run it: a file they
    // refuse is not attested (docs/cli.md `truss ledger`).
    const store = LedgerStore.open(ledgerDbPath(io, values.db), {
      receipts: checkReceipt,
      readonly: true,
      untrusted: true,
    });
    try {
      store.requireSession(target);
      exported = `${bundlePath}.attest-${process.pid}.tmp`;
      exportBundleToFile(store, target, createNodeCrypto(), exported);
    } finally {
      store.close();
    }
  }
  try {
    return attestFile(bundlePath, exported, {
      values,
      io,
      target,
      isFile,
      out,
      sigstorePath,
      signer,
      trusted,
      source,
    });
  } finally {
    if (exported) rmSync(exported, { force: true });
  }
}

function attestFile(
  bundlePath: string,
  exported: string | null,
  ctx: {
    values: { out?: string | undefined; json?: boolean | undefined };
    io: CliIo;
    target: string;
    isFile: boolean;
    out: string;
    sigstorePath: string | null;
    signer: SigningKey;
    trusted: ReturnType<typeof cliTrustedKeys>['trusted'];
    source: string | null;
  },
): number {
  const { values, io, target, isFile, out, sigstorePath, signer, trusted, source } = ctx;
  // Within the bound `truss verify` reads whole files in (a larger file, or an endless device, is
  // refused as unreadable, exit 3), not read until memory runs out.
  const bundleBytes = readBundleFileBytes(exported ?? bundlePath, {
    next: 'pass a SESSION of --db or the bundle JSON that `truss run` or `truss ledger export` wrote',
  });

  let attestation: ReturnType<typeof attestBundle>;
  try {
    attestation = attestBundle({
      bundleBytes,
      bundleName: basename(bundlePath),
      source: isFile ? target : bundlePath,
      signer,
      crypto: createNodeCrypto(),
      trusted,
      trussVersion: pkg.version,
    });
  } catch (error) {
    if (!(error instanceof AttestationRefusedError)) throw tooLongForMemory(bundlePath, error) ?? error;
    // resolveTrustedKeys names command-line keys after verify's --key; here they come from --pubkey.
    const hint = source ? ` (trusted keys from ${source.replace(/^--key\b/, '--pubkey')})` : '';
    const pinMore =
      error.status === 'integrity_only'
        ? '\nPin every signer — the session key and the reviewer key a human_review was signed with — with --pubkey HEX (repeat it) or --trusted-keys FILE.'
        : '';
    io.stderr(`truss: ${error.message}${error.status === 'failed' ? hint : ''}${pinMore}\n`);
    return REFUSAL_EXIT[error.status];
  }
  if (exported) renameSync(exported, bundlePath);
  writeFileAtomic(out, `${JSON.stringify(attestation.envelope, null, 2)}\n`);
  if (sigstorePath) writeFileAtomic(sigstorePath, `${JSON.stringify(attestation.sigstoreBundle, null, 2)}\n`);

  const { predicate, subject } = attestation.statement;
  const verifyCommand = `truss verify-attestation ${values.out} --key ${signer.publicKeyHex} --bundle ${isFile ? target : bundlePath}`;
  emit(
    io,
    Boolean(values.json),
    {
      attestation: out,
      sigstore_bundle: sigstorePath,
      bundle: bundlePath,
      bundle_sha256: attestation.bundleSha256,
      session_id: predicate.ledger.session_id,
      verdict: predicate.verdict,
      key_id: signer.keyId,
      public_key: signer.publicKeyHex,
      subject,
      verify_command: verifyCommand,
    },
    () =>
      [
        `attested session ${predicate.ledger.session_id}: verdict ${predicate.verdict.toUpperCase()}${predicate.git?.head_sha ? ` for commit ${predicate.git.head_sha.slice(0, 12)}` : ''}`,
        `  attestation  ${out} (DSSE, signed by ${signer.keyId})`,
        ...(sigstorePath ? [`  sigstore     ${sigstorePath}`] : []),
        `  subject      ${basename(bundlePath)} sha256:${attestation.bundleSha256}`,
        `verify it with: ${verifyCommand}`,
      ].join('\n'),
  );
  return EXIT.ok;
}

/** The ledger key: --key FILE, TRUSS_SIGNING_KEY, else the per-install key if it exists (never created here). */
function signingKey(keyFile: string | undefined, io: CliIo): SigningKey {
  const warn = (message: string) => io.stderr(`warning: ${message}\n`);
  if (keyFile) return loadKeyFile(resolve(io.cwd, keyFile), warn);
  if (io.env.TRUSS_SIGNING_KEY !== undefined)
    return parseSeedBase64(io.env.TRUSS_SIGNING_KEY, 'TRUSS_SIGNING_KEY');
  const path = perInstallKeyPath(io.env);
  if (existsSync(path)) return loadKeyFile(path, warn);
  throw new KeyError(
    'attest: no signing key: pass --key FILE or set TRUSS_SIGNING_KEY to the key that signed the ledger',
  );
}
