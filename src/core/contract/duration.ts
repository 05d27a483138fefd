/**
 * The longest wall-clock limit a duration may name: one day, the ceiling a check's `timeout_sec`
 * already has (docs/contracts.md "[budget]").
 */
export const MAX_DURATION_MS = 86_400_000;

/** What a duration looks like, for error messages. */
export const DURATION_FORMS = 'a duration such as "90s", "20m", "1h30m" or "500ms"';

const UNITS: ReadonlyArray<readonly [string, number]> = [
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
  ['ms', 1],
];
// Each unit at most once, largest first; `m(?!s)` keeps "20ms" from reading as 20 minutes.
const PATTERN = /^(?:(\d{1,9})h)?(?:(\d{1,9})m(?!s))?(?:(\d{1,9})s)?(?:(\d{1,9})ms)?$/;

/** A duration that cannot be used as a wall-clock limit; the message says which forms are. */
export class DurationError extends Error {
  override name = 'DurationError';
}

/**
 * Milliseconds of a wall-clock duration (`[budget] max_duration`, `truss run --timeout`, the
 * Action's `timeout` input): the one parser, so every place a limit can be set accepts the same
 * forms. Throws DurationError naming what is wrong.
 */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  const match = PATTERN.exec(trimmed);
  if (trimmed === '' || !match) {
    throw new DurationError(
      `${JSON.stringify(text)} is not ${DURATION_FORMS} (units h, m, s, ms; largest first)`,
    );
  }
  let ms = 0;
  UNITS.forEach(([, unitMs], i) => {
    const amount = match[i + 1];
    if (amount !== undefined) ms += Number(amount) * unitMs;
  });
  if (ms <= 0)
    throw new DurationError(`${JSON.stringify(text)} is zero; a wall-clock limit must be positive`);
  if (ms > MAX_DURATION_MS) {
    throw new DurationError(`${JSON.stringify(text)} is longer than the 24h a wall-clock limit may be`);
  }
  return ms;
}

/** Why `text` is not a usable duration, or null when it is (for schema refinements). */
export function durationProblem(text: string): string | null {
  try {
    parseDuration(text);
    return null;
  } catch (error) {
    if (error instanceof DurationError) return error.message;
    throw error;
  }
}
