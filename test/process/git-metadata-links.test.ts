import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitMetadataGuard } from '../../src/core/process/git-metadata.js';
import { harnessGit } from '../../src/core/process/git-safety.js';
import { createIsolation } from '../../src/core/process/index.js';
import type { Isolation } from '../../src/core/process/isolation.js';
import { localAccount, SANDBOX_OFFLINE_USER } from '../../src/core/process/isolation-uid.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { mechanismAvailable, netnsUidIsolation } from './isolation-kit.js';

/**
 * Git writes `COMMIT_EDITMSG`, the reflogs under `logs/`, `FETCH_HEAD`, `MERGE_MSG` and more by
 * opening the name, following a link. An attack pass had an agent's `bash` (under uid) point
 * `.git/COMMIT_EDITMSG` and `.git/logs/HEAD` at files only root could write; the harness's own
 * `git_commit` then wrote the agent's commit message into one (`* * * * * root …`) and appended a
 * reflog line to the other. A delegated CLI runs while it calls Truss's git tools, so the links must
 * be impossible to plant, not only removed afterwards (docs/security.md, "Git metadata").
 */

const PATH = process.env.PATH ?? '/usr/bin:/bin';

const setups = [
  {
    name: 'uid (held namespace)',
    level: 'uid' as const,
    make: (work: string) => isolationFor('uid', work),
  },
  {
    name: 'uid (mounts per process)',
    level: 'uid' as const,
    make: async (work: string) => {
      // Grants the working copy to the sandbox user, as a run does.
      await isolationFor('uid', work);
      const account = localAccount(SANDBOX_OFFLINE_USER);
      if (!account) throw new Error(`${SANDBOX_OFFLINE_USER} is missing`);
      return netnsUidIsolation(account, {
        scratchRoot: tmpdir(),
        heldNamespace: false,
        keeps: [work],
        gitGuard: gitMetadataGuard([work]),
      });
    },
  },
  { name: 'bwrap', level: 'bwrap' as const, make: (work: string) => isolationFor('bwrap', work) },
];

function isolationFor(level: 'uid' | 'bwrap', work: string): Promise<Isolation> {
  return createIsolation({
    mode: level,
    network: 'none',
    hiddenPaths: [],
    workdirs: [work],
    scratchRoot: tmpdir(),
    path: PATH,
    isRoot: process.getuid?.() === 0,
  });
}

function repo(): { work: string; git: (...args: string[]) => string } {
  const work = mkdtempSync(join(tmpdir(), 'truss-git-links-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: work, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  writeFileSync(join(work, 'a.txt'), 'a\n');
  git('add', '.');
  git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-qm', 'init');
  return { work, git };
}

/** Files outside the working copy, owner-only, that the planted links point at. */
function victims(): Record<'message' | 'reflog' | 'fetch', string> {
  const dir = mkdtempSync(join(tmpdir(), 'truss-git-victims-'));
  const made = { message: join(dir, 'message'), reflog: join(dir, 'reflog'), fetch: join(dir, 'fetch') };
  for (const path of Object.values(made)) writeFileSync(path, 'original\n', { mode: 0o600 });
  return made;
}

describe('links planted in .git where git writes by name', () => {
  for (const setup of setups) {
    it(`${setup.name}: neither the harness's commit nor the user's git writes through them; the sandbox still commits`, async () => {
      const unavailable = await mechanismAvailable(setup.level);
      if (unavailable) {
        console.warn(`SKIPPED ${setup.name} git link test: ${unavailable}`);
        return;
      }
      // The offline sandbox account exists once a uid isolation with network = "none" was made.
      if (setup.level === 'uid') await isolationFor('uid', mkdtempSync(join(tmpdir(), 'truss-warm-')));
      const { work, git } = repo();
      const target = victims();
      const isolation = await setup.make(work);
      const ready = join(work, 'planted');
      const controller = new AbortController();
      // Plants, says so, and stays: the harness commits while the process still runs, as a
      // delegated CLI calls git_commit through Truss's tool server.
      const running = runSupervised({
        file: '/bin/sh',
        args: [
          '-c',
          [
            'git -c user.email=a@b -c user.name=a commit -q --allow-empty -m sandbox && echo committed',
            `ln -sfn ${target.message} .git/COMMIT_EDITMSG 2>/dev/null && echo "linked message"`,
            `ln -sfn ${target.reflog} .git/logs/HEAD`,
            `mkdir -p .git/logs/refs/heads && ln -sfn ${target.reflog} .git/logs/refs/heads/main`,
            `mv .git/logs .git/logs-old 2>/dev/null && echo "moved logs"`,
            `ln -sfn ${target.fetch} .git/FETCH_HEAD`,
            'touch planted',
            'sleep 5',
          ].join('\n'),
        ],
        cwd: work,
        env: { PATH },
        stdin: null,
        timeoutMs: 20_000,
        signal: controller.signal,
        isolation,
      });
      for (let i = 0; i < 200 && !existsSync(ready); i++) await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(ready)).toBe(true);
      // The harness's git_commit: the same git, config and pinned git directory.
      const harness = harnessGit(work, {
        config: ['user.email=h@example.invalid', 'user.name=h'],
      });
      await harness.raw(['commit', '--no-verify', '--quiet', '--allow-empty', '--message', 'PWNED message']);
      controller.abort();
      const result = await running;
      for (const path of Object.values(target)) expect(readFileSync(path, 'utf8')).toBe('original\n');
      expect(result.stdout.bytes.toString(), result.stderr.bytes.toString()).toBe('committed\n');
      expect(git('log', '--format=%s')).toBe('PWNED message\nsandbox\ninit\n');
      // After the process: the user's own `git fetch` finds no FETCH_HEAD link to write through.
      expect(existsSync(join(work, '.git', 'FETCH_HEAD'))).toBe(false);
      expect(lstatSync(join(work, '.git', 'COMMIT_EDITMSG')).isFile()).toBe(true);
    }, 60_000);
  }
});
