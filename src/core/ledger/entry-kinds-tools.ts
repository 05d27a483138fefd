/**
 * The entry kinds of the harness's GitHub and web tools (docs/tools.md) for the catalogue
 * (entry-kinds.ts): one memoised call each, its result a blob named by `result_sha256`. What the
 * chain verifier checks of them beyond their shape is in tool-call-check.ts.
 */
import { counts, flag, hex32, index, json, num, opt, text } from './entry-shapes.js';
import { looseObject, maybe, nullable } from './payload-shape.js';

/** A call's identity, observation and memo as both kinds record them (src/core/tools/provenance-call.ts). */
export const toolCallFields = {
  call_id: opt(text),
  name: text,
  /** The input as parsed (defaults applied), secret-scanned; `input_sha256` is of its canonical JSON. */
  input: json,
  input_sha256: hex32,
  input_redactions: opt(counts),
  /** The model asked to observe again instead of reusing an earlier observation. */
  revalidate: opt(flag),
  memo_key: text,
  /** The earlier call whose observation this one reused (nothing was fetched). */
  reused_seq: opt(index),
  refused: opt(flag),
  result_sha256: nullable(hex32),
  result_bytes: opt(num),
  is_error: flag,
  error: nullable(text),
  redactions: opt(counts),
};

export const TOOL_CALL_KINDS = {
  /** A read of GitHub through the host's client (github_pr_view, …). */
  github_tool_call: looseObject({
    ...toolCallFields,
    repository: maybe(text),
    number: opt(num),
    head_sha: opt(text),
    ref: opt(text),
  }),
  /** A web_fetch or web_search made by the harness under the network policy. */
  web_tool_call: looseObject({
    ...toolCallFields,
    final_url: opt(text),
    status: opt(num),
    content_type: maybe(text),
    raw_sha256: opt(hex32),
    bytes: opt(num),
    truncated: opt(flag),
    provider: opt(text),
    results: opt(num),
  }),
};
