import { spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

/**
 * A descriptor the harness inherited open across exec (a CI wrapper's, a shell's `exec 40<secret`)
 * would reach every process Node spawns, and through it the file, whatever its mode. The harness
 * closes such descriptors before it starts its first untrusted command (docs/security.md).
 */

const SOURCE = join(import.meta.dirname, '../../src/core/process');
const INHERITED_FD = 40;
/** Where the command's fd 40 leads, or `closed` (reading it would move the offset the runs share). */
const PROBE_FD = `readlink /proc/$$/fd/${INHERITED_FD} || echo closed`;

const dirs: TempDir[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.cleanup();
});

/** Runs `script` (TypeScript) in a real Node child that inherited fd 40 open on `secretFile`. */
function harnessWithInheritedFd(dir: TempDir, secretFile: string, script: string[]) {
  const harness = dir.write('harness.mts', script.join('\n'));
  const fd = openSync(secretFile, 'r');
  try {
    const stdio: Array<'pipe' | 'ignore' | number> = ['pipe', 'pipe', 'pipe'];
    while (stdio.length < INHERITED_FD) stdio.push('ignore');
    stdio.push(fd);
    return spawnSync(process.execPath, ['--import', 'tsx', harness], {
      cwd: join(import.meta.dirname, '../..'),
      encoding: 'utf8',
      stdio,
    });
  } finally {
    closeSync(fd);
  }
}

describe('descriptors the harness inherited', () => {
  it('reach a plain spawn, but no supervised (untrusted) command, and stay closed afterwards', () => {
    const dir = tempDir('inherited-fd');
    dirs.push(dir);
    const secretFile = dir.write('secret.txt', 'secret', 0o600);
    const run = harnessWithInheritedFd(dir, secretFile, [
      "import { spawnSync } from 'node:child_process';",
      `import { runSupervised } from ${JSON.stringify(join(SOURCE, 'process-supervisor.js'))};`,
      `const read = ${JSON.stringify(PROBE_FD)};`,
      // The control: before the harness starts anything untrusted, a plain spawn inherits the fd.
      "const before = spawnSync('/bin/sh', ['-c', read], { encoding: 'utf8' }).stdout;",
      "const supervised = await runSupervised({ file: '/bin/sh', args: ['-c', read], cwd: process.cwd(), env: { PATH: process.env.PATH ?? '' }, stdin: null, timeoutMs: 10000, signal: new AbortController().signal });",
      "const after = spawnSync('/bin/sh', ['-c', read], { encoding: 'utf8' }).stdout;",
      'process.stdout.write(JSON.stringify({ before, supervised: supervised.stdout.bytes.toString(), after }));',
    ]);
    expect(run.stderr).toBe('');
    const seen = JSON.parse(run.stdout) as { before: string; supervised: string; after: string };
    expect(seen.before).toBe(`${secretFile}\n`);
    expect(seen.supervised).toBe('closed\n');
    expect(seen.after).toBe('closed\n');
  }, 30_000);

  it('closes only what was inherited: stdio and what the process opened itself stay open', () => {
    const dir = tempDir('inherited-fd-own');
    dirs.push(dir);
    const secretFile = dir.write('secret.txt', 'x', 0o600);
    const run = harnessWithInheritedFd(dir, secretFile, [
      "import { openSync, readSync, fstatSync } from 'node:fs';",
      `import { closeInheritedDescriptors } from ${JSON.stringify(join(SOURCE, 'inherited-descriptors.js'))};`,
      `const own = openSync(${JSON.stringify(secretFile)}, 'r');`,
      'const closed = closeInheritedDescriptors();',
      'fstatSync(own); fstatSync(0); fstatSync(1); fstatSync(2);',
      'const buffer = Buffer.alloc(1); readSync(own, buffer);',
      'process.stdout.write(JSON.stringify({ closed, own: buffer.toString(), again: closeInheritedDescriptors() }));',
    ]);
    expect(run.stderr).toBe('');
    const seen = JSON.parse(run.stdout) as { closed: number[]; own: string; again: number[] };
    // (whatever the test runner itself inherited is closed too)
    expect(seen.closed).toContain(INHERITED_FD);
    expect(seen.closed.every((fd) => fd > 2)).toBe(true);
    expect(seen).toMatchObject({ own: 'x', again: [] });
  }, 30_000);
});
