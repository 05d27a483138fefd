import { lstatSync, mkdirSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { writeFileAtomic } from '../../core/atomic-write.js';
import { KeyError, SigningKey } from '../../core/ledger/index.js';
import { parseCommandArgs, requirePositionals } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, emit, printHelp } from '../io.js';
import { excludeFromWorkTree, perInstallKeyPath } from '../key-path.js';
import { shellQuote } from '../outcome-json.js';
import { UsageError } from '../usage-error.js';

export const KEYGEN_HELP = `Usage: truss keygen [--out FILE] [--force] [--json]

Creates an Ed25519 signing key. The secret (a 32-byte seed) is written as one line of base64,
the same encoding TRUSS_SIGNING_KEY takes, with mode 0600. By default it is this machine's
per-install key, $XDG_CONFIG_HOME/truss/signing.key (~/.config/truss/signing.key): the key
\`truss run\` signs with when neither --key nor TRUSS_SIGNING_KEY is given. It is never written
into a repository by default; an --out FILE inside a git work tree is added to .git/info/exclude
with a warning. Use --out - to print the seed to stdout, e.g. to pipe into
\`gh secret set TRUSS_SIGNING_KEY\`. Prints the public key (hex) and the key id (OpenSSH SHA256
fingerprint).

Options:
  --out FILE   where to write the seed (default: the per-install key; "-" = stdout)
  --force      overwrite an existing key file
  --json       print {public_key, key_id, path} as JSON

Examples:
  truss keygen                                       # this machine's per-install key
  truss keygen --out reviewer.key                    # a key of your own, e.g. for sign-offs
  truss keygen --out - | gh secret set TRUSS_SIGNING_KEY

Exit codes: 0 written, 3 the key file exists (pass --force) or cannot be written, 64 usage`;

export function keygen(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs('keygen', args, {
    out: { type: 'string', short: 'o' },
    force: { type: 'boolean' },
    json: { type: 'boolean' },
  });
  if (values.help) return printHelp(io, KEYGEN_HELP);
  requirePositionals('keygen', positionals, []);
  const out = values.out ?? perInstallKeyPath(io.env);
  const { key, seedBase64 } = SigningKey.generate();
  if (out === '-') {
    if (values.json)
      throw new UsageError('keygen: --out - prints the secret on stdout and cannot be combined with --json');
    io.stdout(`${seedBase64}\n`);
    io.stderr(`public key ${key.publicKeyHex}\nkey id     ${key.keyId}\n`);
    return EXIT.ok;
  }
  const path = resolve(io.cwd, out);
  const existing = lstatOrNull(path);
  if (existing?.isSymbolicLink()) {
    throw new KeyError(
      `keygen: ${out} is a symbolic link; a secret written through it would land wherever it points. Remove the link or name the key file itself.`,
    );
  }
  if (existing && !existing.isFile()) {
    throw new KeyError(
      `keygen: ${out} is ${existing.isDirectory() ? 'a directory' : 'not a regular file'}; --out names the key file itself (for example ${join(out, 'signing.key')})`,
    );
  }
  if (existing && !values.force) {
    throw new KeyError(
      `keygen: ${out} already exists; pass --force to replace it (the old key can no longer sign)`,
    );
  }
  writeSecretFile(path, `${seedBase64}\n`);
  // An agent working in that tree could read the key; at least keep it out of commits and evidence.
  let tree: string | null;
  try {
    tree = excludeFromWorkTree(path);
  } catch (error) {
    throw new KeyError(
      `keygen: wrote ${out}, but could not tell whether it lies in a git work tree, so it was not added to .git/info/exclude: ${(error as Error).message}`,
    );
  }
  if (tree)
    io.stderr(
      `warning: ${out} is inside the git work tree ${tree}; it was added to .git/info/exclude, but any process working in that tree can read it. Prefer the default per-install key (omit --out).\n`,
    );
  const result = { public_key: key.publicKeyHex, key_id: key.keyId, path: out };
  emit(io, Boolean(values.json), result, () =>
    [
      `wrote signing key to ${out} (mode 0600; keep it secret, do not commit it)`,
      `public key ${key.publicKeyHex}`,
      `key id     ${key.keyId}`,
      '',
      'Next:',
      // With its role, so verify does not warn about an untagged line (docs/ledger.md).
      // `mkdir -p`: pasted in a repository that has no .truss/ yet, a bare `>>` fails.
      `  pin it:            mkdir -p .truss && echo "${key.publicKeyHex} roles=signer my-ci-key" >> .truss/trusted-keys`,
      `  use it in Actions: gh secret set TRUSS_SIGNING_KEY < ${shellQuote(out)}`,
    ].join('\n'),
  );
  return EXIT.ok;
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/**
 * Writes the seed to a new 0600 file beside `path` (exclusive create: never through a link, never
 * readable by others even for a moment) and renames it into place, replacing an old key whole.
 */
function writeSecretFile(path: string, text: string): void {
  try {
    // The per-install key dir is owner-only (mode applies to directories this call creates); a
    // directory that cannot be made (an unwritable HOME) is the same input error as an unwritable file.
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileAtomic(path, text, { mode: 0o600 });
  } catch (error) {
    throw new KeyError(
      `keygen: cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); choose a file in a directory you can write`,
    );
  }
}
