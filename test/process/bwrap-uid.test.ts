/**
 * Under bwrap a check used to run with the harness's own uid, so as root it read every root-only file
 * outside the hidden paths (an attack pass read /etc/shadow). A root harness now starts bwrap as the
 * sandbox user, where the kernel lets that user make namespaces, and says so when it cannot
 * (docs/security.md, "`bwrap`: bubblewrap"). Real bwrap, real child processes, from the attacker's
 * seat: a file only the harness user may read, the signing key's directory, and the harness's /proc
 * entries.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createIsolation } from '../../src/core/process/index.js';
import type { Isolation } from '../../src/core/process/isolation.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { leaked, makeWorkRepo, mechanismAvailable, secret } from './isolation-kit.js';

const isRoot = process.getuid?.() === 0;
const base = { network: 'none' as const, scratchRoot: tmpdir(), isRoot };

function sandboxed(isolation: Isolation, cwd: string, script: string) {
  return runSupervised({
    file: '/bin/sh',
    args: ['-c', script],
    cwd,
    env: { PATH: process.env.PATH ?? '' },
    stdin: null,
    timeoutMs: 15_000,
    signal: new AbortController().signal,
    isolation,
  });
}

// Outside /tmp: bwrap gives the sandbox a fresh /tmp, where a file there would be out of sight anyway.
const outside = mkdtempSync('/var/tmp/truss-bwrap-uid-');
chmodSync(outside, 0o755);
afterAll(() => rmSync(outside, { recursive: true, force: true }));

describe.runIf(isRoot)('bwrap started by a root harness', () => {
  it('runs the check as the sandbox user: a file only the harness user may read stays unread', async () => {
    const unavailable = await mechanismAvailable('bwrap');
    if (unavailable) return console.warn(`SKIPPED bwrap uid: ${unavailable}`);
    const value = secret('HARNESS_ONLY');
    const file = join(outside, 'harness-only.txt');
    writeFileSync(file, `${value}\n`, { mode: 0o600 });
    const work = makeWorkRepo();
    const isolation = await createIsolation({
      ...base,
      mode: 'bwrap',
      hiddenPaths: [],
      workdirs: [work],
      path: process.env.PATH ?? '',
    });
    expect(isolation.report.level).toBe('bwrap');
    const run = await sandboxed(
      isolation,
      work,
      `echo "uid $(id -u)"; cat ${file} || echo denied; echo made > made-inside.txt && cat made-inside.txt`,
    );
    const out = run.stdout.bytes.toString();
    expect(leaked({ value }, [out, run.stderr.bytes.toString()])).toEqual([]);
    expect(out).toContain('denied');
    expect(out).not.toMatch(/^uid 0$/m);
    // The working copy stays the check's to write.
    expect(out).toContain('made\n');
    expect(isolation.report.notes.join(' ')).not.toContain('root-only files');
  }, 60_000);

  it("keeps the signing key's directory and the harness's /proc entries out of reach", async () => {
    const unavailable = await mechanismAvailable('bwrap');
    if (unavailable) return console.warn(`SKIPPED bwrap key reach: ${unavailable}`);
    const value = secret('SIGNING_KEY');
    const envValue = secret('HARNESS_ENV');
    // A key directory the sandbox user could search (0755, key 0644): only the hiding mount stops it.
    const openKeys = join(outside, 'open-keys');
    mkdirSync(openKeys, { mode: 0o755 });
    writeFileSync(join(openKeys, 'signing.key'), `${value}\n`, { mode: 0o644 });
    // A key directory as Truss makes it (0700, key 0600): the sandbox user cannot even look it up.
    const closedKeys = join(outside, 'closed-keys');
    mkdirSync(closedKeys, { mode: 0o700 });
    writeFileSync(join(closedKeys, 'signing.key'), `${value}\n`, { mode: 0o600 });
    // A stand-in harness: the secret in its environment, the key open on a descriptor.
    const harness = spawn(
      process.execPath,
      [
        '-e',
        `require('fs').openSync(${JSON.stringify(join(closedKeys, 'signing.key'))}, 'r'); setInterval(() => {}, 1000)`,
      ],
      { env: { TRUSS_SIGNING_KEY: envValue }, stdio: 'ignore' },
    );
    try {
      const work = makeWorkRepo();
      const isolation = await createIsolation({
        ...base,
        mode: 'bwrap',
        hiddenPaths: [openKeys, closedKeys],
        workdirs: [work],
        path: process.env.PATH ?? '',
      });
      const pids = [harness.pid, process.pid].join(' ');
      const script = [
        `for k in ${openKeys}/signing.key ${closedKeys}/signing.key; do cat "$k" 2>/dev/null || echo "key $k: denied"; ls -la "$(dirname "$k")" 2>&1 | tail -n +2; done`,
        `for p in ${pids}; do`,
        '  if cat /proc/$p/environ >/dev/null 2>&1; then tr "\\0" "\\n" < /proc/$p/environ; else echo "environ $p: unreadable"; fi',
        '  for f in /proc/$p/fd/*; do cat "$f" 2>/dev/null; done; ls /proc/$p/fd >/dev/null 2>&1 || echo "fd $p: unreadable";',
        '  dd if=/proc/$p/mem bs=1 count=1 skip=4096 2>/dev/null || echo "mem $p: unreadable";',
        'done',
        'for f in /proc/[0-9]*/environ; do cat "$f" 2>/dev/null | tr "\\0" "\\n"; done',
      ].join('\n');
      const run = await sandboxed(isolation, work, script);
      const out = run.stdout.bytes.toString();
      expect(leaked({ value, envValue }, [out, run.stderr.bytes.toString()])).toEqual([]);
      expect(out).toContain(`key ${openKeys}/signing.key: denied`);
      expect(out).toContain(`key ${closedKeys}/signing.key: denied`);
      expect(out).toContain(`environ ${harness.pid}: unreadable`);
      expect(out).toContain(`mem ${harness.pid}: unreadable`);
    } finally {
      harness.kill('SIGKILL');
    }
  }, 60_000);

  it('says so in the report when bwrap cannot be started as the sandbox user', async () => {
    const unavailable = await mechanismAvailable('bwrap');
    if (unavailable) return console.warn(`SKIPPED bwrap fallback note: ${unavailable}`);
    // A PATH with bwrap but no setpriv: the harness cannot drop to the sandbox user before bwrap.
    const bin = mkdtempSync(join(tmpdir(), 'truss-no-setpriv-'));
    for (const tool of ['bwrap', 'true', 'sh', 'cat', 'id']) symlinkSync(`/usr/bin/${tool}`, join(bin, tool));
    const value = secret('ROOT_ONLY');
    const file = join(outside, 'root-only-fallback.txt');
    writeFileSync(file, `${value}\n`, { mode: 0o600 });
    const work = makeWorkRepo();
    const isolation = await createIsolation({
      ...base,
      mode: 'bwrap',
      hiddenPaths: [],
      workdirs: [work],
      path: bin,
    });
    const note = isolation.report.notes.join(' ');
    expect(note).toContain("bwrap runs the checks with the harness's own uid, here root, because setpriv");
    expect(note).toContain('can read root-only files that are not hidden');
    // What the note says is what happens.
    const run = await sandboxed(isolation, work, `cat ${file}`);
    expect(run.stdout.bytes.toString()).toContain(value);
    rmSync(bin, { recursive: true, force: true });
  }, 60_000);
});
