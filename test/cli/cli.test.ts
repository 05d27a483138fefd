import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { LedgerStore, parseSeedBase64, SigningKey } from '../../src/core/ledger/index.js';
import { REPO_ROOT, runCli, runCliInProcess } from '../helpers/cli.js';
import { writeKeyFile, writeSignerPin } from '../helpers/keys.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { tempDir } from '../helpers/temp-dir.js';

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);

/** A fresh working directory for one CLI call. */
const cliDir = () => tempDir('cli').dir;

describe('truss --help / --version', () => {
  it('prints the version from package.json', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    const result = runCli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(pkg.version);
  });

  it('documents every command and the exit codes', async () => {
    const result = runCli(['--help']);
    expect(result.code).toBe(0);
    for (const word of ['keygen', 'verify', 'ledger', 'review', 'integrity only', 'incomplete'])
      expect(result.stdout).toContain(word);
    for (const command of ['keygen', 'verify', 'ledger', 'review']) {
      const sub = await runCliInProcess([command, '--help']);
      expect(sub.code, command).toBe(0);
      expect(sub.stdout, command).toMatch(/^Usage: truss /);
    }
  });

  it('a command group without its sub-command prints its help and exits 64, as bare truss does', async () => {
    for (const group of ['ledger', 'review', 'anchor', 'memory', 'playbook', 'lesson', 'mcp']) {
      const bare = await runCliInProcess([group]);
      expect(bare.code, group).toBe(64);
      expect(bare.stdout, group).toMatch(/^Usage: truss /);
      const asked = await runCliInProcess([group, 'help']);
      expect(asked.code, group).toBe(0);
      expect(asked.stdout, group).toBe(bare.stdout);
    }
    // The built CLI, bare and for one group, as the entry function answers in this process.
    expect(runCli([]).code).toBe(64);
    expect(runCli(['ledger'])).toEqual(await runCliInProcess(['ledger']));
  });

  it('rejects an unknown command or flag with exit 64 and a pointer to --help', () => {
    const unknown = runCli(['frobnicate']);
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
    const flag = runCli(['ledger', 'list', '--bogus']);
    expect(flag.code).toBe(64);
    expect(flag.stderr).toContain('--bogus');
    expect(flag.stderr).toContain('truss ledger --help');
  });
});

describe('truss keygen', () => {
  it('writes a 0600 base64 seed file and prints the matching public key and key id', () => {
    const cwd = cliDir();
    const result = runCli(['keygen', '--json', '--out', '.truss/signing.key'], { cwd });
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout);
    const path = join(cwd, '.truss/signing.key');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const text = readFileSync(path, 'utf8');
    expect(text).toMatch(/^[A-Za-z0-9+/]{43}=\n$/);
    const key = parseSeedBase64(text, 'file');
    expect(printed).toEqual({ public_key: key.publicKeyHex, key_id: key.keyId, path: '.truss/signing.key' });
    expect(result.stdout).not.toContain(text.trim());
  });

  it('refuses to overwrite a key without --force', () => {
    const cwd = cliDir();
    expect(runCli(['keygen', '--out', 'k'], { cwd }).code).toBe(0);
    const before = readFileSync(join(cwd, 'k'), 'utf8');
    const again = runCli(['keygen', '--out', 'k'], { cwd });
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('--force');
    expect(readFileSync(join(cwd, 'k'), 'utf8')).toBe(before);
    expect(runCli(['keygen', '--out', 'k', '--force'], { cwd }).code).toBe(0);
    expect(readFileSync(join(cwd, 'k'), 'utf8')).not.toBe(before);
  });

  it('prints only the seed on stdout with --out -, so it can be piped into a secret store', () => {
    const result = runCli(['keygen', '--out', '-']);
    expect(result.code).toBe(0);
    const key = parseSeedBase64(result.stdout, 'stdout');
    expect(result.stderr).toContain(key.publicKeyHex);
    expect(result.stderr).toContain(key.keyId);
  });
});

