/**
 * dist/cli-main.cjs carries better-sqlite3's JavaScript and loads only its native addon from the
 * installed package (scripts/build-sqlite-plugin.mjs, docs/performance.md): the thirteen small files
 * no longer go through Node's CommonJS loader on every start. The JavaScript and the addon must be
 * one release, so an installed better-sqlite3 of another version is loaded whole, as before.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerStore, SigningKey } from '../../src/core/ledger/index.js';
import { builtEntry } from '../helpers/built-dist.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const INSTALLED = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));

/** `truss ledger list` on a real ledger, reporting which CommonJS files the process loaded. */
function listWithLoadedFiles(temp: TempDir, cli: string) {
  const db = temp.path('ledger.db');
  const store = LedgerStore.open(db);
  const { id } = store.createSession({
    signer: SigningKey.fromSeed(new Uint8Array(32).fill(7)),
    codeVersion: 'test',
  });
  store.close();
  const hook = temp.write(
    'loaded-files.cjs',
    "process.on('exit', () => require('node:fs').writeSync(2, `\\nLOADED ${JSON.stringify(Object.keys(require.cache))}\\n`));\n",
  );
  const run = spawnSync(process.execPath, ['--require', hook, cli, 'ledger', 'list', '--db', db], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: temp.path('home'), XDG_CACHE_HOME: temp.path('cache') },
  });
  const loaded = JSON.parse(/^LOADED (.*)$/m.exec(run.stderr)?.[1] ?? 'null') as string[] | null;
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, loaded: loaded ?? [], sessionId: id };
}

const fromLib = (files: string[]) => files.filter((file) => /[\\/]better-sqlite3[\\/]lib[\\/]/.test(file));
const addons = (files: string[]) => files.filter((file) => file.endsWith('better_sqlite3.node'));

describe('better-sqlite3 in the CLI bundle', () => {
  let temp: TempDir;
  afterEach(() => temp?.cleanup());

  it('runs its JavaScript from the bundle and loads only the addon from the installed package', () => {
    temp = tempDir('bundled-sqlite');
    const run = listWithLoadedFiles(temp, builtEntry('cli.cjs'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(run.sessionId);
    expect(fromLib(run.loaded)).toEqual([]);
    expect(addons(run.loaded)).toEqual([join(INSTALLED, 'build', 'Release', 'better_sqlite3.node')]);
  });

  it('loads an installed better-sqlite3 of another version whole, never mixing it with its own copy', () => {
    temp = tempDir('bundled-sqlite');
    const root = temp.path('install');
    cpSync(dirname(builtEntry('cli.cjs')), join(root, 'dist'), { recursive: true });
    const other = join(root, 'node_modules', 'better-sqlite3');
    mkdirSync(other, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(INSTALLED, 'package.json'), 'utf8')) as { version: string };
    writeFileSync(
      join(other, 'package.json'),
      JSON.stringify({ ...manifest, version: `${manifest.version}-other` }),
    );
    symlinkSync(join(INSTALLED, 'lib'), join(other, 'lib'));
    symlinkSync(join(INSTALLED, 'build'), join(other, 'build'));
    const run = listWithLoadedFiles(temp, join(root, 'dist', 'cli.cjs'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(run.sessionId);
    expect(fromLib(run.loaded)).toContain(join(INSTALLED, 'lib', 'database.js'));
    expect(addons(run.loaded)).toHaveLength(1);
  });
});
