import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { loadKeyFile, parseSeedBase64, type SigningKey } from '../core/ledger/index.js';
import { HARNESS_GIT_TIMEOUT_MS, harnessProgramEnv } from '../core/process/index.js';
import type { CliIo } from './io.js';

/**
 * The per-install signing key: `$XDG_CONFIG_HOME/truss/signing.key` (default `~/.config/truss/`).
 * `truss keygen` writes it and `truss run`, `resume`, `signal`, `attest` and `anchor` sign with it
 * when neither `--key` nor `TRUSS_SIGNING_KEY` is given — one place, outside any working tree, so an
 * agent working in the repository cannot read it (docs/cli.md).
 */
export function perInstallKeyPath(env: Readonly<Record<string, string | undefined>>): string {
  const configHome = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(configHome, 'truss', 'signing.key');
}

/** What to do when the per-install key cannot be created (an unwritable or missing HOME). */
export const PER_INSTALL_KEY_OTHERWISE =
  'pass --key FILE, set TRUSS_SIGNING_KEY, or set XDG_CONFIG_HOME to a directory you can write';

/**
 * Your signing key if it exists — `--key FILE`, else TRUSS_SIGNING_KEY, else the per-install key —
 * without creating one (a read command never does): the key this machine signs its runs with.
 */
export function existingSigningKey(io: CliIo, keyFile: string | undefined): SigningKey | null {
  if (keyFile) return loadKeyFile(resolve(io.cwd, keyFile));
  if (io.env.TRUSS_SIGNING_KEY) return parseSeedBase64(io.env.TRUSS_SIGNING_KEY, 'TRUSS_SIGNING_KEY');
  const path = perInstallKeyPath(io.env);
  return existsSync(path) ? loadKeyFile(path) : null;
}

/**
 * When `file` lies inside a git work tree, adds it to that repository's `.git/info/exclude` (not
 * the tracked `.gitignore`) so it is never committed nor shown as an untracked file, and returns
 * the work tree's top level; null when it is not in a work tree.
 */
export function excludeFromWorkTree(file: string): string | null {
  let top: string;
  let exclude: string;
  try {
    const cwd = dirname(file);
    const run = (...args: string[]) =>
      execFileSync('git', args, {
        cwd,
        env: harnessProgramEnv(process.env, cwd),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: HARNESS_GIT_TIMEOUT_MS,
        killSignal: 'SIGKILL',
      }).trim();
    if (run('rev-parse', '--is-inside-work-tree') !== 'true') return null;
    top = run('rev-parse', '--show-toplevel');
    const gitPath = run('rev-parse', '--git-path', 'info/exclude');
    exclude = isAbsolute(gitPath) ? gitPath : resolve(cwd, gitPath);
  } catch {
    return null;
  }
  const entry = `/${relative(top, file).split('\\').join('/')}`;
  const current = existsSync(exclude) ? readFileSync(exclude, 'utf8') : '';
  if (!current.split('\n').includes(entry)) {
    const separator = current === '' || current.endsWith('\n') ? '' : '\n';
    appendFileSync(
      exclude,
      `${separator}# added by truss keygen: a signing key must never be committed\n${entry}\n`,
    );
  }
  return top;
}
