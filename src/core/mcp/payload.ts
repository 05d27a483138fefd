import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export { jsonSha256, redactJson, SECRET_ARG, sha256Hex, withSecrets } from '../tools/journal-json.js';

/** The most text of one result the model is shown; the blob keeps all of it. */
export const MCP_RESULT_MAX_CHARS = 256 * 1024;

/**
 * The text the model reads for a tool result: text blocks as they are, other blocks described (an
 * image or audio by type and size, a resource by URI), `structuredContent` as JSON when nothing
 * else was said. Cut at {@link MCP_RESULT_MAX_CHARS}.
 */
export function resultText(result: CallToolResult): string {
  const parts: string[] = [];
  for (const block of result.content ?? []) {
    switch (block.type) {
      case 'text':
        parts.push(block.text);
        break;
      case 'image':
      case 'audio':
        parts.push(`[${block.type} ${block.mimeType}, ${block.data.length} base64 characters]`);
        break;
      case 'resource_link':
        parts.push(`[resource link ${block.uri}${block.name ? ` (${block.name})` : ''}]`);
        break;
      case 'resource': {
        const resource = block.resource as { uri: string; text?: string; mimeType?: string };
        parts.push(
          typeof resource.text === 'string'
            ? resource.text
            : `[resource ${resource.uri}${resource.mimeType ? ` ${resource.mimeType}` : ''}]`,
        );
        break;
      }
      default:
        parts.push(`[${String((block as { type?: unknown }).type)} content]`);
    }
  }
  if (parts.length === 0 && result.structuredContent !== undefined) {
    parts.push(JSON.stringify(result.structuredContent));
  }
  const text = parts.join('\n');
  if (text.length <= MCP_RESULT_MAX_CHARS) return text;
  return `${text.slice(0, MCP_RESULT_MAX_CHARS)}\n[result truncated: showing ${MCP_RESULT_MAX_CHARS} of ${text.length} characters]`;
}
