/**
 * A fork's pull-request runs and their workflow artifacts, as GitHub's REST API lists and serves them
 * (GET /actions/runs, /actions/runs/{id}/artifacts, /actions/artifacts/{id}/zip), on a FakeGitHub.
 * The runs are the real `workflow_run` webhook example's object adapted (event, head repository and
 * branch); the artifact zip is whatever the test hands in — the fork controls it.
 */
import { createNodeCrypto, exportBundle, LedgerStore, type SigningKey } from '../../src/core/ledger/index.js';
import type { FakeGitHub, RecordedRequest } from './fake-github.js';
import { webhookExample } from './fake-github.js';
import { tempDir } from './temp-dir.js';
import { zipOf } from './zip.js';

type Json = Record<string, unknown>;

export interface ForkArtifact {
  name: string;
  /** The zip served for it; default a zip holding `files`. */
  zip?: Buffer;
  files?: Record<string, string>;
  /** size_in_bytes as GitHub lists it; default the zip's size. */
  bytes?: number;
}

export interface ForkRun {
  id: number;
  /** The head repository of the run (the fork's full name). */
  headRepo: string;
  headBranch: string;
  event?: string;
  artifacts: ForkArtifact[];
}

/**
 * A fork run's bundle, signed by `signer` (its one-time key): run_started, one `memory_proposed` of
 * `items`, run_completed. `session` picks the session id it signs; `edit` alters the exported JSON
 * (a tampered chain).
 */
export function forkRunBundle(options: {
  signer: SigningKey;
  items: unknown[];
  session?: string;
  edit?: (bundle: Record<string, unknown>) => void;
}): { sessionId: string; text: string } {
  const dir = tempDir('fork-run');
  const store = LedgerStore.open(dir.path('pr.db'));
  try {
    const { signer } = options;
    const { id } = store.createSession({
      signer,
      codeVersion: 'test',
      ...(options.session ? { id: options.session } : {}),
    });
    store.append(id, 'run_started', { session_id: id }, signer);
    store.append(id, 'memory_proposed', { via: 'lesson_extraction', entries: options.items }, signer);
    store.append(id, 'run_completed', { overall: 'fail' }, signer);
    const bundle = exportBundle(store, id, createNodeCrypto()) as unknown as Record<string, unknown>;
    options.edit?.(bundle);
    return { sessionId: id, text: JSON.stringify(bundle) };
  } finally {
    store.close();
    dir.cleanup();
  }
}

/** The bundle file a run's ledger artifact holds, zipped as the artifact download returns it. */
export function ledgerArtifact(sessionId: string, bundleText: string, name = `truss-ledger-${sessionId}`) {
  return { name, files: { [`truss-ledger-${sessionId}.json`]: bundleText, 'report.html': '<html></html>' } };
}

/**
 * Serves `runs` on `fake` under `/repos/{owner}/{repo}` (`api`): the runs list (filtered by `event`
 * and `branch` as GitHub does), each run's artifacts, and each artifact's zip. Returns the artifact
 * downloads made, by id, for assertions.
 */
export function serveForkRuns(fake: FakeGitHub, api: string, runs: ForkRun[]): { downloads: number[] } {
  const downloads: number[] = [];
  let nextId = 7000;
  const artifacts = runs.map((run) =>
    run.artifacts.map((a) => {
      const zip = a.zip ?? zipOf(a.files ?? {});
      return { id: nextId++, zip, listed: a, run };
    }),
  );
  const query = (req: RecordedRequest) => new URLSearchParams(req.path.split('?')[1] ?? '');
  const runObject = (run: ForkRun): Json => {
    const example = structuredClone(webhookExample('workflow_run', 'completed').workflow_run) as Json;
    return {
      ...example,
      id: run.id,
      event: run.event ?? 'pull_request',
      head_branch: run.headBranch,
      head_repository: { ...(example.head_repository as Json), full_name: run.headRepo },
      pull_requests: [],
    };
  };
  fake
    .prepend('GET', new RegExp(`^${api}/actions/runs$`), (req) => {
      const q = query(req);
      const listed = runs.filter(
        (r) =>
          (!q.get('event') || (r.event ?? 'pull_request') === q.get('event')) &&
          (!q.get('branch') || r.headBranch === q.get('branch')),
      );
      return { body: { total_count: listed.length, workflow_runs: listed.map(runObject) } };
    })
    .prepend('GET', new RegExp(`^${api}/actions/runs/\\d+/artifacts$`), (req) => {
      const id = Number((req.path.split('?')[0] ?? '').split('/').at(-2));
      const index = runs.findIndex((r) => r.id === id);
      const list = (artifacts[index] ?? []).map((a) => ({
        id: a.id,
        node_id: `MDg6QXJ0aWZhY3Q${a.id}`,
        name: a.listed.name,
        size_in_bytes: a.listed.bytes ?? a.zip.length,
        url: `https://api.github.com${api}/actions/artifacts/${a.id}`,
        archive_download_url: `https://api.github.com${api}/actions/artifacts/${a.id}/zip`,
        expired: false,
        created_at: '2026-12-01T10:00:00Z',
        expires_at: '2027-02-28T10:00:00Z',
        updated_at: '2026-12-01T10:00:00Z',
        workflow_run: { id, head_branch: a.run.headBranch },
      }));
      return { body: { total_count: list.length, artifacts: list } };
    })
    .prepend('GET', new RegExp(`^${api}/actions/artifacts/\\d+/zip$`), (req) => {
      const id = Number((req.path.split('?')[0] ?? '').split('/').at(-2));
      const found = artifacts.flat().find((a) => a.id === id);
      if (!found) return { status: 404, body: { message: 'Not Found' } };
      downloads.push(id);
      return { body: found.zip };
    });
  return { downloads };
}
