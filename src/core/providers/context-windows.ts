import { modelIdCandidates } from './pricing.js';

/**
 * BUILT-IN CONTEXT WINDOWS (input tokens a request may hold) — a convenience, not a source of truth.
 *
 * Keys are model ids or id prefixes ending in `*`, matched like prices (as given, without a
 * publisher, without a date suffix; the longest prefix wins). `context_window` in the provider's
 * settings (`[provider]`) always wins over an entry here; a model in neither gets
 * {@link FALLBACK_CONTEXT_WINDOW}, recorded as such (docs/context.md "The gauge").
 */
export const DEFAULT_CONTEXT_WINDOWS: Readonly<Record<string, number>> = Object.freeze({
  'claude-*': 200_000,
  'gpt-4.1*': 1_047_576,
  'gpt-4o*': 128_000,
  'gpt-5*': 400_000,
});

/** What an unknown model is assumed to hold: small enough that the gauge errs towards compacting early. */
export const FALLBACK_CONTEXT_WINDOW = 128_000;

export interface ContextWindow {
  tokens: number;
  /** `config`: the provider's `context_window`; `default`: the built-in table; `fallback`: neither. */
  source: 'config' | 'default' | 'fallback';
}

/** The context window of `model`: the configured one, else the table's, else the fallback. */
export function contextWindowOf(
  model: string,
  configured?: number | undefined,
  table: Readonly<Record<string, number>> = DEFAULT_CONTEXT_WINDOWS,
): ContextWindow {
  if (configured !== undefined) return { tokens: configured, source: 'config' };
  for (const id of modelIdCandidates(model)) {
    if (Object.hasOwn(table, id)) return { tokens: table[id] as number, source: 'default' };
    let best: { length: number; tokens: number } | undefined;
    for (const [key, tokens] of Object.entries(table)) {
      if (!key.endsWith('*')) continue;
      const prefix = key.slice(0, -1);
      if (id.startsWith(prefix) && prefix.length > (best?.length ?? -1))
        best = { length: prefix.length, tokens };
    }
    if (best) return { tokens: best.tokens, source: 'default' };
  }
  return { tokens: FALLBACK_CONTEXT_WINDOW, source: 'fallback' };
}
