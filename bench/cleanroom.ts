// bench:cleanroom — time to materialize the clean room the checks run in (a fresh repository with no
// hooks, this repository's base commit checked out through alternates and re-hashed, then the
// executor's diff applied) for THIS repository, vs two plain baselines measured in the same run:
// `git archive | tar -x` (a bare export of the same tree, no .git, no verification) and
// `git clone --shared` (a full working copy reading the same objects; `git worktree add` would be the
// same checkout but registers the worktree in the source repository, which a bench must not do).
// Usage: npm run bench:cleanroom [-- --json] [-- --runs N]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { materializeCleanRoom } from '../src/core/verify/clean-room.js';

const { values } = parseArgs({
  options: { json: { type: 'boolean' }, runs: { type: 'string', default: '5' } },
});
const runs = Number(values.runs);
const progress = (message: string) => process.stderr.write(`bench:cleanroom ${message}\n`);
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 256 << 20 });

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function timeShell(script: string): number {
  const started = process.hrtime.bigint();
  const result = spawnSync('sh', ['-c', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${script} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

const root = git('rev-parse', '--show-toplevel').trim();
const head = git('rev-parse', 'HEAD').trim();
// The base is HEAD's parent and the "executor diff" is HEAD's own change: a real patch of this repo.
const base = git('rev-parse', 'HEAD~1').trim();
const diff = execFileSync('git', ['diff', '--binary', base, head], { maxBuffer: 256 << 20 });
const files = git('ls-tree', '-r', '--name-only', base).split('\n').filter(Boolean).length;
const parent = mkdtempSync(join(tmpdir(), 'truss-bench-cleanroom-'));
const env = { PATH: process.env.PATH, HOME: process.env.HOME };

try {
  progress(
    `${files} files at ${base.slice(0, 12)}, diff ${diff.length} bytes; warming up, then ${runs} runs`,
  );
  const samples = { cleanroom: [] as number[], archive: [] as number[], clone: [] as number[] };
  const once = async (record: boolean) => {
    const started = process.hrtime.bigint();
    const room = await materializeCleanRoom({ repoRoot: root, baseSha: base, diff, env, parentDir: parent });
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    await room.dispose();
    const archiveDir = mkdtempSync(join(parent, 'archive-'));
    const archive = timeShell(`git -C '${root}' archive ${head} | tar -x -C '${archiveDir}'`);
    rmSync(archiveDir, { recursive: true, force: true });
    const cloneDir = join(mkdtempSync(join(parent, 'clone-')), 'copy');
    const clone = timeShell(
      `git clone -q --shared --no-tags '${root}' '${cloneDir}' && git -C '${cloneDir}' checkout -q ${head}`,
    );
    rmSync(cloneDir, { recursive: true, force: true });
    if (record) {
      samples.cleanroom.push(elapsed);
      samples.archive.push(archive);
      samples.clone.push(clone);
    }
  };
  await once(false);
  for (let i = 0; i < runs; i++) {
    await once(true);
    progress(`run ${i + 1}/${runs}`);
  }
  const m = {
    cleanroom: median(samples.cleanroom),
    archive: median(samples.archive),
    clone: median(samples.clone),
  };
  const result = {
    cleanroom_ms: round(m.cleanroom),
    archive_ms: round(m.archive),
    clone_shared_ms: round(m.clone),
    ratio_vs_archive: round(m.cleanroom / m.archive),
    ratio_vs_clone: round(m.cleanroom / m.clone),
    files,
    diff_bytes: diff.length,
    runs,
    goals: { ratio_vs_clone: '<= 2' },
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } else {
    const verdict = (value: number, goal: number) => (value <= goal ? 'PASS' : 'MISS');
    console.log(
      `clean room of this repository (${files} files + a ${diff.length}-byte diff): ${result.cleanroom_ms} ms (median of ${runs})`,
    );
    console.log(`  git archive | tar -x: ${result.archive_ms} ms  → ratio ${result.ratio_vs_archive}`);
    console.log(
      `  git clone --shared + checkout: ${result.clone_shared_ms} ms  → ratio ${result.ratio_vs_clone}  goal ≤ 2  ${verdict(result.ratio_vs_clone, 2)}`,
    );
  }
} finally {
  rmSync(parent, { recursive: true, force: true });
}
