import { formatCount } from '../core/run/index.js';
import type { RunEvent } from '../core/runtime/index.js';
import type { Logger } from './logger.js';

/** A run's progress as lines of the Actions log (inside the contract's collapsible group). */
export function logRunEvent(log: Logger, event: RunEvent): void {
  switch (event.type) {
    case 'check_finished':
      log.info(
        `${event.met ? '✔' : '✘'} check [${event.clause + 1}] ${event.desc} (${Math.round(event.durationMs)} ms)`,
      );
      break;
    case 'review_started':
      log.info(`… review [${event.clause + 1}] ${event.desc}`);
      break;
    case 'vote':
      log.info(`    seat ${event.seat + 1} (${event.lens}): ${event.vote}`);
      break;
    case 'provider_retry':
      log.info(`    ${event.provider}: retry ${event.attempt} in ${Math.round(event.delayMs)} ms`);
      break;
    case 'context_compacted':
      log.info(
        `    context compacted (${event.mode}) after step ${event.step}: ${formatCount(event.before_tokens)} → ${formatCount(event.after_tokens)} tokens`,
      );
      break;
    case 'warning':
      log.warning(event.message);
      break;
    default:
      break;
  }
}
