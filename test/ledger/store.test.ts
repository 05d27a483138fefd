import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CanonicalJsonError,
  createNodeCrypto,
  exportBundle,
  HUMAN_REVIEW_KIND,
  LedgerError,
  LedgerStore,
  MAX_PAYLOAD_BYTES,
  NO_TRUSTED_KEYS,
  parseBundle,
  SCHEMA_VERSION,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import { seededKey, trustedOf } from '../helpers/keys.js';
import { helperScript, journalStats, openRaw, REPO_ROOT, straceAvailable } from '../helpers/ledger-env.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const crypto = createNodeCrypto();
const { key: sessionKey, seedBase64: sessionSeed } = seededKey(1);
const { key: otherKey } = seededKey(2);
const { key: reviewerKey } = seededKey(3);
const trusted = trustedOf(sessionKey, reviewerKey);

let temp: TempDir;
let dbPath: string;
const open: LedgerStore[] = [];
const raws: Database.Database[] = [];

function openStore(options?: Parameters<typeof LedgerStore.open>[1]): LedgerStore {
  const store = LedgerStore.open(dbPath, options);
  open.push(store);
  return store;
}

function raw(readonly = true): Database.Database {
  const db = openRaw(dbPath, readonly);
  raws.push(db);
  return db;
}

function rowCount(db: Database.Database, table: string): number {
  return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

beforeEach(() => {
  temp = tempDir('store');
  dbPath = join(temp.dir, 'ledger.db');
});

afterEach(() => {
  for (const db of raws.splice(0)) if (db.open) db.close();
  for (const store of open.splice(0)) {
    try {
      store.close();
    } catch {
      // already closed by the test
    }
  }
  temp.cleanup();
});

describe('durability settings', () => {
  it('puts the database in WAL mode, visible to a second connection', () => {
    const store = openStore();
    appendSampleRun(store, sessionKey);
    expect(raw().pragma('journal_mode', { simple: true })).toBe('wal');
    // The WAL file exists while the writer is open: commits really go through the write-ahead log.
    expect(readFileSync(`${dbPath}-wal`).length).toBeGreaterThan(0);
  });

  // synchronous is a per-connection setting, so a second connection cannot read it; instead observe its
  // effect on the real process: with synchronous=FULL every commit fsyncs the WAL, with NORMAL none does.
  it.skipIf(!straceAvailable())('fsyncs the WAL on every append (synchronous=FULL), unlike NORMAL', () => {
    const appends = 25;
    const fullTrace = join(temp.dir, 'full.strace');
    const full = spawnSync(
      'strace',
      [
        '-f',
        '-qq',
        '-y',
        '-e',
        'trace=fsync,fdatasync',
        '-o',
        fullTrace,
        process.execPath,
        '--import',
        'tsx',
        helperScript('append-forever.ts'),
        dbPath,
        'durable',
        String(appends),
        '7',
      ],
      { cwd: REPO_ROOT, env: { ...process.env, TRUSS_SIGNING_KEY: sessionSeed }, encoding: 'utf8' },
    );
    expect(full.status, full.stderr).toBe(0);
    expect(full.stdout).toContain(`done ${appends}`);
    const walSyncs = (trace: string) =>
      readFileSync(trace, 'utf8')
        .split('\n')
        .filter((line) => /f(data)?sync\(\d+<[^>]*-wal>\)/.test(line)).length;
    expect(walSyncs(fullTrace)).toBeGreaterThanOrEqual(appends);

    // Control: the same number of WAL commits with synchronous=NORMAL do not fsync, so the count above
    // really measures the store's setting.
    const controlDb = join(temp.dir, 'control.db');
    const controlTrace = join(temp.dir, 'normal.strace');
    const script = `
      const Database = require('better-sqlite3');
      const db = new Database(${JSON.stringify(controlDb)});
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.exec('CREATE TABLE t (x BLOB)');
      const insert = db.prepare('INSERT INTO t VALUES (?)');
      for (let i = 0; i < ${appends}; i++) db.transaction(() => insert.run(Buffer.alloc(500, i))).immediate();
      db.close();`;
    const normal = spawnSync(
      'strace',
      ['-f', '-qq', '-y', '-e', 'trace=fsync,fdatasync', '-o', controlTrace, process.execPath, '-e', script],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    expect(normal.status, normal.stderr).toBe(0);
    expect(walSyncs(controlTrace)).toBeLessThan(appends / 2);
  });
});

describe('schema', () => {
  it('records SCHEMA_VERSION in user_version and creates the docs/ledger.md "Store" tables', () => {
    openStore().close();
    const db = raw();
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(1);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{
        name: string;
      }>
    ).map((t) => t.name);
    expect(tables).toEqual([
      'blobs',
      'journal',
      'sessions',
      'signals',
      'snapshots',
      'timers',
      'tool_memo',
      'verified_through',
    ]);
  });

  it('reopening a current ledger keeps its data and does not re-run migrations', () => {
    const first = openStore();
    const id = appendSampleRun(first, sessionKey);
    first.close();
    const second = openStore();
    expect(second.requireSession(id).entries).toBe(7);
    expect(second.verifySession(id, { crypto, trusted }).status).toBe('verified');
  });

  it('refuses a ledger written by a newer truss (higher user_version) with a clear LedgerError', () => {
    const store = openStore();
    const id = appendSampleRun(store, sessionKey);
    store.close();
    const db = raw(false);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    let error: unknown;
    try {
      LedgerStore.open(dbPath);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(LedgerError);
    expect((error as Error).message).toContain(dbPath);
    expect((error as Error).message).toContain(
      `uses ledger schema ${SCHEMA_VERSION + 1}, newer than this truss understands (${SCHEMA_VERSION}); upgrade truss`,
    );
    // Refusing must not touch the file: the newer version and the data are still there.
    const after = raw();
    expect(after.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    expect(journalStats(after, id).count).toBe(7);
  });

  // KNOWN BUG (reported): store.ts only calls migrate() — which holds the newer-schema check — for
  // writable opens; a read-only open of a newer ledger is accepted and would read it with old queries.
  // Flip to it() once the read-only branch checks user_version > SCHEMA_VERSION too.
  it('refuses a newer-schema ledger opened read-only too', () => {
    const store = openStore();
    appendSampleRun(store, sessionKey);
    store.close();
    const db = raw(false);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openStore({ readonly: true })).toThrow(/newer than this truss understands/);
  });

  it('opening a file that is not SQLite gives a clear LedgerError naming the file', () => {
    writeFileSync(dbPath, 'this is a text file, not a SQLite database\n'.repeat(200));
    expect(() => LedgerStore.open(dbPath)).toThrow(LedgerError);
    expect(() => LedgerStore.open(dbPath)).toThrow(
      `${dbPath} is not a usable truss ledger database: file is not a database`,
    );
    // A contract or bundle passed as --db by mistake: the message says what to pass instead.
    expect(() => LedgerStore.open(dbPath)).toThrow(
      /; pass --db with the database truss wrote .* or a new path$/,
    );
    expect(() => LedgerStore.open(dbPath, { readonly: true })).toThrow(LedgerError);
    expect(() => LedgerStore.open(dbPath, { readonly: true })).toThrow(
      /is not a usable truss ledger database/,
    );
    // The foreign file is left exactly as it was.
    expect(readFileSync(dbPath, 'utf8')).toBe('this is a text file, not a SQLite database\n'.repeat(200));
  });

  it('opening a path that cannot be a database (a directory) gives a clear LedgerError', () => {
    expect(() => LedgerStore.open(temp.dir)).toThrow(LedgerError);
    expect(() => LedgerStore.open(temp.dir)).toThrow(
      `cannot open ledger database ${temp.dir}: it is a directory, not a file; pass --db with the database`,
    );
  });

  it('read-only open of a missing file or an empty SQLite database is refused clearly', () => {
    expect(() => LedgerStore.open(dbPath, { readonly: true })).toThrow(
      `no ledger database at ${dbPath}: nothing has been recorded there yet`,
    );
    new Database(dbPath).close();
    expect(() => LedgerStore.open(dbPath, { readonly: true })).toThrow(
      `${dbPath} is not a truss ledger database (no schema)`,
    );
  });
});

describe('append is one transaction', () => {
  it('a memo key collision leaves no journal entry, no blob and the head unchanged', () => {
    const store = openStore();
    const { id } = store.createSession({ signer: sessionKey, codeVersion: 'test' });
    store.append(id, 'run_started', { contract: { id: 'c' } }, sessionKey);
    const first = store.append(id, 'tool_result', { call_id: 'a', memo_key: 'k' }, sessionKey, {
      memo: { key: 'k', result: { out: 1 } },
    });
    const before = store.requireSession(id);
    const db = raw();
    const statsBefore = journalStats(db, id);
    const blob = Buffer.from('blob written by the failed append');

    let error: unknown;
    try {
      store.append(id, 'tool_result', { call_id: 'b', memo_key: 'k' }, sessionKey, {
        memo: { key: 'k', result: { out: 2 } },
        blobs: [blob],
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeDefined();
    expect(error).toBeInstanceOf(LedgerError);
    expect((error as Error).message).toContain('memo "k" is already recorded');

    // Seen from another connection: nothing of the failed step was committed.
    expect(journalStats(db, id)).toEqual(statsBefore);
    expect(rowCount(db, 'tool_memo')).toBe(1);
    expect(rowCount(db, 'blobs')).toBe(0);
    expect(store.requireSession(id)).toEqual(before);
    expect(store.requireSession(id).head_hash).toBe(first.entry_hash);
    expect(store.memo(id, 'k')).toEqual({ seq: 1, result: { out: 1 } });

    // The chain goes on from the old head as if the failed append never happened.
    const next = store.append(id, 'run_completed', {}, sessionKey);
    expect(next.seq).toBe(2);
    expect(next.prev_hash).toBe(first.entry_hash);
    expect(store.verifySession(id, { crypto, trusted }).status).toBe('verified');
  });

  it('a failure while storing blobs rolls back the entry, the memo, the head and earlier blobs', () => {
    const store = openStore();
    const { id } = store.createSession({ signer: sessionKey, codeVersion: 'test' });
    const started = store.append(id, 'run_started', {}, sessionKey);
    const good = Buffer.from('first blob, stored before the bad one');
    const bad = 42 as unknown as Uint8Array; // not bytes: hashing it throws inside the transaction
    expect(() =>
      store.append(id, 'tool_result', { call_id: 'x' }, sessionKey, {
        memo: { key: 'x', result: 'cached' },
        blobs: [good, bad],
      }),
    ).toThrow();
    const db = raw();
    expect(journalStats(db, id)).toMatchObject({ count: 1, maxSeq: 0 });
    expect(store.requireSession(id).head_hash).toBe(started.entry_hash);
    expect(rowCount(db, 'tool_memo')).toBe(0);
    expect(rowCount(db, 'blobs')).toBe(0);
    expect(store.memo(id, 'x')).toBeUndefined();
    expect(store.blob(createHash('sha256').update(good).digest('hex'))).toBeUndefined();
  });

  it('writes the memo and blobs together with their entry', () => {
    const store = openStore();
    const { id } = store.createSession({ signer: sessionKey, codeVersion: 'test' });
    store.append(id, 'run_started', {}, sessionKey);
    const blobs = [Buffer.from('stdout '.repeat(1000)), Buffer.alloc(70_000, 0xab), new Uint8Array(0)];
    const hashes = blobs.map((b) => createHash('sha256').update(b).digest('hex'));
    const entry = store.append(
      id,
      'tool_result',
      { call_id: 'c1', name: 'bash', output_blobs: hashes, memo_key: 'bash:ls' },
      sessionKey,
      { memo: { key: 'bash:ls', result: { exit_code: 0, stdout_sha256: hashes[0] } }, blobs },
    );
    expect(entry.seq).toBe(1);

    const db = raw();
    const memo = db
      .prepare('SELECT seq, result FROM tool_memo WHERE session_id = ? AND memo_key = ?')
      .get(id, 'bash:ls') as { seq: number; result: string };
    expect(memo.seq).toBe(entry.seq);
    expect(JSON.parse(memo.result)).toEqual({ exit_code: 0, stdout_sha256: hashes[0] });
    expect(store.memo(id, 'bash:ls')).toEqual({
      seq: 1,
      result: { exit_code: 0, stdout_sha256: hashes[0] },
    });
    expect(rowCount(db, 'blobs')).toBe(3);
    blobs.forEach((bytes, i) => {
      const stored = store.blob(hashes[i] as string);
      expect(stored?.size).toBe(bytes.length);
      expect(Buffer.compare(stored?.bytes as Buffer, Buffer.from(bytes))).toBe(0);
    });
    // The same bytes appended again are deduplicated by hash, not an error.
    store.append(id, 'tool_result', { call_id: 'c2', output_blobs: [hashes[0]] }, sessionKey, {
      blobs: [blobs[0] as Buffer],
    });
    expect(rowCount(db, 'blobs')).toBe(3);
  });
});

describe('blob crypto-shred', () => {
  it('shredBlob deletes the bytes, keeps hash and size, and the session still verifies', () => {
    const store = openStore();
    const { id } = store.createSession({ signer: sessionKey, codeVersion: 'test' });
    store.append(id, 'run_started', { contract: { id: 'secret-run' } }, sessionKey);
    const secret = Buffer.from('AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n'.repeat(50));
    const hash = createHash('sha256').update(secret).digest('hex');
    store.append(
      id,
      'tool_result',
      { call_id: 'env', stdout_sha256: hash, stdout_bytes: secret.length },
      sessionKey,
      {
        blobs: [secret],
      },
    );
    const other = store.putBlob(Buffer.from('unrelated blob'));
    store.append(id, 'run_completed', { final_text: 'done' }, sessionKey);
    const before = store.verifySession(id, { crypto, trusted });
    expect(before.status).toBe('verified');

    expect(store.shredBlob(hash)).toBe(true);
    expect(store.blob(hash)).toEqual({ bytes: null, size: secret.length });
    expect(store.shredBlob(hash)).toBe(false); // already shredded
    expect(store.blob(other)?.bytes?.toString()).toBe('unrelated blob');
    expect(store.blob('0'.repeat(64))).toBeUndefined();

    const db = raw();
    const row = db
      .prepare('SELECT hash, bytes, size FROM blobs WHERE hash = ?')
      .get(Buffer.from(hash, 'hex')) as {
      hash: Buffer;
      bytes: Buffer | null;
      size: number;
    };
    expect(row.hash.toString('hex')).toBe(hash);
    expect(row.bytes).toBeNull();
    expect(row.size).toBe(secret.length);
    db.close();
    store.close();

    const reopened = openStore();
    const after = reopened.verifySession(id, { crypto, trusted });
    expect(after.status).toBe('verified');
    expect(after.head_hash).toBe(before.head_hash);
    const bundle = exportBundle(reopened, id, crypto);
    expect(verifyBundle(bundle, { crypto, trusted }).status).toBe('verified');
  });

  // KNOWN BUG (reported): without PRAGMA secure_delete the UPDATE … SET bytes = NULL only marks the old
  // cell free; the secret stays readable in the database file (and in old WAL frames until a
  // checkpoint). Flip to it() once the store sets secure_delete = ON and shredBlob checkpoints the WAL.
  it('shredBlob erases the bytes from the database and WAL files on disk', () => {
    const store = openStore();
    const { id } = store.createSession({ signer: sessionKey, codeVersion: 'test' });
    const marker = 'SHRED-ME-SECRET-MARKER:';
    for (const size of [3_000, 50_000]) {
      const secret = Buffer.from(marker.repeat(Math.ceil(size / marker.length)));
      const hash = store.putBlob(secret);
      store.append(id, 'tool_result', { stdout_sha256: hash }, sessionKey);
      expect(store.shredBlob(hash)).toBe(true);
    }
    store.close();
    const onDisk = (path: string) => existsSync(path) && readFileSync(path).includes(marker);
    expect(onDisk(dbPath) || onDisk(`${dbPath}-wal`)).toBe(false);
  });

  it('shredBlob refuses a malformed hash', () => {
    const store = openStore();
    expect(() => store.shredBlob('ABC')).toThrow(LedgerError);
    expect(() => store.shredBlob('A'.repeat(64))).toThrow(/64 lowercase hex/);
  });
});

describe('append refuses bad input and leaves the journal untouched', () => {
  let store: LedgerStore;
  let id: string;
  let db: Database.Database;

  beforeEach(() => {
    store = openStore();
    id = store.createSession({ signer: sessionKey, codeVersion: 'test' }).id;
    store.append(id, 'run_started', {}, sessionKey);
    db = raw();
  });

  function expectUnchanged(): void {
    expect(journalStats(db, id).count).toBe(1);
    expect(store.requireSession(id).status).toBe('running');
  }

  it.for(['', 'Run_started', 'run-started', '9lives', '_x', 'a'.repeat(65), 'run started', 'tool_résult'])(
    'refuses kind %j',
    (kind) => {
      expect(() => store.append(id, kind, {}, sessionKey)).toThrow(LedgerError);
      expect(() => store.append(id, kind, {}, sessionKey)).toThrow(/must match/);
      expectUnchanged();
    },
  );

  it('accepts the longest valid kind (64 characters)', () => {
    expect(store.append(id, `a${'b'.repeat(63)}`, {}, sessionKey).seq).toBe(1);
  });

  it.for([
    ['null', null],
    ['an empty array', []],
    ['an array', ['x']],
    ['a string', 'text'],
    ['a number', 42],
    ['a boolean', true],
    ['undefined', undefined],
  ] as const)('refuses a payload that is %s', ([, payload]) => {
    expect(() =>
      store.append(id, 'tool_result', payload as unknown as Record<string, unknown>, sessionKey),
    ).toThrow('the payload of a tool_result entry must be a JSON object');
    expectUnchanged();
  });

  it('refuses a payload that is not canonicalisable (NaN, lone surrogate)', () => {
    expect(() => store.append(id, 'tool_result', { x: Number.NaN }, sessionKey)).toThrow(CanonicalJsonError);
    expect(() => store.append(id, 'tool_result', { x: '\ud800' }, sessionKey)).toThrow(CanonicalJsonError);
    expectUnchanged();
  });

  it('refuses a payload above MAX_PAYLOAD_BYTES and accepts one just below it', () => {
    const overhead = '{"content":""}'.length;
    const tooBig = { content: 'x'.repeat(MAX_PAYLOAD_BYTES - overhead + 1) };
    expect(() => store.append(id, 'tool_result', tooBig, sessionKey)).toThrow(
      `the tool_result payload is ${MAX_PAYLOAD_BYTES + 1} bytes (limit ${MAX_PAYLOAD_BYTES}); store large content as a blob and journal its hash`,
    );
    expectUnchanged();
    const atLimit = { content: 'x'.repeat(MAX_PAYLOAD_BYTES - overhead) };
    expect(store.append(id, 'tool_result', atLimit, sessionKey).seq).toBe(1);
  });

  // KNOWN BUG (reported): store.ts compares canonicalPayload.length (UTF-16 code units) with
  // MAX_PAYLOAD_BYTES, so multi-byte text passes at up to 3× the byte limit. Flip to it() once
  // the check uses Buffer.byteLength(canonicalPayload, 'utf8').
  it('measures the payload limit in UTF-8 bytes, not string length', () => {
    const euros = { content: '€'.repeat(Math.ceil(MAX_PAYLOAD_BYTES / 3) + 10) }; // > 4 MiB of UTF-8
    expect(Buffer.byteLength(JSON.stringify(euros), 'utf8')).toBeGreaterThan(MAX_PAYLOAD_BYTES);
    expect(() => store.append(id, 'tool_result', euros, sessionKey)).toThrow(/limit/);
  });

  it('refuses a signer that is not the session key', () => {
    expect(() => store.append(id, 'tool_result', { x: 1 }, otherKey)).toThrow(LedgerError);
    expect(() => store.append(id, 'tool_result', { x: 1 }, otherKey)).toThrow(
      `refusing to append tool_result to ${id}: signer ${otherKey.keyId} is not the session key ${sessionKey.keyId}`,
    );
    expect(() => store.append(id, 'run_completed', {}, reviewerKey)).toThrow(/is not the session key/);
    expectUnchanged();
  });

  it('refuses a human_review signed by any key other than the reviewer key its payload names', () => {
    const payload = {
      decision: 'approved',
      note: 'lgtm',
      attested_head_hash: store.reviewableHead(id),
      reviewer_key_id: reviewerKey.keyId,
      reviewer_public_key: reviewerKey.publicKeyHex,
      actor: { login: 'octocat', id: 1 },
      source: { review_id: 1, commit_sha: null, url: null },
    };
    for (const wrong of [sessionKey, otherKey]) {
      expect(() => store.append(id, HUMAN_REVIEW_KIND, payload, wrong)).toThrow(
        `refusing to append human_review to ${id}: signer ${wrong.keyId} is not the reviewer_public_key in its payload`,
      );
    }
    // No reviewer key at all, or one that is not 64 lowercase hex, is refused the same way.
    const noKey = Object.fromEntries(
      Object.entries(payload).filter(([field]) => field !== 'reviewer_public_key'),
    );
    expect(() => store.append(id, HUMAN_REVIEW_KIND, noKey, reviewerKey)).toThrow(
      /is not the reviewer_public_key/,
    );
    expect(() =>
      store.append(
        id,
        HUMAN_REVIEW_KIND,
        { ...payload, reviewer_public_key: reviewerKey.publicKeyHex.toUpperCase() },
        reviewerKey,
      ),
    ).toThrow(/is not the reviewer_public_key/);
    // A review that names the session key as its reviewer is no independent sign-off.
    expect(() =>
      store.append(
        id,
        HUMAN_REVIEW_KIND,
        { ...payload, reviewer_key_id: sessionKey.keyId, reviewer_public_key: sessionKey.publicKeyHex },
        sessionKey,
      ),
    ).toThrow(LedgerError);
    expectUnchanged();
    // The right key is accepted.
    expect(store.append(id, HUMAN_REVIEW_KIND, payload, reviewerKey).seq).toBe(1);
  });

  it('refuses an unknown session', () => {
    expect(() => store.append('no-such-session', 'run_started', {}, sessionKey)).toThrow(
      `no session no-such-session in ${dbPath}`,
    );
  });

  it('refuses a duplicate session id', () => {
    expect(() => store.createSession({ signer: sessionKey, codeVersion: 'test', id })).toThrow(
      `session ${id} already exists`,
    );
  });
});

describe('session status', () => {
  it('moves running → suspended → running → completed; human_review never changes it', () => {
    let now = 1_000;
    const store = openStore({ clock: () => now });
    const { id, status, created_at } = store.createSession({ signer: sessionKey, codeVersion: 'v1' });
    expect(status).toBe('running');
    expect(created_at).toBe(1_000);
    const seen: string[] = [];
    const step = (kind: string, payload: Record<string, unknown> = {}) => {
      now += 10;
      store.append(id, kind, payload, sessionKey);
      const session = store.requireSession(id);
      expect(session.updated_at).toBe(now);
      seen.push(`${kind}:${session.status}`);
    };
    const review = () => {
      now += 10;
      const before = store.requireSession(id).status;
      store.appendHumanReview(id, reviewerKey, {
        decision: 'approved',
        note: 'ok',
        actor: { login: 'octocat', id: 1 },
        source: { review_id: 7, commit_sha: 'c'.repeat(40), url: null },
      });
      const after = store.requireSession(id).status;
      expect(after).toBe(before);
      seen.push(`human_review:${after}`);
    };
    step('run_started');
    review();
    step('tool_result', { x: 1 });
    step('suspended', { reason: 'approval', await: 'approve' });
    review();
    step('signal_received', { name: 'approve' });
    step('verdict', { overall: 'pass' });
    step('run_completed');
    review();
    expect(seen).toEqual([
      'run_started:running',
      'human_review:running',
      'tool_result:running',
      'suspended:suspended',
      'human_review:suspended',
      'signal_received:running',
      'verdict:running',
      'run_completed:completed',
      'human_review:completed',
    ]);
    expect(store.requireSession(id).created_at).toBe(1_000);
    expect(store.verifySession(id, { crypto, trusted }).status).toBe('verified');
  });

  it('moves running → failed on run_failed', () => {
    const store = openStore();
    const { id } = store.createSession({ signer: sessionKey, codeVersion: 'v1' });
    store.append(id, 'run_started', {}, sessionKey);
    store.append(id, 'run_failed', { error: 'budget exhausted' }, sessionKey);
    expect(store.requireSession(id).status).toBe('failed');
    expect(store.verifySession(id, { crypto, trusted }).status).toBe('verified');
  });
});

describe('reading', () => {
  it('entries() streams every entry in seq order, lazily', () => {
    const store = openStore();
    const id = appendSampleRun(store, sessionKey, { extra: 200 });
    const iterator = store.entries(id);
    // Lazy: taking the first entries does not require the whole journal, and the store stays usable.
    const firstTwo = [iterator.next().value, iterator.next().value];
    expect(firstTwo.map((e) => e?.kind)).toEqual(['run_started', 'check_result']);
    iterator.return?.();
    const all = [...store.entries(id)];
    expect(all).toHaveLength(207);
    let prev = '0'.repeat(64);
    all.forEach((entry, i) => {
      expect(entry.seq).toBe(i);
      expect(entry.prev_hash).toBe(prev);
      expect(entry.entry_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(entry.signature).toMatch(/^[0-9a-f]{128}$/);
      prev = entry.entry_hash;
    });
    expect(all[206]?.kind).toBe('run_completed');
    expect(prev).toBe(store.requireSession(id).head_hash);
    expect(store.entry(id, 5)).toEqual(all[5]);
    expect(store.entry(id, 207)).toBeUndefined();
    expect([...store.entries('unknown')]).toEqual([]);
  });

  it('sessions() lists every session with its entry count, oldest first', () => {
    let now = 5_000;
    const store = openStore({ clock: () => now++ });
    const a = appendSampleRun(store, sessionKey, { id: 'b-first' });
    const b = appendSampleRun(store, otherKey, { id: 'a-second', extra: 3, terminal: false });
    const empty = store.createSession({ signer: sessionKey, codeVersion: 'v2', id: 'c-empty', model: 'm1' });
    const list = store.sessions();
    expect(list.map((s) => [s.id, s.entries, s.status])).toEqual([
      [a, 7, 'completed'],
      [b, 9, 'running'],
      ['c-empty', 0, 'running'],
    ]);
    expect(list[1]?.public_key).toBe(otherKey.publicKeyHex);
    expect(list[1]?.pubkey_id).toBe(otherKey.keyId);
    expect(list[2]).toMatchObject({ head_hash: null, model: 'm1', code_version: 'v2', tenant: 'local' });
    expect(empty.entries).toBe(0);
    expect(list[0]?.head_hash).toBe([...store.entries(a)].at(-1)?.entry_hash);
  });

  it('opens read-only: reads and verifies, refuses every write, and sees a live writer', () => {
    const writer = openStore();
    const id = appendSampleRun(writer, sessionKey, { terminal: false });
    const blob = writer.putBlob(Buffer.from('kept'));
    const reader = openStore({ readonly: true });
    expect(reader.requireSession(id).entries).toBe(6);
    expect(reader.verifySession(id, { crypto, trusted }).status).toBe('incomplete');

    for (const write of [
      () => reader.append(id, 'run_completed', {}, sessionKey),
      () => reader.createSession({ signer: sessionKey, codeVersion: 'x' }),
      () => reader.putBlob(Buffer.from('x')),
      () => reader.shredBlob(blob),
    ]) {
      expect(write).toThrow(LedgerError);
      expect(write).toThrow(`${dbPath} is open read-only`);
    }
    expect(reader.blob(blob)?.bytes?.toString()).toBe('kept');

    // WAL lets the reader see the writer's later commit without reopening.
    writer.append(id, 'run_completed', {}, sessionKey);
    expect(reader.requireSession(id).entries).toBe(7);
    expect(reader.verifySession(id, { crypto, trusted }).status).toBe('verified');
    writer.close();
    expect(journalStats(raw(), id).count).toBe(7);
  });

  it('opens read-only after the writer closed (no -wal/-shm files left)', () => {
    const writer = openStore();
    const id = appendSampleRun(writer, sessionKey);
    writer.close();
    const reader = openStore({ readonly: true });
    expect(reader.verifySession(id, { crypto, trusted }).status).toBe('verified');
  });
});

describe('child sessions', () => {
  function anchoredRun(store: LedgerStore, childKey = sessionKey) {
    const child = appendSampleRun(store, childKey, { id: 'child-1' });
    const parent = store.createSession({ signer: sessionKey, codeVersion: 'test', id: 'parent-1' }).id;
    store.append(parent, 'run_started', { contract: { id: 'parent' } }, sessionKey);
    store.append(
      parent,
      'child_anchor',
      { child_session_id: child, child_head_hash: store.requireSession(child).head_hash },
      sessionKey,
    );
    store.append(parent, 'run_completed', {}, sessionKey);
    return { child, parent };
  }

  it('a child anchored by its parent exports inside ledger.child_sessions and verifies', () => {
    const store = openStore();
    const { child, parent } = anchoredRun(store);
    const db = verifyBoth(store, parent, child);
    expect(db.children[0]?.status).toBe('verified');
  });

  it('a child signed by a different key verifies when both keys are pinned', () => {
    const store = openStore();
    const { child, parent } = anchoredRun(store, otherKey);
    const bundle = exportBundle(store, parent, crypto);
    expect(bundle.ledger.child_sessions[0]?.public_key).toBe(otherKey.publicKeyHex);
    expect(verifyBundle(bundle, { crypto, trusted: trustedOf(sessionKey, otherKey) }).status).toBe(
      'verified',
    );
    // Pinning only the parent key: the parent chain is fine but the child is not trusted, so neither is the whole.
    const partial = store.verifySession(parent, { crypto, trusted: trustedOf(sessionKey) });
    expect(partial.children[0]?.session_id).toBe(child);
    expect(partial.status).toBe('failed');
    expect(partial.failure).toMatchObject({ code: 'child_failed', seq: 1 });
    expect(partial.children[0]?.failure?.code).toBe('untrusted_key');
    expect(store.verifySession(parent, { crypto, trusted: NO_TRUSTED_KEYS }).status).toBe('integrity_only');
  });

  it('a child that grew after it was anchored no longer matches its anchor', () => {
    const store = openStore();
    const { child, parent } = anchoredRun(store);
    store.append(child, 'tool_result', { late: true }, sessionKey);
    const report = store.verifySession(parent, { crypto, trusted });
    expect(report.status).toBe('failed');
    expect(report.failure).toMatchObject({ code: 'child_anchor_mismatch', seq: 1 });
    expect(verifyBundle(exportBundle(store, parent, crypto), { crypto, trusted }).failure?.code).toBe(
      'child_anchor_mismatch',
    );
  });

  function verifyBoth(store: LedgerStore, parent: string, child: string) {
    const text = JSON.stringify(exportBundle(store, parent, crypto));
    const bundle = parseBundle(text, 'parent.json');
    expect(bundle.ledger.session_id).toBe(parent);
    expect(bundle.ledger.child_sessions).toHaveLength(1);
    const childLedger = bundle.ledger.child_sessions[0];
    expect(childLedger?.session_id).toBe(child);
    expect(childLedger?.entries).toHaveLength(7);
    expect(childLedger?.head_hash).toBe(store.requireSession(child).head_hash);
    const fromBundle = verifyBundle(bundle, { crypto, trusted });
    expect(fromBundle.status).toBe('verified');
    expect(fromBundle.children.map((c) => [c.session_id, c.status])).toEqual([[child, 'verified']]);
    const fromDb = store.verifySession(parent, { crypto, trusted });
    expect(fromDb.status).toBe('verified');
    return fromDb;
  }
});
