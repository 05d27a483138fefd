import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bytesToHex } from './encoding.js';
import { KeyError } from './errors.js';
import { parsePublicKeyHex } from './keys.js';
import { parseTrustedKeys } from './trusted-keys.js';

/** Where a repository pins the keys it trusts (SPEC §4.5). */
export const REPO_TRUSTED_KEYS_PATH = '.truss/trusted-keys';

/**
 * Builds the pinned key set from explicit keys, an explicit file, or (when neither is given) the
 * repository's `.truss/trusted-keys`. Returns where the keys came from so reports can say it.
 */
export function resolveTrustedKeys(options: { keys?: string[]; file?: string | undefined; cwd: string }): {
  trusted: Map<string, string>;
  source: string | null;
} {
  const trusted = new Map<string, string>();
  const sources: string[] = [];
  for (const [index, key] of (options.keys ?? []).entries()) {
    trusted.set(bytesToHex(parsePublicKeyHex(key, `--key #${index + 1}`)), 'command line');
  }
  if (options.keys?.length) sources.push('--key');
  let file = options.file;
  if (!file && trusted.size === 0 && existsSync(join(options.cwd, REPO_TRUSTED_KEYS_PATH))) {
    file = join(options.cwd, REPO_TRUSTED_KEYS_PATH);
  }
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new KeyError(
        `cannot read trusted keys file ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    for (const [key, label] of parseTrustedKeys(text, file)) trusted.set(key, label);
    sources.push(file);
  }
  return { trusted, source: sources.length ? sources.join(' + ') : null };
}
