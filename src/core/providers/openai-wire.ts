import { textOf } from './chat.js';
import type { AgentMessage } from './provider.js';

/*
 * The OpenAI chat/completions wire format (docs/providers.md): how our turns are sent and how
 * answers and errors are read. Split from openai-compatible.ts, which keeps the transport.
 */

/** `text` as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `{message, type, code}` of an OpenAI-style `error` member (object or bare string). */
export function errorFields(error: unknown): { message?: string; type?: string; code?: string } {
  if (typeof error === 'string') return { message: error };
  if (!error || typeof error !== 'object') return {};
  const e = error as Record<string, unknown>;
  const str = (v: unknown) =>
    typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : undefined;
  const out: { message?: string; type?: string; code?: string } = {};
  const message = str(e.message);
  const type = str(e.type);
  const code = str(e.code);
  if (message !== undefined) out.message = message;
  if (type !== undefined) out.type = type;
  if (code !== undefined) out.code = code;
  return out;
}

/** `message.content` as text: a string, null (refusal / tool call) or an array of text parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join('');
  }
  return '';
}

export function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail =
    cause && typeof cause === 'object'
      ? typeof cause.code === 'string'
        ? cause.code
        : typeof cause.message === 'string'
          ? cause.message
          : ''
      : '';
  return detail ? `${error.message} (${detail})` : error.message;
}

/**
 * One of our turns as chat/completions messages. Assistant: text (or null) plus `tool_calls`.
 * User: one `role: 'tool'` message per tool_result (they must directly follow the assistant's
 * tool calls), then the turn's text as a user message when there is any.
 */
export function toOpenAIMessages(message: AgentMessage): Record<string, unknown>[] {
  const text = textOf(message.content, '\n');
  if (message.role === 'assistant') {
    const calls = message.content.flatMap((block) =>
      block.type === 'tool_use'
        ? [
            {
              id: block.id,
              type: 'function',
              function: { name: block.name, arguments: JSON.stringify(block.input) },
            },
          ]
        : [],
    );
    return calls.length > 0
      ? [{ role: 'assistant', content: text === '' ? null : text, tool_calls: calls }]
      : [{ role: 'assistant', content: text }];
  }
  const results = message.content.flatMap((block) =>
    block.type === 'tool_result'
      ? [
          {
            role: 'tool',
            tool_call_id: block.toolUseId,
            content: block.isError ? `Error: ${block.content}` : block.content,
          },
        ]
      : [],
  );
  const hasText = message.content.some((block) => block.type === 'text');
  return hasText || results.length === 0 ? [...results, { role: 'user', content: text }] : results;
}

/** finish_reason in the chat() vocabulary (see OpenAICompatibleProvider.chat). */
export function chatStopReason(finishReason: string | null, hasToolCalls: boolean): string | null {
  if (hasToolCalls && (finishReason === 'tool_calls' || finishReason === 'stop' || finishReason === null)) {
    return 'tool_use';
  }
  switch (finishReason) {
    case 'tool_calls':
      return 'tool_use';
    case 'stop':
      return 'end_turn';
    case 'length':
      return 'max_tokens';
    default:
      return finishReason;
  }
}

/** At most 200 characters of `text`, for messages. */
export function excerpt(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
