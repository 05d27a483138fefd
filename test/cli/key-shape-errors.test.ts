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
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';
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

  it('a file of keys passed as --key names --trusted-keys, and that works', () => {
    const keys = dir.write('keys.txt', `${SIGNER.publicKeyHex} roles=signer ci\n`);
    const run = verify('--key', 'keys.txt');
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      'keys.txt is a file: pass a file of public keys as --trusted-keys keys.txt, not --key',
    );
    expect(verify('--trusted-keys', keys).code).toBe(0);
  });

  it("the signer's public key in hex verifies the same bundle (the advice works)", () => {
    expect(verify('--key', SIGNER.publicKeyHex).code).toBe(0);
  });
});

/**
 * The other way round: `truss verify --key` takes a public key in hex, so a new user passes the same
 * hex to a command that signs, as --key or TRUSS_SIGNING_KEY. Refused (exit 3) saying it is a public
 * key and where the signing key is, not "create one with truss keygen --out <hex>" or "decodes to 48
 * bytes"; the value is not repeated (it could be a seed written in hex).
 */
describe('a public key where a signing key goes', () => {
  const HEX = keyFromByte(0x52).publicKeyHex;

  it.each([
    ['--key HEX', (flags: string[]) => ({ args: [...flags, '--key', HEX], env: {} })],
    ['TRUSS_SIGNING_KEY=HEX', (flags: string[]) => ({ args: flags, env: { TRUSS_SIGNING_KEY: HEX } })],
  ])('truss run with %s says it is a public key', (_what, given) => {
    const cli = cliHome('hex-as-seed');
    const contract = cli.write('c.toml', contractToml({ id: 'hex', intent: 'Signs nothing' }, TRUE_CHECK));
    const flags = [
      'run',
      contract,
      '--workdir',
      cli.workdir,
      '--db',
      cli.db,
      '--isolation',
      'none',
      '--json',
    ];
    const { args, env } = given(flags);
    const run = runCli(args, { env: { ...cli.env, ...env } });
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toMatch(
      /64 hex characters, the form of a public key \(what `truss verify --key` takes\)/,
    );
    expect(run.stderr).not.toContain('decodes to 48 bytes');
    expect(`${run.stdout}${run.stderr}`).not.toContain(HEX);
  });
});

/**
 * A trusted-keys file was given but pins nothing (empty, or comments only, as a freshly made
 * .truss/trusted-keys is): the note says no key is pinned as signer, not that no trusted keys were
 * given (exit 4).
 */
describe('a trusted-keys file that pins nothing', () => {
  it('integrity_only, and the note names the missing signer pin', () => {
    const dir = tempDir('no-signer-pin');
    const store = LedgerStore.open(dir.path('ledger.db'));
    const id = appendSampleRun(store, SIGNER);
    exportBundleToFile(store, id, createNodeCrypto(), dir.path('b.json'));
    store.close();
    const keys = dir.write('keys', '# CI signing key goes here\n');
    const run = runCli(['verify', dir.path('b.json'), '--trusted-keys', keys], {
      cwd: dir.dir,
      env: { HOME: dir.dir },
    });
    expect(run.code, run.stderr).toBe(4);
    expect(run.stdout).toContain('note: no key is pinned as signer');
    expect(run.stdout).not.toContain('no trusted keys given');
  });
});
