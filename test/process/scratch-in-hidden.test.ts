import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIsolation } from '../../src/core/process/index.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { createRunIsolation } from '../../src/core/run/run-isolation.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { mechanismAvailable } from './isolation-kit.js';

/**
 * A hidden directory that holds the scratch root (docs/security.md, "What each boundary stops"): the
 * harness user's HOME with `TMPDIR=$HOME/tmp`, or the Actions runner's temp dir with
 * `TMPDIR=$RUNNER_TEMP`. Every sandboxed process's HOME and TMPDIR lie in the scratch root, so the
 * directory cannot be covered whole; it used to be left visible altogether ("holds the scratch
 * directory, so it is not hidden"), and a check read the world-readable files in it (a `.netrc`, a
 * `gh` token, actions/checkout's credentials file). Now everything in it is hidden but the way to
 * the scratch root and Truss's own directory there.
 */

const PATH = process.env.PATH ?? '/usr/bin:/bin';

// Outside /tmp: the sandboxes give /tmp a fresh tmpfs, which would hide these files whatever the
// hiding did (key-theft-seat.test.ts does the same).
mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
const LAB = mkdtempSync(join(REPO_ROOT, 'test-results', 'scratch-in-hidden-'));
chmodSync(LAB, 0o755);

/** A directory the sandbox users may search (mkdtemp makes it 0700). */
function openDir(prefix: string): string {
  const dir = mkdtempSync(join(LAB, prefix));
  chmodSync(dir, 0o755);
  return dir;
}

function secretFile(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text, { mode: 0o644 });
  chmodSync(path, 0o644);
}

function attack(work: string, isolation: Parameters<typeof runSupervised>[0]['isolation'], files: string[]) {
  return runSupervised({
    file: '/bin/sh',
    args: [
      '-c',
      // Its own HOME and TMPDIR (in the scratch root) still work, and so does the working copy.
      `cat ${files.join(' ')} 2>/dev/null; echo x > "$TMPDIR/t" && echo x > "$HOME/h" && echo tmp-ok; echo ok > out.txt && echo wrote`,
    ],
    cwd: work,
    env: { PATH },
    stdin: null,
    timeoutMs: 20_000,
    signal: new AbortController().signal,
    isolation,
  });
}

describe('a hidden directory that holds the scratch root', () => {
  for (const level of ['uid', 'bwrap'] as const) {
    it(`${level}: HOME with TMPDIR inside it is hidden but for the way to the scratch root`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} scratch-in-HOME test: ${unavailable}`);
        return;
      }
      const home = openDir('truss-scratch-home-');
      const scratch = join(home, 'var', 'tmp');
      mkdirSync(scratch, { recursive: true });
      chmodSync(join(home, 'var'), 0o755);
      chmodSync(scratch, 0o755);
      const netrc = join(home, '.netrc');
      const gh = join(home, '.config', 'gh', 'hosts.yml');
      const beside = join(home, 'var', 'notes.txt');
      const inScratch = join(scratch, 'other-program.txt');
      secretFile(netrc, 'NETRC-SECRET');
      secretFile(gh, 'GH-TOKEN-SECRET');
      secretFile(beside, 'BESIDE-SECRET');
      secretFile(inScratch, 'SCRATCH-SECRET');
      const work = openDir('truss-scratch-work-');
      const isolation = await createIsolation({
        mode: level,
        network: 'none',
        hiddenPaths: [],
        workdirs: [work],
        hostHome: home,
        scratchRoot: scratch,
        path: PATH,
        isRoot: process.getuid?.() === 0,
      });
      const outcome = await attack(work, isolation, [netrc, gh, beside, inScratch]);
      const out = outcome.stdout.bytes.toString();
      for (const secret of ['NETRC-SECRET', 'GH-TOKEN-SECRET', 'BESIDE-SECRET', 'SCRATCH-SECRET'])
        expect(out, secret).not.toContain(secret);
      expect(isolation.report.notes.join('\n')).not.toContain('so it is not hidden');
      expect(out, outcome.stderr.bytes.toString()).toContain('tmp-ok');
      expect(out).toContain('wrote');
      expect(readFileSync(join(work, 'out.txt'), 'utf8')).toBe('ok\n');
    }, 60_000);

    it(`${level}: the runner's temp dir as TMPDIR keeps its other files hidden`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} TMPDIR=RUNNER_TEMP test: ${unavailable}`);
        return;
      }
      const runnerTemp = openDir('truss-runner-temp-');
      // actions/checkout's persisted credentials, included from the checkout's .git/config.
      const credentials = join(runnerTemp, 'git-credentials-0f1e.config');
      secretFile(credentials, 'CHECKOUT-TOKEN-SECRET');
      const work = openDir('truss-runner-work-');
      const home = openDir('truss-runner-home-');
      const isolation = await createRunIsolation({
        mode: level,
        contract: { constraints: { network: 'none' } } as never,
        workdir: work,
        dbPath: join(openDir('truss-runner-db-'), 'ledger.db'),
        env: { HOME: home, PATH, RUNNER_TEMP: runnerTemp },
        scratchRoot: runnerTemp,
      });
      const outcome = await attack(work, isolation, [credentials]);
      const out = outcome.stdout.bytes.toString();
      expect(out).not.toContain('CHECKOUT-TOKEN-SECRET');
      expect(out, outcome.stderr.bytes.toString()).toContain('tmp-ok');
      expect(out).toContain('wrote');
    }, 60_000);
  }
});
