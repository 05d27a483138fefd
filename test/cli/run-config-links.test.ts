/**
 * A symbolic link inside the working copy on the way to `.truss/` or the contract file is the work's
 * to replace: the link itself is not hidden (its target is), so a sandboxed check could point it at
 * a file of its own and the user's next `truss run ci/contract.toml` read that instead.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { writeKeyFile } from '../helpers/keys.js';
import { mechanismAvailable } from '../process/isolation-kit.js';

const UNCONFINED = '[sandbox]\\nisolation = \\"none\\"\\n';

describe('links on the way to the run configuration', () => {
  it('a contract reached through a linked directory is refused before anything runs', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable) {
      console.warn(`skipped: uid isolation unavailable here (${unavailable})`);
      return;
    }
    const cli = cliHome('cfg-link');
    execFileSync('git', ['init', '-q'], { cwd: cli.workdir });
    mkdirSync(join(cli.workdir, 'conf'));
    symlinkSync('conf', join(cli.workdir, 'ci'));
    const attack = `rm ci && mkdir ci && printf "${UNCONFINED}" > ci/contract.toml; true`;
    const text = `[contract]\nid = "cfg"\nintent = "a check that re-points the contract's directory"\n\n[[done]]\nkind = "check"\ndesc = "attack"\nrun = ${JSON.stringify(attack)}\ntimeout_sec = 20\n`;
    writeFileSync(join(cli.workdir, 'conf/contract.toml'), text);
    const contract = join(cli.workdir, 'ci/contract.toml');
    const run = runCli(['run', contract, ...cli.runFlags, '--isolation', 'uid', '--json'], { env: cli.env });
    expect(readFileSync(contract, 'utf8')).toBe(text);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('symbolic link');
  });

  it('a linked .truss is refused with the ledger and bundle kept elsewhere', async () => {
    const cli = cliHome('cfg-link-dir');
    execFileSync('git', ['init', '-q'], { cwd: cli.workdir });
    mkdirSync(join(cli.workdir, 'team'));
    writeFileSync(join(cli.workdir, 'team/config.toml'), '# the team settings\n');
    symlinkSync('team', join(cli.workdir, '.truss'));
    const contract = join(cli.workdir, 'contract.toml');
    writeFileSync(
      contract,
      '[contract]\nid = "cfg"\nintent = "x"\n\n[[done]]\nkind = "check"\ndesc = "ok"\nrun = "true"\ntimeout_sec = 20\n',
    );
    const outside = join(cli.home, 'out');
    const run = runCli(
      [
        'run',
        contract,
        ...cli.runFlags,
        '--db',
        join(outside, 'ledger.db'),
        '--bundle',
        join(outside, 'b.json'),
        '--isolation',
        'none',
        '--json',
      ],
      { env: cli.env },
    );
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('.truss');
    expect(run.stderr).toContain('symbolic link');
  });

  it('a signing key reached through a linked directory in the working copy is refused', () => {
    const cli = cliHome('cfg-link-key');
    execFileSync('git', ['init', '-q'], { cwd: cli.workdir });
    writeKeyFile(join(cli.workdir, 'secrets/signing.key'), 0x62);
    symlinkSync('secrets', join(cli.workdir, 'keys'));
    const contract = cli.write(
      'contract.toml',
      '[contract]\nid = "cfg"\nintent = "x"\n\n[[done]]\nkind = "check"\ndesc = "ok"\nrun = "true"\ntimeout_sec = 20\n',
    );
    const key = join(cli.workdir, 'keys/signing.key');
    const run = runCli(
      [
        'run',
        contract,
        '--workdir',
        cli.workdir,
        '--db',
        cli.db,
        '--key',
        key,
        '--isolation',
        'none',
        '--json',
      ],
      { env: cli.env },
    );
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`${join(cli.workdir, 'keys')}, a symbolic link`);
  });
});

/**
 * `.truss/config.toml` as a link that points nowhere (a config kept in a submodule that is not
 * checked out) or loops was read as "no configuration": the run went on without the repository's
 * [provider], [constraints] and [sandbox], and passed. Refused (3) naming the link, by every command
 * that layers the configuration.
 */
describe('a .truss/config.toml link that cannot be followed', () => {
  const CONTRACT =
    '[contract]\nid = "cfg"\nintent = "passes"\n\n[[done]]\nkind = "check"\ndesc = "true"\nrun = "true"\n';

  it.each([
    ['points nowhere', 'vendor/truss/config.toml', 'which does not exist'],
    ['loops', 'config.toml', 'loops back on itself'],
  ])('one that %s is refused by run and mcp list, not skipped', (_what, target, says) => {
    const cli = cliHome('cfg-dangling');
    mkdirSync(join(cli.workdir, '.truss'));
    symlinkSync(target, join(cli.workdir, '.truss/config.toml'));
    const contract = cli.write('c.toml', CONTRACT);
    const run = runCli(['run', contract, ...cli.runFlags, '--isolation', 'none', '--json'], { env: cli.env });
    expect(run.code, run.stdout).toBe(3);
    expect(run.stderr).toContain(`${join(cli.workdir, '.truss/config.toml')}: is a symbolic link`);
    expect(run.stderr).toContain(says);
    const list = runCli(['mcp', 'list', '--workdir', cli.workdir], { env: cli.env });
    expect(list.code, list.stdout).toBe(3);
    expect(list.stderr).toContain(says);
  });
});
