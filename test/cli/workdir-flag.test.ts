/**
 * `--workdir` must name a directory that exists, and a working copy truss cannot write is refused
 * with a message, never "unexpected error". A mistyped `--workdir` used to be created on the way to
 * the default ledger, and the checks then ran in that empty directory and signed a PASS. Real CLI
 * processes, real directories; the read-only case runs as another user when the suite is root
 * (root writes through any mode bits).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LedgerStore } from '../../src/core/ledger/index.js';
import { trussArgv } from '../helpers/built-dist.js';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import { seededKey } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';

// A check that passes in any directory, even an empty one: the PASS a typo used to get.
const CONTRACT = contractToml(
  { id: 'anywhere', intent: 'A check that passes wherever it runs' },
  { kind: 'check', desc: 'true passes', run: 'true' },
);

describe('--workdir names an existing directory', () => {
  it('truss run and truss eval refuse a --workdir that does not exist (3): nothing is created, nothing runs', () => {
    const cli = cliHome('wd-missing');
    const contract = cli.write('c.toml', CONTRACT);
    const missing = join(cli.home, 'no-such-repo');
    const runs: string[][] = [
      ['run', contract, '--workdir', missing, '--key', cli.keyFile, '--json'],
      [
        'eval',
        contract,
        '--arms',
        'a:budget.max_steps=1,b:budget.max_steps=2',
        '--repeats',
        '1',
        '--key',
        cli.keyFile,
        '--workdir',
        missing,
      ],
    ];
    for (const args of runs) {
      const result = runCli(args, { env: cli.env });
      expect(result.code, `${args.join(' ')}\n${result.stderr}`).toBe(3);
      expect(result.stderr).toContain(`--workdir ${missing} does not exist`);
      expect(result.stderr).not.toContain('unexpected error');
      expect(existsSync(missing), 'the mistyped directory was created').toBe(false);
    }
    const json = runCli(runs[0] as string[], { env: cli.env });
    expect(JSON.parse(json.stdout).error.exit).toBe(3);
  });

  it('a --workdir that is a file is refused (3), not reported as a --db path the user never gave', () => {
    const cli = cliHome('wd-file');
    const contract = cli.write('c.toml', CONTRACT);
    for (const args of [
      ['run', contract, '--workdir', contract, '--key', cli.keyFile],
      ['mcp', 'list', '--contract', contract, '--workdir', contract],
    ]) {
      const result = runCli(args, { env: cli.env });
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toContain(`--workdir ${contract} is not a directory`);
      expect(result.stderr).not.toContain('--db');
    }
  });

  it('--base in a --workdir that is no git work tree is refused (3), not dropped for a run without a base', () => {
    const cli = cliHome('wd-nogit');
    const contract = cli.write('c.toml', CONTRACT);
    const result = runCli(['run', contract, ...cli.runFlags, '--base', 'main', '--json'], { env: cli.env });
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toContain(`--base main needs a git work tree, and ${cli.workdir} is not one`);
    expect(JSON.parse(result.stdout).error.exit).toBe(3);
    if (existsSync(cli.db)) {
      const store = LedgerStore.open(cli.db, { readonly: true });
      expect(store.sessions()).toEqual([]);
      store.close();
    }
  });

  it('an existing --workdir still runs (0)', () => {
    const cli = cliHome('wd-ok');
    const result = runCli(['run', cli.write('c.toml', CONTRACT), ...cli.runFlags], { env: cli.env });
    expect(result.code, result.stderr).toBe(0);
  });
});

describe('a working copy truss cannot write', () => {
  it('is refused (3) with what to do, when --db and --bundle are elsewhere: truss cannot make its .truss/ there', () => {
    const root = tempDir('wd-readonly');
    chmodSync(root.dir, 0o755);
    const contract = root.write('c.toml', CONTRACT);
    chmodSync(contract, 0o644);
    const workdir = root.path('repo');
    mkdirSync(workdir, { mode: 0o555 });
    chmodSync(workdir, 0o555);
    const out = root.path('out');
    mkdirSync(out);
    chmodSync(out, 0o777);
    // Root writes through mode bits: the CLI runs as nobody then, as a user whose checkout is read-only.
    const asOther = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const [command, ...prefix] = trussArgv();
    const result = spawnSync(
      command,
      [
        ...prefix,
        'run',
        contract,
        '--workdir',
        workdir,
        '--db',
        join(out, 'ledger.db'),
        '--bundle',
        join(out, 'bundle.json'),
        '--isolation',
        'none',
        '--json',
      ],
      {
        cwd: out,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          HOME: out,
          TMPDIR: out,
          XDG_CACHE_HOME: join(out, 'cache'),
          TRUSS_SIGNING_KEY: seededKey(0x62).seedBase64,
        },
        ...asOther,
      },
    );
    expect(result.status, result.stderr).toBe(3);
    expect(result.stderr).toContain(`cannot create ${join(workdir, '.truss')} (EACCES)`);
    expect(result.stderr).toContain('make the working copy writable');
    expect(result.stderr).not.toContain('unexpected error');
    expect(JSON.parse(result.stdout).error.exit).toBe(3);
    expect(existsSync(join(out, 'bundle.json'))).toBe(false);
    root.cleanup();
  });
});
