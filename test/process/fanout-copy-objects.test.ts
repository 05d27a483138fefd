/**
 * A fan-out's attempts each start from a copy of the workdir: its commit (checked out and re-hashed
 * by the clean room) plus its uncommitted changes, read as a diff from `.git/objects`. An earlier
 * step of the job (a check of the contract before, under uid or bwrap: loose objects are files the
 * work's git must write) left a change to deploy.sh uncommitted and planted the old content under
 * the name the changed file hashes to; git does not write an object it finds already there. The
 * attempts then started from the old deploy.sh — their agents, reviewers and verdict judged content
 * the workdir does not hold — while the run went on as if they had started from the workdir. Now the
 * objects the copy is read from are hashed first, and the fan-out refuses (docs/fanout.md, "Where
 * attempts work"). Real isolation, real git, real processes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childWorkdirs, FanoutWorkspaceError } from '../../src/core/run/child-workdir.js';
import { git, makeRepo } from '../helpers/git.js';
import { mechanismAvailable, runInWork, workIsolation } from './isolation-kit.js';

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const BASE = 'echo deploy\n';
/** The uncommitted change the earlier step leaves in the workdir. */
const CHANGE = 'echo deploy && ./unreviewed-step.sh\n';

/** `obj SHA`: the loose object's file. */
const OBJ = 'obj() { echo .git/objects/$(echo $1 | cut -c1-2)/$(echo $1 | cut -c3-); }';
/** The earlier step: the old content under the changed content's name, then the change. */
const PLANT = [
  OBJ,
  'BLOB=$(git rev-parse HEAD:deploy.sh) && NEW=$(printf %s "$CHANGE" | git hash-object --stdin)',
  'mkdir -p $(dirname $(obj $NEW)) && cp $(obj $BLOB) $(obj $NEW) && printf %s "$CHANGE" > deploy.sh',
].join('; ');

const REFUSED =
  /^\[fanout\] cannot copy the workdir into the attempts' working copies: the repository's objects do not match their names \(git: hash mismatch [0-9a-f]{40}\).*run again from a fresh checkout/;

describe("a fan-out's attempts start from what the workdir holds, not from altered objects", () => {
  for (const level of ['none', 'uid', 'bwrap'] as const) {
    it(`${level}: the old content planted under the uncommitted change's name is refused`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) return void console.warn(`SKIPPED ${level}: ${unavailable}`);
      const work = makeRepo({ 'deploy.sh': BASE }, 'fanout-objects');
      const isolation = await workIsolation(level, work);
      const result = await runInWork(isolation, work, ['-c', `${PLANT} && echo planted`], {
        env: { CHANGE },
      });
      expect(result.stdout.bytes.toString(), result.stderr.bytes.toString()).toBe('planted\n');
      expect(readFileSync(join(work, 'deploy.sh'), 'utf8')).toBe(CHANGE);
      const parentDir = mkdtempSync(join(tmpdir(), 'truss-fanout-objects-'));
      dirs.push(parentDir);
      const copies = childWorkdirs({ workdir: work, env, shared: false, parentDir });
      const refused = await copies.then(
        async (made) => {
          // What the attempt would have started from, for the failure message.
          const copy = await made.acquire();
          const held = readFileSync(join(copy.dir, 'deploy.sh'), 'utf8');
          await made.dispose();
          return `an attempt started with deploy.sh = ${JSON.stringify(held)}`;
        },
        (error: unknown) => error,
      );
      expect(refused, String(refused)).toBeInstanceOf(FanoutWorkspaceError);
      expect((refused as Error).message).toMatch(REFUSED);
    }, 60_000);
  }

  it('an untouched repository is copied with its uncommitted change', async () => {
    const work = makeRepo({ 'deploy.sh': BASE }, 'fanout-objects-clean');
    writeFileSync(join(work, 'deploy.sh'), CHANGE);
    const parentDir = mkdtempSync(join(tmpdir(), 'truss-fanout-objects-'));
    dirs.push(parentDir);
    const copies = await childWorkdirs({ workdir: work, env, shared: false, parentDir });
    const copy = await copies.acquire();
    expect(readFileSync(join(copy.dir, 'deploy.sh'), 'utf8')).toBe(CHANGE);
    expect(git(copy.dir, 'rev-parse', 'HEAD')).toBe(git(work, 'rev-parse', 'HEAD'));
    await copies.dispose();
  });
});
