/**
 * Output paths are validated before a run starts: `--bundle /etc` (a directory) is refused with
 * exit 3 before anything is journaled, and no `.tmp-PID` file is ever left behind. Real CLI
 * processes, real files.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createNodeCrypto, exportBundleToFile, LedgerStore } from '../../src/core/ledger/index.js';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';

const CONTRACT = contractToml(
  { id: 'marker', intent: 'A check that leaves a marker' },
  { kind: 'check', desc: 'touches ran', run: 'touch ran' },
);

describe('output paths are checked before the run', () => {
  let home: string;
  let workdir: string;
  let common: string[];
  let db: string;
  beforeEach(() => {
    const cli = cliHome('out');
    ({ home, workdir, db } = cli);
    common = [cli.write('c.toml', CONTRACT), ...cli.runFlags];
  });

  it('--bundle pointing at a directory is refused (3) before the checks run; no temp file is left', () => {
    const target = join(home, 'adir');
    mkdirSync(target);
    const run = runCli(['run', ...common, '--bundle', target], { env: { HOME: home } });
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain(`--bundle ${target} is a directory`);
    expect(run.stderr).not.toContain('unexpected error');
    expect(existsSync(join(workdir, 'ran'))).toBe(false);
    expect(readdirSync(home).filter((name) => name.includes('.tmp-'))).toEqual([]);
    // Nothing was journaled either.
    if (existsSync(db)) {
      const store = LedgerStore.open(db, { readonly: true });
      expect(store.sessions()).toEqual([]);
      store.close();
    }
  });

  it('--bundle /etc is refused the same way', () => {
    const run = runCli(['run', ...common, '--bundle', '/etc'], { env: { HOME: home } });
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain('--bundle /etc is a directory');
    expect(existsSync('/etc.tmp-')).toBe(false);
    expect(readdirSync('/').filter((name) => name.startsWith('etc.tmp-'))).toEqual([]);
    expect(existsSync(join(workdir, 'ran'))).toBe(false);
  });

  it('--db under a regular file, and ledger export -o onto a directory, are input errors (3)', () => {
    const file = join(home, 'plain');
    writeFileSync(file, 'x');
    const run = runCli(['run', ...common.slice(0, 3), '--db', join(file, 'ledger.db'), ...common.slice(5)], {
      env: { HOME: home },
    });
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain('is not a directory');
    expect(existsSync(join(workdir, 'ran'))).toBe(false);

    const ok = runCli(['run', ...common, '--json'], { env: { HOME: home } });
    expect(ok.code, ok.stderr).toBe(0);
    const session = JSON.parse(ok.stdout).session_id as string;
    const out = join(home, 'outdir');
    mkdirSync(out);
    const exported = runCli(['ledger', 'export', session, '--db', db, '-o', out]);
    expect(exported.code, exported.stderr).toBe(3);
    expect(readdirSync(home).filter((name) => name.includes('.tmp-'))).toEqual([]);

    // The exporter itself never leaves its temp file, whatever fails (here: the rename onto a directory).
    const store = LedgerStore.open(db, { readonly: true });
    try {
      expect(() => exportBundleToFile(store, session, createNodeCrypto(), out)).toThrow();
    } finally {
      store.close();
    }
    expect(readdirSync(home).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });
});

describe('every whole-file output: a missing directory is made, a directory is refused before anything is written', () => {
  it('ledger export -o, memory export -o and attest -o / --sigstore-bundle / --bundle-out into a new directory write the file (0), never "unexpected error"', () => {
    const cli = cliHome('out-newdir');
    const run = runCli(['run', cli.write('c.toml', CONTRACT), ...cli.runFlags, '--json'], { env: cli.env });
    expect(run.code, run.stderr).toBe(0);
    const session = JSON.parse(run.stdout).session_id as string;
    const fresh = (name: string) => join(cli.home, `new-${name}`, 'deeper', 'out.json');
    const commands: Array<[string[], string[]]> = [
      [['ledger', 'export', session, '--db', cli.db, '-o', fresh('export')], [fresh('export')]],
      [['memory', 'export', '--db', cli.db, '-o', fresh('memory')], [fresh('memory')]],
      [
        [
          'attest',
          session,
          '--db',
          cli.db,
          '--key',
          cli.keyFile,
          '-o',
          fresh('attest'),
          '--sigstore-bundle',
          fresh('sigstore'),
          '--bundle-out',
          fresh('bundle'),
        ],
        [fresh('attest'), fresh('sigstore'), fresh('bundle')],
      ],
      // Without --bundle-out the bundle goes next to -o, in the directory -o names.
      [
        ['attest', session, '--db', cli.db, '--key', cli.keyFile, '-o', fresh('beside')],
        [fresh('beside'), join(cli.home, 'new-beside', 'deeper', `truss-ledger-${session}.json`)],
      ],
    ];
    for (const [args, outputs] of commands) {
      const result = runCli(args, { cwd: cli.home, env: cli.env });
      expect(result.stderr).not.toContain('unexpected error');
      expect(result.code, `${args.join(' ')}\n${result.stderr}`).toBe(0);
      for (const output of outputs) expect(existsSync(output), output).toBe(true);
    }
  });

  it('attest refuses a directory at -o or --sigstore-bundle (3) before exporting or writing anything', () => {
    const cli = cliHome('out-attest-dir');
    const run = runCli(['run', cli.write('c.toml', CONTRACT), ...cli.runFlags, '--json'], { env: cli.env });
    expect(run.code, run.stderr).toBe(0);
    const session = JSON.parse(run.stdout).session_id as string;
    const dir = join(cli.home, 'adir');
    mkdirSync(dir);
    const envelope = join(cli.home, 'envelope.json');
    for (const [args, said] of [
      [['-o', dir], `-o ${dir} is a directory`],
      [['-o', envelope, '--sigstore-bundle', dir], `--sigstore-bundle ${dir} is a directory`],
    ] as const) {
      const result = runCli(['attest', session, '--db', cli.db, '--key', cli.keyFile, ...args], {
        cwd: cli.home,
        env: cli.env,
      });
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toContain(said);
      expect(result.stderr).not.toContain('unexpected error');
      // Nothing was written: not the envelope, not the exported bundle beside it, no temp file.
      expect(existsSync(envelope)).toBe(false);
      expect(
        readdirSync(cli.home).filter((name) => name.startsWith('truss-ledger-') || name.includes('.tmp-')),
      ).toEqual([]);
      expect(readdirSync(dir)).toEqual([]);
    }
  });
});

describe('what a refused output path suggests instead', () => {
  it('a device names no path inside it; a directory given as --db suggests a database file in it', () => {
    const cli = cliHome('out-suggest');
    const contract = cli.write('c.toml', CONTRACT);
    const run = runCli(['run', contract, ...cli.runFlags, '--json'], { env: cli.env });
    expect(run.code, run.stderr).toBe(0);
    const session = JSON.parse(run.stdout).session_id as string;

    const device = runCli(['ledger', 'export', session, '--db', cli.db, '-o', '/dev/null'], {
      cwd: cli.home,
    });
    expect(device.code, device.stderr).toBe(3);
    expect(device.stderr).toContain('-o /dev/null is not a regular file');
    expect(device.stderr).not.toContain('/dev/null/');

    const dir = join(cli.home, 'state');
    mkdirSync(dir);
    const db = runCli(['run', contract, '--workdir', cli.workdir, '--key', cli.keyFile, '--db', dir], {
      env: cli.env,
    });
    expect(db.code, db.stderr).toBe(3);
    expect(db.stderr).toContain(
      `--db ${dir} is a directory; pass the path of a file to write (e.g. ${dir}/ledger.db)`,
    );
  });
});
