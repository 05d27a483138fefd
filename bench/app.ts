// bench:app — the Truss App's handler latency for `/truss run <contract>` (delivery → the last GitHub
// response: permission, 👀, PR head, idempotency lookup, queued check, workflow config, dispatch, 🚀),
// against a Probot app whose handler does nothing, measured in the same run; and deliveries/second
// sustained with deliveries arriving concurrently. GitHub is an in-process HTTP server on 127.0.0.1
// (not nock), the App runs with its production client settings (retries, per-installation throttling).
// Usage: npm run bench:app [-- --json] [-- --deliveries N] [-- --installations N] [-- --concurrency N]
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Probot, ProbotOctokit } from 'probot';
import { trussApp } from '../src/app/index.js';
import { appConfig, commentPayload, HEAD, PRIVATE_KEY_PEM } from '../test/app/app-kit.js';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean' },
    deliveries: { type: 'string', default: '2000' },
    latency: { type: 'string', default: '400' },
    installations: { type: 'string', default: '16' },
    concurrency: { type: 'string', default: '64' },
  },
});
const progress = (message: string) => process.stderr.write(`bench:app ${message}\n`);
const total = Number(values.deliveries);
const latencyRuns = Number(values.latency);
const installations = Number(values.installations);
const concurrency = Number(values.concurrency);

/** A minimal, fast GitHub: just the routes the command path uses, answered from memory. */
function startGitHub(): Promise<{
  url: string;
  requests: () => number;
  dispatches: () => number;
  close: () => Promise<void>;
}> {
  let requests = 0;
  let dispatches = 0;
  let checkId = 1;
  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      requests++;
      const path = (req.url ?? '').split('?')[0] ?? '';
      const method = req.method ?? 'GET';
      if (method === 'POST' && /\/app\/installations\/\d+\/access_tokens$/.test(path))
        return send(res, 201, {
          token: 'ghs_bench',
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        });
      if (method === 'GET' && path.endsWith('/permission'))
        return send(res, 200, { permission: 'write', role_name: 'write', user: { login: 'Codertocat' } });
      if (method === 'POST' && path.endsWith('/reactions')) return send(res, 201, { id: 1 });
      if (method === 'GET' && /\/pulls\/\d+$/.test(path))
        return send(res, 200, { number: 2, head: { sha: HEAD } });
      if (method === 'GET' && path.endsWith('/check-runs'))
        return send(res, 200, { total_count: 0, check_runs: [] });
      if (method === 'POST' && path.endsWith('/check-runs')) return send(res, 201, { id: checkId++ });
      if (method === 'GET' && path.includes('/contents/')) return send(res, 404, { message: 'Not Found' });
      if (method === 'POST' && path.endsWith('/dispatches')) {
        dispatches++;
        return send(res, 204);
      }
      return send(res, 404, { message: `bench fake: no route for ${method} ${path}` });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests: () => requests,
        dispatches: () => dispatches,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

async function probotFor(baseUrl: string, load: (app: Probot) => void): Promise<Probot> {
  const probot = new Probot({
    appId: 123,
    privateKey: PRIVATE_KEY_PEM,
    secret: 'bench',
    logLevel: 'fatal',
    baseUrl,
    Octokit: ProbotOctokit.defaults({ retry: { enabled: false }, throttle: { enabled: false } }),
  });
  await probot.load(load);
  await probot.ready();
  return probot;
}

let commentId = 1;
function delivery(i: number): { id: string; name: 'issue_comment'; payload: Record<string, unknown> } {
  const payload = commentPayload(`/truss run c${i}`, { commentId: commentId++ });
  (payload.installation as { id: number }).id = 1 + (i % installations);
  return { id: `bench-${i}`, name: 'issue_comment', payload };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};
const round = (x: number) => Math.round(x * 100) / 100;

async function latencies(probot: Probot, runs: number, offset: number): Promise<number[]> {
  const out: number[] = [];
  // Payloads are built before timing: cloning the example payloads is the bench's cost, not the App's.
  const events = Array.from({ length: runs }, (_, i) => delivery(offset + i));
  for (const event of events) {
    const started = process.hrtime.bigint();
    await probot.receive(event as never);
    out.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return out;
}

const github = await startGitHub();
try {
  const config = { ...appConfig(), throttle: process.env.BENCH_THROTTLE !== 'false' };
  const app = await probotFor(`${github.url}/api/v3`, trussApp(config));
  const noop = await probotFor(`${github.url}/api/v3`, (a) => {
    a.on('issue_comment.created', async () => {});
  });
  progress('warm-up (one delivery per installation: tokens cached, JIT warm)');
  await latencies(app, installations * 2, 0);
  await latencies(noop, 200, 0);
  const before = github.requests();
  progress(`latency: ${latencyRuns} deliveries, one at a time`);
  const appMs = await latencies(app, latencyRuns, 10_000);
  const requestsPerDelivery = (github.requests() - before) / latencyRuns;
  const noopMs = await latencies(noop, latencyRuns, 20_000);

  progress(`throughput: ${total} deliveries, ${concurrency} in flight, ${installations} installations`);
  const dispatchedBefore = github.dispatches();
  const events = Array.from({ length: total }, (_, i) => delivery(100_000 + i));
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        await app.receive(events[i] as never);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const dispatched = github.dispatches() - dispatchedBefore;
  if (dispatched !== total) throw new Error(`expected ${total} dispatches, GitHub saw ${dispatched}`);

  // The machine's ceiling in the same run: plain fetch to the same fake, as many in flight, no App.
  progress('baseline: plain fetch to the same fake GitHub');
  const fetches = total * 3;
  let sent = 0;
  const fetchStarted = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < fetches) {
        sent++;
        await (await fetch(`${github.url}/api/v3/repos/o/r/pulls/2`)).text();
      }
    }),
  );
  const loopbackPerSec = fetches / (Number(process.hrtime.bigint() - fetchStarted) / 1e9);

  const result = {
    p50_ms: round(percentile(appMs, 50)),
    p99_ms: round(percentile(appMs, 99)),
    noop_p50_ms: round(percentile(noopMs, 50)),
    noop_p99_ms: round(percentile(noopMs, 99)),
    p99_ratio_to_noop: round(percentile(appMs, 99) / percentile(noopMs, 99)),
    github_requests_per_delivery: round(requestsPerDelivery),
    deliveries_per_sec: Math.round(total / seconds),
    loopback_requests_per_sec: Math.round(loopbackPerSec),
    /** What this machine allows at all: plain-fetch rate ÷ GitHub requests per delivery. */
    deliveries_per_sec_ceiling: Math.round(loopbackPerSec / requestsPerDelivery),
    deliveries: total,
    concurrency,
    installations,
    goals: { deliveries_per_sec: '>= 200' },
  };
  if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    console.log(
      `/truss run <contract> handler: p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms (${result.github_requests_per_delivery} GitHub requests each)`,
    );
    console.log(
      `no-op Probot handler:          p50 ${result.noop_p50_ms} ms, p99 ${result.noop_p99_ms} ms  → p99 ratio ${result.p99_ratio_to_noop}`,
    );
    console.log(
      `throughput: ${result.deliveries_per_sec} deliveries/s (${total} deliveries, ${concurrency} in flight, ${installations} installations)  goal ≥ 200  ${result.deliveries_per_sec >= 200 ? 'PASS' : 'MISS'}`,
    );
    console.log(
      `baseline: plain fetch ${result.loopback_requests_per_sec} requests/s → at most ${result.deliveries_per_sec_ceiling} deliveries/s on this machine at ${result.github_requests_per_delivery} requests each`,
    );
  }
} finally {
  await github.close();
}
