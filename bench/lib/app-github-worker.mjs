// The fake GitHub of bench/app.ts, run in a worker thread of the bench process: in-process (no
// network, no nock) but on its own event loop, so serving requests does not steal the App's loop,
// as real GitHub would not. Posts { url } when listening; answers { stats } to 'stats'.
import { createServer } from 'node:http';
import { parentPort } from 'node:worker_threads';

const HEAD = 'a1'.repeat(20);
const BASE = 'b2'.repeat(20);
let requests = 0;
let dispatches = 0;
let checkId = 1;
const send = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
};
const server = createServer((req, res) => {
  req.resume();
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
      return send(res, 200, {
        number: 2,
        // A same-repository pull request, as GitHub shapes it: a head without a repository counts
        // as a fork whose push time is unknown, which the App refuses to run (fork-head.ts).
        head: { sha: HEAD, ref: 'changes', repo: { id: 186853002, full_name: 'Codertocat/Hello-World' } },
        base: { sha: BASE, ref: 'master', repo: { id: 186853002, full_name: 'Codertocat/Hello-World' } },
      });
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
server.listen(0, '127.0.0.1', () =>
  parentPort?.postMessage({ url: `http://127.0.0.1:${server.address().port}` }),
);
parentPort?.on('message', (message) => {
  if (message === 'stats') parentPort?.postMessage({ stats: { requests, dispatches } });
  if (message === 'close') server.close(() => process.exit(0));
});
