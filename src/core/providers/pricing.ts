import type { PricingTable } from './provider.js';

export type ModelPrice = PricingTable[string];

/**
 * BUILT-IN DEFAULT PRICES — a convenience, not a source of truth.
 *
 * USD per million tokens: standard (non-batch, uncached) list prices as the vendors published them,
 * checked November 2026. Prices change: `[pricing."<model>"]` in `.truss/config.toml` always wins
 * over an entry here, and a model that is in neither costs 0 with a warning (never a guess).
 *
 * Ids are matched as given, then without a publisher prefix and without a date suffix, so GitHub
 * Models ids (`openai/gpt-4.1-mini`) are costed at the vendor's list price; that over-states spend
 * on GitHub's free tier, which errs on the safe side of a budget ceiling. Override in config when
 * you know better.
 */
export const DEFAULT_PRICING: Readonly<PricingTable> = Object.freeze({
  // Anthropic (platform.claude.com pricing): 5-minute cache writes at 1.25× input, cache hits at
  // 0.1× input (Fable 5.1: $0.25 as listed).
  'claude-fable-5-2': anthropic(8, 40),
  'claude-fable-5-1': { ...anthropic(10, 50), cache_read_per_mtok: 0.25 },
  'claude-opus-5-5': anthropic(4, 20),
  'claude-opus-5': anthropic(5, 25),
  'claude-opus-4-7': anthropic(5, 25),
  'claude-opus-4-6': anthropic(5, 25),
  'claude-opus-4-5': anthropic(5, 25),
  'claude-sonnet-5-5': anthropic(2, 10),
  'claude-sonnet-5': anthropic(2, 10),
  'claude-sonnet-4-5': anthropic(3, 15),
  'claude-haiku-4-5': anthropic(1, 5),
  // OpenAI: automatic prompt caching, cached input at the listed rate, no write surcharge.
  'gpt-5.2': { input_per_mtok: 1.75, output_per_mtok: 14, cache_read_per_mtok: 0.175 },
  'gpt-5': { input_per_mtok: 1.25, output_per_mtok: 10, cache_read_per_mtok: 0.125 },
  'gpt-5-mini': { input_per_mtok: 0.25, output_per_mtok: 2, cache_read_per_mtok: 0.025 },
  'gpt-5-nano': { input_per_mtok: 0.05, output_per_mtok: 0.4, cache_read_per_mtok: 0.005 },
  'gpt-4.1': { input_per_mtok: 2, output_per_mtok: 8, cache_read_per_mtok: 0.5 },
  'gpt-4.1-mini': { input_per_mtok: 0.4, output_per_mtok: 1.6, cache_read_per_mtok: 0.1 },
  'gpt-4.1-nano': { input_per_mtok: 0.1, output_per_mtok: 0.4, cache_read_per_mtok: 0.025 },
  'gpt-4o': { input_per_mtok: 2.5, output_per_mtok: 10, cache_read_per_mtok: 1.25 },
  'gpt-4o-mini': { input_per_mtok: 0.15, output_per_mtok: 0.6, cache_read_per_mtok: 0.075 },
});

/** An Anthropic list price with its documented cache multipliers (write 1.25×, read 0.1× input). */
function anthropic(input: number, output: number): ModelPrice {
  return {
    input_per_mtok: input,
    output_per_mtok: output,
    cache_write_per_mtok: input * 1.25,
    cache_read_per_mtok: input / 10,
  };
}

/** Ids to try for `model`, most specific first: as given, without publisher, without a date suffix. */
export function modelIdCandidates(model: string): string[] {
  const noPublisher = model.includes('/') ? model.slice(model.lastIndexOf('/') + 1) : model;
  const noDate = (id: string) => id.replace(/-(\d{8}|\d{4}-\d{2}-\d{2})$/, '');
  return [...new Set([model, noPublisher, noDate(model), noDate(noPublisher)])].filter(Boolean);
}

/** Token counts a price applies to: cache reads and writes are parts of `inputTokens`. */
export interface PricedUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number | undefined;
  cacheWriteTokens?: number | undefined;
}

/**
 * USD for `usage` at `price`. Cache reads and writes are priced at their own rates when the price
 * has them, else at the input rate (never below what the call can have cost); the rest of the input
 * at the input rate.
 */
export function costOf(price: ModelPrice, usage: PricedUsage): number {
  const read = Math.min(usage.cacheReadTokens ?? 0, usage.inputTokens);
  const write = Math.min(usage.cacheWriteTokens ?? 0, usage.inputTokens - read);
  const plain = usage.inputTokens - read - write;
  return (
    (plain * price.input_per_mtok +
      read * (price.cache_read_per_mtok ?? price.input_per_mtok) +
      write * (price.cache_write_per_mtok ?? price.input_per_mtok) +
      usage.outputTokens * price.output_per_mtok) /
    1_000_000
  );
}

export interface PriceLookup {
  price: ModelPrice;
  /** The table key that matched. */
  key: string;
  source: 'config' | 'default';
}

/**
 * Prices from config layered over the built-in defaults. One PriceBook should be shared by all the
 * providers of a run, so the "no price" warning appears once per model, not once per seat.
 */
export class PriceBook {
  readonly #config: PricingTable;
  readonly #defaults: PricingTable;
  readonly #warned = new Set<string>();

  constructor(config: PricingTable = {}, options: { defaults?: PricingTable | null } = {}) {
    this.#config = config;
    this.#defaults = options.defaults === null ? {} : (options.defaults ?? DEFAULT_PRICING);
  }

  lookup(model: string): PriceLookup | undefined {
    const candidates = modelIdCandidates(model);
    for (const [source, table] of [
      ['config', this.#config],
      ['default', this.#defaults],
    ] as const) {
      for (const key of candidates) {
        const price = Object.hasOwn(table, key) ? table[key] : undefined;
        if (price) return { price, key, source };
      }
    }
    return undefined;
  }

  /**
   * Cost of `usage` for the first of `models` that has a price (pass the configured id first,
   * then the id the API reported). When none has one: 0, and `warn` is called once per model.
   */
  cost(
    models: string | readonly string[],
    usage: PricedUsage,
    warn: (message: string) => void = () => {},
  ): number {
    const ids = (typeof models === 'string' ? [models] : [...models]).filter(Boolean);
    for (const id of ids) {
      const found = this.lookup(id);
      if (found) return costOf(found.price, usage);
    }
    const model = ids[0] ?? 'unknown';
    if (!this.#warned.has(model)) {
      this.#warned.add(model);
      warn(
        `no price for model ${model}; cost not counted — add [pricing."${model}"] with input_per_mtok and output_per_mtok (USD per million tokens) to .truss/config.toml`,
      );
    }
    return 0;
  }
}

/** Accept either a ready PriceBook (shared) or a config table. */
export function toPriceBook(pricing: PriceBook | PricingTable | undefined): PriceBook {
  return pricing instanceof PriceBook ? pricing : new PriceBook(pricing ?? {});
}
