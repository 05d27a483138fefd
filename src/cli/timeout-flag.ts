import { DurationError } from '../core/contract/index.js';
import { type DeadlineLimit, limitFrom } from '../core/runtime/index.js';
import { UsageError } from './usage-error.js';

/**
 * `--timeout DURATION` of `truss run` / `truss resume`: the run's wall-clock limit from now, which
 * the run applies with the contract's `[budget] max_duration` (the tighter wins; docs/cli.md).
 */
export function timeoutFlag(command: string, value: string | undefined): DeadlineLimit | undefined {
  if (value === undefined) return undefined;
  try {
    return limitFrom(value, '--timeout', Date.now());
  } catch (error) {
    if (error instanceof DurationError) throw new UsageError(`${command}: --timeout ${error.message}`);
    throw error;
  }
}
