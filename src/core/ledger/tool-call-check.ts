import { canonicalJson } from './canonical-json.js';
import { bytesToHex, utf8Bytes } from './encoding.js';
import { tryReadEntry } from './entry-kinds.js';

/** The harness's own outside-world tool calls (docs/tools.md): what {@link ToolCallChecker} checks. */
export const PROVENANCE_CALL_KINDS: ReadonlySet<string> = new Set(['github_tool_call', 'web_tool_call']);

interface Observation {
  kind: string;
  name: string;
  input_sha256: string;
  result_sha256: string;
}

/**
 * What a verifier can check of `github_tool_call` and `web_tool_call` entries without the outside
 * world (docs/ledger.md "Verification results"): the payload fits its kind (entry-kinds-tools.ts),
 * the journaled input hashes to `input_sha256`, a completed call names the sha256 of its result,
 * and a call that reused an earlier observation (`reused_seq`) points at an earlier completed call
 * of the same tool with the same input and result. The result body itself is a blob; readers check
 * it against `result_sha256`.
 */
export class ToolCallChecker {
  readonly #observed = new Map<number, Observation>();

  constructor(private readonly sha256: (data: Uint8Array) => Uint8Array) {}

  /** Null for other kinds and for a call that holds together, else why not (a `bad_tool_call` at its seq). */
  check(entry: { seq: number; kind: string; payload: unknown }): string | null {
    if (!PROVENANCE_CALL_KINDS.has(entry.kind)) return null;
    const kind = entry.kind === 'github_tool_call' ? 'github_tool_call' : 'web_tool_call';
    const read = tryReadEntry(entry, kind);
    if ('error' in read) return `seq ${entry.seq}: ${read.error}`;
    const p = read.payload;
    const what = `seq ${entry.seq}: ${kind}`;
    if (bytesToHex(this.sha256(utf8Bytes(canonicalJson(p.input)))) !== p.input_sha256)
      return `${what} input does not hash to its input_sha256`;
    const completed = p.error === null;
    if (completed && p.result_sha256 === null) return `${what} completed without a result_sha256`;
    if (p.reused_seq !== undefined) {
      const earlier = this.#observed.get(p.reused_seq);
      if (
        !earlier ||
        earlier.kind !== kind ||
        earlier.name !== p.name ||
        earlier.input_sha256 !== p.input_sha256 ||
        earlier.result_sha256 !== p.result_sha256
      ) {
        return `${what} reuses seq ${p.reused_seq}, which is not an earlier ${p.name} call with the same input and result`;
      }
    } else if (completed && p.result_sha256 !== null) {
      this.#observed.set(entry.seq, {
        kind,
        name: p.name,
        input_sha256: p.input_sha256,
        result_sha256: p.result_sha256,
      });
    }
    return null;
  }
}
