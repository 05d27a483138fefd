import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { mechanismAvailable, workIsolation } from './isolation-kit.js';

/**
 * Outliving the deadline under bubblewrap (docs/security.md, "`bwrap`: bubblewrap"). bwrap's pid 1
 * in the sandbox runs as the sandbox's own uid, so where the kernel lets a process trace another of
 * its uid (no Yama, or `ptrace_scope` 0) a check can attach to it and clear its parent-death signal
 * (`prctl(PR_SET_PDEATHSIG, 0)` run in it). It is in a session of its own (`--new-session`), so the
 * supervisor's kill of the group (the outer bwrap) never reached it, and with the signal gone it
 * outlived the outer bwrap, the deadline and the run, with everything in its namespace: an attack
 * pass had a check keep writing the working copy after `truss run` had signed its verdict and exited.
 * Now the supervisor also kills, by pid, the leader's children that left its group.
 */

/** Runs `prctl(PR_SET_PDEATHSIG, 0)` in process `pid` through ptrace (x86_64). */
const INJECT = `
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
class Regs(ctypes.Structure):
    _fields_ = [(n, ctypes.c_ulonglong) for n in "r15 r14 r13 r12 rbp rbx r11 r10 r9 r8 rax rcx rdx rsi rdi orig_rax rip cs eflags rsp ss fs_base gs_base ds es fs gs".split()]
pid = int(sys.argv[1])
if libc.ptrace(16, pid, None, None) != 0: print("attach refused"); sys.exit(3)
os.waitpid(pid, 0x40000000)
regs = Regs(); libc.ptrace(12, pid, None, ctypes.byref(regs))
saved = Regs(); ctypes.memmove(ctypes.byref(saved), ctypes.byref(regs), ctypes.sizeof(Regs))
regs.rip -= 2; regs.rax = 157; regs.orig_rax = (1 << 64) - 1; regs.rdi = 1; regs.rsi = 0
libc.ptrace(13, pid, None, ctypes.byref(regs)); libc.ptrace(9, pid, None, None); os.waitpid(pid, 0x40000000)
done = Regs(); libc.ptrace(12, pid, None, ctypes.byref(done))
saved.rip -= 2; saved.rax = saved.orig_rax
libc.ptrace(13, pid, None, ctypes.byref(saved)); libc.ptrace(17, pid, None, None)
print("cleared" if done.rax == 0 else "prctl failed")
`;

function tracingAllowed(): string | null {
  if (process.arch !== 'x64') return 'the injection is written for x86_64';
  if (spawnSync('python3', ['-c', 'import ctypes']).status !== 0) return 'python3 with ctypes is missing';
  try {
    const scope = readFileSync('/proc/sys/kernel/yama/ptrace_scope', 'utf8').trim();
    if (scope !== '0') return `Yama's ptrace_scope is ${scope}: a check cannot trace bwrap's pid 1 here`;
  } catch {}
  return null;
}

describe("bwrap: a check that clears its sandbox init's parent-death signal", () => {
  it('does not outlive its deadline', async () => {
    const unavailable = (await mechanismAvailable('bwrap')) ?? tracingAllowed();
    if (unavailable) {
      console.warn(`SKIPPED bwrap init pdeathsig test: ${unavailable}`);
      return;
    }
    const work = mkdtempSync(join(tmpdir(), 'truss-bwrap-pdeath-'));
    writeFileSync(join(work, 'inject.py'), INJECT);
    const isolation = await workIsolation('bwrap', work);
    const outcome = await runSupervised({
      file: '/bin/sh',
      args: [
        '-c',
        'python3 inject.py 1 > injected.txt 2>&1; while :; do date +%s%N >> alive.txt; sleep 0.1; done',
      ],
      cwd: work,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      stdin: null,
      timeoutMs: 3000,
      killGraceMs: 200,
      signal: new AbortController().signal,
      isolation,
    });
    expect(outcome.timedOut).toBe(true);
    // The injection worked: without it this test shows nothing.
    expect(readFileSync(join(work, 'injected.txt'), 'utf8')).toContain('cleared');
    await sleep(600);
    const lines = () =>
      existsSync(join(work, 'alive.txt')) ? readFileSync(join(work, 'alive.txt'), 'utf8') : '';
    const then = lines();
    await sleep(1000);
    expect(lines(), 'the sandbox still writes the working copy after its deadline').toBe(then);
  }, 30_000);
});
