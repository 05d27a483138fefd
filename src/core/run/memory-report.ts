import type { LedgerEntry } from '../ledger/entry.js';
import { readKnownEntry } from '../ledger/entry-kinds.js';

/** One memory entry as a run report names it: its id, and kind and key when the ledger says them. */
export interface ReportMemoryEntry {
  id: string;
  kind: string | null;
  key: string | null;
  /** Recalled unverified, on trial in an eval's `on` arm (`memory_recall.trial`, docs/memory.md). */
  trial?: true;
}

/**
 * What governed memory did in a run (docs/memory.md), from the signed entries alone: the verified
 * entries recalled into the executor's prompt (`memory_recall`), the rows recall left out because
 * they did not check (forged or revoked), and what the run proposed (`memory_proposed`, unverified
 * until a trusted job promotes it). Null when the run touched no memory.
 */
export interface ReportMemory {
  recalled: ReportMemoryEntry[];
  recallTokens: number;
  ignored: Array<ReportMemoryEntry & { reason: string }>;
  proposed: Array<ReportMemoryEntry & { via: string }>;
}

/** The recall block labels each entry `- (KIND KEY, ID12) …`: kind and key for the report. */
const RECALL_LINE = /^- \(([a-z_]+) (\S+), ([0-9a-f]{8,64})\)/gm;

export function memoryFrom(entries: readonly LedgerEntry[]): ReportMemory | null {
  const report: ReportMemory = { recalled: [], recallTokens: 0, ignored: [], proposed: [] };
  let touched = false;
  for (const entry of entries) {
    const known = readKnownEntry(entry);
    if (!known || 'error' in known) continue;
    if (known.kind === 'memory_recall') {
      touched = true;
      const p = known.payload;
      const labels = new Map<string, { kind: string; key: string }>();
      for (const m of (p.text ?? '').matchAll(RECALL_LINE))
        labels.set(m[3] as string, { kind: m[1] as string, key: m[2] as string });
      for (const id of p.ids) {
        const label = [...labels].find(([short]) => id.startsWith(short))?.[1];
        report.recalled.push({
          id,
          kind: label?.kind ?? null,
          key: label?.key ?? null,
          ...(p.trial === id ? { trial: true as const } : {}),
        });
      }
      report.recallTokens += p.tokens;
      for (const row of p.ignored ?? [])
        report.ignored.push({ id: row.id, kind: row.kind ?? null, key: row.key ?? null, reason: row.reason });
    } else if (known.kind === 'memory_proposed') {
      touched = true;
      for (const item of known.payload.entries)
        report.proposed.push({ id: item.memory_id, kind: item.kind, key: item.key, via: known.payload.via });
    }
  }
  return touched ? report : null;
}

/** `kind key (id12)` for one entry, as the check run, the comment and the page list them. */
export function memoryEntryLabel(entry: ReportMemoryEntry): string {
  const name = entry.kind && entry.key ? `${entry.kind} ${entry.key} ` : '';
  return `${name}(${entry.id.slice(0, 12)})${entry.trial ? ' UNVERIFIED, on trial' : ''}`;
}
