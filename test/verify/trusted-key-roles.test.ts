/**
 * Trusted keys carry roles (docs/ledger.md "Trusted keys and roles"): a key pinned as reviewer is not
 * a ledger signer and not a verdict signer, a signer key does not vouch for reviews, and untagged
 * lines keep their old meaning (signer + reviewer) with a warning. Real keys, real CLI processes.
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNodeCrypto,
  isPinned,
  KeyError,
  parseTrustedKeys,
  rolePin,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import { runCli } from '../helpers/cli.js';
import {
  exportText,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  SESSION_KEY,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

const S = SESSION_KEY.publicKeyHex;
const R = REVIEWER_KEY.publicKeyHex;

describe('parseTrustedKeys roles', () => {
  it('reads roles=, merges repeated keys, keeps labels, and warns about untagged lines', () => {
    const warnings: string[] = [];
    const keys = parseTrustedKeys(
      `# pins\n${S} roles=signer ci key\n${R} roles=reviewer\n${R} roles=log\n${'ab'.repeat(32)} old label\n`,
      'trusted-keys',
      (m) => warnings.push(m),
    );
    expect(keys.get(S)).toEqual({ label: 'ci key', roles: ['signer'] });
    expect(keys.get(R)?.roles).toEqual(['reviewer', 'log']);
    expect(keys.get('ab'.repeat(32))).toEqual({ label: 'old label', roles: ['signer', 'reviewer'] });
    expect(warnings).toEqual([expect.stringMatching(/^trusted-keys: line 5 pins a key without roles=/)]);
    expect(isPinned(keys, S, 'signer')).toBe(true);
    expect(isPinned(keys, S, 'reviewer')).toBe(false);
    expect(isPinned(keys, R, 'signer')).toBe(false);
  });

  it('refuses an unknown role, naming the line and what to write', () => {
    expect(() => parseTrustedKeys(`${S} roles=admin`, 'f')).toThrow(KeyError);
    expect(() => parseTrustedKeys(`${S} roles=`, 'f')).toThrow(/f:1: roles= is not .*roles=signer/);
  });

  it('refuses roles written anywhere but `roles=` right after the key, which would pin signer and reviewer', () => {
    for (const line of [
      `${R} Roles=reviewer`,
      `${R} ROLES=reviewer review key`,
      `${R} roles = reviewer`,
      `${R} roles: reviewer`,
      `${R} review-signing-key roles=reviewer`,
      `${R} roles=reviewer roles=log`,
    ]) {
      expect(() => parseTrustedKeys(`# pins\n${line}\n`, 'f'), line).toThrow(
        /^f:2: ".*" is not read as roles; write `HEX roles=ROLE/,
      );
    }
    // Labels that merely mention the word keep working.
    expect(parseTrustedKeys(`${R} roles=reviewer rolesync bot`, 'f').get(R)).toEqual({
      label: 'rolesync bot',
      roles: ['reviewer'],
    });
  });
});

describe('roles in every check', () => {
  let fx: LedgerFixture;
  let forged: string;
  let honest: string;
  const keysFile = () => {
    const path = join(fx.dir, 'trusted-keys');
    writeFileSync(path, `${S} roles=signer session\n${R} roles=reviewer review-signing-key\n`);
    return path;
  };
  const keyFile = (byte: number) => {
    const path = join(fx.dir, `key-${byte}`);
    writeFileSync(path, `${Buffer.from(new Uint8Array(32).fill(byte)).toString('base64')}\n`);
    chmodSync(path, 0o600);
    return path;
  };
  beforeAll(() => {
    fx = openFixture('roles');
    // A whole ledger signed by the review-signing key: what a holder of that key could forge.
    const forgedId = appendSampleRun(fx.store, REVIEWER_KEY, { id: 'forged' });
    forged = join(fx.dir, 'forged.json');
    writeFileSync(forged, exportText(fx, forgedId, createNodeCrypto()));
    const honestId = appendSampleRun(fx.store, SESSION_KEY, { id: 'honest' });
    fx.store.appendHumanReview(honestId, REVIEWER_KEY, {
      decision: 'approved',
      note: 'ok',
      actor: { login: 'octocat', id: 1 },
      source: { review_id: 1, commit_sha: null, url: null },
    });
    honest = join(fx.dir, 'honest.json');
    writeFileSync(honest, exportText(fx, honestId, createNodeCrypto()));
  });
  afterAll(() => fx.close());

  it('a ledger signed by a key pinned only as reviewer fails untrusted_key (truss verify)', () => {
    const result = runCli(['verify', forged, '--trusted-keys', keysFile(), '--json'], { cwd: fx.dir });
    expect(result.code, result.stdout).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.failure).toMatchObject({ code: 'untrusted_key' });
    expect(report.failure.message).toContain('pinned only as reviewer, not as a signer');
  });

  it('the honest ledger verifies with the signer and its review pinned by role, and no warning', () => {
    const result = runCli(['verify', honest, '--trusted-keys', keysFile(), '--json'], { cwd: fx.dir });
    expect(result.code, result.stdout).toBe(0);
    expect(JSON.parse(result.stdout).reviews[0].key_pinned).toBe(true);
    expect(result.stderr).not.toContain('warning');
  });

  it('a review by a key pinned only as signer is not a pinned review', () => {
    const trusted = new Map([
      [S, rolePin('session', ['signer'])],
      [R, rolePin('ci', ['signer'])],
    ]);
    const report = verifyBundle(JSON.parse(readFileSync(honest, 'utf8')), {
      crypto: createNodeCrypto(),
      trusted,
    });
    expect(report.status).toBe('integrity_only');
    expect(report.reviews[0]?.key_pinned).toBe(false);
  });

  it("an untagged file keeps today's meaning (signer + reviewer) and warns on stderr", () => {
    const path = join(fx.dir, 'untagged');
    writeFileSync(path, `${S} session\n${R} reviewer\n`);
    const result = runCli(['verify', honest, '--trusted-keys', path], { cwd: fx.dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: .*lines 1, 2 pin a key without roles=/);
  });

  it('verify-attestation without --bundle accepts only a signer key as the verdict signer', () => {
    const att = join(fx.dir, 'forged.intoto.json');
    const made = runCli(['attest', forged, '-o', att, '--key', keyFile(0x33), '--pubkey', R], {
      cwd: fx.dir,
    });
    expect(made.code, made.stderr).toBe(0);
    const byRole = runCli(['verify-attestation', att, '--trusted-keys', keysFile(), '--json'], {
      cwd: fx.dir,
    });
    expect(byRole.code, byRole.stdout).toBe(1);
    expect(JSON.parse(byRole.stdout).failure.code).toBe('untrusted_key');
    // A key pinned explicitly with --key is trusted for every role (control).
    expect(runCli(['verify-attestation', att, '--key', R], { cwd: fx.dir }).code).toBe(0);
  });
});
