import { memorySettings } from '../contract/memory-schema.js';
import type { ResolvedContract } from '../contract/schema.js';
import type { RecalledMemoryBlock } from '../executors/context/assembler.js';
import type { ExecutorOutcome } from '../executors/in-loop.js';
import type { LedgerEntry } from '../ledger/entry.js';
import { readEntry } from '../ledger/entry-kinds.js';
import { ingestContextSummaries, SUMMARY_SOURCE_KIND } from '../memory/context-summaries.js';
import { extractLessons } from '../memory/lessons.js';
import { ingestProposals, MEMORY_PROPOSED_KIND, PLAYBOOK_IMPORTED_KIND } from '../memory/proposals.js';
import { recallBlock } from '../memory/recall.js';
import { createMemoryTools } from '../memory/tools.js';
import type { Redactor } from '../process/redact.js';
import type { Provider } from '../providers/provider.js';
import type { DurableSession } from '../runtime/durable.js';
import type { Tool } from '../tools/tool.js';
import type { CommonRunOptions } from './run-types.js';

/** What recall before an executor records: the ids and tokens recalled (docs/memory.md "Recall"). */
export const MEMORY_RECALL_KIND = 'memory_recall';

/**
 * Recall before the executor starts: the verified lessons (and playbooks, when the contract opts
 * in) relevant to the contract, within `[memory] lesson_recall_max` / `lesson_recall_tokens`,
 * recorded as `memory_recall {ids, tokens, budget, text, ignored}` and returned as the labelled
 * block for the executor's prompt (with its ids and size, which the in-loop agent journals per step). A resumed run replays the recorded block (so the prompt it
 * rebuilds is the one the model saw), whatever the store holds now. Nothing relevant and nothing
 * ignored: no entry, no block. The panel never sees this block: it is handed to the executor only.
 */
export function recallForExecutor(
  session: DurableSession,
  options: CommonRunOptions,
  contract: ResolvedContract,
  redact: Redactor,
): RecalledMemoryBlock | undefined {
  if (session.replaying) {
    if (session.peek()?.kind !== MEMORY_RECALL_KIND) return undefined;
    const recorded = session.record(MEMORY_RECALL_KIND, () => {
      throw new Error('memory_recall is replayed, never rebuilt');
    });
    const payload = readEntry(recorded, MEMORY_RECALL_KIND);
    return payload.text ? { text: payload.text, ids: payload.ids, tokens: payload.tokens } : undefined;
  }
  if (!options.memory) return undefined;
  const settings = memorySettings(contract.memory);
  const { block, ignored } = recallBlock(options.memory.view, contract, {
    max: settings.lesson_recall_max,
    tokens: settings.lesson_recall_tokens,
    playbooks: settings.playbooks,
    trial: options.memory.trial,
  });
  for (const row of ignored) {
    options.ctx.events({
      type: 'warning',
      message: `memory: ignored ${row.kind} ${row.key} (${row.id.slice(0, 12)}): ${row.reason}`,
    });
  }
  if (!block && ignored.length === 0) return undefined;
  const text = block ? redact(block.text) : '';
  if (block) options.ctx.events({ type: 'memory_recalled', entries: block.ids.length, tokens: block.tokens });
  session.record(MEMORY_RECALL_KIND, () => ({
    payload: {
      ids: block?.ids ?? [],
      tokens: block?.tokens ?? 0,
      budget: { max: settings.lesson_recall_max, tokens: settings.lesson_recall_tokens },
      text,
      ...(block?.trial ? { trial: block.trial } : {}),
      ignored: ignored.map((row) => ({ id: row.id, kind: row.kind, key: row.key, reason: row.reason })),
    },
  }));
  return block && text ? { text, ids: block.ids, tokens: block.tokens } : undefined;
}

/** The in-loop memory tools when the run has memory (registration only: `allow_tools` decides). */
export function memoryTools(options: CommonRunOptions, redact: Redactor): Tool[] {
  return options.memory ? createMemoryTools(options.memory.view, redact) : [];
}

