/**
 * A judged check can fill the disk the ledger lives on and then exit 0. The run must stop without a
 * verdict (never a PASS) and say what happened; it used to call a full disk a bug in truss
 * ("unexpected error … Please report it"). The real run is made on a small tmpfs (root only).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeError } from '../../src/cli/error-exit.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { trussArgv } from '../helpers/built-dist.js';

const asRoot = process.getuid?.() === 0;
const mounts: string[] = [];
afterEach(() => {
  for (const dir of mounts.splice(0)) {
    spawnSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('a full disk', () => {
  it('is reported as a full disk, exit 1, for the file system and for SQLite', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL']) {
      const failed = describeError(Object.assign(new Error(`${code}: no space left`), { code }));
      expect(failed.exit).toBe(EXIT.failed);
      expect(failed.message).toMatch(/^the disk is full/);
      expect(failed.message).toContain('no verdict');
      expect(failed.message).not.toContain('report it');
    }
  });

  it.runIf(asRoot)(
    'filled by a check before it passes: the run ends with exit 1 and no PASS',
    () => {
      const mount = mkdtempSync(join(tmpdir(), 'truss-full-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mount]);
      mounts.push(mount);
      const repo = join(mount, 'repo');
      mkdirSync(join(repo, '.truss/contracts'), { recursive: true });
      const git = (...args: string[]) => execFileSync('git', args, { cwd: repo });
      git('init', '-q', '-b', 'main');
      writeFileSync(join(repo, '.gitignore'), '.truss/\nfill\n');
      git('add', '.');
      git('-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-qm', 'base');
      const contract = join(repo, '.truss/contracts/full.toml');
      writeFileSync(
        contract,
        `[contract]
id = "full"
intent = "fill the disk, then pass"

[[done]]
kind = "check"
desc = "fills the disk the ledger is on, prints, passes"
run = "dd if=/dev/zero of=fill bs=1M 2>/dev/null; head -c 2000000 /dev/urandom | base64; true"
timeout_sec = 30
`,
      );
      const [node, ...cli] = trussArgv();
      const run = spawnSync(
        node,
        [...cli, 'run', contract, '--workdir', repo, '--isolation', 'none', '--json'],
        {
          cwd: repo,
          encoding: 'utf8',
          env: { ...process.env, XDG_CONFIG_HOME: join(mount, 'config') },
        },
      );
      expect(run.status, run.stderr).toBe(EXIT.failed);
      expect(run.stdout).not.toMatch(/"overall":\s*"pass"/);
      expect(run.stderr).toMatch(/the disk is full/);
    },
    60_000,
  );
});
