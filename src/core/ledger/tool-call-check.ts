import { canonicalJson } from './canonical-json.js';
import { bytesToHex, utf8Bytes } from './encoding.js';

/** The harness's own outside-world tool calls (docs/tools.md): what {@link ToolCallChecker} checks. */
export const PROVENANCE_CALL_KINDS: ReadonlySet<string> = new Set(['github_tool_call', 'web_tool_call']);

const SHA256_HEX = /^[0-9a-f]{64}$/;

interface Observation {
  kind: string;
  name: string;
  input_sha256: string;
  result_sha256: string;
}

/**
 * What a verifier can check of `github_tool_call` and `web_tool_call` entries without the outside
 * world (docs/ledger.md "Verification results"): the journaled input hashes to `input_sha256`, a
 * completed call names the sha256 of its result, and a call that reused an earlier observation
 * (`reused_seq`) points at an earlier completed call of the same tool with the same input and
 * result. The result body itself is a blob; readers check it against `result_sha256`.
 */
export class ToolCallChecker {
  readonly #observed = new Map<number, Observation>();

  constructor(private readonly sha256: (data: Uint8Array) => Uint8Array) {}

  /** Null when the entry holds together, else why not (for a `bad_tool_call` failure at `seq`). */
  check(seq: number, kind: string, p: Record<string, unknown>): string | null {
    const what = `seq ${seq}: ${kind}`;
    if (typeof p.name !== 'string' || p.name === '') return `${what} names no tool`;
    if (typeof p.input_sha256 !== 'string' || !SHA256_HEX.test(p.input_sha256))
      return `${what} input_sha256 is not a sha256`;
    // The payload as a whole was canonicalised to be verified, so its input is canonical JSON too.
    if (
      p.input !== undefined &&
      bytesToHex(this.sha256(utf8Bytes(canonicalJson(p.input)))) !== p.input_sha256
    )
      return `${what} input does not hash to its input_sha256`;
    const completed = p.error === null;
    if (completed) {
      if (typeof p.result_sha256 !== 'string' || !SHA256_HEX.test(p.result_sha256))
        return `${what} completed without a result_sha256`;
    } else if (typeof p.error !== 'string') return `${what} error is neither null nor a message`;
    if (p.reused_seq !== undefined) {
      const earlier = typeof p.reused_seq === 'number' ? this.#observed.get(p.reused_seq) : undefined;
      if (
        !earlier ||
        earlier.kind !== kind ||
        earlier.name !== p.name ||
        earlier.input_sha256 !== p.input_sha256 ||
        earlier.result_sha256 !== p.result_sha256
      ) {
        return `${what} reuses seq ${String(p.reused_seq)}, which is not an earlier ${p.name} call with the same input and result`;
      }
    } else if (completed) {
      this.#observed.set(seq, {
        kind,
        name: p.name,
        input_sha256: p.input_sha256,
        result_sha256: p.result_sha256 as string,
      });
    }
    return null;
  }
}
