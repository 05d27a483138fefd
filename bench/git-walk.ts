// bench:git-walk — the CPU one walk of a `.git` costs the harness: findGitHazards (before every
// harness git) and removeSpecialFiles (after every sandboxed process), on a given `.git` (default:
// this repository's) and on a made one of about 270 directories and 1,200 loose objects. The walks
// are timed after the directories have settled (docs/performance.md, "The .git walk").
// Usage: node --import tsx bench/git-walk.ts [--json] [--runs N] [--git-dir PATH]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findGitHazards, linksUnder, removeSpecialFiles } from '../src/core/process/git-special-files.js';
import { median } from './lib/stats.js';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean' },
    runs: { type: 'string', default: '300' },
    'git-dir': { type: 'string', default: '.git' },
  },
});
const runs = Number(values.runs);

/** A `.git` of about 270 directories: 1,200 loose objects spread over `objects/xx`. */
function madeGitDir(): { dir: string; gitDir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'truss-bench-git-walk-'));
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
  const input = Array.from({ length: 1200 }, (_, i) => `object ${i}\n`);
  for (const text of input) execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: dir, input: text });
  return { dir, gitDir: join(dir, '.git') };
}

function directories(gitDir: string): number {
  return execFileSync('find', [gitDir, '-type', 'd'], { encoding: 'utf8' }).split('\n').length - 1;
}

/** CPU (user + system) and wall milliseconds of each of `runs` calls of `walk`: medians and spreads. */
function timed(walk: () => unknown) {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuBefore = process.cpuUsage();
    const wallBefore = process.hrtime.bigint();
    walk();
    wall.push(Number(process.hrtime.bigint() - wallBefore) / 1e6);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  const sorted = [...cpu].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))] as number;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    cpu_ms: round(median(cpu)),
    cpu_p10: round(at(0.1)),
    cpu_p90: round(at(0.9)),
    wall_ms: round(median(wall)),
  };
}

const made = madeGitDir();
try {
  const targets = { this_repository: resolve(values['git-dir']), made_270_directories: made.gitDir };
  // A directory is remembered only once its last change is two seconds old when it is read.
  await new Promise((done) => setTimeout(done, 2_100));
  const results: Record<string, unknown> = {};
  for (const [name, gitDir] of Object.entries(targets)) {
    const links = linksUnder(gitDir);
    let spelling = 0;
    results[name] = {
      git_dir: gitDir,
      directories: directories(gitDir),
      // Nothing remembered: each call names the directory another way (`.git/./././`), a git dir of its own.
      first_walk: timed(() => findGitHazards(`${gitDir}${'/.'.repeat(++spelling)}`)),
      findGitHazards: timed(() => findGitHazards(gitDir)),
      removeSpecialFiles: timed(() => removeSpecialFiles(gitDir, links)),
      // As after a git command: an entry made and removed in `.git` itself (git's `index.lock`).
      after_change_in_git_dir: timed(() => {
        writeFileSync(join(gitDir, 'bench.lock'), '');
        unlinkSync(join(gitDir, 'bench.lock'));
        findGitHazards(gitDir);
      }),
    };
  }
  if (values.json) console.log(JSON.stringify({ runs, ...results }, null, 2));
  else
    for (const [name, result] of Object.entries(results)) {
      const r = result as Record<string, Record<string, number>>;
      const show = (what: string) =>
        `${what} ${r[what]?.cpu_ms} ms CPU (p10 ${r[what]?.cpu_p10}, p90 ${r[what]?.cpu_p90})`;
      console.log(
        `${name} (${r.directories} directories): ` +
          ['first_walk', 'findGitHazards', 'removeSpecialFiles', 'after_change_in_git_dir']
            .map(show)
            .join('; '),
      );
    }
} finally {
  rmSync(made.dir, { recursive: true, force: true });
}
