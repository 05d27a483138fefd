/**
 * The reviewers' diff is as large as the work makes it, and a check writes the working copy it is read
 * from: a tracked file grown to 300 MB (sparse: no disk) that a `.gitattributes` the check wrote calls
 * text, or thousands of new files. The harness held git's whole output, and every new file it read,
 * before cutting the evidence to what reviewers see: past the longest string Node makes (about 512 MiB,
 * two such files) the run crashed with `RangeError: Invalid string length`. From the attacker's seat
 * under uid and bwrap; the evidence is then collected once, in a process with a 32 MiB heap (where
 * holding the whole diff dies), and what it returned is checked (docs/security.md, "Bounded tool
 * output").
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledScript } from '../helpers/bundled-script.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { mechanismAvailable, runInWork, workIsolation } from './isolation-kit.js';

const _PATH = process.env.PATH ?? '/usr/bin:/bin';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function pullRequest(): { work: string; base: string } {
  const work = mkdtempSync(join(tmpdir(), 'truss-evidence-bounded-'));
  dirs.push(work);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: work, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  writeFileSync(join(work, 'big.bin'), '');
  git('add', '.');
  git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-qm', 'base');
  return { work, base: git('rev-parse', 'HEAD') };
}

const attacks: Record<string, string> = {
  'a tracked file grown to 300 MB': "printf 'big.bin diff\\n' > .gitattributes && truncate -s 300M big.bin",
  'a thousand new files of 64 KB':
    'mkdir gen && i=0; while [ $i -lt 1000 ]; do head -c 64000 /dev/zero | tr "\\0" a > gen/f$i.txt; i=$((i+1)); done',
};

describe("the reviewers' evidence of a huge change", () => {
  for (const level of ['uid', 'bwrap'] as const) {
    for (const [name, script] of Object.entries(attacks)) {
      it(`${level}: ${name} — at most the limit is held, and the cut is said`, async () => {
        const unavailable = await mechanismAvailable(level);
        if (unavailable) {
          console.warn(`SKIPPED ${level} evidence bound test: ${unavailable}`);
          return;
        }
        const { work, base } = pullRequest();
        const isolation = await workIsolation(level, work);
        const result = await runInWork(isolation, work, ['-c', `${script} && echo grown`], {
          timeoutMs: 60_000,
        });
        expect(result.stdout.bytes.toString(), result.stderr.bytes.toString()).toBe('grown\n');

        const child = spawnSync(
          process.execPath,
          [
            '--max-old-space-size=32',
            bundledScript(join(REPO_ROOT, 'test/helpers/evidence-under-heap.ts')),
            work,
            JSON.stringify({ base_sha: base, head_sha: base }),
          ],
          { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 },
        );
        expect(child.status, child.stderr.slice(-2000)).toBe(0);
        const evidence = JSON.parse(child.stdout);
        expect(evidence.diffTruncated).toBe(true);
        expect(evidence.bytes).toBe(200_000);
        expect(evidence.head).toMatch(/^diff --git a\/(big\.bin|gen\/f\d+\.txt) /);
        expect(evidence.notes).toContain(
          'the diff is more than 200000 bytes; reviewers see the first 200000',
        );
      }, 120_000);
    }
  }
});
