import { type Redactor, secretRedactor } from '../core/process/index.js';
import { formatCount } from '../core/run/index.js';
import type { RunEvent } from '../core/runtime/index.js';
import type { Logger } from './logger.js';

/**
 * Where a run's events go in the Actions log, with the host's secrets redacted as on the CLI's
 * progress lines: a warning can carry text from outside the run (a provider's error, git's stderr),
 * and the runner masks only the secrets it was told about, not their encodings or the ones a job
 * sets itself. `warningsOnly` for the jobs that log nothing else of a run (reducers, memory evals).
 */
export function runEventLog(
  log: Logger,
  env: Readonly<Record<string, string | undefined>>,
  options: { warningsOnly?: boolean } = {},
): (event: RunEvent) => void {
  const redact = secretRedactor({ ...env });
  return (event) => {
    if (options.warningsOnly && event.type !== 'warning') return;
    logRunEvent(log, event, redact);
  };
}

/** A run's progress as lines of the Actions log (inside the contract's collapsible group). */
function logRunEvent(log: Logger, event: RunEvent, redact: Redactor): void {
  switch (event.type) {
    case 'check_finished':
      log.info(
        `${event.met ? '✔' : '✘'} check [${event.clause + 1}] ${event.desc} (${Math.round(event.durationMs)} ms)`,
      );
      break;
    case 'review_started':
      log.info(`… review [${event.clause + 1}] ${event.desc}`);
      break;
    case 'review_evidence_note':
      log.info(`    note: ${redact(event.note)} (the panel was told)`);
      break;
    case 'vote':
      log.info(`    seat ${event.seat + 1} (${event.lens}): ${event.vote}`);
      break;
    case 'provider_retry':
      log.info(
        `    ${event.provider}: retry ${event.attempt} in ${Math.round(event.delayMs)} ms (${redact(event.reason)})`,
      );
      break;
    case 'context_compacted':
      log.info(
        `    context compacted (${event.mode}) after step ${event.step}: ${formatCount(event.before_tokens)} → ${formatCount(event.after_tokens)} tokens`,
      );
      break;
    case 'warning':
      log.warning(redact(event.message));
      break;
    default:
      break;
  }
}
