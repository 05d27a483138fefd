/**
 * Every sandboxed process gets its mounts by path, resolved again when it starts (bwrap's arguments,
 * uid's mount tables made as root). A sandboxed process that renames a directory it may write changes
 * what a later process's paths name: the directories above a hidden path inside the working copy, a
 * guarded `.git` swapped for a link to somewhere else. Real sandboxes (uid held and per process,
 * bwrap), real renames, racing the starts of other sandboxed processes (docs/security.md, "Hidden
 * paths inside a working copy").
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitMetadataGuard } from '../../src/core/process/git-metadata.js';
import { hiddenPathPins } from '../../src/core/process/hidden-pins.js';
import { createIsolation } from '../../src/core/process/index.js';
import type { Isolation } from '../../src/core/process/isolation.js';
import { localAccount, SANDBOX_OFFLINE_USER } from '../../src/core/process/isolation-uid.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { waitFor } from '../helpers/agent-kit.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git.js';
import { mechanismAvailable, netnsUidIsolation, secret } from './isolation-kit.js';

const base = { network: 'none' as const, scratchRoot: tmpdir(), isRoot: process.getuid?.() === 0 };

function sandboxed(isolation: Isolation, cwd: string, script: string, timeoutMs = 10_000) {
  return runSupervised({
    file: '/bin/sh',
    args: ['-c', script],
    cwd,
    env: { PATH: process.env.PATH ?? '' },
    stdin: null,
    timeoutMs,
    signal: new AbortController().signal,
    isolation,
  });
}

/** A working copy with a world-readable key two directories down, hidden from the sandbox. */
function keyedWork(value: string): { work: string; key: string } {
  const work = makeRepo({ 'README.md': 'work\n' }, 'pins-work');
  mkdirSync(join(work, 'ci/keys'), { recursive: true });
  const key = join(work, 'ci/keys/signing.key');
  writeFileSync(key, `${value}\n`);
  chmodSync(key, 0o644);
  return { work, key };
}

const setups = [
  {
    name: 'uid (held namespace)',
    level: 'uid' as const,
    make: (work: string, key: string) =>
      createIsolation({
        ...base,
        mode: 'uid',
        hiddenPaths: [key],
        workdirs: [work],
        path: process.env.PATH ?? '',
      }),
  },
  {
    name: 'uid (mounts per process)',
    level: 'uid' as const,
    make: async (work: string, key: string) => {
      // Made through createIsolation first: the offline account, and the working copy granted to it.
      await createIsolation({
        ...base,
        mode: 'uid',
        hiddenPaths: [key],
        workdirs: [work],
        path: process.env.PATH ?? '',
      });
      const account = localAccount(SANDBOX_OFFLINE_USER);
      if (!account) throw new Error(`${SANDBOX_OFFLINE_USER} is missing`);
      return netnsUidIsolation(account, {
        hiddenPaths: [key],
        // As createIsolation passes them.
        gitGuard: gitMetadataGuard([work]),
        pinnedDirs: hiddenPathPins([key], [work]),
        coverPaths: [],
        // The working copy, writable, as createIsolation keeps it: a read-only one renames nothing.
        keeps: [work],
        scratchRoot: tmpdir(),
        heldNamespace: false,
      });
    },
  },
  {
    name: 'bwrap',
    level: 'bwrap' as const,
    make: (work: string, key: string) =>
      createIsolation({
        ...base,
        mode: 'bwrap',
        hiddenPaths: [key],
        workdirs: [work],
        path: process.env.PATH ?? '',
      }),
  },
];

describe('hiddenPathPins', () => {
  it('names the directories between a working copy and each hidden path inside it, outer first', () => {
    const { work, key } = keyedWork('x');
    const db = join(work, '.truss/ledger.db');
    mkdirSync(join(work, '.truss'));
    expect(hiddenPathPins([key, db, join(work, '.truss'), '/elsewhere/key'], [work])).toEqual([
      join(work, 'ci'),
      join(work, 'ci/keys'),
    ]);
  });
});

