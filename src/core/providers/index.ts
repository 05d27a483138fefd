export {
  ANTHROPIC_DEFAULT_BASE_URL,
  ANTHROPIC_DEFAULT_MAX_TOKENS,
  AnthropicProvider,
  type AnthropicProviderOptions,
} from './anthropic.js';
export { checkChatRequest } from './chat.js';
export {
  AbortError,
  abortErrorFrom,
  kindForStatus,
  ProviderAuthError,
  ProviderConfigError,
  ProviderError,
  type ProviderErrorKind,
  type ProviderErrorOptions,
  ProviderFatalError,
  ProviderRetryableError,
  providerErrorFromStatus,
  RetriesExhaustedError,
  redactSecrets,
  safeDetail,
} from './errors.js';
export { type CreateProviderOptions, createProvider, DEFAULT_API_KEY_ENV, isLoopback } from './factory.js';
export { meteredCall, meteredChat, type RawChat, type RawCompletion } from './metered.js';
export {
  GITHUB_API_VERSION,
  GITHUB_MODELS_BASE_URL,
  OPENAI_DEFAULT_BASE_URL,
  type OpenAICompatibleOptions,
  OpenAICompatibleProvider,
} from './openai-compatible.js';
export {
  costOf,
  DEFAULT_PRICING,
  type ModelPrice,
  modelIdCandidates,
  PriceBook,
  type PriceLookup,
  toPriceBook,
} from './pricing.js';
export type {
  AgentMessage,
  ChatMessage,
  ChatRequest,
  ChatResult,
  CompletionRequest,
  CompletionResult,
  ContentBlock,
  PricingTable,
  Provider,
  ProviderConfig,
  ProviderKind,
  ToolSpec,
  Usage,
} from './provider.js';
export {
  backoffDelay,
  defaultSleep,
  parseRetryAfter,
  RETRY_DEFAULTS,
  type RetryOptions,
  type RetrySettings,
  raceAbort,
  retryAfterFromHeaders,
  type SleepFn,
  withRetry,
} from './retry.js';
export {
  loadScript,
  ScriptedProvider,
  type ScriptedProviderOptions,
  type ScriptedResponse,
} from './scripted.js';
