import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createNodeCrypto,
  exportBundleToFile,
  LedgerStore,
  parseSeedBase64,
} from '../../src/core/ledger/index.js';
import { runCli } from '../helpers/cli.js';
import { git, makeRepo, README } from '../helpers/git.js';
import { keyFromByte, writeKeyFile } from '../helpers/keys.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { tempDir } from '../helpers/temp-dir.js';

const repo = () => makeRepo(README, 'keygen-repo');

describe('truss keygen paths', () => {
  it('--out naming a directory says so and suggests a file in it, even with --force', () => {
    const dir = tempDir('keygen-dir').dir;
    for (const args of [
      ['--out', dir],
      ['--out', dir, '--force'],
    ]) {
      const made = runCli(['keygen', ...args], { cwd: dir });
      expect(made.code).toBe(3);
      expect(made.stderr).toContain(`${dir} is a directory; --out names the key file itself`);
      expect(made.stderr).toContain(join(dir, 'signing.key'));
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes the per-install key by default (never into the working tree), and truss run signs with that same key', () => {
    const cwd = repo();
    const config = tempDir('xdg').dir;
    const env = { XDG_CONFIG_HOME: config };
    const made = runCli(['keygen', '--json'], { cwd, env });
    expect(made.code, made.stderr).toBe(0);
    const printed = JSON.parse(made.stdout);
    const path = join(config, 'truss', 'signing.key');
    expect(printed.path).toBe(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(config, 'truss')).mode & 0o777).toBe(0o700);
    expect(existsSync(join(cwd, '.truss'))).toBe(false);
    expect(git(cwd, 'status', '--porcelain')).toBe('');
    expect(parseSeedBase64(readFileSync(path, 'utf8'), 'file').publicKeyHex).toBe(printed.public_key);

    mkdirSync(join(cwd, '.truss/contracts'), { recursive: true });
    writeFileSync(
      join(cwd, '.truss/contracts/ok.toml'),
      '[contract]\nid = "ok"\nintent = "nothing"\n[[done]]\nkind = "check"\ndesc = "true"\nrun = "true"\n',
    );
    const run = runCli(['run', 'ok', '--json'], { cwd, env });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ public_key: printed.public_key, key_id: printed.key_id });
    expect(run.stderr).not.toContain('created a signing key');
  });

  it('a relative XDG_CONFIG_HOME is ignored (XDG spec): the per-install key never lands under the working tree', () => {
    const cwd = repo();
    const home = tempDir('rel-xdg-home').dir;
    const env = { HOME: home, XDG_CONFIG_HOME: 'config' };
    const made = runCli(['keygen', '--json'], { cwd, env });
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout).path).toBe(join(home, '.config', 'truss', 'signing.key'));
    expect(existsSync(join(cwd, 'config'))).toBe(false);

    mkdirSync(join(cwd, '.truss/contracts'), { recursive: true });
    writeFileSync(
      join(cwd, '.truss/contracts/ok.toml'),
      '[contract]\nid = "ok"\nintent = "nothing"\n[[done]]\nkind = "check"\ndesc = "true"\nrun = "true"\n',
    );
    // git reads $XDG_CONFIG_HOME/git/config, here inside the working tree, so the harness's git
    // refuses the run (docs/security.md "Git metadata"); the key must not have been made there first.
    const run = runCli(['run', 'ok', '--isolation', 'none', '--json'], { cwd, env });
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).not.toContain('created a signing key');
    expect(existsSync(join(cwd, 'config'))).toBe(false);
  });

  it('attest reads the per-install key from the same place: a relative XDG_CONFIG_HOME cannot hand it a key planted in the current directory', () => {
    const cwd = tempDir('rel-xdg-attest').dir;
    const home = tempDir('rel-xdg-attest-home').dir;
    writeKeyFile(join(home, '.config', 'truss', 'signing.key'), 0x71);
    writeKeyFile(join(cwd, 'config', 'truss', 'signing.key'), 0x72);
    const store = LedgerStore.open(join(cwd, 'ledger.db'));
    const session = appendSampleRun(store, keyFromByte(0x71));
    exportBundleToFile(store, session, createNodeCrypto(), join(cwd, 'b.json'));
    store.close();
    const attested = runCli(['attest', 'b.json', '-o', 'v.intoto.json', '--json'], {
      cwd,
      env: { HOME: home, XDG_CONFIG_HOME: 'config' },
    });
    expect(attested.code, attested.stderr).toBe(0);
  });

  it('--out inside a git work tree warns and adds the file to .git/info/exclude; outside a work tree it does not', () => {
    const cwd = repo();
    const env = { XDG_CONFIG_HOME: tempDir('xdg').dir };
    const inside = runCli(['keygen', '--out', 'keys/ci.key'], { cwd, env });
    expect(inside.code, inside.stderr).toBe(0);
    expect(inside.stderr).toMatch(
      /warning: keys\/ci\.key is inside the git work tree .*\.git\/info\/exclude/,
    );
    expect(readFileSync(join(cwd, '.git/info/exclude'), 'utf8')).toContain('\n/keys/ci.key\n');
    expect(git(cwd, 'status', '--porcelain', '--untracked-files=all')).toBe('');
    // Idempotent: a second key at the same path does not add a second line.
    expect(runCli(['keygen', '--out', 'keys/ci.key', '--force'], { cwd, env }).code).toBe(0);
    expect(readFileSync(join(cwd, '.git/info/exclude'), 'utf8').split('/keys/ci.key').length).toBe(2);

    const outside = tempDir('keygen-plain').dir;
    const plain = runCli(['keygen', '--out', 'ci.key'], { cwd: outside, env });
    expect(plain.code).toBe(0);
    expect(plain.stderr).not.toContain('warning');
  });

  it('never writes the secret through a symbolic link, with or without --force; --force replaces a key whole', () => {
    const dir = tempDir('keygen-links').dir;
    const env = { XDG_CONFIG_HOME: tempDir('xdg').dir };
    writeFileSync(join(dir, 'target'), 'public notes\n', { mode: 0o644 });
    symlinkSync(join(dir, 'target'), join(dir, 'link'));
    symlinkSync(join(dir, 'not-yet'), join(dir, 'dangling'));
    for (const args of [
      ['--out', 'link'],
      ['--out', 'link', '--force'],
      ['--out', 'dangling'],
      ['--out', 'dangling', '--force'],
    ]) {
      const made = runCli(['keygen', ...args], { cwd: dir, env });
      expect(made.code, made.stderr).toBe(3);
      expect(made.stderr).toContain('is a symbolic link');
      expect(made.stderr).not.toContain('unexpected error');
    }
    expect(readFileSync(join(dir, 'target'), 'utf8')).toBe('public notes\n');
    expect(existsSync(join(dir, 'not-yet'))).toBe(false);
    expect(lstatSync(join(dir, 'link')).isSymbolicLink()).toBe(true);

    writeFileSync(join(dir, 'old.key'), 'old\n', { mode: 0o644 });
    const replaced = runCli(['keygen', '--out', 'old.key', '--force', '--json'], { cwd: dir, env });
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(statSync(join(dir, 'old.key')).mode & 0o777).toBe(0o600);
    expect(parseSeedBase64(readFileSync(join(dir, 'old.key'), 'utf8'), 'file').publicKeyHex).toBe(
      JSON.parse(replaced.stdout).public_key,
    );
    expect(readdirSync(dir).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });
});
