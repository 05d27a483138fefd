/**
 * A harness that is not root but has passwordless sudo (a GitHub-hosted runner) shares one harness
 * root between its `uid` runs and its `bwrap`/`none` runs. A killed `uid` run leaves its checks'
 * scratch there, owned by the sandbox user; the next run of any level must sweep it. A `bwrap`/`none`
 * run used to try only as the harness user, which cannot remove another user's files, so the dead
 * run's directory stayed for good unless a `uid` run came by (run-temp.ts). REAL processes: a real
 * sudo user runs a real harness (createIsolation) with `none`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localAccount } from '../../src/core/process/isolation-uid.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';
import { asRunner, ROOT, removeSudoRunner, SOURCE, sudoRunner } from './sudo-kit.js';

/** Another user than the harness's: what the sandbox user owns, the harness cannot remove. */
const OTHER = localAccount('nobody');
const usable = process.getuid?.() === 0 && !spawnSync('sudo', ['-V']).error && OTHER !== null;

const dirs: TempDir[] = [];
afterAll(() => {
  removeSudoRunner();
  for (const dir of dirs.splice(0)) dir.cleanup();
});

describe.skipIf(!usable)('a non-root harness with sudo sweeps a dead uid run', () => {
  it("a none run removes a dead harness's directory holding the sandbox user's scratch", () => {
    const runner = sudoRunner();
    const other = OTHER as { uid: number; gid: number };
    const scratch = tempDir('sudo-sweep');
    dirs.push(scratch);
    chmodSync(scratch.dir, 0o755);
    // What a killed uid run leaves: its harness directory (the harness's own, no lifeline any more,
    // untouched for over a minute) holding a check's scratch the sandbox user owns and closed.
    const keep = join(scratch.dir, `truss-sandbox-${runner.uid}`, 'keep');
    const dead = join(keep, 'truss-harness-deadrun');
    const checkScratch = join(dead, 'truss-sbx-check', 'home');
    mkdirSync(checkScratch, { recursive: true });
    writeFileSync(join(checkScratch, 'left.txt'), 'the check wrote this\n');
    execFileSync('chown', ['-R', `${other.uid}:${other.gid}`, join(dead, 'truss-sbx-check')]);
    chmodSync(join(dead, 'truss-sbx-check'), 0o755);
    chmodSync(checkScratch, 0o755);
    for (const dir of [join(scratch.dir, `truss-sandbox-${runner.uid}`), keep, dead]) {
      chownSync(dir, runner.uid, runner.gid);
      chmodSync(dir, 0o711);
    }
    const minuteAgo = (Date.now() - 61_000) / 1000;
    utimesSync(dead, minuteAgo, minuteAgo);

    const script = scratch.write(
      'harness.mts',
      [
        `import { createIsolation } from ${JSON.stringify(join(SOURCE, 'index.js'))};`,
        `const isolation = await createIsolation({ mode: 'none', network: 'open', hiddenPaths: [], workdirs: [], scratchRoot: ${JSON.stringify(scratch.dir)}, path: process.env.PATH ?? '', isRoot: false, harnessUid: process.getuid?.() });`,
        'process.stdout.write(String(isolation.tempDir));',
      ].join('\n'),
    );
    chmodSync(script, 0o644);
    const [setpriv, argv] = asRunner(runner, script, []);
    const ran = spawnSync(setpriv, argv, {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: scratch.dir },
    });
    expect(ran.stderr).toBe('');
    // The none run made its own directory in the same harness root…
    expect(ran.stdout.startsWith(`${keep}/truss-harness-`)).toBe(true);
    // …and removed the dead one, the sandbox user's files included.
    expect(existsSync(dead)).toBe(false);
  }, 40_000);
});
