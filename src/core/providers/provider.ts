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
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

export interface CompletionResult {
  text: string;
  usage: Usage;
  /** The model that actually answered (as the API reports it). */
  model: string;
  stopReason: string | null;
}

/** A tool as advertised to a model (generic JSON-schema form; providers may map to typed schemas). */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
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
  maxTokens?: number;
  temperature?: number;
}

export interface ChatResult {
  content: ContentBlock[];
  /** 'end_turn' | 'tool_use' | 'max_tokens' | provider-specific; normalised where possible. */
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

/** Per-model prices in USD per million tokens (`[pricing."model"]` in config). */
export type PricingTable = Record<string, { input_per_mtok: number; output_per_mtok: number }>;

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
