/**
 * A new user mixes up the kinds of key: the signing key file (its secret seed, one line of base64)
 * passed as --trusted-keys or pasted as --key, a key id, a 0x-prefixed key. Each is refused (exit 3)
 * with what the value is and what to pass instead, and the secret seed never reaches stdout, stderr
 * or the --json error document (docs/ledger.md "Trusted keys and roles"). The real CLI, a real
 * bundle, a real key file from `truss keygen`.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeCrypto, exportBundleToFile, LedgerStore } from '../../src/core/ledger/index.js';
import { runCli } from '../helpers/cli.js';
import { keyFromByte } from '../helpers/keys.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { tempDir } from '../helpers/temp-dir.js';

const SIGNER = keyFromByte(0x51);

describe('a value that is not a public key', () => {
  let dir: ReturnType<typeof tempDir>;
  let bundle: string;
  let keyFile: string;
  let seed: string;
  let publicKey: string;
  beforeAll(() => {
    dir = tempDir('key-shapes');
    const store = LedgerStore.open(dir.path('ledger.db'));
    const id = appendSampleRun(store, SIGNER);
    bundle = dir.path('b.json');
    exportBundleToFile(store, id, createNodeCrypto(), bundle);
    store.close();
    keyFile = dir.path('signing.key');
    const made = runCli(['keygen', '--out', keyFile, '--json'], { cwd: dir.dir, env: { HOME: dir.dir } });
    expect(made.code).toBe(0);
    publicKey = (JSON.parse(made.stdout) as { public_key: string }).public_key;
    seed = readFileSync(keyFile, 'utf8').trim();
  });

  const verify = (...flags: string[]) =>
    runCli(['verify', bundle, '--json', ...flags], { cwd: dir.dir, env: { HOME: dir.dir } });

  it('the signing key file passed as --trusted-keys: refused naming file:line, the seed never printed', () => {
    const run = verify('--trusted-keys', keyFile);
    expect(run.code).toBe(3);
    const message = (JSON.parse(run.stdout) as { error: { message: string } }).error.message;
    expect(message).toContain(`${keyFile}:1: expected a 64-character hex Ed25519 public key`);
    expect(message).toMatch(/SECRET seed.*never pin or share it/);
    expect(`${run.stdout}${run.stderr}`).not.toContain(seed);
    expect(`${run.stdout}${run.stderr}`).not.toContain(seed.slice(0, 16));
  });

  it('the seed pasted as --key: refused, never printed', () => {
    const run = verify('--key', seed);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/--key #1: .*SECRET seed/);
    expect(`${run.stdout}${run.stderr}`).not.toContain(seed.slice(0, 16));
  });

  it.each([
    ['a 0x prefix', () => `0x${publicKey}`, /leave out the 0x prefix/],
    ['a key id', () => SIGNER.keyId, /not a key id \(SHA256:…\)/],
    ['a truncated key', () => publicKey.slice(0, 63), /got 63 hex characters/],
  ])('%s as --key says what it is', (_what, value, says) => {
    const run = verify('--key', value());
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(says);
  });

  it("the signer's public key in hex verifies the same bundle (the advice works)", () => {
    expect(verify('--key', SIGNER.publicKeyHex).code).toBe(0);
  });
});
