import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSeedBase64 } from '../../src/core/ledger/index.js';
import { runCli } from '../helpers/cli.js';
import { git, makeRepo, README } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';

const repo = () => makeRepo(README, 'keygen-repo');

describe('truss keygen paths', () => {
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
});
