import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportBundleToFile, LedgerStore } from '../../src/core/ledger/index.js';
import { runCli } from '../helpers/cli.js';
import { writeKeyFile } from '../helpers/keys.js';
import { FORGER_KEY, REVIEWER_KEY, SESSION_KEY } from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { sigstoreVerifyOffline } from '../helpers/sigstore-offline.js';
import { tempDir } from '../helpers/temp-dir.js';
import { crypto } from './attest-kit.js';

const SEED = Buffer.alloc(32, 0x11).toString('base64'); // SESSION_KEY's seed

/** A real ledger database with a finished run and an unfinished one, and the session key in a 0600 file. */
function workspace() {
  const cwd = tempDir('attest-cli').dir;
  const store = LedgerStore.open(join(cwd, 'ledger.db'));
  const done = appendSampleRun(store, SESSION_KEY);
  const unfinished = appendSampleRun(store, SESSION_KEY, { terminal: false });
  exportBundleToFile(store, unfinished, crypto, join(cwd, 'unfinished.json'));
  store.close();
  writeKeyFile(join(cwd, 'session.key'), SEED);
  return { cwd, done, unfinished };
}

describe('truss attest + truss verify-attestation, end to end', () => {
  let ws: ReturnType<typeof workspace>;
  let attested: { code: number; stdout: string; stderr: string };
  /** The real CLI, run in the workspace. */
  const inWorkspace = (args: string[]) => runCli(args, { cwd: ws.cwd });

  beforeAll(() => {
    ws = workspace();
    attested = inWorkspace([
      'attest',
      ws.done,
      '--db',
      'ledger.db',
      '--key',
      'session.key',
      '-o',
      'verdict.intoto.json',
      '--sigstore-bundle',
      'verdict.sigstore.json',
      '--json',
    ]);
  });

  it('exports the session, verifies it and writes the DSSE envelope and the Sigstore bundle', () => {
    expect(attested.code, attested.stderr).toBe(0);
    const printed = JSON.parse(attested.stdout);
    const bundle = join(ws.cwd, `truss-ledger-${ws.done}.json`);
    expect(printed).toMatchObject({
      attestation: join(ws.cwd, 'verdict.intoto.json'),
      sigstore_bundle: join(ws.cwd, 'verdict.sigstore.json'),
      bundle,
      session_id: ws.done,
      verdict: 'pass',
      key_id: SESSION_KEY.keyId,
      public_key: SESSION_KEY.publicKeyHex,
      subject: [
        { name: 'octo/hello', digest: { gitCommit: '2'.repeat(40) } },
        { name: `truss-ledger-${ws.done}.json`, digest: { sha256: printed.bundle_sha256 } },
      ],
    });
    expect(existsSync(bundle)).toBe(true);
    const envelope = JSON.parse(readFileSync(join(ws.cwd, 'verdict.intoto.json'), 'utf8'));
    expect(envelope).toMatchObject({
      payloadType: 'application/vnd.in-toto+json',
      signatures: [{ keyid: SESSION_KEY.keyId }],
    });
    // The secret never leaves the key file.
    expect(attested.stdout + attested.stderr).not.toContain(SEED);
  });

  it('verifies both files with the pinned key and the bundle (exit 0)', () => {
    for (const file of ['verdict.intoto.json', 'verdict.sigstore.json']) {
      const human = inWorkspace([
        'verify-attestation',
        file,
        '--key',
        SESSION_KEY.publicKeyHex,
        '--bundle',
        `truss-ledger-${ws.done}.json`,
      ]);
      expect(human.code, human.stdout + human.stderr).toBe(0);
      expect(human.stdout).toContain(`✔ VERIFIED  verdict attestation`);
      expect(human.stdout).toContain('verdict PASS  contract greeting-0001');
      expect(human.stdout).toContain(`matches truss-ledger-${ws.done}.json`);
    }
    const json = inWorkspace([
      'verify-attestation',
      'verdict.sigstore.json',
      '--key',
      SESSION_KEY.publicKeyHex,
      '--json',
    ]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      status: 'verified',
      format: 'sigstore_bundle',
      bundle_matches: null,
    });
  });

  it('verifies an envelope another DSSE signer wrote in URL-safe base64 without padding (exit 0)', () => {
    const envelope = JSON.parse(readFileSync(join(ws.cwd, 'verdict.intoto.json'), 'utf8'));
    const recode = (text: string) => Buffer.from(text, 'base64').toString('base64url');
    envelope.payload = recode(envelope.payload);
    envelope.signatures[0].sig = recode(envelope.signatures[0].sig);
    expect(JSON.stringify(envelope)).not.toMatch(/"(payload|sig)":"[^"]*[+/=]/);
    writeFileSync(join(ws.cwd, 'url-safe.intoto.json'), JSON.stringify(envelope));
    const bundle = `truss-ledger-${ws.done}.json`;
    const args = ['url-safe.intoto.json', '--key', SESSION_KEY.publicKeyHex, '--bundle', bundle];
    const result = inWorkspace(['verify-attestation', ...args]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain(`matches ${bundle}`);
  });

  it('writes a Sigstore bundle that @sigstore/verify accepts offline with the pinned key', () => {
    const bundle = JSON.parse(readFileSync(join(ws.cwd, 'verdict.sigstore.json'), 'utf8'));
    expect(() =>
      sigstoreVerifyOffline(bundle, { hint: SESSION_KEY.keyId, publicKeyHex: SESSION_KEY.publicKeyHex }),
    ).not.toThrow();
  });

  it('fails (exit 1) a tampered attestation, a wrong key and another bundle', () => {
    const envelope = JSON.parse(readFileSync(join(ws.cwd, 'verdict.intoto.json'), 'utf8'));
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString());
    statement.predicate.verdict = 'fail';
    envelope.payload = Buffer.from(JSON.stringify(statement)).toString('base64');
    writeFileSync(join(ws.cwd, 'tampered.json'), JSON.stringify(envelope));
    const tampered = inWorkspace(['verify-attestation', 'tampered.json', '--key', SESSION_KEY.publicKeyHex]);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain('✘ FAILED');
    expect(tampered.stdout).toContain('[bad_signature]');
    expect(tampered.stdout).not.toContain('verdict FAIL');

    const wrongKey = inWorkspace([
      'verify-attestation',
      'verdict.intoto.json',
      '--key',
      FORGER_KEY.publicKeyHex,
    ]);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout).toContain(`[untrusted_key]: the attestation is signed by ${SESSION_KEY.keyId}`);

    const other = inWorkspace([
      'verify-attestation',
      'verdict.intoto.json',
      '--key',
      SESSION_KEY.publicKeyHex,
      '--bundle',
      'unfinished.json',
    ]);
    expect(other.code).toBe(1);
    expect(other.stdout).toContain('[bundle_mismatch]');
  });

  it('exits 3 for unreadable input and 64 without a pinned key', () => {
    writeFileSync(join(ws.cwd, 'junk.json'), 'not json');
    const junk = inWorkspace(['verify-attestation', 'junk.json', '--key', SESSION_KEY.publicKeyHex]);
    expect(junk.code).toBe(3);
    expect(junk.stderr).toContain('not valid JSON');
    expect(inWorkspace(['verify-attestation', 'missing.json', '--key', SESSION_KEY.publicKeyHex]).code).toBe(
      3,
    );
    const noKey = inWorkspace(['verify-attestation', 'verdict.intoto.json']);
    expect(noKey.code).toBe(64);
    expect(noKey.stderr).toContain('--key HEX');
  });

  it('the bundle and its attestation swapped: each command names the file it wants (exit 3)', () => {
    const bundle = `truss-ledger-${ws.done}.json`;
    const asAttestation = inWorkspace([
      'verify-attestation',
      bundle,
      '--key',
      SESSION_KEY.publicKeyHex,
      '--bundle',
      'verdict.intoto.json',
    ]);
    expect(asAttestation.code).toBe(3);
    expect(asAttestation.stderr).toContain(
      `${bundle} is a ledger bundle, not an attestation: pass the .intoto.json or .sigstore.json file`,
    );
    for (const file of ['verdict.intoto.json', 'verdict.sigstore.json']) {
      const asBundle = inWorkspace(['attest', file, '--key', 'session.key', '-o', 'again.json']);
      expect(asBundle.code).toBe(3);
      expect(asBundle.stderr).toContain(
        `${file} is a verdict attestation, not a ledger bundle: check it with \`truss verify-attestation ${file} --key HEX\``,
      );
    }
    expect(existsSync(join(ws.cwd, 'again.json'))).toBe(false);
  });
});