for (const setup of setups) {
  describe(`${setup.name}: a hidden path inside the working copy`, () => {
    it('stays hidden from later processes when an earlier one renames the directories above it', async () => {
      const unavailable = await mechanismAvailable(setup.level);
      if (unavailable) {
        console.warn(`SKIPPED ${setup.name} hidden pins test: ${unavailable}`);
        return;
      }
      const value = secret('PINNED_KEY');
      const { work, key } = keyedWork(value);
      const isolation = await setup.make(work, key);
      const first = await sandboxed(
        isolation,
        work,
        [
          'cat ci/keys/signing.key 2>/dev/null',
          'mv ci ci-moved 2>/dev/null && echo "moved ci"',
          'mv ci/keys ci/keys-moved 2>/dev/null && echo "moved keys"',
          'mv ci/keys/signing.key ci/keys/other 2>/dev/null && echo "moved key"',
          // The working copy itself is writable: the renames above fail on the pins alone.
          ': > wrote && echo wrote',
          'echo done',
        ].join('\n'),
      );
      expect(first.stdout.bytes.toString(), first.stderr.bytes.toString()).toBe('wrote\ndone\n');
      const later = await sandboxed(
        isolation,
        work,
        'find . -path ./.git -prune -o -type f -exec cat {} + 2>/dev/null; echo done',
      );
      expect(later.stdout.bytes.toString()).toContain('done');
      expect(later.stdout.bytes.toString()).not.toContain(value);
      // The harness still finds its key where it put it.
      expect(existsSync(key)).toBe(true);
    }, 60_000);

    it('a racer swapping .git and the key directories for links while processes start reaches nothing', async () => {
      const unavailable = await mechanismAvailable(setup.level);
      if (unavailable) {
        console.warn(`SKIPPED ${setup.name} race test: ${unavailable}`);
        return;
      }
      const value = secret('RACED_KEY');
      const { work, key } = keyedWork(value);
      // Outside every working copy, writable by anyone: what a swapped bind would hand the sandbox.
      mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
      const outside = mkdtempSync(join(REPO_ROOT, 'test-results', 'pins-outside-'));
      chmodSync(outside, 0o777);
      // The racer stops once the tries are done (a file it can read here), or after 4 s at most.
      const stop = mkdtempSync(join(REPO_ROOT, 'test-results', 'pins-stop-'));
      chmodSync(stop, 0o755);
      try {
        const isolation = await setup.make(work, key);
        const racer = sandboxed(
          isolation,
          work,
          [
            'end=$(( $(date +%s) + 4 ))',
            ': > racing',
            `while [ "$(date +%s)" -lt "$end" ] && [ ! -e ${stop}/stop ]; do`,
            `  mv .git .git-swap 2>/dev/null && ln -s ${outside} .git && echo "swapped .git"`,
            `  mv ci ci-swap 2>/dev/null && mkdir -p ci && ln -s ${outside} ci/keys && echo "swapped ci"`,
            `  mv ci/keys ci/keys-swap 2>/dev/null && ln -s ${outside} ci/keys && echo "swapped keys"`,
            `  mv "$PWD" "$PWD-swap" 2>/dev/null && echo "swapped workdir"`,
            'done',
            'echo raced',
          ].join('\n'),
          20_000,
        );
        // The tries start once the racer is racing, so every one of them races it.
        const racing = join(work, 'racing');
        await waitFor(() => existsSync(racing));
        expect(existsSync(racing)).toBe(true);
        const tries = [];
        for (let i = 0; i < 8; i++) {
          tries.push(
            await sandboxed(
              isolation,
              work,
              [
                `touch .git/PWNED-${i} 2>/dev/null`,
                `touch ci/keys/PWNED-${i} 2>/dev/null`,
                'find . -path ./.git -prune -o -type f -exec cat {} + 2>/dev/null',
                'echo tried',
              ].join('\n'),
            ),
          );
        }
        writeFileSync(join(stop, 'stop'), '');
        const raced = await racer;
        for (const attempt of tries) {
          const { exitCode, signal, timedOut, spawnError } = attempt;
          const why = JSON.stringify({
            exitCode,
            signal,
            timedOut,
            spawnError,
            stderr: attempt.stderr.bytes.toString(),
          });
          expect(attempt.stdout.bytes.toString(), why).toContain('tried');
          expect(attempt.stdout.bytes.toString()).not.toContain(value);
        }
        expect(readdirSync(outside)).toEqual([]);
        expect(raced.stdout.bytes.toString(), raced.stderr.bytes.toString()).toBe('raced\n');
      } finally {
        rmSync(outside, { recursive: true, force: true });
        rmSync(stop, { recursive: true, force: true });
      }
    }, 90_000);
  });
}
