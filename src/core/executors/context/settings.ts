import { MEMORY_DEFAULTS } from '../../contract/memory-schema.js';
import type { ResolvedContract } from '../../contract/schema.js';
import { contextWindowOf } from '../../providers/context-windows.js';
import { executorProviderSettings } from '../../providers/executor-provider.js';
import type { Provider } from '../../providers/provider.js';

export type CompactionMode = 'off' | 'summarize' | 'evict';

/** `[memory.compaction]` with its defaults applied, as `compaction_performed` signs it. */
export interface CompactionPolicy {
  mode: CompactionMode;
  threshold: number;
  min_tail: number;
  exempt: string[];
}

/**
 * How the in-loop agent's context is assembled for one run (docs/context.md), signed into
 * `executor_started` as `context`: a resumed run reads it from there, so it assembles the same
 * requests whatever the code's defaults have become since.
 */
export interface ContextSettings {
  version: 1;
  /** The model's context window in input tokens, and where that figure came from. */
  window: number;
  window_source: 'config' | 'default' | 'fallback';
  /** Re-inject the goal every N model steps (0: never). */
  goal_repin_every: number;
  compaction: CompactionPolicy;
  /** How the prompt cache is used: Anthropic `cache_control`, a byte-stable prefix, or none. */
  cache: 'cache_control' | 'prefix' | 'none';
}

/** The settings a fresh run records: the contract's `[memory]`, the provider's window and cache. */
export function contextSettingsFor(contract: ResolvedContract, provider: Provider): ContextSettings {
  const memory = contract.memory ?? {};
  const compaction = { ...MEMORY_DEFAULTS.compaction, ...(memory.compaction ?? {}) };
  const window = contextWindowOf(provider.model, executorProviderSettings(contract)?.context_window);
  return {
    version: 1,
    window: window.tokens,
    window_source: window.source,
    goal_repin_every: memory.goal_repin_every ?? MEMORY_DEFAULTS.goal_repin_every,
    compaction: {
      mode: compaction.mode,
      threshold: compaction.threshold,
      min_tail: compaction.min_tail,
      exempt: [...compaction.exempt],
    },
    cache: provider.kind === 'anthropic' ? 'cache_control' : provider.kind === 'scripted' ? 'none' : 'prefix',
  };
}

/** Thrown when a recorded `executor_started.context` cannot be read: the run is not resumed on a guess. */
export class ContextSettingsError extends Error {
  override name = 'ContextSettingsError';
}

/**
 * The settings an `executor_started` payload recorded; null for a session recorded before context
 * assembly existed (its requests are rebuilt the old way, so it replays and resumes unchanged).
 */
export function recordedContextSettings(payload: Record<string, unknown>): ContextSettings | null {
  const value = payload.context;
  if (value === undefined) return null;
  const fail = (what: string): never => {
    throw new ContextSettingsError(
      `executor_started records context settings this version cannot read (${what}); resume it with the Truss version that started it`,
    );
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('not an object');
  const c = value as Record<string, unknown>;
  const p = (c.compaction ?? {}) as Record<string, unknown>;
  const count = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  if (c.version !== 1) fail(`version ${String(c.version)}`);
  if (!count(c.window) || (c.window as number) < 1) fail('window');
  if (!count(c.goal_repin_every)) fail('goal_repin_every');
  if (p.mode !== 'off' && p.mode !== 'summarize' && p.mode !== 'evict') fail('compaction.mode');
  if (typeof p.threshold !== 'number' || !(p.threshold > 0 && p.threshold <= 1)) fail('compaction.threshold');
  if (!count(p.min_tail) || (p.min_tail as number) < 2) fail('compaction.min_tail');
  if (!Array.isArray(p.exempt) || !p.exempt.every((layer) => typeof layer === 'string')) fail('exempt');
  if (c.cache !== 'cache_control' && c.cache !== 'prefix' && c.cache !== 'none') fail('cache');
  return {
    version: 1,
    window: c.window as number,
    window_source:
      (['config', 'default', 'fallback'] as const).find((s) => s === c.window_source) ?? 'fallback',
    goal_repin_every: c.goal_repin_every as number,
    compaction: {
      mode: p.mode as CompactionMode,
      threshold: p.threshold as number,
      min_tail: p.min_tail as number,
      exempt: [...(p.exempt as string[])],
    },
    cache: c.cache as ContextSettings['cache'],
  };
}
