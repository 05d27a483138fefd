import type { AgentMessage, ContentBlock, ToolSpec } from '../../providers/provider.js';

/**
 * Bytes per token the gauge assumes where no provider has counted: four UTF-8 bytes, the usual
 * figure for English text and code with the tokenizers of today's models. Deterministic, so a
 * replay computes the same sizes (docs/context.md "The gauge").
 */
export const BYTES_PER_TOKEN = 4;

/** Estimated tokens of `text`: its UTF-8 bytes ÷ {@link BYTES_PER_TOKEN}, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / BYTES_PER_TOKEN);
}

/** The text a block puts before the model (tool calls as their name and JSON input). */
export function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'tool_use':
      return `${block.name} ${JSON.stringify(block.input)}`;
    case 'tool_result':
      return block.content;
  }
}

/** Estimated tokens of one message, plus a few for its framing. */
export function messageTokens(message: AgentMessage): number {
  return message.content.reduce((sum, block) => sum + estimateTokens(blockText(block)) + 4, 4);
}

export function messagesTokens(messages: readonly AgentMessage[]): number {
  return messages.reduce((sum, message) => sum + messageTokens(message), 0);
}

/** Estimated tokens of the tool definitions as they are sent. */
export function toolsTokens(tools: readonly ToolSpec[]): number {
  return tools.length === 0 ? 0 : estimateTokens(JSON.stringify(tools));
}