describe('truss attest refuses what it must not vouch for', () => {
  let ws: ReturnType<typeof workspace>;
  const inWorkspace = (args: string[]) => runCli(args, { cwd: ws.cwd });
  beforeAll(() => {
    ws = workspace();
  });

  it('refuses a tampered bundle file (exit 1) and writes nothing', () => {
    const bundle = JSON.parse(readFileSync(join(ws.cwd, 'unfinished.json'), 'utf8'));
    bundle.ledger.entries[1].payload.met = false;
    writeFileSync(join(ws.cwd, 'tampered-bundle.json'), JSON.stringify(bundle));
    const result = inWorkspace(['attest', 'tampered-bundle.json', '--key', 'session.key', '-o', 'out.json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('refusing to attest tampered-bundle.json: the bundle is failed');
    expect(existsSync(join(ws.cwd, 'out.json'))).toBe(false);
  });

  it('a human_review signed by an unpinned reviewer key: integrity_only (exit 4) with the flags that pin it; pinned with --pubkey, attested', () => {
    writeKeyFile(join(ws.cwd, 'reviewer.key'), Buffer.alloc(32, 0x33).toString('base64'));
    writeFileSync(join(ws.cwd, 'session-keys'), `${SESSION_KEY.publicKeyHex}\n`);
    const reviewed = inWorkspace([
      'review',
      'approve',
      ws.done,
      '--db',
      'ledger.db',
      '--key',
      'reviewer.key',
      '--trusted-keys',
      'session-keys',
    ]);
    expect(reviewed.code, reviewed.stderr).toBe(0);
    const unpinned = inWorkspace([
      'attest',
      ws.done,
      '--db',
      'ledger.db',
      '--key',
      'session.key',
      '-o',
      'r.json',
    ]);
    expect(unpinned.code, unpinned.stderr).toBe(4);
    expect(unpinned.stderr).toContain('--pubkey HEX (repeat it) or --trusted-keys FILE');
    const pinned = inWorkspace([
      'attest',
      ws.done,
      '--db',
      'ledger.db',
      '--key',
      'session.key',
      '--pubkey',
      SESSION_KEY.publicKeyHex,
      '--pubkey',
      REVIEWER_KEY.publicKeyHex,
      '-o',
      'r.json',
    ]);
    expect(pinned.code, pinned.stderr).toBe(0);
  });

  it('refuses an unfinished run (exit 5), a key that is not the ledger key (exit 3), and a missing -o (exit 64)', () => {
    expect(inWorkspace(['attest', 'unfinished.json', '--key', 'session.key', '-o', 'o.json']).code).toBe(5);
    const other = runCli(['attest', 'unfinished.json', '-o', 'o.json'], {
      cwd: ws.cwd,
      env: { TRUSS_SIGNING_KEY: Buffer.alloc(32, 0x22).toString('base64'), HOME: ws.cwd },
    });
    expect(other.code).toBe(3);
    expect(other.stderr).toContain(`signing key given is ${FORGER_KEY.keyId}`);
    expect(inWorkspace(['attest', 'unfinished.json', '--key', 'session.key']).code).toBe(64);
    expect(existsSync(join(ws.cwd, 'o.json'))).toBe(false);
  });

  it('a refused SESSION leaves the bundle already at the export path as it was, and no partial file', () => {
    const ws = workspace(); // its own: the sessions of this describe gain a review above
    const inWorkspace = (args: string[]) => runCli(args, { cwd: ws.cwd });
    const wrongKey = join(ws.cwd, 'forger.key');
    writeKeyFile(wrongKey, Buffer.alloc(32, 0x22).toString('base64'));
    for (const [session, key, code] of [
      [ws.done, 'forger.key', 3],
      [ws.unfinished, 'session.key', 5],
    ] as const) {
      const kept = join(ws.cwd, `truss-ledger-${session}.json`);
      writeFileSync(kept, 'the bundle an earlier attestation covers\n');
      const result = inWorkspace([
        'attest',
        session,
        '--db',
        'ledger.db',
        '--key',
        key,
        '-o',
        'refused.json',
      ]);
      expect(result.code, result.stderr).toBe(code);
      expect(readFileSync(kept, 'utf8')).toBe('the bundle an earlier attestation covers\n');
      expect(existsSync(join(ws.cwd, 'refused.json'))).toBe(false);
      expect(readdirSync(ws.cwd).filter((name) => name.includes('.tmp'))).toEqual([]);
    }
    // Attested, the export takes its place.
    const ok = inWorkspace(['attest', ws.done, '--db', 'ledger.db', '--key', 'session.key', '-o', 'ok.json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(
      JSON.parse(readFileSync(join(ws.cwd, `truss-ledger-${ws.done}.json`), 'utf8')).ledger.session_id,
    ).toBe(ws.done);
    expect(
      inWorkspace([
        'verify-attestation',
        'ok.json',
        '--key',
        SESSION_KEY.publicKeyHex,
        '--bundle',
        `truss-ledger-${ws.done}.json`,
      ]).code,
    ).toBe(0);
  });

  it('refuses a ledger whose key is not among the pinned keys (exit 1)', () => {
    const result = inWorkspace([
      'attest',
      ws.done,
      '--db',
      'ledger.db',
      '--key',
      'session.key',
      '--pubkey',
      FORGER_KEY.publicKeyHex,
      '-o',
      'p.json',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not a trusted key');
    expect(result.stderr).toContain('trusted keys from --pubkey');
  });

  it('is listed in truss --help with its own --help', () => {
    expect(runCli(['--help']).stdout).toMatch(/attest SESSION\|BUNDLE\.json[\s\S]*verify-attestation FILE/);
    for (const command of ['attest', 'verify-attestation']) {
      const help = runCli([command, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/^Usage: truss /);
    }
  });
});
