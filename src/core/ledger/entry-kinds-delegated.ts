/**
 * The entry kinds of a delegated CLI that works through Truss's tools (`[executor] tools = "truss"`,
 * docs/mcp.md "Journaled tools for delegated agents") for the catalogue (entry-kinds.ts): the start
 * of the delegated run and each call the CLI made. `delegated_result` (entry-kinds.ts) adds `tools`.
 */
import { counts, flag, hex32, index, json, num, opt, text, toolOutcome } from './entry-shapes.js';
import { array, looseObject, maybe, nullable, object, oneOf } from './payload-shape.js';

/** What a `tools = "truss"` `delegated_result` says of its attempt's calls (DelegatedToolsCheck reads it). */
export const DelegatedToolsSchema = object({
  server: text,
  vendor: opt(text),
  calls: index,
  /** The seq of the attempt's first `delegated_tool_call`; null when it made none. */
  first_seq: nullable(index),
});

export const DELEGATED_TOOL_KINDS = {
  /** The git snapshot the work is diffed against and the tools the CLI was offered. */
  delegated_started: looseObject({
    command: text,
    tools: oneOf(['truss']),
    offered: array(text),
    git: maybe(object({ head_before: nullable(text), tree_before: text })),
    git_error: opt(text),
  }),
  /** One call the CLI made through Truss's tool server, refused ones included. */
  delegated_tool_call: looseObject({
    /** 1, 2, … within one start of the CLI. */
    call: index,
    name: text,
    /** The arguments after the secret scan; absent (a blob by `input_sha256`) when larger than 32 KiB. */
    input: opt(json),
    input_bytes: opt(num),
    input_sha256: hex32,
    input_redactions: opt(counts),
    refused: opt(flag),
    /** A gated call: `pending` stopped the CLI and suspended the run, `released` ran on an approval. */
    approval: opt(oneOf(['pending', 'released'])),
    ...toolOutcome,
  }),
};
