import type Anthropic from '@anthropic-ai/sdk';

/** The one cache breakpoint Truss places: Anthropic caches the request up to and including it. */
export const EPHEMERAL_CACHE = Object.freeze({ type: 'ephemeral' as const });

interface CacheableParts {
  system: string | undefined;
  tools: Anthropic.ToolUnion[];
  messages: Anthropic.MessageParam[];
}

interface CachedParts {
  system: string | Anthropic.TextBlockParam[] | undefined;
  tools: Anthropic.ToolUnion[];
  messages: Anthropic.MessageParam[];
}

/**
 * Places Anthropic's `cache_control: {type: "ephemeral"}` on the last stable block of a Messages API
 * request (docs/context.md "Prompt caching"). The API renders tools → system → messages and caches
 * the prefix up to and including the marked block, so marking the last block of the `stable`-th
 * message (the goal) caches the tools, the system prompt and the goal together. With no stable
 * message the system prompt is marked (sent as one text block), else the last tool. `stable` = 0
 * leaves the request unmarked, as it always was. Nothing is mutated: marked parts are copies.
 */
export function withCacheBreakpoint(parts: CacheableParts, stable: number): CachedParts {
  if (stable <= 0) return parts;
  const index = Math.min(stable, parts.messages.length) - 1;
  const message = parts.messages[index];
  const content = message && Array.isArray(message.content) ? message.content : [];
  const last = content.at(-1);
  if (message && last) {
    const messages = [...parts.messages];
    messages[index] = {
      ...message,
      content: [...content.slice(0, -1), { ...last, cache_control: EPHEMERAL_CACHE }],
    } as Anthropic.MessageParam;
    return { ...parts, messages };
  }
  if (parts.system) {
    return { ...parts, system: [{ type: 'text', text: parts.system, cache_control: EPHEMERAL_CACHE }] };
  }
  const tool = parts.tools.at(-1);
  if (!tool) return parts;
  return {
    ...parts,
    tools: [...parts.tools.slice(0, -1), { ...tool, cache_control: EPHEMERAL_CACHE } as Anthropic.ToolUnion],
  };
}
