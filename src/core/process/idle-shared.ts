/** How long an unused shared helper process is kept before it is ended (made again on next use). */
export const IDLE_MS = 2000;

/** A helper process one run's sandboxed processes share: taken with `get`, given back with `leave`. */
export interface IdleShared<T> {
  /** The shared helper, made on first use; null when it cannot be used (the caller goes without). */
  get(): Promise<T | null>;
  leave(): void;
  /** Starts making it before the first `get`, so its start overlaps the caller's other work. */
  warm(): void;
}

/**
 * One run's helper process (the mount holder, the sandbox launcher), made on first use and shared by
 * the processes that follow, ended once nothing used it for {@link IDLE_MS}: a long-lived App process
 * keeps none between runs. Once `make` resolves null it is not tried again, and `get` resolves null
 * from then on. A helper that no longer `serves` is ended and made again.
 */
export function idleShared<T extends { close(): void }>(options: {
  make: () => Promise<T | null>;
  serves: (made: T) => boolean;
  /** False: never made; `get` resolves null. */
  enabled?: boolean;
}): IdleShared<T> {
  let current: Promise<T | null> | null = null;
  let failed = options.enabled === false;
  let users = 0;
  let idle: NodeJS.Timeout | undefined;
  const end = (made: Promise<T | null>) => {
    process.off('beforeExit', endAtExit);
    void made.then((helper) => helper?.close());
  };
  // A process that ends by running out of work (the CLI, the Action) ends an unused helper then and
  // waits for it (its `close` holds the process until the helper has exited), instead of leaving it to
  // outlive the process: an orphan is reaped by whatever adopts it, and a container's pid 1 that never
  // reaps (a CI job container's `tail -f /dev/null`) kept every run's launcher and holder as zombies.
  const endAtExit = () => {
    if (users > 0 || current === null) return;
    clearTimeout(idle);
    const ending = current;
    current = null;
    end(ending);
  };
  const endWhenIdle = () => {
    clearTimeout(idle);
    const ending = current;
    idle = setTimeout(() => {
      if (users > 0 || current !== ending || ending === null) return;
      current = null;
      end(ending);
    }, IDLE_MS);
    idle.unref();
  };
  const make = () => {
    process.off('beforeExit', endAtExit);
    process.on('beforeExit', endAtExit);
    const made = options.make();
    void made.then((helper) => {
      if (helper !== null) return;
      failed = true;
      process.off('beforeExit', endAtExit);
    });
    return made;
  };
  return {
    async get() {
      if (failed) return null;
      users++;
      clearTimeout(idle);
      const existing = current;
      if (existing) {
        const helper = await existing;
        if (helper === null) {
          users--;
          return null;
        }
        if (options.serves(helper)) return helper;
        if (current === existing) {
          end(existing);
          current = null;
        }
      }
      current ??= make();
      const helper = await current;
      if (helper === null) users--;
      return helper;
    },
    leave() {
      users--;
      if (users > 0 || current === null) return;
      endWhenIdle();
    },
    warm() {
      if (failed || current !== null) return;
      current = make();
      endWhenIdle();
    },
  };
}
