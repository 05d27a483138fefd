import { closestName } from '../core/closest-name.js';

/** A mistake in how the command was called; printed with a pointer to `--help`, exit code 64. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * ` (did you mean "run"?)` when a mistyped command, subcommand or flag is close to one that exists,
 * else an empty string: a typo is answered with the word the user meant, not only with "unknown".
 */
export function didYouMean(word: string, known: readonly string[]): string {
  const suggestion = closestName(word, known);
  return suggestion ? ` (did you mean "${suggestion}"?)` : '';
}
