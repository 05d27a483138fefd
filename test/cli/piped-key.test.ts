/**
 * A signing key given as a pipe (`--key <(pass show truss-key)`, `--key /dev/stdin`) is read once:
 * a pipe gives its text once, and a command reads its key twice — to sign, and as a run secret for
 * the secret scan (docs/cli.md "Input files"; docs/security.md "The secret scan"). Before, `truss
 * run` signed with the key and then found the pipe empty, so its seed was not scanned for and a check
 * that printed it had it signed into the ledger in clear; `truss memory propose` failed outright.
 * The real CLI in child processes, the key on a real pipe (stdin).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trussArgv } from '../helpers/built-dist.js';
import { cliHome } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import { seededKey } from '../helpers/keys.js';

const { key, seedBase64: SEED } = seededKey(0x5a);

/** `printf SEED | truss ARGS --key /dev/stdin`: the key on a real pipe, as a shell passes one. */
function withPipedKey(args: string[], options: { env: Record<string, string>; cwd: string }) {
  const [command, ...prefix] = trussArgv();
  const result = spawnSync(
    '/bin/sh',
    // The seed is in the script, never in the CLI's environment (where the scan would find it by name).
    ['-c', `printf '%s\\n' '${SEED}' | "$0" "$@" --key /dev/stdin`, command as string, ...prefix, ...args],
    {
      cwd: options.cwd,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, TMPDIR: process.env.TMPDIR, ...options.env },
      timeout: 60_000,
      killSignal: 'SIGKILL',
    },
  );
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

describe('a signing key read from a pipe', () => {
  it('truss run signs with it and scans for its seed: a check that prints the seed has it redacted', () => {
    const cli = cliHome('piped-key-run');
    // What the check prints, beside other text (a seed alone on its line is found by its shape).
    writeFileSync(join(cli.workdir, 'k.txt'), SEED);
    const contract = cli.write(
      'c.toml',
      contractToml(
        { id: 'prints-key', intent: 'A check that prints the key' },
        { kind: 'check', desc: 'prints the key', run: `printf 'the key is %s here\\n' "$(cat k.txt)"` },
      ),
    );
    const run = withPipedKey(
      ['run', contract, '--workdir', cli.workdir, '--db', cli.db, '--isolation', 'none', '--json'],
      { env: cli.env, cwd: cli.workdir },
    );
    expect(run.code, run.stderr).toBe(0);
    const outcome = JSON.parse(run.stdout) as { bundle: string; public_key?: string };
    const bundle = readFileSync(outcome.bundle, 'utf8');
    expect(JSON.parse(bundle).ledger.public_key).toBe(key.publicKeyHex);
    expect(bundle).toContain('the key is [REDACTED] here');
    expect(bundle).not.toContain(SEED);
    expect(readFileSync(cli.db).includes(SEED)).toBe(false);
    expect(run.stderr).not.toContain(SEED);
  });

  it('truss memory propose signs the proposal with it', () => {
    const cli = cliHome('piped-key-memory');
    const propose = withPipedKey(
      ['memory', 'propose', 'fact', 'build-command', 'npm run build writes dist/', '--json'],
      { env: cli.env, cwd: cli.workdir },
    );
    expect(propose.code, propose.stderr).toBe(0);
    expect(propose.stdout).toContain('build-command');
  });
});
