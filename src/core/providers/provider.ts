import type { Ctx } from '../runtime/ctx.js';

export type ProviderKind = 'anthropic' | 'openai-compatible' | 'github-models' | 'scripted';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  system?: string;
  messages: ChatMessage[];
  maxTokens?: number;
  temperature?: number;
  /** Ask for a JSON object answer where the API supports it (OpenAI `response_format`). */
  json?: boolean;
  /**
   * Ask for exactly this structured answer where the API has it: Anthropic gets one tool with this
   * input schema and `tool_choice` forcing it; OpenAI gets `response_format: {type: 'json_schema',
   * json_schema: {name, schema, strict: true}}`. Providers without it ignore the field.
   */
  answerSchema?: { name: string; description: string; schema: Record<string, unknown> } | undefined;
}

export interface Usage {
  /** Every input token of the call, cached or not (what the context window holds). */
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Of `inputTokens`, those read from the provider's prompt cache (priced at its cache-read rate). */
  cacheReadTokens?: number | undefined;
  /** Of `inputTokens`, those written to the provider's prompt cache (priced at its cache-write rate). */
  cacheWriteTokens?: number | undefined;
}

export interface CompletionResult {
  text: string;
  usage: Usage;
  /** The model that actually answered (as the API reports it). */
  model: string;
  stopReason: string | null;
  /**
   * Set when the request had `answerSchema` and the API answers through tool use (Anthropic): the
   * inputs of every tool call the model made, in order (a well-behaved model makes exactly one).
   */
  structured?: unknown[];
}

/** A tool as advertised to a model (generic JSON-schema form; providers may map to typed schemas). */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export type ContentBlock =
  | { type: 'text'; text: string }
  | {
      type: 'tool_use';
      id: string;
      name: string;
      input: Record<string, unknown>;
      /**
       * Set by a provider when the model's arguments could not be read as a JSON object (e.g. an
       * OpenAI-compatible server returned truncated or malformed `function.arguments`). `input` is
       * then `{}`. The loop must not run the tool; it should answer this id with a tool_result
       * `{isError: true, content: inputError}` so the model can retry the call. Never contains secrets.
       */
      inputError?: string;
    }
  | { type: 'tool_result'; toolUseId: string; content: string; isError: boolean };

/** A turn of an agent conversation: tool calls and their results travel as content blocks. */
export interface AgentMessage {
  role: 'user' | 'assistant';
  content: ContentBlock[];
}

export interface ChatRequest {
  system?: string;
  messages: AgentMessage[];
  tools?: ToolSpec[];
  /**
   * Anthropic only: typed client tools sent verbatim after `tools` in the Messages API `tools` array,
   * e.g. `{type: 'text_editor_20250728', name: 'str_replace_based_edit_tool'}` or
   * `{type: 'bash_20250124', name: 'bash'}`. The model calls them with ordinary `tool_use` blocks
   * (name = the tool's `name`), answered with ordinary tool_result blocks. Every other provider
   * ignores this field, so a loop that wants those tools elsewhere must also list a `ToolSpec`.
   */
  anthropicTools?: Array<Record<string, unknown>>;
  maxTokens?: number;
  temperature?: number;
  /**
   * How many leading messages stay byte-identical for the rest of the run, with the tools and the
   * system prompt before them (docs/context.md "Prompt caching"). Anthropic marks the last block of
   * the last of them with `cache_control: {type: 'ephemeral'}`; OpenAI-compatible servers cache a
   * byte-stable prefix on their own and ignore the field. Not part of the request digest.
   */
  stablePrefixMessages?: number;
}

export interface ChatResult {
  /** The assistant turn: `text` and `tool_use` blocks, in the order the model produced them. */
  content: ContentBlock[];
  /**
   * 'end_turn' | 'tool_use' | 'max_tokens' | provider-specific; normalised where possible
   * (OpenAI 'stop' → 'end_turn', 'tool_calls' → 'tool_use', 'length' → 'max_tokens').
   */
  stopReason: string | null;
  usage: Usage;
  model: string;
}

/**
 * A model endpoint. Implementations check `ctx.budget` before the call, record usage after it,
 * honour `ctx.signal`, retry transient failures and never put credentials into results or errors.
 */
export interface Provider {
  readonly kind: ProviderKind;
  readonly model: string;
  complete(request: CompletionRequest, ctx: Ctx): Promise<CompletionResult>;
  /** Multi-turn tool use for the in-loop executor; same metering, retry and redaction as complete(). */
  chat?(request: ChatRequest, ctx: Ctx): Promise<ChatResult>;
}

/**
 * Per-model prices in USD per million tokens (`[pricing."model"]` in config). Cached input is
 * priced at `cache_read_per_mtok` / `cache_write_per_mtok` when given, else at `input_per_mtok`.
 */
export type PricingTable = Record<
  string,
  {
    input_per_mtok: number;
    output_per_mtok: number;
    cache_read_per_mtok?: number | undefined;
    cache_write_per_mtok?: number | undefined;
  }
>;

/** Resolved provider settings after config layering; `apiKeyEnv` names a variable, never holds a key. */
export interface ProviderConfig {
  kind: ProviderKind;
  model: string;
  baseUrl?: string | undefined;
  apiKeyEnv?: string | undefined;
  /** Scripted provider: path of the fixture of canned responses. */
  script?: string | undefined;
  maxTokens?: number | undefined;
  temperature?: number | undefined;
}
