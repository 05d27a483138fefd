import { createHash } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { canonicalJson } from '../ledger/canonical-json.js';
import {
  type RedactionCounts,
  type Redactor,
  type SecretScan,
  secretRedactor,
  tallyingRedactor,
} from '../process/redact.js';

/** What replaces the value of a declared secret argument (`secret_args`). */
export const SECRET_ARG = '[REDACTED:secret_arg]';
/** The most text of one result the model is shown; the blob keeps all of it. */
export const MCP_RESULT_MAX_CHARS = 256 * 1024;

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The run's redactor plus a server's own secrets (its `env_headers` values, whatever their variable
 * is called): what a server returns is scanned for both before it is journaled or shown.
 */
export function withSecrets(redact: Redactor, secrets: readonly string[]): Redactor {
  if (secrets.length === 0) return redact;
  const extra = secretRedactor({}, secrets);
  const scan = (text: string): SecretScan => {
    const first = redact.scan ? redact.scan(text) : { text: redact(text), counts: {} };
    const second = extra.scan?.(first.text) ?? { text: extra(first.text), counts: {} };
    const counts: RedactionCounts = { ...first.counts };
    for (const [kind, n] of Object.entries(second.counts)) counts[kind] = (counts[kind] ?? 0) + n;
    return { text: second.text, counts };
  };
  const combined = ((text: string) => scan(text).text) as Redactor;
  combined.scan = scan;
  return combined;
}

/**
 * A JSON value with declared secrets removed: the value of every key named in `secretKeys` (at any
 * depth, case-insensitive) becomes {@link SECRET_ARG}, and every string passes the redactor (run
 * secrets, credential formats). Returns the copy and what was removed, by kind.
 */
export function redactJson(
  value: unknown,
  secretKeys: readonly string[],
  redact: Redactor,
): { value: unknown; counts: RedactionCounts } {
  const names = new Set(secretKeys.map((key) => key.toLowerCase()));
  const tally = tallyingRedactor(redact);
  let declared = 0;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return tally.redact(node);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(node)) {
        if (names.has(key.toLowerCase()) && item !== undefined) {
          declared++;
          out[key] = SECRET_ARG;
        } else out[key] = walk(item);
      }
      return out;
    }
    return node;
  };
  const redacted = walk(value);
  const counts = tally.counts();
  if (declared > 0) counts.secret_arg = declared;
  return { value: JSON.parse(JSON.stringify(redacted ?? null)), counts };
}

/** sha256 hex of the canonical JSON (RFC 8785) of `value`. */
export function jsonSha256(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

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
