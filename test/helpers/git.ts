import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The fixed identity every test commit is made with. */
export const GIT_IDENTITY: Readonly<Record<string, string>> = Object.freeze({
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@t',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@t',
});

/**
 * Runs real git in `cwd` as the test identity and returns its stdout without the trailing newline. Inherited `GIT_*`
 * variables are dropped first: a suite started from a git hook would otherwise aim every call at the
 * outer repository (GIT_DIR, GIT_INDEX_FILE).
 */
export function git(cwd: string, ...args: string[]): string {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('GIT_')) env[name] = value;
  }
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, ...GIT_IDENTITY },
  }).trimEnd();
}

/**
 * A fresh repository on `main` with one commit of `files` (path → content; default a README).
 * `prefix` names the temp directory so a leftover one says which suite made it.
 */
export function makeRepo(
  files: Record<string, string> = { 'README.md': '# demo\n' },
  prefix = 'truss-repo-',
): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  git(dir, 'init', '-q', '-b', 'main');
  for (const [path, content] of Object.entries(files)) writeFileSync(join(dir, path), content);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'base');
  return dir;
}
