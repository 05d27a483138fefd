import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { KeyError, loadKeyFile, parseSeedBase64, type SigningKey } from '../core/ledger/index.js';
import { GitCommandError, runHarnessGitSync } from '../core/process/index.js';
import type { CliIo } from './io.js';

/**
 * The per-install signing key: `$XDG_CONFIG_HOME/truss/signing.key` (default `~/.config/truss/`).
 * `truss keygen` writes it and `truss run`, `resume`, `signal`, `attest` and `anchor` sign with it
 * when neither `--key` nor `TRUSS_SIGNING_KEY` is given — one place, outside any working tree, so an
 * agent working in the repository cannot read it (docs/cli.md).
 */
export function perInstallKeyPath(env: Readonly<Record<string, string | undefined>>): string {
  // A relative XDG_CONFIG_HOME (or HOME) would put the secret under the current directory, often
  // the repository under judgement: the XDG spec says to ignore it, and a relative HOME gives way to
  // the account's home directory.
  const xdg = env.XDG_CONFIG_HOME;
  const configHome = xdg && isAbsolute(xdg) ? xdg : join(absoluteHome(env), '.config');
  return join(configHome, 'truss', 'signing.key');
}

function absoluteHome(env: Readonly<Record<string, string | undefined>>): string {
  const home = env.HOME || homedir();
  if (isAbsolute(home)) return home;
  try {
    const account = userInfo().homedir;
    if (isAbsolute(account)) return account;
  } catch {
    // no account entry: refused below
  }
  throw new KeyError(
    `HOME is the relative path ${JSON.stringify(home)}, so the per-install key would land under the current directory; set HOME to an absolute path, or ${PER_INSTALL_KEY_OTHERWISE}`,
  );
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
 * the work tree's top level; null when it is not in a work tree. Its git runs the harness's safe
 * path (src/core/process/git-safety.ts): the tree may be one judged work changed. A git that path
 * refuses (a FIFO in `.git`) or stops at its deadline throws (GitCommandError): the key is then
 * neither known to be outside a work tree nor excluded, and the caller must say so.
 */
export function excludeFromWorkTree(file: string): string | null {
  let top: string;
  let exclude: string;
  const cwd = dirname(file);
  const run = (...args: string[]) => {
    const { code, stdout } = runHarnessGitSync(cwd, args);
    if (code !== 0) return null;
    return stdout.toString('utf8').trim();
  };
  try {
    if (run('rev-parse', '--is-inside-work-tree') !== 'true') return null;
    const shown = run('rev-parse', '--show-toplevel');
    const gitPath = run('rev-parse', '--git-path', 'info/exclude');
    if (shown === null || gitPath === null) return null;
    top = shown;
    exclude = isAbsolute(gitPath) ? gitPath : resolve(cwd, gitPath);
  } catch (error) {
    if (error instanceof GitCommandError) throw error;
    return null; // git missing, or the directory gone
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
