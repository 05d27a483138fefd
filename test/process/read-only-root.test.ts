/**
 * Under `uid` isolation a check may write its own working copy and its scratch, nothing else. File
 * permissions alone did not hold that: `uid` grants each working copy to the sandbox group, and the
 * grant stays after the run, so a check of a later run on ANOTHER repository (the same sandbox user)
 * wrote the first copy's `.git/config` and `.git/info/attributes`; the next `truss run` there ran the
 * planted git filter as root, before any sandbox existed. Everything outside the sandbox's own places
 * is now read-only inside it (docs/security.md, `uid`). The working copies lie outside the shared
 * temp directories (the private /tmp would hide them from each other), as runner workspaces do.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { mechanismAvailable } from './isolation-kit.js';

/** A root-owned 0755 directory outside every world-writable one (as /home/runner/work is). */
const BASE_PARENT = '/var/lib';
let base: string | null = null;
afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

function repo(parent: string, name: string): string {
  const dir = join(parent, name);
  mkdirSync(dir);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  writeFileSync(join(dir, 'a.txt'), 'hello\n');
  execFileSync('git', ['add', 'a.txt'], { cwd: dir });
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'init'], {
    cwd: dir,
  });
  return dir;
}

function contract(path: string, id: string, run: string): string {
  writeFileSync(
    path,
    `[contract]\nid = "${id}"\nintent = "read-only root"\n\n[[done]]\nkind = "check"\ndesc = "${id}"\nrun = ${JSON.stringify(run)}\ntimeout_sec = 20\n`,
  );
  return path;
}

describe('uid isolation outside the working copy', () => {
  it('a check cannot plant a git filter in another working copy an earlier run granted', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable) {
      console.warn(`skipped: uid isolation unavailable here (${unavailable})`);
      return;
    }
    base = mkdtempSync(join(BASE_PARENT, 'truss-ro-root-'));
    chmodSync(base, 0o755);
    const victim = repo(base, 'victim');
    const attacker = repo(base, 'attacker');
    const cli = cliHome('ro-root');
    const marker = join(base, 'filter-ran-as');
    const payload = join(victim, '.payload');
    const plain = contract(join(cli.home, 'plain.toml'), 'plain', 'true');
    const flags = (workdir: string, db: string) => ['--workdir', workdir, '--db', db, '--key', cli.keyFile];
    const run = (file: string, workdir: string) =>
      runCli(['run', file, ...flags(workdir, join(cli.home, `${workdir === victim ? 'v' : 'a'}.db`))], {
        env: cli.env,
        cwd: workdir,
      });

    // An ordinary run in the victim's copy grants it to the sandbox group (and leaves it so).
    expect(run(plain, victim).code).toBe(0);

    // A later run on another repository: its check writes the victim's git metadata and files.
    const attack = [
      `printf '#!/bin/sh\\nid -u > ${marker}\\ncat\\n' > ${payload}`,
      `chmod +x ${payload}`,
      `git config -f ${victim}/.git/config filter.x.clean ${payload}`,
      `echo '* filter=x' >> ${victim}/.git/info/attributes`,
      `echo planted >> ${victim}/a.txt`,
      // Its own working copy and scratch stay writable.
      'echo own > own.txt && echo tmp > "$TMPDIR/t" && echo home > "$HOME/h"',
    ].join('; ');
    const attacked = run(contract(join(cli.home, 'attack.toml'), 'attack', attack), attacker);
    expect(attacked.code, attacked.stderr).toBe(0);
    expect(readFileSync(join(attacker, 'own.txt'), 'utf8')).toBe('own\n');

    // The victim's next run (and the user's git) reads its metadata as root.
    execFileSync('touch', [join(victim, 'a.txt')]);
    expect(run(plain, victim).code).toBe(0);
    execFileSync('git', ['status', '--short'], { cwd: victim });

    expect(existsSync(marker)).toBe(false);
    expect(existsSync(payload)).toBe(false);
    expect(readFileSync(join(victim, '.git/config'), 'utf8')).not.toContain('filter');
    expect(readFileSync(join(victim, 'a.txt'), 'utf8')).toBe('hello\n');
  }, 60_000);
});
