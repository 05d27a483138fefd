import { ProviderConfigError } from './errors.js';
import type { ChatRequest, ContentBlock } from './provider.js';

/**
 * Provider-neutral checks of a ChatRequest, run before any request is made (a ProviderConfigError is
 * not retried): tool_use blocks only in assistant turns, tool_result blocks only in user turns, at
 * least one message, and tool names unique across `tools` and the provider's extra typed tools.
 */
export function checkChatRequest(
  provider: string,
  request: ChatRequest,
  extraToolNames: readonly string[] = [],
): void {
  if (request.messages.length === 0) {
    throw new ProviderConfigError(provider, 'chat request has no messages');
  }
  request.messages.forEach((message, index) => {
    for (const block of message.content) {
      if (block.type === 'tool_use' && message.role !== 'assistant') {
        throw new ProviderConfigError(
          provider,
          `message ${index}: a tool_use block belongs in an assistant message, not a ${message.role} one`,
        );
      }
      if (block.type === 'tool_result' && message.role !== 'user') {
        throw new ProviderConfigError(
          provider,
          `message ${index}: a tool_result block belongs in a user message, not an ${message.role} one`,
        );
      }
    }
  });
  const seen = new Set<string>();
  for (const name of [...(request.tools ?? []).map((tool) => tool.name), ...extraToolNames]) {
    if (seen.has(name)) throw new ProviderConfigError(provider, `tool "${name}" is advertised twice`);
    seen.add(name);
  }
}

/** The text blocks of `blocks`, joined with `separator`. */
export function textOf(blocks: readonly ContentBlock[], separator = ''): string {
  return blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join(separator);
}

/** A tool_use block from what an API returned as the input; a non-object becomes `{}` + `inputError`. */
export function toolUseBlock(
  id: string,
  name: string,
  input: unknown,
  describeBad: () => string = () => `the input of tool call "${name}" is not a JSON object`,
): Extract<ContentBlock, { type: 'tool_use' }> {
  if (isPlainObject(input)) return { type: 'tool_use', id, name, input };
  return { type: 'tool_use', id, name, input: {}, inputError: describeBad() };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
