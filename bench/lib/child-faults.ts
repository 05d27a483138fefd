import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Minor page faults of one run of `command` and every process it waited for: the growth of this
 * process's `cminflt` (/proc/self/stat) across a `spawnSync`, which adds the child's count once it is
 * reaped. Unlike wall time it does not move with the machine's load, and on a VM where touching a
 * fresh page costs ~17 µs (docs/performance.md, "Fresh memory") it is much of what a start costs.
 * Null where /proc is not there.
 */
export function childFaults(command: string, args: string[], cwd: string): number | null {
  const before = waitedChildFaults();
  if (before === null) return null;
  const result = spawnSync(command, args, { cwd, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
  const after = waitedChildFaults();
  return after === null ? null : after - before;
}

/** Minor page faults of every child this process has reaped so far (`cminflt`); null without /proc. */
export function waitedChildFaults(): number | null {
  try {
    // Fields after the command name: state is 3rd, minflt 10th, cminflt 11th (proc(5)).
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    const value = Number(fields[8]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}
