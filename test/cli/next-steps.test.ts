/**
 * The "next step" lines the CLI prints work when a user pastes them: the `Pin it:` line of
 * `truss anchor init` and the `pin it:` line of `truss keygen` pin the key for the role it is used
 * in (docs/ledger.md "Trusted keys and roles"). An untagged line pins signer and reviewer, never
 * log, so the log's own pin line left `verify-log` at integrity_only (exit 4). And `truss review`
 * without a key said "create one with `truss keygen`", which writes the per-install key review never
 * reads, so the same error came back. Real CLI processes, the printed line run by `sh` in a temp
 * directory.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, REPO_ROOT, runCli } from '../helpers/cli.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Runs the `mkdir -p .truss && echo … >> .truss/trusted-keys` line of `output` (after `label`) with sh in `cwd`. */
function paste(output: string, label: RegExp, cwd: string): void {
  const line = output.split('\n').find((l) => label.test(l));
  expect(line, output).toBeDefined();
  const command = (line as string).replace(label, '').trim();
  expect(command).toMatch(/^mkdir -p \.truss && echo ".*" >> \.truss\/trusted-keys$/);
  // Pasted where no .truss/ exists yet, as in a repository that is starting with Truss.
  expect(existsSync(join(cwd, '.truss'))).toBe(false);
  const shell = spawnSync('sh', ['-c', command], { cwd, encoding: 'utf8' });
  expect(shell.status, shell.stderr).toBe(0);
}

describe('printed next steps do what they say', () => {
  it('anchor init: its pin line makes verify-log trust the log key (0, not integrity_only)', () => {
    const dir = tempDir('next-anchor').dir;
    const env = { HOME: dir };
    const init = runCli(['anchor', 'init', 'log', '--origin', 'example.com/log', '--log-key', 'log.key'], {
      cwd: dir,
      env,
    });
    expect(init.code, init.stderr).toBe(0);
    paste(init.stdout, /^Pin it:/, dir);
    const verified = runCli(['anchor', 'verify-log', 'log', '--trusted-keys', '.truss/trusted-keys'], {
      cwd: dir,
      env,
    });
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    expect(verified.stderr).not.toContain('without roles');
  });

  it('keygen --out: its pin line pins the key as signer, and verify takes it without a warning', () => {
    const cli = cliHome('next-keygen');
    const made = runCli(['keygen', '--out', 'ci.key'], { cwd: cli.home, env: cli.env });
    expect(made.code, made.stderr).toBe(0);
    paste(made.stdout, /^\s*pin it:/, cli.home);
    const contract = cli.write('c.toml', contractToml({ id: 'pinned', intent: 'passes' }, TRUE_CHECK));
    const run = runCli(
      [
        'run',
        contract,
        '--workdir',
        cli.workdir,
        '--db',
        cli.db,
        '--key',
        join(cli.home, 'ci.key'),
        '--json',
      ],
      { env: cli.env },
    );
    expect(run.code, run.stderr).toBe(0);
    const bundle = JSON.parse(run.stdout).bundle as string;
    const verified = runCli(['verify', bundle, '--trusted-keys', '.truss/trusted-keys'], {
      cwd: cli.home,
      env: cli.env,
    });
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    expect(verified.stderr).not.toContain('without roles');
  });
});

describe('truss review without a key', () => {
  it('names a keygen command that makes a key review then signs with', () => {
    const cli = cliHome('next-review');
    const contract = cli.write('c.toml', contractToml({ id: 'reviewed', intent: 'passes' }, TRUE_CHECK));
    const run = runCli(['run', contract, ...cli.runFlags, '--json'], { env: cli.env });
    expect(run.code, run.stderr).toBe(0);
    const { session_id: session, public_key: signer } = JSON.parse(run.stdout) as {
      session_id: string;
      public_key: string;
    };
    const pins = join(cli.home, 'pins');
    writeFileSync(pins, `${signer} roles=signer\n`);
    const review = ['review', 'approve', session, '--db', cli.db, '--trusted-keys', pins];

    const refused = runCli(review, { cwd: cli.home, env: cli.env });
    expect(refused.code, refused.stderr).toBe(3);
    const advice = /`truss keygen --out (\S+)`, then pass --key (\S+)\)/.exec(refused.stderr);
    expect(advice, refused.stderr).not.toBeNull();
    const [, out, key] = advice as RegExpExecArray;
    expect(key).toBe(out);
    const file = (out as string).replace(/^~/, cli.home);

    const made = runCli(['keygen', '--out', file], { cwd: cli.home, env: cli.env });
    expect(made.code, made.stderr).toBe(0);
    const signed = runCli([...review, '--key', file], { cwd: cli.home, env: cli.env });
    expect(signed.code, signed.stderr).toBe(0);
    expect(signed.stdout + signed.stderr).toContain('recorded approved');
  });
});

