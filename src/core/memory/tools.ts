import type { Redactor } from '../process/redact.js';
import type { Tool, ToolOutcome } from '../tools/tool.js';
import { isMemoryKind, type MemoryEntry, type MemoryKind } from './entry.js';
import { MemoryError } from './errors.js';
import { MEMORY_PROPOSED_KIND, type ProposedItem, proposedItem } from './proposals.js';
import { injectionFlags } from './screen.js';
import type { IgnoredEntry, MemoryView } from './view.js';

export const MEMORY_TOOL_NAMES = ['memory_query', 'memory_view', 'memory_propose'] as const;

/** Kinds the agent may propose; playbooks come from `truss playbook import`, summaries from compaction. */
const PROPOSABLE: readonly MemoryKind[] = ['goal', 'decision', 'fact', 'lesson', 'artifact', 'scratch'];
const MAX_RESULTS = 32;

const TRUST_FLOOR = {
  type: 'string',
  enum: ['verified', 'unverified'],
  description:
    'verified (default): only entries a signed decision verified. unverified: also proposals nobody checked yet (may be wrong or hostile).',
};

/**
 * The in-loop agent's memory tools (docs/memory.md "In-loop tools"). `memory_query` and
 * `memory_view` read the verified view (read-only; their results are journaled like any tool's, so a
 * resume replays what the agent saw). `memory_propose` stores nothing during the run: its
 * `memory_proposed` entry is signed right after the tool result, and the store takes unverified
 * entries from the journal when the run ends. Offered only when `allow_tools` names them.
 */
export function createMemoryTools(view: MemoryView, redact: Redactor): Tool[] {
  return [
    {
      name: 'memory_query',
      description:
        "Search this repository's governed memory (lessons, facts, decisions, playbooks). Returns entries with their trust tier and provenance.",
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'words the key or body contains' },
          kind: {
            type: 'string',
            description: 'goal, decision, fact, lesson, playbook, artifact, scratch or context_summary',
          },
          key: { type: 'string' },
          limit: { type: 'integer', minimum: 1, maximum: MAX_RESULTS },
          min_trust: TRUST_FLOOR,
        },
        additionalProperties: false,
      },
      sideEffect: false,
      readOnly: true,
      async run(input): Promise<ToolOutcome> {
        if (input.kind !== undefined && !isMemoryKind(input.kind))
          return {
            content: `memory_query: kind ${JSON.stringify(input.kind)} is not a memory kind`,
            isError: true,
          };
        const floor = trustFloor(input.min_trust);
        if (!floor)
          return { content: 'memory_query: min_trust must be "verified" or "unverified"', isError: true };
        const limit =
          typeof input.limit === 'number' ? Math.max(1, Math.min(MAX_RESULTS, Math.floor(input.limit))) : 10;
        const result = view.query({
          kind: input.kind as MemoryKind | undefined,
          key: typeof input.key === 'string' ? input.key : undefined,
          contains: typeof input.query === 'string' && input.query.trim() ? input.query.trim() : undefined,
          limit,
          min_trust: floor,
        });
        return answer({
          min_trust: floor,
          entries: result.entries.map(shown),
          ignored: ignoredIds(result.ignored),
        });
      },
    },
    {
      name: 'memory_view',
      description: 'Read memory entries by id (from memory_query or a recalled block).',
      inputSchema: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          ids: { type: 'array', items: { type: 'string' }, maxItems: MAX_RESULTS },
          min_trust: TRUST_FLOOR,
        },
        additionalProperties: false,
      },
      sideEffect: false,
      readOnly: true,
      async run(input): Promise<ToolOutcome> {
        const ids = [
          ...(typeof input.id === 'string' ? [input.id] : []),
          ...(Array.isArray(input.ids) ? input.ids.filter((id): id is string => typeof id === 'string') : []),
        ].slice(0, MAX_RESULTS);
        if (ids.length === 0) return { content: 'memory_view: give id or ids', isError: true };
        const floor = trustFloor(input.min_trust);
        if (!floor)
          return { content: 'memory_view: min_trust must be "verified" or "unverified"', isError: true };
        const result = view.byIds(ids, floor);
        return answer({
          min_trust: floor,
          entries: result.entries.map(shown),
          missing: result.missing,
          ignored: ignoredIds(result.ignored),
        });
      },
    },
    {
      name: 'memory_propose',
      description:
        'Propose a memory entry for future runs (one lesson, fact or decision per entry). It is stored unverified: ' +
        'nothing you propose is trusted or recalled until a reviewer panel or a maintainer verifies it.',
      inputSchema: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: [...PROPOSABLE] },
          key: {
            type: 'string',
            description: 'a short slug; a later verified entry with the same key replaces it',
          },
          body: { type: 'string' },
          salience: { type: 'number', minimum: 0, maximum: 1 },
        },
        required: ['kind', 'key', 'body'],
        additionalProperties: false,
      },
      sideEffect: false,
      async run(input): Promise<ToolOutcome> {
        if (!PROPOSABLE.includes(input.kind as MemoryKind))
          return { content: `memory_propose: kind must be one of ${PROPOSABLE.join(', ')}`, isError: true };
        let item: ProposedItem;
        try {
          item = proposedItem({
            kind: input.kind as MemoryKind,
            key: String(input.key ?? ''),
            body: redact(String(input.body ?? '')),
            salience: typeof input.salience === 'number' ? input.salience : 0.5,
          });
        } catch (error) {
          if (!(error instanceof MemoryError)) throw error;
          return { content: `memory_propose: ${error.message}`, isError: true };
        }
        return {
          content: `proposed memory ${item.memory_id} (unverified: not trusted or recalled until it is verified)`,
          isError: false,
          data: { proposal: item as unknown as Record<string, unknown> },
        };
      },
      followUp(outcome) {
        const proposal = outcome.data?.proposal;
        if (outcome.isError || !proposal) return null;
        return {
          kind: MEMORY_PROPOSED_KIND,
          payload: { via: 'memory_propose', entries: [proposal as unknown as ProposedItem] },
        };
      },
    },
  ];
}

function trustFloor(value: unknown): 'verified' | 'unverified' | null {
  if (value === undefined || value === 'verified') return 'verified';
  return value === 'unverified' ? 'unverified' : null;
}

/**
 * An entry as the agent reads it. A verified entry was checked by a signed decision; any other is
 * untrusted text (a proposal nobody checked) and is screened by the injection detector first: one it
 * flags is listed with its text withheld and why (docs/memory.md "In-loop tools").
 */
function shown(entry: MemoryEntry) {
  const flags = entry.trust === 'verified' ? null : injectionFlags(entry);
  return {
    id: entry.id,
    kind: entry.kind,
    key: entry.key,
    trust: entry.trust,
    body: flags ? null : entry.body,
    ...(flags
      ? {
          withheld: `suspected prompt injection: ${flags}; its text is not shown to agents (a maintainer reads it with truss memory show)`,
        }
      : {}),
    salience: entry.salience,
    produced_by: entry.provenance.produced_by,
    verified_by: entry.provenance.verified_by,
  };
}

function ignoredIds(ignored: readonly IgnoredEntry[]) {
  return ignored.map((i) => ({ id: i.id, reason: i.reason }));
}

function answer(value: unknown): ToolOutcome {
  return { content: JSON.stringify(value, null, 2), isError: false };
}
