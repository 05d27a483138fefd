import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
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
import { makeTempDir, seededKey, trustedOf } from '../helpers/ledger-env.js';
import { appendSampleRun } from '../helpers/sample-run.js';

/**
 * The Action's artifact upload, end to end through the real `@actions/artifact` client, against a
 * local fake of the Actions results service: Twirp CreateArtifact / FinalizeArtifact plus the Azure
 * block-blob PUTs (stage blocks, commit the block list) to the signed upload URL it hands out.
 */

const TWIRP = '/twirp/github.actions.results.api.v1.ArtifactService';
const RUN_BACKEND = 'ce7f54c7-61c7-4aae-887f-30da475f5f1a';
const JOB_BACKEND = 'ca395085-040a-526b-2ce8-bdc85f692774';
const ARTIFACT_ID = 4242;

interface FakeResults {
  server: Server;
  origin: string;
  twirp: { method: string; body: Record<string, unknown> }[];
  blob: { method: string; path: string; query: URLSearchParams }[];
  /** Staged blocks by block id, and the blob bytes committed per blob path. */
  staged: Map<string, Buffer>;
  committed: Map<string, Buffer>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The headers the Azure storage SDK reads back from a successful block-blob write. */
function azureCreated(res: ServerResponse, extra: Record<string, string> = {}): void {
  res.writeHead(201, {
    etag: '"0x8DC0FFEE"',
    'last-modified': new Date().toUTCString(),
    date: new Date().toUTCString(),
    'x-ms-request-id': 'fake-request-id',
    'x-ms-version': '2025-11-05',
    'x-ms-request-server-encrypted': 'true',
    'content-length': '0',
    ...extra,
  });
  res.end();
}

async function startFakeResults(): Promise<FakeResults> {
  const fake: Omit<FakeResults, 'server' | 'origin'> = {
    twirp: [],
    blob: [],
    staged: new Map(),
    committed: new Map(),
  };
  let origin = '';
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', origin);
      const body = await readBody(req);
      if (req.method === 'POST' && url.pathname.startsWith(`${TWIRP}/`)) {
        const method = url.pathname.slice(TWIRP.length + 1);
        const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        fake.twirp.push({ method, body: parsed });
        res.setHeader('content-type', 'application/json');
        if (method === 'CreateArtifact') {
          const name = encodeURIComponent(String(parsed.name));
          res.end(JSON.stringify({ ok: true, signed_upload_url: `${origin}/blob/${name}?sig=x` }));
          return;
        }
        if (method === 'FinalizeArtifact') {
          res.end(JSON.stringify({ ok: true, artifact_id: String(ARTIFACT_ID) }));
          return;
        }
        res.statusCode = 404;
        res.end(JSON.stringify({ code: 'not_found', msg: `no such method ${method}` }));
        return;
      }
      if (req.method === 'PUT' && url.pathname.startsWith('/blob/')) {
        fake.blob.push({ method: req.method, path: url.pathname, query: url.searchParams });
        const comp = url.searchParams.get('comp');
        if (comp === 'block') {
          const blockId = url.searchParams.get('blockid');
          if (!blockId) throw new Error('stage block without blockid');
          fake.staged.set(blockId, body);
          azureCreated(res);
          return;
        }
        if (comp === 'blocklist') {
          const ids = [...body.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)</g)].map(
            (m) => m[1] as string,
          );
          const parts = ids.map((id) => {
            const block = fake.staged.get(id);
            if (!block) throw new Error(`commit of unknown block ${id}`);
            return block;
          });
          fake.committed.set(url.pathname, Buffer.concat(parts));
          azureCreated(res);
          return;
        }
        if (comp === null) {
          // Single-shot Put Blob (not used by uploadStream today, accepted for robustness).
          fake.committed.set(url.pathname, body);
          azureCreated(res);
          return;
        }
      }
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`fake results service: unexpected ${req.method} ${req.url}`);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { ...fake, server, origin };
}

/** An unsigned JWT: only its `scp` claim matters to @actions/artifact (it decodes, never verifies). */
function runtimeToken(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return [
    part({ alg: 'none', typ: 'JWT' }),
    part({ scp: `Actions.GenericRead Actions.Results:${RUN_BACKEND}:${JOB_BACKEND}` }),
    'unsigned',
  ].join('.');
}

/** Minimal zip reader: walks the central directory (sizes there are authoritative even when streamed). */
function unzip(zip: Buffer): Map<string, Buffer> {
  let eocd = -1;
  for (let i = zip.length - 22; i >= 0; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip: no end-of-central-directory record');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const files = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (zip.readUInt32LE(localOffset) !== 0x04034b50) throw new Error('bad local file header');
    const dataStart =
      localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) files.set(name, Buffer.from(data));
    else if (method === 8) files.set(name, inflateRawSync(data));
    else throw new Error(`unsupported zip method ${method} for ${name}`);
  }
  return files;
}

const ENV_KEYS = ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_RESULTS_URL', 'GITHUB_SERVER_URL'] as const;
const crypto = createNodeCrypto();
const { key } = seededKey(7);

let temp: ReturnType<typeof makeTempDir>;
let store: LedgerStore;
let sessionId: string;
let bundlePath: string;
let context: EventContext;
let saved: Record<string, string | undefined>;

beforeAll(() => {
  temp = makeTempDir('artifact-upload');
  store = LedgerStore.open(join(temp.dir, 'ledger.db'));
  sessionId = appendSampleRun(store, key, { extra: 2 });
  bundlePath = join(temp.dir, `truss-ledger-${sessionId}.json`);
  exportBundleToFile(store, sessionId, crypto, bundlePath);
  context = {
    eventName: 'pull_request',
    payload: {},
    owner: 'octo',
    repo: 'hello',
    sha: '2'.repeat(40),
    actor: 'octocat',
    runId: '987654321',
    serverUrl: 'https://github.com',
    apiUrl: 'https://api.github.com',
    workspace: temp.dir,
    tempDir: join(temp.dir, 'runner-temp'),
  };
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
});

describe('artifactPublisher off a runner', () => {
  it('returns null and warns when there is no ACTIONS_RUNTIME_TOKEN', async () => {
    delete process.env.ACTIONS_RUNTIME_TOKEN;
    const warnings: string[] = [];
    const publish = artifactPublisher({ store, context, env: {}, warn: (m) => warnings.push(m) });

    await expect(publish({ bundlePath, sessionId })).resolves.toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('artifact upload skipped (no ACTIONS_RUNTIME_TOKEN');
    expect(warnings[0]).toContain(bundlePath);
  });
});