/**
 * After the verdict, with `[memory] lessons = "on"`: one model call proposes lessons, recorded as
 * `memory_proposed {via: "lesson_extraction", entries, dropped, …}` whose items name the verdict
 * entry as `produced_by`. The model is the executor's, else the first panel seat's; with neither the
 * entry says why. Replayed on resume (the model is not asked twice).
 */
export async function proposeLessons(
  session: DurableSession,
  options: CommonRunOptions,
  contract: ResolvedContract,
  verdict: LedgerEntry,
  executor: ExecutorOutcome | null,
  redact: Redactor,
): Promise<void> {
  const settings = memorySettings(contract.memory);
  if (settings.lessons !== 'on') return;
  const provider: Provider | undefined =
    options.executorProvider ?? ('seats' in options.panel ? options.panel.seats[0] : undefined);
  await session.activity(MEMORY_PROPOSED_KIND, 'lessons', async () => {
    if (!provider) {
      return {
        payload: {
          via: 'lesson_extraction',
          entries: [],
          problem: 'no model to extract lessons with (no executor model, no panel)',
        },
      };
    }
    const v = readEntry(verdict, 'verdict');
    const extracted = await extractLessons({
      provider,
      salienceMin: settings.lesson_salience_min,
      ctx: options.ctx,
      redact,
      source: {
        contract,
        verdict: {
          overall: v.overall,
          clauses: v.clauses.map((c) => ({
            desc: c.desc,
            status: c.status,
            reason: c.reason,
          })),
          forced: v.forced ?? [],
        },
        executor: executor
          ? {
              final_text: executor.finalText,
              failure: executor.failure,
              changed_files: executor.changedFiles,
            }
          : null,
        verdictRef: { seq: verdict.seq, entry_hash: verdict.entry_hash },
      },
    });
    return {
      payload: {
        via: 'lesson_extraction',
        entries: extracted.items,
        dropped: extracted.dropped,
        provider: extracted.provider,
        model: extracted.model,
        usage: extracted.usage,
        problem: extracted.problem,
      },
    };
  });
}

/** The kinds of entry the memory store takes anything from. */
const INGESTED_KINDS: ReadonlySet<string> = new Set([
  MEMORY_PROPOSED_KIND,
  PLAYBOOK_IMPORTED_KIND,
  SUMMARY_SOURCE_KIND,
]);

/**
 * Once the run is over: its signed proposals (in-loop `memory_propose`, extracted lessons) become
 * unverified entries in the run's memory store, and so does the summary of each governed compaction
 * (a `context_summary` produced by its `compaction_performed`). Idempotent; without a store they
 * stay in the ledger.
 */
export function ingestRunProposals(session: DurableSession, options: CommonRunOptions): void {
  if (!options.memory) return;
  const entries = [...options.store.entries(session.id)];
  // A run that journaled nothing for memory (every checks-only run) never touches the store, so a
  // host can leave it unopened (docs/performance.md).
  if (!entries.some((entry) => INGESTED_KINDS.has(entry.kind))) return;
  const proposals = ingestProposals(options.memory.store, session.id, entries);
  const summaries = ingestContextSummaries(
    options.memory.store,
    session.id,
    entries,
    (sha) => options.store.blob(sha)?.bytes,
  );
  const proposed = proposals.proposed.length + summaries.proposed.length;
  if (proposed > 0)
    options.ctx.events({
      type: 'memory_proposed',
      proposed,
      created: proposals.created.length + summaries.created.length,
    });
  for (const skipped of proposals.skipped) {
    options.ctx.events({
      type: 'warning',
      message: `memory: proposal ${skipped.index} of seq ${skipped.seq} not stored: ${skipped.reason}`,
    });
  }
  for (const skipped of summaries.skipped) {
    options.ctx.events({
      type: 'warning',
      message: `memory: the context summary of seq ${skipped.seq} not stored: ${skipped.reason}`,
    });
  }
}
