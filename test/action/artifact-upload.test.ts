import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventContext } from '../../src/action/event-context.js';
import { artifactPublisher } from '../../src/action/publish-artifact.js';
import {
  type Bundle,
  createNodeCrypto,
  exportBundleToFile,
  LedgerStore,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import { pullRequestContext } from '../helpers/event-context.js';
import {
  ARTIFACT_ID,
  type FakeResults,
  JOB_BACKEND,
  RUN_BACKEND,
  runtimeToken,
  startFakeResults,
} from '../helpers/fake-results.js';
import { seededKey, trustedOf } from '../helpers/keys.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';
import { unzip } from '../helpers/zip.js';

/**
 * The Action's artifact upload, end to end through the real `@actions/artifact` client, against a
 * local fake of the Actions results service: Twirp CreateArtifact / FinalizeArtifact plus the Azure
 * block-blob PUTs (stage blocks, commit the block list) to the signed upload URL it hands out.
 */

const ENV_KEYS = ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_RESULTS_URL', 'GITHUB_SERVER_URL'] as const;
const crypto = createNodeCrypto();
const { key } = seededKey(7);

let temp: TempDir;
let store: LedgerStore;
let sessionId: string;
let bundlePath: string;
let context: EventContext;
let saved: Record<string, string | undefined>;

beforeAll(() => {
  temp = tempDir('artifact-upload');
  store = LedgerStore.open(join(temp.dir, 'ledger.db'));
  sessionId = appendSampleRun(store, key, { extra: 2 });
  bundlePath = join(temp.dir, `truss-ledger-${sessionId}.json`);
  exportBundleToFile(store, sessionId, crypto, bundlePath);
  context = pullRequestContext(temp.dir);
});

afterAll(() => {
  store.close();
  temp.cleanup();
});

beforeEach(() => {
  saved = Object.fromEntries(ENV_KEYS.map((name) => [name, process.env[name]]));
});

afterEach(() => {
  for (const name of ENV_KEYS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('artifactPublisher against a fake Actions results service', () => {
  let fake: FakeResults;

  beforeAll(async () => {
    fake = await startFakeResults();
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });

  it('creates, uploads and finalizes truss-ledger-<session> holding a verifiable bundle, the db and report.html', async () => {
    const env = {
      ACTIONS_RUNTIME_TOKEN: runtimeToken(),
      ACTIONS_RESULTS_URL: `${fake.origin}/`,
      GITHUB_SERVER_URL: 'https://github.com',
    };
    // @actions/artifact reads process.env at call time, not the env handed to the publisher.
    Object.assign(process.env, env);
    const warnings: string[] = [];
    const publish = artifactPublisher({ store, context, env, warn: (m) => warnings.push(m) });

    const reportPath = join(temp.dir, `truss-report-${sessionId}.html`);
    writeFileSync(reportPath, '<!doctype html><title>report</title>');
    const published = await publish({ bundlePath, sessionId, reportPath });

    const name = `truss-ledger-${sessionId}`;
    expect(published).toEqual({
      name,
      id: ARTIFACT_ID,
      url: `https://github.com/octo/hello/actions/runs/987654321/artifacts/${ARTIFACT_ID}`,
    });
    expect(warnings).toEqual([]);

    // Twirp: create then finalize, both scoped to the backend ids from the token's scp claim.
    expect(fake.twirp.map((call) => call.method)).toEqual(['CreateArtifact', 'FinalizeArtifact']);
    const [create, finalize] = fake.twirp;
    expect(create?.body).toMatchObject({
      workflow_run_backend_id: RUN_BACKEND,
      workflow_job_run_backend_id: JOB_BACKEND,
      name,
      version: 7,
    });
    expect(finalize?.body).toMatchObject({
      workflow_run_backend_id: RUN_BACKEND,
      workflow_job_run_backend_id: JOB_BACKEND,
      name,
    });

    // Blob: at least one staged block, then exactly one block-list commit, all on the signed URL.
    const blobPath = `/blob/${encodeURIComponent(name)}`;
    expect(fake.blob.every((call) => call.path === blobPath && call.query.get('sig') === 'x')).toBe(true);
    const comps = fake.blob.map((call) => call.query.get('comp'));
    expect(comps.filter((c) => c === 'block').length).toBeGreaterThanOrEqual(1);
    expect(comps.at(-1)).toBe('blocklist');
    expect(comps.filter((c) => c === 'blocklist')).toHaveLength(1);
    const zip = fake.committed.get(blobPath);
    if (!zip) throw new Error('no blob was committed');

    // Finalize reports the size and sha256 of exactly the bytes that landed in blob storage.
    expect(finalize?.body.size).toBe(String(zip.length));
    const digest = createHash('sha256').update(zip).digest('hex');
    expect(finalize?.body.hash).toBe(`sha256:${digest}`);

    const files = unzip(zip);
    const bundleName = `truss-ledger-${sessionId}.json`;
    expect([...files.keys()].sort()).toEqual([bundleName, 'ledger.db', 'report.html'].sort());
    expect(files.get('report.html')?.equals(readFileSync(reportPath))).toBe(true);

    const bundleBytes = files.get(bundleName) as Buffer;
    expect(bundleBytes.equals(readFileSync(bundlePath))).toBe(true);
    const bundle = JSON.parse(bundleBytes.toString('utf8')) as Bundle;
    const report = verifyBundle(bundle, { crypto, trusted: trustedOf(key) });
    expect(report.status).toBe('verified');

    const db = files.get('ledger.db') as Buffer;
    expect(db.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
    const dbCopy = join(temp.dir, 'uploaded-ledger.db');
    writeFileSync(dbCopy, db);
    const uploaded = LedgerStore.open(dbCopy);
    try {
      expect(uploaded.verifySession(sessionId, { crypto, trusted: trustedOf(key) }).status).toBe('verified');
    } finally {
      uploaded.close();
    }
    const raw = new Database(dbCopy, { readonly: true });
    try {
      const { count } = raw
        .prepare('SELECT count(*) AS count FROM journal WHERE session_id = ?')
        .get(sessionId) as { count: number };
      expect(count).toBe(bundle.ledger.entries.length);
    } finally {
      raw.close();
    }
  });

  it('uploads extra files (the verdict attestations) beside the bundle and the db', async () => {
    const env = {
      ACTIONS_RUNTIME_TOKEN: runtimeToken(),
      ACTIONS_RESULTS_URL: `${fake.origin}/`,
      GITHUB_SERVER_URL: 'https://github.com',
    };
    Object.assign(process.env, env);
    const otherSession = appendSampleRun(store, key);
    const otherBundle = join(temp.dir, `truss-ledger-${otherSession}.json`);
    exportBundleToFile(store, otherSession, crypto, otherBundle);
    const extraFiles = ['intoto', 'sigstore'].map((kind) => {
      const file = join(temp.dir, `truss-ledger-${otherSession}.${kind}.json`);
      writeFileSync(file, `{"kind":"${kind}"}\n`);
      return file;
    });
    const publish = artifactPublisher({ store, context, env, warn: () => {} });
    await publish({ bundlePath: otherBundle, sessionId: otherSession, extraFiles });
    const zip = fake.committed.get(`/blob/${encodeURIComponent(`truss-ledger-${otherSession}`)}`);
    if (!zip) throw new Error('no blob was committed');
    const files = unzip(zip);
    expect([...files.keys()].sort()).toEqual(
      [
        `truss-ledger-${otherSession}.json`,
        'ledger.db',
        `truss-ledger-${otherSession}.intoto.json`,
        `truss-ledger-${otherSession}.sigstore.json`,
      ].sort(),
    );
    expect(files.get(`truss-ledger-${otherSession}.sigstore.json`)?.toString()).toBe('{"kind":"sigstore"}\n');
  });
});

describe('artifactPublisher off a runner', () => {
  it('returns null and warns when there is no ACTIONS_RUNTIME_TOKEN', async () => {
    delete process.env.ACTIONS_RUNTIME_TOKEN;
    const warnings: string[] = [];
    const publish = artifactPublisher({ store, context, env: {}, warn: (m) => warnings.push(m) });

    await expect(publish({ bundlePath, sessionId, suspended: false })).resolves.toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('artifact upload skipped (no ACTIONS_RUNTIME_TOKEN');
    expect(warnings[0]).toContain(bundlePath);
  });
});
