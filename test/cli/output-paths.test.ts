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
