/**
 * The launchers end their process through `process.exit` once it has nothing left to do, skipping
 * Node's teardown (src/core/exit-when-idle.ts). REAL child processes: each test starts Node on a small
 * script and reads what it printed and left behind. The exit must keep the exit code and the `exit`
 * listeners, and must never cut off work a later `beforeExit` listener started (the one that ends a
 * run's helper processes and reaps them; test/process/helper-reaping.test.ts holds that case with the
 * real helpers).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = mkdtempSync(join(tmpdir(), 'truss-exit-when-idle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const source = JSON.stringify(join(import.meta.dirname, '../../src/core/exit-when-idle.ts'));

/** Runs `body` after `exitWhenIdle(process)` (or without it) in a fresh Node; an `exit` listener reports how the process ended. */
function run(name: string, body: string, quick = true) {
  const script = join(root, `${name}.mts`);
  writeFileSync(
    script,
    [
      `import { exitWhenIdle } from ${source};`,
      quick ? 'exitWhenIdle(process);' : '',
      // Ended through process.exit: its frame is on the stack of the `exit` event.
      "process.on('exit', (code) => process.stdout.write(`exit ${code} ${/at process\\.exit /.test(new Error().stack ?? '') ? 'quick' : 'teardown'}\\n`));",
      body,
    ].join('\n'),
  );
  return spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 20_000 });
}

describe('exitWhenIdle', () => {
  it('ends through process.exit once the loop is empty, with process.exitCode and the exit listeners', () => {
    const ended = run(
      'code',
      "setTimeout(() => { process.exitCode = 3; process.stdout.write('work done\\n'); }, 50);",
    );
    expect(ended.stdout).toBe('work done\nexit 3 quick\n');
    expect(ended.status).toBe(3);
    const plain = run('plain', 'process.exitCode = 3;', false);
    expect(plain.stdout).toBe('exit 3 teardown\n');
    expect(plain.status).toBe(3);
  });

  it('lets a later beforeExit listener finish the work it starts, however many turns it takes', () => {
    const out = join(root, 'flushed.txt');
    // Like the helpers' end at exit: a listener registered after the launcher's starts asynchronous work
    // (a timer, then a file write in Node's thread pool, then a child process) and removes itself.
    const ended = run(
      'later-listener',
      [
        "import { writeFile } from 'node:fs';",
        "import { execFile } from 'node:child_process';",
        'const finish = () => {',
        "  process.off('beforeExit', finish);",
        `  setTimeout(() => writeFile(${JSON.stringify(out)}, 'written', () => execFile('/bin/sh', ['-c', 'sleep 0.2; echo child'], (error, stdout) => process.stdout.write(stdout))), 100);`,
        '};',
        "process.on('beforeExit', finish);",
      ].join('\n'),
    );
    expect(ended.stdout).toBe('child\nexit 0 quick\n');
    expect(existsSync(out) && readFileSync(out, 'utf8')).toBe('written');
  });

  it('acts only as the only beforeExit listener: one that stays leaves the process to Node', () => {
    // Registered before the launcher's listener: it removes itself once its work is started, and the
    // launcher's ends the process when that work is done.
    const first = run(
      'before',
      "process.prependListener('beforeExit', function first() { process.off('beforeExit', first); setTimeout(() => process.stdout.write('first done\\n'), 100); });",
    );
    expect(first.stdout).toBe('first done\nexit 0 quick\n');
    // One that stays (it might start work on every turn): Node's own exit, as without the launcher's.
    const staying = run('staying', "process.on('beforeExit', () => {});");
    expect(staying.stdout).toBe('exit 0 teardown\n');
  });
});
