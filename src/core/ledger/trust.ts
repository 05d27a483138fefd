import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readInputText } from '../input-file.js';
import { cannotRead } from '../read-failure.js';
import { bytesToHex } from './encoding.js';
import { KeyError } from './errors.js';
import { parsePublicKeyHex } from './keys.js';
import { parseTrustedKeys, type RolePin } from './trusted-keys.js';

/** Where a repository pins the keys it trusts (docs/ledger.md "Verification results"). */
export const REPO_TRUSTED_KEYS_PATH = '.truss/trusted-keys';

/**
 * Builds the pinned key set from explicit keys, an explicit file, or (when neither is given) the
 * repository's `.truss/trusted-keys`. Returns where the keys came from so reports can say it.
 * A `--key HEX` pins for every role (the person verifying vouches for it); file lines carry their
 * roles (docs/ledger.md "Trusted keys and roles").
 */
export function resolveTrustedKeys(options: {
  keys?: string[];
  file?: string | undefined;
  cwd: string;
  onWarning?: (message: string) => void;
  /**
   * Says why the repository's own `.truss/trusted-keys` (used when no key or file is given) must
   * not be trusted here, or null to use it. The host decides: the file lives in a working copy,
   * and a branch can add its author's key to it.
   */
  vetRepoFile?: (path: string) => string | null;
}): {
  trusted: Map<string, string | RolePin>;
  source: string | null;
} {
  const trusted = new Map<string, string | RolePin>();
  const sources: string[] = [];
  for (const [index, key] of (options.keys ?? []).entries()) {
    try {
      trusted.set(bytesToHex(parsePublicKeyHex(key, `--key #${index + 1}`)), 'command line');
    } catch (error) {
      // `--key keys.txt`: --key takes the key itself; a file of keys is --trusted-keys.
      if (!(error instanceof KeyError) || !existsSync(resolve(options.cwd, key))) throw error;
      throw new KeyError(
        `${error.message}; ${key} is a file: pass a file of public keys as --trusted-keys ${key}, not --key`,
      );
    }
  }
  if (options.keys?.length) sources.push('--key');
  let file = options.file;
  if (!file && trusted.size === 0 && existsSync(join(options.cwd, REPO_TRUSTED_KEYS_PATH))) {
    const repoFile = join(options.cwd, REPO_TRUSTED_KEYS_PATH);
    const problem = options.vetRepoFile?.(repoFile) ?? null;
    if (problem === null) file = repoFile;
    else
      options.onWarning?.(
        `not trusting the keys in ${repoFile}: ${problem}, and a branch can pin its own author's key there. Pass --trusted-keys ${repoFile} to use it anyway, or --key HEX.`,
      );
  }
  if (file) {
    let text: string;
    try {
      text = readInputText(file); // never waits on a FIFO (docs/cli.md "Input files")
    } catch (error) {
      throw new KeyError(
        `${cannotRead(`trusted keys file ${file}`, error)}; pass a file of public keys, one per line (docs/ledger.md), or --key HEX`,
      );
    }
    for (const [key, pin] of parseTrustedKeys(text, file, options.onWarning)) {
      if (!trusted.has(key)) trusted.set(key, pin);
    }
    sources.push(file);
  }
  return { trusted, source: sources.length ? sources.join(' + ') : null };
}
