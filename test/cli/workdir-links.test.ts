/**
 * A repository can commit symbolic links where truss keeps its state (`.truss/ledger.db`, its
 * `-wal`, `.truss/bundles`, `.truss` itself). truss writes there with the user's rights — root on
 * many runners — and fills the files with what the judged code printed, so following such a link
 * would let the repository's author pick a file truss creates (`~/.ssh/authorized_keys` takes any
 * line it can parse). Every command refuses them before anything runs (exit 3), names the link,
 * and creates nothing at its target. Real CLI processes, real links.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';

const CONTRACT = contractToml(
  { id: 'marker', intent: 'A check that leaves a marker' },
  {
    kind: 'check',
    desc: 'prints a line an attacker would plant',
    run: 'echo ssh-ed25519 AAAAattacker; touch ran',
  },
);

describe('links the repository planted where truss keeps its state', () => {
  let cli: ReturnType<typeof cliHome>;
  let contract: string;
  let outside: string;
  let defaults: string[];
  beforeEach(() => {
    cli = cliHome('links');
    contract = cli.write('c.toml', CONTRACT);
    outside = join(cli.home, 'victim');
    mkdirSync(outside);
    defaults = ['run', contract, '--workdir', cli.workdir, '--key', cli.keyFile];
  });

  const expectRefused = (run: { code: number; stderr: string }, link: string) => {
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain(`${link}, which is a symbolic link inside the working copy`);
    expect(run.stderr).toContain('outside the working copy');
    expect(run.stderr).not.toContain('unexpected error');
    expect(existsSync(join(cli.workdir, 'ran'))).toBe(false);
    expect(readdirSync(outside)).toEqual([]);
  };

  it('.truss/ledger.db pointing at a file that does not exist yet: refused, nothing created there', () => {
    mkdirSync(join(cli.workdir, '.truss'));
    const link = join(cli.workdir, '.truss/ledger.db');
    symlinkSync(join(outside, 'authorized_keys'), link);
    const run = runCli(defaults, { env: cli.env });
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain(`the ledger database ${link} is a symbolic link inside the working copy`);
    expect(existsSync(join(cli.workdir, 'ran'))).toBe(false);
    expect(readdirSync(outside)).toEqual([]);
  });

  it.each(['-wal', '-shm', '-journal'])(
    "the database's %s side file as a link: refused (SQLite would create it through the link)",
    (side) => {
      mkdirSync(join(cli.workdir, '.truss'));
      const link = join(cli.workdir, `.truss/ledger.db${side}`);
      symlinkSync(join(outside, 'authorized_keys'), link);
      expectRefused(runCli(defaults, { env: cli.env }), `goes through ${link}`);
      expect(existsSync(join(cli.workdir, '.truss/ledger.db'))).toBe(false);
    },
  );

  it('.truss itself a link to another directory: refused', () => {
    symlinkSync(outside, join(cli.workdir, '.truss'));
    expectRefused(runCli(defaults, { env: cli.env }), `goes through ${join(cli.workdir, '.truss')}`);
  });

  it('.truss/bundles a link: refused before the checks run, with the database in the working copy', () => {
    mkdirSync(join(cli.workdir, '.truss'));
    symlinkSync(outside, join(cli.workdir, '.truss/bundles'));
    expectRefused(runCli(defaults, { env: cli.env }), `goes through ${join(cli.workdir, '.truss/bundles')}`);
  });

  it('--bundle inside the working copy whose report file beside it is a link: refused', () => {
    mkdirSync(join(cli.workdir, 'out'));
    symlinkSync(join(outside, 'index.html'), join(cli.workdir, 'out/v.html'));
    const run = runCli([...defaults, '--db', cli.db, '--bundle', join(cli.workdir, 'out/v.json')], {
      env: cli.env,
    });
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain(`the HTML report ${join(cli.workdir, 'out/v.html')} is a symbolic link`);
    expect(existsSync(join(cli.workdir, 'ran'))).toBe(false);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('truss report and ledger export -o do not write through a link in the directory they run in', () => {
    const run = runCli([...defaults, '--db', cli.db, '--bundle', join(cli.home, 'b.json')], { env: cli.env });
    expect(run.code, run.stderr).toBe(0);
    mkdirSync(join(cli.workdir, 'evidence'));
    copyFileSync(join(cli.home, 'b.json'), join(cli.workdir, 'evidence/b.json'));
    symlinkSync(join(outside, 'victim.txt'), join(cli.workdir, 'evidence/b.html'));
    const report = runCli(['report', 'evidence/b.json'], { cwd: cli.workdir, env: cli.env });
    expect(report.code, report.stderr).toBe(3);
    expect(report.stderr).toContain('is a symbolic link inside the working copy');
    symlinkSync(join(outside, 'exported.json'), join(cli.workdir, 'evidence/again.json'));
    const session = JSON.parse(readFileSync(join(cli.home, 'b.json'), 'utf8')).ledger.session_id as string;
    const exported = runCli(['ledger', 'export', session, '--db', cli.db, '-o', 'evidence/again.json'], {
      cwd: cli.workdir,
      env: cli.env,
    });
    expect(exported.code, exported.stderr).toBe(3);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('read commands refuse the same database path (truss ledger show in the checkout)', () => {
    mkdirSync(join(cli.workdir, '.truss'));
    symlinkSync(join(outside, 'x.db'), join(cli.workdir, '.truss/ledger.db'));
    const show = runCli(['ledger', 'show', 'any-session'], { cwd: cli.workdir, env: cli.env });
    expect(show.code, show.stderr).toBe(3);
    expect(show.stderr).toContain('is a symbolic link inside the working copy');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('links outside the working copy are the user’s own choice and still work', () => {
    const linkedHome = join(cli.home, 'state');
    symlinkSync(outside, linkedHome);
    const run = runCli([...defaults, '--db', join(linkedHome, 'ledger.db')], { env: cli.env });
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(outside, 'ledger.db'))).toBe(true);
    expect(readdirSync(join(cli.workdir, '.truss/bundles')).some((name) => name.endsWith('.json'))).toBe(
      true,
    );
  });
});
