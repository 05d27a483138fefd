/** Warn this many steps (or fewer) before the projected context passes the compaction threshold. */
export const IMMINENT_WITHIN_STEPS = 2;

export interface GaugeReading {
  /** Projected input tokens of the next request. */
  tokens: number;
  window: number;
  /** `tokens / window`, rounded to 4 decimals (what is journaled and compared). */
  pressure: number;
  /** At the growth seen since the last compaction: steps until `threshold` is passed; null if not growing. */
  stepsToThreshold: number | null;
}

/**
 * The context gauge (docs/context.md "The gauge"): `pressure = projected_tokens / context_window`.
 * The projection starts from what the provider reported for the previous call (its input tokens,
 * plus its output, which is now a message of the history) and adds the estimate of what was added
 * since (tool results, a re-pin); without a report (first call, a provider that counts nothing, or
 * right after a compaction) it is the estimate of the whole request. Everything it reads is in the
 * journal, so a replay projects the same figures.
 */
export class ContextGauge {
  readonly window: number;
  readonly threshold: number;
  #last: { input: number; output: number; estimate: number; answer: number } | null = null;
  /** Projections since the last compaction, for the growth rate. */
  #history: number[] = [];

  constructor(window: number, threshold: number) {
    this.window = window;
    this.threshold = threshold;
  }

  /**
   * What the provider reported for the request just sent (estimated at `estimate` tokens), whose
   * answer is estimated at `answer` tokens.
   */
  reported(usage: { inputTokens: number; outputTokens: number }, estimate: number, answer: number): void {
    this.#last =
      usage.inputTokens > 0
        ? { input: usage.inputTokens, output: usage.outputTokens, estimate, answer }
        : null;
  }

  /** The conversation was rewritten (compaction): earlier reports no longer describe it. */
  reset(): void {
    this.#last = null;
    this.#history = [];
  }

  /** The reading for a next request estimated at `estimate` tokens. */
  read(estimate: number): GaugeReading {
    const last = this.#last;
    const tokens = last
      ? last.input + last.output + Math.max(0, estimate - last.estimate - last.answer)
      : estimate;
    this.#history.push(tokens);
    return {
      tokens,
      window: this.window,
      pressure: pressureOf(tokens, this.window),
      stepsToThreshold: this.#stepsToThreshold(tokens),
    };
  }

  /** Pressure at or past the threshold. */
  over(reading: GaugeReading): boolean {
    return reading.pressure >= this.threshold;
  }

  #stepsToThreshold(tokens: number): number | null {
    const first = this.#history[0] as number;
    const steps = this.#history.length - 1;
    if (steps < 1) return null;
    const growth = (tokens - first) / steps;
    if (growth <= 0) return null;
    const room = this.threshold * this.window - tokens;
    return room <= 0 ? 0 : Math.ceil(room / growth);
  }
}

export function pressureOf(tokens: number, window: number): number {
  return Math.round((tokens / window) * 10_000) / 10_000;
}
