import { existsSync } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';
import type { UntrustedConfig } from './git-config-trust.js';

/** A path as a message may show it: a control character becomes `?`, and it is quoted for a shell. */
function shellWord(path: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly what is replaced
  return `'${path.replace(/[\u0000-\u001f\u007f]/g, '?').replaceAll("'", "'\\''")}'`;
}

/** What to do about one untrusted config: the command that removes the include, or the variable to unset. */
function fixFor({ from, key, path }: UntrustedConfig): string {
  if (key === 'gitdir')
    return `keep the git directory of ${shellWord(dirname(from))} (${shellWord(dirname(path))}) outside the working tree, where only you can write it`;
  if (key === 'extensions.worktreeconfig')
    return `make ${shellWord(path)} a file only you can write, or turn the extension off (\`git config --file ${shellWord(from)} --unset extensions.worktreeConfig\`)`;
  if (!isAbsolute(from)) return `unset ${from}`;
  if (key === '' && from === path && !existsSync(path))
    return `set HOME to a directory outside the working tree that only you can write, or set GIT_CONFIG_GLOBAL to a config only you can write (GIT_CONFIG_GLOBAL=/dev/null reads none)`;
  if (key === '') return `move ${shellWord(from)} where only you can write it`;
  return `remove the include (\`git config --file ${shellWord(from)} --unset-all ${shellWord(key)}\`)`;
}

/**
 * The message of a refused harness git: each untrusted config (the including file, the variable, the
 * included path and why), what it would let the work do, and how to remove it.
 */
export function untrustedConfigAdvice(found: readonly UntrustedConfig[]): string {
  const first = found.slice(0, 5);
  const shown = first.map(
    (item) =>
      `${item.from}${item.key ? ` (${item.key})` : ''} makes git read ${item.path}, which is ${item.why}; ${fixFor(item)}`,
  );
  const more = found.length > first.length ? ` (and ${found.length - first.length} more)` : '';
  return (
    `${shown.join('; ')}${more}. A config the judged work can write can make git run any command as the ` +
    'harness user (a filter, a textconv, a pager), so no harness git runs with it (docs/security.md, "Git ' +
    'metadata"). Keep a shared config in .git/info/ and include it from there, then run again'
  );
}