describe('ledger commands over a real database', () => {
  let cwd: string;
  let db: string;
  let session: string;
  let key: SigningKey;
  let keyFile: string;

  beforeAll(() => {
    cwd = cliDir();
    db = join(cwd, 'ledger.db');
    const generated = SigningKey.generate();
    key = generated.key;
    keyFile = join(cwd, 'ci.key');
    writeKeyFile(keyFile, generated.seedBase64);
    const store = LedgerStore.open(db);
    session = appendSampleRun(store, key, { id: 'sess-1' });
    store.close();
  });

  it('lists sessions as JSON', () => {
    const result = runCli(['ledger', 'list', '--db', db, '--json']);
    expect(result.code).toBe(0);
    const sessions = JSON.parse(result.stdout);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ id: session, status: 'completed', entries: 7, pubkey_id: key.keyId });
  });

  it('shows a timeline and gets one entry', async () => {
    const show = await runCliInProcess(['ledger', 'show', session, '--db', db]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('contract greeting-0001');
    expect(show.stdout).toContain('overall PASS');
    // Seats are numbered from 1, as `truss run` prints them (stored from 0).
    expect(show.stdout).toContain('seat 1 (intent) voted met');
    expect(show.stdout).not.toContain('seat 0');
    const get = await runCliInProcess(['ledger', 'get', session, '5', '--db', db, '--json']);
    expect(get.code).toBe(0);
    expect(JSON.parse(get.stdout)).toMatchObject({ seq: 5, kind: 'verdict', payload: { overall: 'pass' } });
    const missing = await runCliInProcess(['ledger', 'get', session, '99', '--db', db]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('no entry 99');
  });

  it('reports the signed verdict', async () => {
    const result = await runCliInProcess(['ledger', 'verdict', session, '--db', db, '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      session_status: 'completed',
      chain: 'intact',
      verdict: { overall: 'pass', seq: 5 },
    });
  });

  it('verifies the stored chain: pinned → 0, unpinned → 4, other key → 1', async () => {
    expect(
      (await runCliInProcess(['ledger', 'verify', session, '--db', db, '--key', key.publicKeyHex])).code,
    ).toBe(0);
    const unpinned = runCli(['ledger', 'verify', session, '--db', db, '--json'], { cwd });
    expect(unpinned.code).toBe(4);
    expect(JSON.parse(unpinned.stdout).status).toBe('integrity_only');
    const other = await runCliInProcess([
      'ledger',
      'verify',
      session,
      '--db',
      db,
      '--key',
      SigningKey.generate().key.publicKeyHex,
      '--json',
    ]);
    expect(other.code).toBe(1);
    expect(JSON.parse(other.stdout).failure.code).toBe('untrusted_key');
  });

  it('exports a bundle that `truss verify` accepts with the pinned key from .truss/trusted-keys', () => {
    const out = join(cwd, 'bundle.json');
    const exported = runCli(['ledger', 'export', session, '--db', db, '-o', out]);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain(`truss verify ${out} --key ${key.publicKeyHex}`);
    const repo = cliDir();
    writeFileSync(join(repo, 'bundle.json'), readFileSync(out));
    expect(runCli(['verify', 'bundle.json'], { cwd: repo }).code).toBe(4);
    writeFileSync(join(repo, 'keys'), `# ci\n${key.publicKeyHex} ci-key\n`);
    expect(runCli(['verify', 'bundle.json', '--trusted-keys', 'keys'], { cwd: repo }).code).toBe(0);
    mkdirSync(join(repo, '.truss'));
    writeFileSync(join(repo, '.truss/trusted-keys'), `${key.publicKeyHex}\n`);
    const pinned = runCli(['verify', 'bundle.json', '--json'], { cwd: repo });
    expect(pinned.code).toBe(0);
    expect(JSON.parse(pinned.stdout)).toMatchObject({
      status: 'verified',
      key_pinned: true,
      trust_source: join(repo, '.truss/trusted-keys'),
    });
  });

  it('exports to stdout byte-identically to the file export', () => {
    const out = join(cwd, 'again.json');
    runCli(['ledger', 'export', session, '--db', db, '-o', out]);
    const stdout = runCli(['ledger', 'export', session, '--db', db]);
    expect(stdout.code).toBe(0);
    expect(stdout.stdout).toBe(readFileSync(out, 'utf8'));
  });

  it('records a signed human review with the reviewer key; dry run writes nothing', async () => {
    const reviewer = SigningKey.generate();
    const reviewerFile = join(cwd, 'reviewer.key');
    writeFileSync(reviewerFile, reviewer.seedBase64, { mode: 0o600 });
    const local = join(cwd, 'review.db');
    const store = LedgerStore.open(local);
    const id = appendSampleRun(store, key);
    store.close();
    const pin = writeSignerPin(join(cwd, 'session-pin'), key);

    const dry = await runCliInProcess([
      'review',
      'approve',
      id,
      '--db',
      local,
      '--key',
      reviewerFile,
      '--trusted-keys',
      pin,
      '--dry-run',
      '--json',
    ]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      dry_run: true,
      payload: { decision: 'approved', reviewer_key_id: reviewer.key.keyId },
    });
    expect(new Database(local, { readonly: true }).prepare('select count(*) n from journal').get()).toEqual({
      n: 7,
    });

    const approve = runCli([
      'review',
      'approve',
      id,
      '--db',
      local,
      '--key',
      reviewerFile,
      '--trusted-keys',
      pin,
      '--note',
      'ok',
      '--actor',
      'octocat',
      '--json',
    ]);
    expect(approve.code).toBe(0);
    const entry = JSON.parse(approve.stdout);
    expect(entry).toMatchObject({
      seq: 7,
      kind: 'human_review',
      payload: {
        decision: 'approved',
        note: 'ok',
        reviewer_public_key: reviewer.key.publicKeyHex,
        actor: { login: 'octocat' },
      },
    });

    const verified = await runCliInProcess([
      'ledger',
      'verify',
      id,
      '--db',
      local,
      '--key',
      key.publicKeyHex,
      '--key',
      reviewer.key.publicKeyHex,
      '--json',
    ]);
    expect(verified.code).toBe(0);
    expect(JSON.parse(verified.stdout).reviews).toMatchObject([
      { seq: 7, decision: 'approved', stale: false, key_pinned: true },
    ]);
    const reviewerNotPinned = await runCliInProcess([
      'ledger',
      'verify',
      id,
      '--db',
      local,
      '--key',
      key.publicKeyHex,
    ]);
    expect(reviewerNotPinned.code).toBe(4);
    expect(reviewerNotPinned.stdout).toContain('not a trusted key');
  });

  it("signs off only on evidence whose signer is pinned: this machine's own key counts, --unpinned overrides", () => {
    const reviewer = SigningKey.generate();
    const reviewerFile = join(cwd, 'reviewer2.key');
    writeFileSync(reviewerFile, reviewer.seedBase64, { mode: 0o600 });
    const config = join(cwd, 'xdg');
    const machine = SigningKey.generate();
    writeKeyFile(join(config, 'truss/signing.key'), machine.seedBase64);
    const local = join(cwd, 'signoff.db');
    const store = LedgerStore.open(local);
    const strangerKey = SigningKey.generate().key;
    const stranger = appendSampleRun(store, strangerKey, { id: 'by-a-stranger' });
    const mine = appendSampleRun(store, machine.key, { id: 'by-this-machine' });
    // A parent that anchors a child the ledger does not carry: broken, whoever signed it.
    const ghostly = store.createSession({ signer: strangerKey, codeVersion: 'test', id: 'with-a-ghost' }).id;
    store.append(ghostly, 'run_started', { session_id: ghostly, contract: { id: 'p' } }, strangerKey);
    store.append(
      ghostly,
      'child_anchor',
      { child_session_id: 'ghost', child_head_hash: 'ab'.repeat(32) },
      strangerKey,
    );
    store.append(ghostly, 'run_completed', {}, strangerKey);
    store.close();
    const env = { XDG_CONFIG_HOME: config, HOME: cwd };
    const approve = (id: string, ...flags: string[]) =>
      runCli(['review', 'approve', id, '--db', local, '--key', reviewerFile, ...flags], { env, cwd });
    const reviews = () =>
      new Database(local, { readonly: true })
        .prepare("select count(*) n from journal where kind = 'human_review'")
        .get();

    const refused = approve(stranger);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('which no trusted key pins, so anyone could have signed this evidence');
    expect(reviews()).toEqual({ n: 0 });

    const own = approve(mine);
    expect(own.code, own.stderr).toBe(0);
    const forced = approve(stranger, '--unpinned');
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toContain('warning: signing off anyway (--unpinned)');
    // --unpinned accepts an unpinned signer, never a broken chain (the child check runs regardless).
    const ghost = approve(ghostly, '--unpinned');
    expect(ghost.code).toBe(1);
    expect(ghost.stderr).toContain('child session ghost is not included');
    expect(reviews()).toEqual({ n: 2 });
  });

  it('refuses to sign off on a broken chain', () => {
    const reviewer = SigningKey.generate();
    const local = join(cwd, 'broken.db');
    const store = LedgerStore.open(local);
    const id = appendSampleRun(store, key);
    store.close();
    const raw = new Database(local);
    raw
      .prepare(`update journal set payload = replace(payload, '"met":true', '"met":false') where seq = 1`)
      .run();
    raw.close();
    const result = runCli(['review', 'approve', id, '--db', local], {
      env: { TRUSS_SIGNING_KEY: reviewer.seedBase64 },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('broken at seq 1');
    expect(result.stderr + result.stdout).not.toContain(reviewer.seedBase64);
  });
});

describe('bad input gets a clear error, never a stack trace', () => {
  it('missing database → exit 3', () => {
    const result = runCli(['ledger', 'list', '--db', '/nonexistent/ledger.db']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('/nonexistent/ledger.db');
    noStack(result.stderr);
    expect(existsSync('/nonexistent/ledger.db')).toBe(false);
  });

  it('unknown session → exit 3 with the way to list sessions', () => {
    const cwd = cliDir();
    const store = LedgerStore.open(join(cwd, 'l.db'));
    store.close();
    const result = runCli(['ledger', 'show', 'nope', '--db', join(cwd, 'l.db')]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('truss ledger list');
  });

  it('garbage bundle → exit 3', () => {
    const cwd = cliDir();
    writeFileSync(join(cwd, 'g.json'), Buffer.from([0xff, 0x00, 0x13, 0x37]));
    const result = runCli(['verify', 'g.json'], { cwd });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('not valid JSON');
    noStack(result.stderr);
  });

  it('a malformed TRUSS_SIGNING_KEY is named, never echoed', () => {
    const cwd = cliDir();
    const store = LedgerStore.open(join(cwd, 'l.db'));
    const id = appendSampleRun(store, SigningKey.generate().key);
    store.close();
    const secret = 'c2VjcmV0LXNlY3JldC1zZWNyZXQ=';
    const result = runCli(['review', 'approve', id, '--db', join(cwd, 'l.db')], {
      env: { TRUSS_SIGNING_KEY: secret },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('TRUSS_SIGNING_KEY decodes to 20 bytes');
    expect(result.stderr).not.toContain(secret);
  });
});

describe('the shipped examples', () => {
  const examples = join(REPO_ROOT, 'examples/bundles');
  it('valid.json verifies against the pinned example keys', () => {
    const result = runCli([
      'verify',
      join(examples, 'valid.json'),
      '--trusted-keys',
      join(examples, 'trusted-keys'),
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('VERIFIED');
  });
  it('tampered.json fails at the edited entry', () => {
    const result = runCli([
      'verify',
      join(examples, 'tampered.json'),
      '--trusted-keys',
      join(examples, 'trusted-keys'),
      '--json',
    ]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).failure).toMatchObject({ seq: 1, code: 'entry_hash_mismatch' });
  });
});