describe('a command that reads a ledger, before any run', () => {
  it('says there is no ledger yet and where one comes from, not SQLite\'s "directory does not exist"', () => {
    const cli = cliHome('next-no-ledger');
    const empty = tempDir('next-empty').dir;
    for (const args of [
      ['ledger', 'list'],
      ['ledger', 'show', 'some-session'],
      ['ledger', 'verify', 'some-session'],
      ['review', 'approve', 'some-session', '--key', cli.keyFile],
      ['attest', 'some-session', '-o', 'v.json', '--key', cli.keyFile],
      ['resume', 'some-session', '--key', cli.keyFile],
      ['ledger', 'list', '--db', join(empty, 'elsewhere.db')],
    ]) {
      const result = runCli(args, { cwd: empty, env: cli.env });
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(3);
      expect(result.stderr).toContain('no ledger database at ');
      expect(result.stderr).toContain('`truss run` creates <workdir>/.truss/ledger.db');
      expect(result.stderr).not.toContain('does not exist');
    }
  });
});

describe('--db naming what is not a ledger database', () => {
  it('a directory (--db .truss) and a bundle are named as such, with what to pass instead (3)', () => {
    const cli = cliHome('next-db-shapes');
    const dir = join(cli.home, '.truss');
    mkdirSync(dir);
    const bundle = join(REPO_ROOT, 'examples/bundles/valid.json');
    for (const args of [
      ['ledger', 'list'],
      ['ledger', 'verify', 'some-session'],
      ['ledger', 'show', 'some-session'],
    ]) {
      const inDir = runCli([...args, '--db', dir], { cwd: cli.home, env: cli.env });
      expect(inDir.code, inDir.stderr).toBe(3);
      // `--db .truss`: SQLite would say only "disk I/O error".
      expect(inDir.stderr).toContain(`${dir}: it is a directory, not a file; pass --db with the database`);
      expect(inDir.stderr).not.toContain('disk I/O error');
      const json = runCli([...args, '--db', bundle], { cwd: cli.home, env: cli.env });
      expect(json.code, json.stderr).toBe(3);
      expect(json.stderr).toContain(
        `it is JSON, as an exported bundle is: verify a bundle with \`truss verify ${bundle}\``,
      );
    }
  });
});

describe('a first run where HOME cannot hold the per-install key', () => {
  it('run, keygen and memory propose say what to do instead (3), never "unexpected error"', () => {
    const dir = tempDir('next-home');
    // HOME is a regular file: nothing can be created under it, even as root.
    const home = dir.write('not-a-directory', 'x');
    const contract = dir.write('c.toml', contractToml({ id: 'first', intent: 'passes' }, TRUE_CHECK));
    for (const args of [
      ['run', contract, '--workdir', dir.dir, '--db', join(dir.dir, 'l.db')],
      ['keygen'],
      ['memory', 'propose', 'lesson', 'a-key', 'a body', '--db', join(dir.dir, 'l.db')],
    ]) {
      const result = runCli(args, { cwd: dir.dir, env: { HOME: home, XDG_CONFIG_HOME: '' } });
      expect(result.stderr).not.toContain('unexpected error');
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(3);
      expect(result.stderr).toContain(`${home}/.config/truss/signing.key`);
      expect(result.stderr).toContain('ENOTDIR');
    }
    const run = runCli(['run', contract, '--workdir', dir.dir, '--db', join(dir.dir, 'l.db')], {
      cwd: dir.dir,
      env: { HOME: home, XDG_CONFIG_HOME: '' },
    });
    expect(run.stderr).toContain('pass --key FILE, set TRUSS_SIGNING_KEY, or set XDG_CONFIG_HOME');
  });
});
