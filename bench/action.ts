// bench:action — wall time of the built action entry on a checks-only contract (GitHub API faked on
// 127.0.0.1) ÷ `truss run` of the same contract, the number of GitHub API calls per run, and the
// minor page faults of each side (all its processes: git, the isolation's set-up, the checks), which
// unlike wall time do not move with the machine's load.
// Usage: npm run bench:action [-- --json] [-- --runs N] [-- --action OLD/action.cjs]
// (--action times another build of the action entry against this checkout's dist/cli.cjs: an A/B of two builds.)
// Profiling: BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' passes node flags to both children;
// BENCH_ACTION_PREFIX='valgrind --tool=callgrind --callgrind-out-file=/tmp/cg/%p.out -q' starts the
// action's node under that program (instruction counts of the action alone, docs/performance.md).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SigningKey } from '../src/core/ledger/index.js';
import { contentsFile, FakeGitHub } from '../test/helpers/fake-github.js';
import { waitedChildFaults } from './lib/child-faults.js';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean' },
    runs: { type: 'string', default: '7' },
    action: { type: 'string', default: 'dist/action.cjs' },
  },
});
const runs = Number(values.runs);
const actionEntry = resolve(values.action);
const progress = (message: string) => process.stderr.write(`bench:action ${message}\n`);
const CONTRACT = `[contract]\nid = "bench"\nintent = "checks only"\n\n${Array.from({ length: 5 }, (_, i) => `[[done]]\nkind = "check"\ndesc = "check ${i}"\nrun = "test -f README.md"\n`).join('\n')}`;

/** Page faults of the children timed so far, by side (the child and all it waited for, once reaped). */
const faults = { action: [] as number[], cli: [] as number[] };

function timed(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  side?: keyof typeof faults,
): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const faultsBefore = waitedChildFaults();
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}`));
      else {
        const faultsAfter = waitedChildFaults();
        if (side && faultsBefore !== null && faultsAfter !== null)
          faults[side].push(faultsAfter - faultsBefore);
        resolvePromise(Number(process.hrtime.bigint() - started) / 1e6);
      }
    });
  });
}

const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const [actionCommand = process.execPath, ...actionArgs] = [
  ...(process.env.BENCH_ACTION_PREFIX ?? '').split(' ').filter(Boolean),
  process.execPath,
  ...nodeArgs,
  actionEntry,
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const workspace = mkdtempSync(join(tmpdir(), 'truss-bench-action-'));
// A home outside the workspace: a global git config inside the working tree is refused.
const home = mkdtempSync(join(tmpdir(), 'truss-bench-action-home-'));
const fake = new FakeGitHub()
  .on('GET', /\/contents\/\.truss\/config\.toml$/, () => ({ status: 404, body: { message: 'Not Found' } }))
  .on('GET', /\/contents\/\.truss\/contracts$/, () => ({
    body: [{ name: 'bench.toml', path: '.truss/contracts/bench.toml', type: 'file' }],
  }))
  .on('GET', /\/contents\/\.truss\/contracts\/bench\.toml$/, () => ({
    body: contentsFile('.truss/contracts/bench.toml', CONTRACT),
  }))
  .on('POST', /\/check-runs$/, () => ({
    status: 201,
    body: { id: 1, html_url: 'https://github.com/o/r/runs/1' },
  }))
  .on('PATCH', /\/check-runs\/1$/, () => ({ body: { id: 1 } }))
  .on('GET', /\/issues\/1\/comments$/, () => ({ body: [] }))
  .on('POST', /\/issues\/1\/comments$/, () => ({
    status: 201,
    body: { id: 9, html_url: 'https://github.com/o/r/pull/1#issuecomment-9' },
  }));
try {
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: workspace });
  writeFileSync(join(workspace, 'README.md'), '# bench\n');
  mkdirSync(join(workspace, '.truss/contracts'), { recursive: true });
  writeFileSync(join(workspace, '.truss/contracts/bench.toml'), CONTRACT);
  // The pull request's head is the checkout's commit, as actions/checkout leaves it (the action
  // refuses a workspace with no commit: nothing of the head would be judged).
  const gitAs = ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost'];
  execFileSync('git', [...gitAs, 'add', '-A'], { cwd: workspace });
  execFileSync('git', [...gitAs, 'commit', '-q', '-m', 'bench'], { cwd: workspace });
  const headSha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: workspace, encoding: 'utf8' }).trim();
  const generated = SigningKey.generate();
  writeFileSync(join(workspace, 'k'), generated.seedBase64, { mode: 0o600 });
  const api = await fake.start();
  const event = join(workspace, 'event.json');
  writeFileSync(
    event,
    JSON.stringify({
      action: 'opened',
      number: 1,
      pull_request: {
        number: 1,
        head: { sha: headSha, repo: { full_name: 'o/r' } },
        base: { sha: 'b'.repeat(40), repo: { full_name: 'o/r' } },
      },
    }),
  );
  const actionEnv = (n: number): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: home,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_SHA: headSha,
    GITHUB_RUN_ID: '1',
    GITHUB_API_URL: api,
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: join(workspace, `runner-${n}`),
    INPUT_GITHUB_TOKEN: 'ghs_bench',
    INPUT_SIGNING_KEY: generated.seedBase64,
    INPUT_SUMMARY: 'false',
  });
  const cliArgs = (n: number) => [
    resolve('dist/cli.cjs'),
    'run',
    'bench',
    '--key',
    'k',
    '--db',
    join(workspace, `cli-${n}.db`),
    '--json',
  ];
  progress(`warm-up, then ${runs} runs each`);
  await timed(actionCommand, actionArgs, workspace, actionEnv(0));
  const callsPerRun = fake.requests.length;
  const action: number[] = [];
  const cli: number[] = [];
  for (let i = 1; i <= runs; i++) {
    action.push(await timed(actionCommand, actionArgs, workspace, actionEnv(i), 'action'));
    cli.push(
      await timed(
        process.execPath,
        [...nodeArgs, ...cliArgs(i)],
        workspace,
        { PATH: process.env.PATH, HOME: home },
        'cli',
      ),
    );
    progress(`run ${i}/${runs}`);
  }
  const result = {
    action_ratio: Math.round((median(action) / median(cli)) * 100) / 100,
    api_calls: callsPerRun,
    api_call_list: fake.requests.slice(0, callsPerRun).map((r) => `${r.method} ${r.path.split('?')[0]}`),
    action_ms: Math.round(median(action)),
    truss_run_ms: Math.round(median(cli)),
    action_faults: faults.action.length > 0 ? median(faults.action) : null,
    truss_run_faults: faults.cli.length > 0 ? median(faults.cli) : null,
    runs,
    goals: { action_ratio: '<= 1.3', api_calls: '<= 8' },
  };
  if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    console.log(
      `action entry ${result.action_ms} ms ÷ truss run ${result.truss_run_ms} ms = ${result.action_ratio}  goal ≤ 1.3  ${result.action_ratio <= 1.3 ? 'PASS' : 'MISS'}`,
    );
    console.log(
      `GitHub API calls per one-contract PR run: ${result.api_calls}  goal ≤ 8  ${result.api_calls <= 8 ? 'PASS' : 'MISS'}`,
    );
    for (const call of result.api_call_list) console.log(`  ${call}`);
    console.log(
      `minor page faults (median, all processes): action ${result.action_faults}, truss run ${result.truss_run_faults}`,
    );
  }
} finally {
  await fake.stop();
  rmSync(workspace, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}
