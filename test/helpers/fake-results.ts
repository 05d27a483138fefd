/**
 * A local fake of the Actions results service for the real `@actions/artifact` client: Twirp
 * CreateArtifact / FinalizeArtifact plus the Azure block-blob PUTs (stage blocks, commit the block
 * list) to the signed upload URL it hands out. Committed blobs can be read back with GET, so a later
 * job's download (GitHub's 302 to blob storage) gets exactly the bytes an earlier job uploaded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeGitHub } from './fake-github.js';

export const TWIRP = '/twirp/github.actions.results.api.v1.ArtifactService';
export const RUN_BACKEND = 'ce7f54c7-61c7-4aae-887f-30da475f5f1a';
export const JOB_BACKEND = 'ca395085-040a-526b-2ce8-bdc85f692774';
export const ARTIFACT_ID = 4242;

export interface FakeResults {
  server: Server;
  origin: string;
  twirp: { method: string; body: Record<string, unknown> }[];
  blob: { method: string; path: string; query: URLSearchParams }[];
  /** Staged blocks by block id, and the blob bytes committed per blob path. */
  staged: Map<string, Buffer>;
  committed: Map<string, Buffer>;
  /** Artifact ids handed out by FinalizeArtifact, by artifact name (ARTIFACT_ID, then +1 each). */
  ids: Map<string, number>;
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

export async function startFakeResults(): Promise<FakeResults> {
  const fake: Omit<FakeResults, 'server' | 'origin'> = {
    twirp: [],
    blob: [],
    staged: new Map(),
    committed: new Map(),
    ids: new Map(),
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
          const id = ARTIFACT_ID + fake.ids.size;
          fake.ids.set(String(parsed.name), id);
          res.end(JSON.stringify({ ok: true, artifact_id: String(id) }));
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
      if (req.method === 'GET' && url.pathname.startsWith('/blob/')) {
        const bytes = fake.committed.get(url.pathname);
        if (!bytes) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('no such blob');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(bytes.length) });
        res.end(bytes);
        return;
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
export function runtimeToken(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return [
    part({ alg: 'none', typ: 'JWT' }),
    part({ scp: `Actions.GenericRead Actions.Results:${RUN_BACKEND}:${JOB_BACKEND}` }),
    'unsigned',
  ].join('.');
}

/**
 * The REST side of workflow artifacts, over what `results` holds: GET …/actions/runs/{id}/artifacts
 * lists every artifact uploaded so far, and GET …/actions/artifacts/{id}/zip answers GitHub's 302
 * to the blob, which the fake results service serves — what a later job's @actions/artifact
 * download (by workflow run) goes through.
 */
export function serveArtifacts(fake: FakeGitHub, results: FakeResults, api: string): void {
  fake.on('GET', new RegExp(`^${api}/actions/runs/\\d+/artifacts$`), () => {
    const artifacts = [...results.ids].map(([name, id]) => ({
      id,
      name,
      expired: false,
      size_in_bytes: 1,
      archive_download_url: `https://api.github.com${api}/actions/artifacts/${id}/zip`,
    }));
    return { body: { total_count: artifacts.length, artifacts } };
  });
  fake.on('GET', new RegExp(`^${api}/actions/artifacts/\\d+/zip$`), (req) => {
    const id = Number(req.path.split('/').at(-2));
    const name = [...results.ids].find(([, n]) => n === id)?.[0];
    return name
      ? { status: 302, headers: { location: `${results.origin}/blob/${encodeURIComponent(name)}?sig=read` } }
      : { status: 404, body: { message: 'Not Found' } };
  });
}

/** A fake results service whose artifacts `fake` lists and redirects to (serveArtifacts). */
export async function startFakeArtifacts(fake: FakeGitHub, api: string): Promise<FakeResults> {
  const results = await startFakeResults();
  serveArtifacts(fake, results, api);
  return results;
}

export function stopFakeResults(results: FakeResults): Promise<void> {
  return new Promise<void>((resolve) => results.server.close(() => resolve()));
}
