/**
 * The entry kinds of the MCP client (docs/mcp.md) for the catalogue (entry-kinds.ts): a server's
 * listing, a memoised call and a pending call waiting for its result.
 */
import { counts, flag, hex32, index, json, num, opt, text } from './entry-shapes.js';
import { array, looseObject, nullable, object } from './payload-shape.js';

/** An MCP call's identity as `mcp_tool_call` and `mcp_tool_pending` record it (src/core/mcp/mount.ts). */
export const mcpCallFields = {
  call_id: opt(text),
  name: text,
  transport: opt(text),
  server: text,
  tool: text,
  /** Of the arguments after the server's `secret_args` and every run secret were redacted. */
  args_sha256: hex32,
  args_redactions: opt(counts),
};

/** An MCP result as journaled: the redacted canonical JSON is a blob, this is its hash and size. */
export const mcpResultFields = {
  result_sha256: hex32,
  result_bytes: num,
  is_error: flag,
  redactions: opt(counts),
};

/** A tool an MCP server offered, as mounted for the agent. */
export const McpListedToolSchema = object({
  name: text,
  tool: text,
  description: opt(text),
  input_schema: opt(json),
});

export const MCP_KINDS = {
  /** The tools one MCP server offered (docs/mcp.md), or why it could not be used. */
  mcp_tools_listed: looseObject({
    server: text,
    transport: opt(text),
    listed: opt(num),
    tools: array(McpListedToolSchema),
    not_mounted: opt(array(object({ name: text, reason: text }))),
    unavailable: opt(text),
    error: opt(text),
  }),
  /** A memoised MCP call: the result is a blob (`result_sha256` null when the call failed). */
  mcp_tool_call: looseObject({
    ...mcpCallFields,
    memo_key: text,
    /** The `mcp_tool_pending` this call completes with a delivered signal. */
    pending_seq: opt(index),
    refused: opt(flag),
    result_sha256: nullable(hex32),
    result_bytes: opt(num),
    is_error: flag,
    redactions: opt(counts),
    error: nullable(text),
  }),
  /** An MCP result marked pending: the run waits for `signal`, whose payload completes the call. */
  mcp_tool_pending: looseObject({ ...mcpCallFields, signal: text, reason: opt(text), ...mcpResultFields }),
};
