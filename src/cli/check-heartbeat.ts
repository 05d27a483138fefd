/** When a check still running is first mentioned, then how often again (docs/cli.md "truss run"). */
export const HEARTBEAT_FIRST_MS = 5_000;
export const HEARTBEAT_EVERY_MS = 30_000;

/**
 * Progress lines for a check that takes long: a check prints its line when it finishes, so a test
 * suite of ten minutes left the terminal silent, indistinguishable from a hang. A check still
 * running after 5 s is named with how long it has run, then every 30 s; quick checks print nothing
 * more. Timers are unref'd: they never keep the process alive.
 */
export function checkHeartbeat(say: (line: string) => void, now: () => number = Date.now) {
  const running = new Map<number, ReturnType<typeof setTimeout>>();
  const stop = (clause: number) => {
    const timer = running.get(clause);
    if (timer !== undefined) clearTimeout(timer);
    running.delete(clause);
  };
  return {
    started(clause: number, desc: string): void {
      stop(clause);
      const since = now();
      const tick = (delay: number) => {
        const timer = setTimeout(() => {
          say(
            `  … check  [${clause + 1}] ${desc} (still running after ${Math.round((now() - since) / 1000)} s)`,
          );
          tick(HEARTBEAT_EVERY_MS);
        }, delay);
        timer.unref?.();
        running.set(clause, timer);
      };
      tick(HEARTBEAT_FIRST_MS);
    },
    finished: stop,
  };
}
