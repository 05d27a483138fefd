/**
 * A link the repository committed where truss writes (the ledger's directory, a bundle directory)
 * is refused whichever way the path is spelled. The check compared the path with the working copy
 * as text, so the working copy named through another path — a link to it (a shell's `$PWD` in a
 * linked directory), a bind mount of it — skipped it, and truss created the ledger and wrote the
 * bundle wherever the committed link pointed. Real CLI processes, real links, a real bind mount.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkInsideWorkdir } from '../../src/cli/link-walk.js';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';

const CONTRACT = contractToml(
  { id: 'spell', intent: 'A run whose outputs are spelled another way' },
  {
    kind: 'check',
    desc: 'ok',
    run: 'true',
  },
);

function layout(prefix: string) {
  const cli = cliHome(prefix);
  const contract = cli.write('c.toml', CONTRACT);
  const victim = join(cli.home, 'victim');
  mkdirSync(victim);
  // Committed by the repository: state -> the victim directory, out -> the same.
  symlinkSync(victim, join(cli.workdir, 'state'));
  symlinkSync(victim, join(cli.workdir, 'out'));
  const alias = join(cli.home, 'alias');
  symlinkSync(cli.workdir, alias);
  return { cli, contract, victim, alias };
}

describe('output paths inside the working copy, spelled another way', () => {
  it('a --db through a link to the working copy is refused and nothing is created', () => {
    const { cli, contract, victim, alias } = layout('spell-db');
    const run = runCli(
      [
        'run',
        contract,
        '--workdir',
        cli.workdir,
        '--key',
        cli.keyFile,
        '--db',
        join(alias, 'state/ledger.db'),
      ],
      { env: cli.env },
    );
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain('a symbolic link inside the working copy');
    expect(readdirSync(victim)).toEqual([]);
  });

  it('a --bundle through a link to the working copy is refused and nothing is written', () => {
    const { cli, contract, victim, alias } = layout('spell-bundle');
    const run = runCli(['run', contract, ...cli.runFlags, '--bundle', join(alias, 'out/b.json')], {
      env: cli.env,
    });
    expect(run.code, run.stderr).toBe(3);
    expect(readdirSync(victim)).toEqual([]);
  });

  it('the working copy named through a link, and links in it named through the real path', () => {
    const { cli, alias } = layout('spell-unit');
    expect(linkInsideWorkdir(alias, join(cli.workdir, 'state/ledger.db'))).toBe(join(cli.workdir, 'state'));
    expect(linkInsideWorkdir(cli.workdir, `${alias}//state/./ledger.db`)).toBe(join(cli.workdir, 'state'));
    // Not joined (join() would drop `sub/..`): the kernel cannot pass a missing `sub`.
    expect(linkInsideWorkdir(cli.workdir, `${cli.workdir}/sub/../state/x`)).toBeNull();
    mkdirSync(join(cli.workdir, 'sub'));
    expect(linkInsideWorkdir(cli.workdir, `${cli.workdir}/sub/../state/x`)).toBe(join(cli.workdir, 'state'));
    expect(linkInsideWorkdir(cli.workdir, join(cli.home, 'victim/ledger.db'))).toBeNull();
  });

  it('a bind mount of the working copy is the working copy', () => {
    if (process.getuid?.() !== 0) {
      console.warn('skipped: bind mounts need root');
      return;
    }
    const { cli } = layout('spell-bind');
    const bound = mkdtempSync(join(cli.home, 'bound-'));
    execFileSync('mount', ['--bind', cli.workdir, bound]);
    try {
      expect(linkInsideWorkdir(cli.workdir, join(bound, 'state/ledger.db'))).toBe(join(bound, 'state'));
      expect(linkInsideWorkdir(bound, join(cli.workdir, 'out/b.json'))).toBe(join(cli.workdir, 'out'));
    } finally {
      execFileSync('umount', [bound]);
      rmdirSync(bound);
    }
    expect(existsSync(join(cli.home, 'victim'))).toBe(true);
  });
});
