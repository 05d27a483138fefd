import { createHash } from 'node:crypto';
import { canonicalJson } from '../ledger/canonical-json.js';
import { journalSafe } from '../ledger/journal-safe.js';
import {
  type RedactionCounts,
  type Redactor,
  type SecretScan,
  secretRedactor,
  tallyingRedactor,
} from '../process/redact.js';
import { plain } from '../runtime/durable.js';

/** What replaces the value of a declared secret argument (an MCP server's `secret_args`). */
export const SECRET_ARG = '[REDACTED:secret_arg]';

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** sha256 hex of the canonical JSON (RFC 8785) of `value`. */
export function jsonSha256(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/**
 * The run's redactor plus secrets only one tool knows (an MCP server's `env_headers` values, the
 * web_search key, whatever their variable is called): what that tool returns is scanned for both
 * before it is journaled or shown.
 */
export function withSecrets(redact: Redactor, secrets: readonly string[]): Redactor {
  if (secrets.length === 0) return redact;
  const extra = secretRedactor({}, secrets);
  const scan = (text: string): SecretScan => {
    const first = redact.scan ? redact.scan(text) : { text: redact(text), counts: {} };
    const second = extra.scan?.(first.text) ?? { text: extra(first.text), counts: {} };
    const counts: RedactionCounts = { ...first.counts };
    for (const [kind, n] of Object.entries(second.counts)) counts[kind] = (counts[kind] ?? 0) + n;
    const sources = [...new Set([...(first.sources ?? []), ...(second.sources ?? [])])].sort();
    return { text: second.text, counts, ...(sources.length > 0 ? { sources } : {}) };
  };
  const combined = ((text: string) => scan(text).text) as Redactor;
  combined.scan = scan;
  return combined;
}

/**
 * A JSON value with declared secrets removed: the value of every key named in `secretKeys` (at any
 * depth, case-insensitive) becomes {@link SECRET_ARG}, and every string — keys as well as values —
 * passes the redactor (run secrets, credential formats). Returns the copy and what was removed, by kind.
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
        // A key is text the caller wrote too: it is scanned like a value.
        const name = tally.redact(key);
        if (names.has(key.toLowerCase()) && item !== undefined) {
          declared++;
          out[name] = SECRET_ARG;
        } else out[name] = walk(item);
      }
      return out;
    }
    return node;
  };
  // What canonical JSON cannot hold is made safe first, or one odd value in a server's answer (a
  // 64-bit id, a lone surrogate) aborted the whole run (docs/mcp.md).
  const redacted = walk(journalSafe(value));
  const counts = tally.counts();
  if (declared > 0) counts.secret_arg = declared;
  return { value: JSON.parse(JSON.stringify(redacted ?? null)), counts };
}

/**
 * A tool result as it is kept: the redacted value's canonical JSON (the blob), its sha256 and size,
 * and what the secret scan removed. The hash in a signed entry names exactly these bytes.
 */
export function jsonBlob(
  value: unknown,
  redact: Redactor,
): { value: unknown; bytes: Uint8Array; sha256: string; counts: RedactionCounts } {
  const body = redactJson(plain(value), [], redact);
  const bytes = Buffer.from(canonicalJson(body.value), 'utf8');
  return { value: body.value, bytes, sha256: sha256Hex(bytes), counts: body.counts };
}

/** What the memo row of a journaled tool call holds: its signed entry's result hash, error flag and error. */
export interface CallMemo {
  result_sha256: string | null;
  is_error: boolean;
  error: string | null;
}

/** The memo row a signed tool-call entry implies (mcp_tool_call, github_tool_call, web_tool_call). */
export function callMemoOf(entry: { payload: CallMemo }): CallMemo {
  const { result_sha256, is_error, error } = entry.payload;
  return { result_sha256, is_error, error };
}
