// bench:app — the Truss App's handler latency for `/truss run <contract>` (delivery → the last GitHub
// response: permission, 👀, PR head, idempotency lookup, queued check, workflow config, dispatch, 🚀),
// against a Probot app whose handler does nothing, measured in the same run; and deliveries/second
// sustained with deliveries arriving concurrently. GitHub is an in-process HTTP server on 127.0.0.1 in a
// worker (not nock), the App runs with its production client settings (retries, per-installation throttling).
// Usage: npm run bench:app [-- --json] [-- --deliveries N] [-- --installations N] [-- --concurrency N]
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { Probot, ProbotOctokit } from 'probot';
import { trussApp } from '../src/app/index.js';
import { appConfig, commentPayload, PRIVATE_KEY_PEM } from '../test/app/app-payloads.js';

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

/**
 * A minimal, fast GitHub (bench/lib/app-github-worker.mjs) in a worker thread of this process: just
 * the routes the command path uses, answered from memory, on its own event loop.
 */
async function startGitHub(): Promise<{
  url: string;
  stats: () => Promise<{ requests: number; dispatches: number }>;
  close: () => Promise<void>;
}> {
  const worker = new Worker(new URL('./lib/app-github-worker.mjs', import.meta.url));
  const next = () =>
    new Promise<Record<string, unknown>>((resolve) =>
      worker.once('message', (m) => resolve(m as Record<string, unknown>)),
    );
  const { url } = (await next()) as { url: string };
  return {
    url,
    stats: async () => {
      const reply = next();
      worker.postMessage('stats');
      return (await reply).stats as { requests: number; dispatches: number };
    },
    close: async () => {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
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
  const before = (await github.stats()).requests;
  progress(`latency: ${latencyRuns} deliveries, one at a time`);
  const appMs = await latencies(app, latencyRuns, 10_000);
  const requestsPerDelivery = ((await github.stats()).requests - before) / latencyRuns;
  const noopMs = await latencies(noop, latencyRuns, 20_000);

  progress(`throughput: ${total} deliveries, ${concurrency} in flight, ${installations} installations`);
  const dispatchedBefore = (await github.stats()).dispatches;
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
  const dispatched = (await github.stats()).dispatches - dispatchedBefore;
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
