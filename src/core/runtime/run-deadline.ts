import { parseDuration } from '../contract/duration.js';

/** setTimeout's ceiling; longer delays would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** One wall-clock limit on a run, and where it was set (docs/contracts.md "[budget]"). */
export interface DeadlineLimit {
  /** Epoch ms at which the run is stopped. */
  at: number;
  /** The limit as it was written, e.g. "20m". */
  limit: string;
  /** Who set it: `[budget] max_duration`, `--timeout`, `the timeout input`. */
  source: string;
}

/**
 * A wall-clock limit written as a duration ("20m") that starts at `startedAt`, set by `source`.
 * Every limit is parsed here, so the contract, the CLI and the Action accept the same forms
 * (DurationError otherwise).
 */
export function limitFrom(text: string, source: string, startedAt: number): DeadlineLimit {
  return { at: startedAt + parseDuration(text), limit: text.trim(), source };
}

/**
 * The abort reason of a run stopped at its wall-clock deadline: the run records a verdict forced to
 * FAIL with this message (never `run_failed 'cancelled'`, which is a person's or a job's decision).
 */
export class DeadlineReachedError extends Error {
  override name = 'DeadlineReachedError';
  constructor(readonly deadline: DeadlineLimit) {
    super(
      `wall-clock deadline of ${deadline.limit} reached (${deadline.source}): the run was stopped before it finished. ` +
        'To give it more time, raise [budget] max_duration in the contract and truss run --timeout or the ' +
        "Action's timeout input (the tighter applies); keep it below the job's timeout-minutes",
    );
  }
}

/** The run's context signal and deadline, and how to stop its timer once the run is over. */
export interface ArmedDeadline {
  signal: AbortSignal;
  /** The tightest of the limits given; null when none was. */
  deadline: DeadlineLimit | null;
  dispose(): void;
}

/**
 * The signal a run's context carries: it aborts when the host's `signal` does (with the host's
 * reason) or at the tightest of `limits`, with a {@link DeadlineReachedError}. Aborting kills what
 * the run started (checks, tools, delegated CLIs by process group; model requests by their signal).
 */
export function armDeadline(options: {
  signal?: AbortSignal | undefined;
  limits: ReadonlyArray<DeadlineLimit | null | undefined>;
  now: () => number;
}): ArmedDeadline {
  let deadline: DeadlineLimit | null = null;
  for (const limit of options.limits) if (limit && (!deadline || limit.at < deadline.at)) deadline = limit;
  if (!deadline) {
    return { signal: options.signal ?? new AbortController().signal, deadline: null, dispose: () => {} };
  }
  const chosen = deadline;
  const controller = new AbortController();
  const host = options.signal;
  const onHostAbort = () => controller.abort(host?.reason);
  if (host?.aborted) onHostAbort();
  else host?.addEventListener('abort', onHostAbort, { once: true });
  const fire = () => controller.abort(new DeadlineReachedError(chosen));
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    const left = chosen.at - options.now();
    if (left <= 0) return fire();
    // A limit beyond setTimeout's range is re-armed when the first timer ends.
    timer = setTimeout(left > MAX_TIMER_MS ? schedule : fire, Math.min(left, MAX_TIMER_MS));
    // Whatever the run still waits for keeps the process alive; a finished run must not wait for this.
    timer.unref();
  };
  if (!controller.signal.aborted) schedule();
  return {
    signal: controller.signal,
    deadline: chosen,
    dispose() {
      if (timer) clearTimeout(timer);
      host?.removeEventListener('abort', onHostAbort);
    },
  };
}

/**
 * The deadline that stopped a run whose context signal is `signal`, or null (not aborted, or aborted
 * otherwise). Given the run's `deadline` and the time, also a deadline whose moment has come though
 * its timer has not fired yet: work that timed itself by the same deadline (a delegated CLI's
 * timeout, an MCP server's) can end a moment before the run's timer does, and the run must still
 * say the deadline stopped it, not that the work failed on its own.
 */
export function deadlineReached(
  signal: AbortSignal,
  deadline: DeadlineLimit | null = null,
  now = 0,
): DeadlineReachedError | null {
  if (signal.aborted) return signal.reason instanceof DeadlineReachedError ? signal.reason : null;
  return deadline !== null && now >= deadline.at ? new DeadlineReachedError(deadline) : null;
}
