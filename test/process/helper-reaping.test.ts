/**
 * A long-lived harness (the App runs run after run in one process) must not collect zombies: the
 * helpers each run shares under `uid` isolation (the mount holder, the sandbox launcher and the root
 * processes it forks per check) end after the run and are reaped as they end. REAL processes: this
 * test's own worker is the long-lived process; every run gets a fresh isolation, as each App run does,
 * with a check that ends, one that fails and one killed at its deadline. idle-shared.ts, launcher.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { IDLE_MS } from '../../src/core/process/idle-shared.js';
import { localAccount, SANDBOX_OFFLINE_USER } from '../../src/core/process/isolation-uid.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { findProgram } from '../../src/core/process/trusted-path.js';
import { netnsUidIsolation } from './isolation-kit.js';

const PATH = process.env.PATH ?? '/usr/bin:/bin';
const account = localAccount(SANDBOX_OFFLINE_USER);
const usable = process.getuid?.() === 0 && account !== null && findProgram('perl', PATH) !== null;
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

interface Proc {
  pid: number;
  ppid: number;
  state: string;
  name: string;
}

function processes(): Proc[] {
  const found: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const [state, ppid] = stat.slice(close + 2).split(' ');
      found.push({
        pid: Number(entry),
        ppid: Number(ppid),
        state: state as string,
        name: stat.slice(stat.indexOf('(') + 1, close),
      });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** This process's descendants (children, their children, …): the helpers and what they forked. */
function descendants(): Proc[] {
  const all = processes();
  const mine = new Set([process.pid]);
  const found: Proc[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (const proc of all) {
      if (mine.has(proc.ppid) && !mine.has(proc.pid)) {
        mine.add(proc.pid);
        found.push(proc);
        grew = true;
      }
    }
  }
  return found;
}

const zombies = () => descendants().filter((proc) => proc.state === 'Z');
/** The run's helpers (the holder's shell is `sh`, the launcher and its forks name themselves). */
const helpers = () =>
  descendants().filter((proc) => proc.state !== 'Z' && /^(truss-|sh$|unshare$|perl$)/.test(proc.name));

describe.skipIf(!usable)('helper processes in a long-lived harness', () => {
  it('after several runs, no zombie is left among its descendants, and once idle no helper is left at all', async () => {
    const seen: Proc[] = [];
    for (let run = 0; run < 4; run++) {
      const root = mkdtempSync(join(tmpdir(), 'truss-reaping-'));
      roots.push(root);
      const isolation = netnsUidIsolation(account as NonNullable<typeof account>, { scratchRoot: root });
      const check = (command: string, timeoutMs = 20_000) =>
        runSupervised({
          file: '/bin/sh',
          args: ['-c', command],
          cwd: root,
          env: { PATH },
          stdin: null,
          timeoutMs,
          killGraceMs: 200,
          signal: new AbortController().signal,
          isolation,
        });
      const outcomes = await Promise.all([check('echo ok'), check('exit 3'), check('sleep 60', 800)]);
      expect(outcomes.map((outcome) => outcome.timedOut)).toEqual([false, false, true]);
      expect(outcomes.slice(0, 2).map((outcome) => outcome.exitCode)).toEqual([0, 3]);
      // The run is over; its helpers are still there (shared until idle) but nothing they forked
      // for the checks is left dead and unreaped.
      for (let sample = 0; sample < 5; sample++) {
        seen.push(...zombies());
        await sleep(50);
      }
    }
    // Every run's helpers end once idle, and are reaped as they end.
    await expect.poll(() => helpers().map((proc) => proc.name), { timeout: IDLE_MS + 5000 }).toEqual([]);
    seen.push(...zombies());
    expect(seen.map((proc) => `${proc.pid} ${proc.name}`)).toEqual([]);
  }, 60_000);
});
