import { canonicalJson } from '../../ledger/canonical-json.js';
import type { AgentMessage, ChatRequest, ContentBlock, ToolSpec } from '../../providers/provider.js';
import { memoryText, repinText, summaryMessageText } from './layer-text.js';
import { estimateTokens, messagesTokens, messageTokens, toolsTokens } from './tokens.js';

/** The layers of the agent's context, in the order they are sent (docs/context.md "Layers"). */
export const CONTEXT_LAYERS = ['tools', 'system', 'goal', 'history', 'memory', 'scratch'] as const;
export type ContextLayer = (typeof CONTEXT_LAYERS)[number];
export type LayerSizes = Record<ContextLayer, number>;

/**
 * Recalled memory to show the agent (supplied by the memory subsystem): the text, the ids of the
 * entries it came from (journaled with the layer sizes), and its size in tokens as the recall
 * counted it. Placed between the history and the scratch tail.
 */
export interface RecalledMemoryBlock {
  text: string;
  ids: readonly string[];
  tokens: number;
}

/** A message of the conversation after the goal, with where it came from. */
export interface Turn {
  message: AgentMessage;
  /** The model step it belongs to (1-based: the assistant answer of step n and its tool results). */
  step: number;
  /** The journal seq of the entry that produced it (the model_result, or the last tool result). */
  seq: number | null;
  /** Estimated tokens of `message`, counted when it was set: the gauge reads every turn at every step. */
  tokens: number;
}

/** The head of the history after a compaction. */
export interface ContextSummary {
  text: string;
  fromStep: number;
  toStep: number;
  mode: string;
}

/**
 * Assembles the in-loop agent's request from its layers (docs/context.md): tools → system → messages,
 * where the messages are the goal block (never compacted), the history (a compaction summary, then
 * older turns), the recalled memory and the scratch tail (the last `minTail` messages, starting at
 * an assistant turn so no tool result is separated from its call). The first message (the goal) is
 * the stable prefix: nothing before it changes within a run.
 *
 * Content is kept in canonical JSON form (sorted keys), which is also how the journal returns it, so
 * a resumed run sends byte-identical requests to the ones the live run sent.
 */
export class ContextAssembler {
  readonly tools: readonly ToolSpec[];
  readonly system: string;
  readonly goal: string;
  #turns: Turn[] = [];
  #summary: ContextSummary | null = null;
  #memory: RecalledMemoryBlock | null;
  readonly #minTail: number;
  readonly #stablePrefix: boolean;
  // Built once: the same objects in every request, so the request digest hashes them once
  // (activities.ts caches by identity), and their sizes are counted once.
  readonly #requestTools: ToolSpec[];
  readonly #goalMessage: AgentMessage;
  readonly #fixedSizes: Pick<LayerSizes, 'tools' | 'system' | 'goal'>;

  constructor(options: {
    tools: readonly ToolSpec[];
    system: string;
    goal: string;
    minTail: number;
    memory?: RecalledMemoryBlock | null | undefined;
    /** Mark the goal as the stable prefix (Anthropic `cache_control`); false for a legacy session. */
    stablePrefix: boolean;
  }) {
    this.tools = options.tools;
    this.system = options.system;
    this.goal = options.goal;
    this.#minTail = options.minTail;
    this.#memory = options.memory && options.memory.text !== '' ? options.memory : null;
    this.#stablePrefix = options.stablePrefix;
    this.#requestTools = [...options.tools];
    this.#goalMessage = userText(options.goal);
    this.#fixedSizes = {
      tools: toolsTokens(this.tools),
      system: estimateTokens(this.system),
      goal: messagesTokens([this.#goalMessage]),
    };
  }

  get turns(): readonly Turn[] {
    return this.#turns;
  }

  get summary(): ContextSummary | null {
    return this.#summary;
  }

  get memory(): RecalledMemoryBlock | null {
    return this.#memory;
  }

  /** Adds a message of step `step` (content in journal form, see the class comment). */
  push(message: AgentMessage, step: number, seq: number | null): void {
    this.#turns.push(turnOf({ role: message.role, content: journalForm(message.content) }, step, seq));
  }

  /**
   * Appends the goal again to the newest user turn (the re-pin), or as a user message of its own
   * when the newest turn is the model's.
   */
  repin(step: number): string {
    const text = repinText(this.goal, step);
    const last = this.#turns.at(-1);
    if (last && last.message.role === 'user') {
      last.message = { role: 'user', content: [...last.message.content, { type: 'text', text }] };
      last.tokens = messageTokens(last.message);
    } else {
      this.#turns.push(turnOf({ role: 'user', content: [{ type: 'text', text }] }, step, null));
    }
    return text;
  }

  /** Index in `turns` where the scratch tail starts: at least `minTail` messages, from an assistant turn. */
  tailStart(): number {
    let start = Math.max(0, this.#turns.length - this.#minTail);
    while (start > 0 && this.#turns[start]?.message.role !== 'assistant') start--;
    return start;
  }

  /** The turns a compaction would elide now (empty when the tail is all there is). */
  elidable(): readonly Turn[] {
    return this.#turns.slice(0, this.tailStart());
  }

  /** Replaces the elidable turns (and any earlier summary) with `summary`. */
  compact(summary: ContextSummary): void {
    this.#turns = this.#turns.slice(this.tailStart());
    this.#summary = summary;
  }

  /** Drops the recalled-memory block (when compaction may elide it and did). */
  dropMemory(): void {
    this.#memory = null;
  }

  /** The request for the next model call. */
  request(maxTokens?: number): ChatRequest {
    const cut = this.tailStart();
    const messages: AgentMessage[] = [
      this.#goalMessage,
      ...(this.#summary ? [userText(this.#summaryText())] : []),
      ...this.#turns.slice(0, cut).map((turn) => turn.message),
      ...(this.#memory ? [userText(memoryText(this.#memory.text))] : []),
      ...this.#turns.slice(cut).map((turn) => turn.message),
    ];
    return {
      system: this.system,
      messages,
      tools: this.#requestTools,
      ...(maxTokens ? { maxTokens } : {}),
      ...(this.#stablePrefix ? { stablePrefixMessages: 1 } : {}),
    };
  }

  /** Estimated tokens of each layer of the next request (docs/context.md "The gauge"). */
  layerSizes(): LayerSizes {
    const cut = this.tailStart();
    const summary = this.#summary ? messagesTokens([userText(this.#summaryText())]) : 0;
    return {
      ...this.#fixedSizes,
      history: summary + turnsTokens(this.#turns, 0, cut),
      memory: this.#memory ? this.#memory.tokens : 0,
      scratch: turnsTokens(this.#turns, cut, this.#turns.length),
    };
  }

  #summaryText(): string {
    const s = this.#summary as ContextSummary;
    return summaryMessageText(s.text, s.fromStep, s.toStep, s.mode);
  }
}

/** The sum of the layer sizes. */
export function totalOf(sizes: LayerSizes): number {
  return Object.values(sizes).reduce((sum, n) => sum + n, 0);
}

function turnOf(message: AgentMessage, step: number, seq: number | null): Turn {
  return { message, step, seq, tokens: messageTokens(message) };
}

function turnsTokens(turns: readonly Turn[], from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (turns[i] as Turn).tokens;
  return sum;
}

function userText(text: string): AgentMessage {
  return { role: 'user', content: [{ type: 'text', text }] };
}

/** Content as the journal holds it: canonical JSON (sorted keys, no undefined members). */
function journalForm(content: readonly ContentBlock[]): ContentBlock[] {
  return JSON.parse(canonicalJson(JSON.parse(JSON.stringify(content)))) as ContentBlock[];
}
