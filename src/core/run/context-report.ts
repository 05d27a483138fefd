import type { LedgerEntry } from '../ledger/entry.js';
import { readKnownEntry } from '../ledger/entry-kinds.js';

/**
 * What the in-loop agent's context went through (docs/context.md), from the signed entries alone:
 * the gauge's peak, the compactions and re-pins, and the prompt-cache tokens the model calls
 * reported. Null for a run without `context_layers` (no in-loop agent, or one recorded before them).
 */
export interface ReportContext {
  window: number;
  /** The highest `pressure` any step's request had, its projected tokens and its step. */
  peakPressure: number;
  peakTokens: number;
  peakStep: number;
  steps: number;
  compactions: number;
  repins: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export function contextFrom(entries: readonly LedgerEntry[]): ReportContext | null {
  let report: ReportContext | null = null;
  let compactions = 0;
  let repins = 0;
  let read = 0;
  let write = 0;
  for (const entry of entries) {
    // Each entry read as its kind (entry-kinds.ts); one that does not fit is the run report's to flag.
    const known = readKnownEntry(entry);
    if (!known || 'error' in known) continue;
    switch (known.kind) {
      case 'context_layers': {
        const p = known.payload;
        report ??= { window: 0, peakPressure: -1, peakTokens: 0, peakStep: 0, steps: 0, ...ZERO };
        report.steps++;
        if (p.pressure > report.peakPressure) {
          report.peakPressure = p.pressure;
          report.peakTokens = p.projected_tokens;
          report.peakStep = p.step;
          report.window = p.window;
        }
        break;
      }
      case 'compaction_performed':
        compactions++;
        break;
      case 'goal_repinned':
        repins++;
        break;
      case 'model_result':
        read += known.payload.usage?.cache_read_tokens ?? 0;
        write += known.payload.usage?.cache_write_tokens ?? 0;
        break;
    }
  }
  if (!report) return null;
  return { ...report, compactions, repins, cacheReadTokens: read, cacheWriteTokens: write };
}

const ZERO = { compactions: 0, repins: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

/**
 * One line for every surface (check run, comment, CLI, HTML report), e.g. "peak 72% of the
 * 6,000-token window (step 14) · 3 compactions · 7 goal re-pins · 12,000 tokens read from the
 * prompt cache".
 */
export function contextLine(context: ReportContext): string {
  const count = formatCount;
  const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
  const parts = [
    `peak ${Math.round(context.peakPressure * 100)}% of the ${count(context.window)}-token window (step ${context.peakStep}, ${count(context.peakTokens)} tokens)`,
    plural(context.compactions, 'compaction', 'compactions'),
    plural(context.repins, 'goal re-pin', 'goal re-pins'),
  ];
  if (context.cacheReadTokens > 0 || context.cacheWriteTokens > 0) {
    parts.push(
      `prompt cache: ${count(context.cacheReadTokens)} tokens read, ${count(context.cacheWriteTokens)} written`,
    );
  }
  return parts.join(' · ');
}

/**
 * An integer with thousands separators ("12,000"), as `toLocaleString('en-US')` writes it without
 * its cost: the first locale call loads ICU data, about 25 ms on the path that reports a verdict.
 */
export function formatCount(value: number): string {
  const n = Number.isFinite(value) ? Math.round(value) : 0;
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
