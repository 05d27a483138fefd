/** What {@link exitWhenIdle} needs of the process: its `beforeExit` listeners and `exit`. */
export interface IdleExitingProcess {
  on(event: 'beforeExit', listener: () => void): unknown;
  listeners(event: 'beforeExit'): readonly unknown[];
  exit(): never;
}

/**
 * Ends a one-shot process (the CLI, the Action) through `process.exit` once it has run out of work,
 * instead of letting Node tear its environment down: a process that ends by emptying its event loop
 * frees the V8 heap page by page and joins its platform threads first, about 1 ms of a one-check
 * `truss run` (docs/performance.md, "Start-up, without the CA bundle"). `exit` still emits
 * `exit` with `process.exitCode`, so exit listeners (the kept bytecode) run as before.
 *
 * Node emits `beforeExit` only when nothing keeps the event loop alive. Other `beforeExit` listeners
 * may start work from there (the one that ends a run's helper processes and reaps them,
 * src/core/process/idle-shared.ts), so this one acts only as the only listener, and only on the
 * second turn in a row that finds it so: a listener that ran before it in the same turn may have
 * started work and removed itself. The first such turn asks for one more (an empty `setImmediate`);
 * whatever was started runs before the next `beforeExit`. A listener that stays leaves the process to
 * Node's own exit. `flush` runs right before the exit (Node's own compile cache, which a teardown
 * would have written).
 */
export function exitWhenIdle(proc: IdleExitingProcess, flush: () => void = () => {}): void {
  let alone = false;
  const onBeforeExit = () => {
    const listeners = proc.listeners('beforeExit');
    if (listeners.length !== 1 || listeners[0] !== onBeforeExit) {
      alone = false;
      return;
    }
    if (!alone) {
      alone = true;
      setImmediate(() => {});
      return;
    }
    flush();
    proc.exit();
  };
  proc.on('beforeExit', onBeforeExit);
}
