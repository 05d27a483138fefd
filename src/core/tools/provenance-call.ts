import type { LedgerEntry } from '../ledger/entry.js';
import { type Redactor, redactionField } from '../process/redact.js';
import { type DurableSession, plain } from '../runtime/durable.js';
import { CancelledError } from '../runtime/durable-errors.js';
import { type CallMemo, callMemoOf, jsonBlob, jsonSha256, redactJson, withSecrets } from './journal-json.js';
import type { Tool, ToolContext, ToolOutcome } from './tool.js';
import { ToolInputError } from './tool-kit.js';

/** The signed entry kinds of tools that read the outside world through the harness (docs/tools.md). */
export type ProvenanceKind = 'github_tool_call' | 'web_tool_call';

/** What a live call observed: the body kept as a blob, summary fields for the entry, the error flag. */
export interface ProvenanceAnswer {
  body: unknown;
  /** Small facts about the observation for the entry itself (status, final URL); redacted like the body. */
  fields?: Record<string, unknown>;
  /** The observation is an error the model should see as one (an HTTP error status). */
  isError?: boolean;
}

/** A call the policy refuses before anything leaves the harness: journaled with `refused: true`. */
export class ToolRefusal extends Error {
  override readonly name = 'ToolRefusal';
}

/** How a provenance tool parses, performs and shows one call; the journaling is {@link callProvenanceTool}'s. */
export interface ProvenanceSpec {
  kind: ProvenanceKind;
  /**
   * The model's input as it is hashed, journaled and called with (normalised, defaults applied);
   * `reuse`: a live call may answer from an earlier observation of the same input in this run
   * (web_fetch without `revalidate`). Throws ToolInputError or ToolRefusal.
   */
  parse(input: Record<string, unknown>): { input: Record<string, unknown>; reuse?: boolean };
  /** The call itself, made by the harness. Throws ToolRefusal when the policy says no. */
  live(input: Record<string, unknown>, context: ToolContext): Promise<ProvenanceAnswer>;
  /** The text the model reads for a kept body. */
  render(body: unknown): string;
  /** Secret values only this tool knows (the web_search key): scanned out of what it keeps. */
  secrets?: readonly string[];
}

/** A tool each of whose calls is one signed, memoised entry of its own kind (docs/tools.md). */
export interface ProvenanceTool extends Tool {
  readonly provenance: ProvenanceSpec;
}

export function isProvenanceTool(tool: Tool | undefined): tool is ProvenanceTool {
  return tool !== undefined && 'provenance' in tool;
}

/** `Tool.run` of a provenance tool: it runs only as a journaled call, never unrecorded. */
export async function journaledOnly(name: string): Promise<ToolOutcome> {
  return {
    content: `${name} refused: it runs only as a journaled call of the in-loop executor`,
    isError: true,
  };
}

/** Fields of a call entry that describe the call rather than the observation (not copied on reuse). */
const CALL_FIELDS = new Set([
  'call_id',
  'name',
  'input',
  'input_sha256',
  'input_redactions',
  'revalidate',
  'memo_key',
  'reused_seq',
]);

/** The last successful observation per session, tool and input hash: what a reusing call answers from. */
const observations = new WeakMap<DurableSession, Map<string, LedgerEntry>>();

export interface ProvenanceCallOptions {
  session: DurableSession;
  tool: ProvenanceTool;
  callId: string;
  input: Record<string, unknown>;
  context: ToolContext;
  redact: Redactor;
}

/**
 * One call of a provenance tool as one signed `<kind> {call_id, name, input, input_sha256,
 * result_sha256, result_bytes, is_error, error, memo_key, …}` entry, memoised in the same append;
 * the redacted result is a blob. On resume the memo answers (after it is checked against the signed
 * entry) and nothing is fetched again; a memo without matching signed provenance is refused
 * (MemoTamperError). A refused or invalid call is journaled too (`refused: true`), and so is a
 * failed one. A reusing call (web_fetch without `revalidate`) whose input this run already observed
 * records `reused_seq` and the same result hash instead of fetching again.
 */
export async function callProvenanceTool(options: ProvenanceCallOptions): Promise<ToolOutcome> {
  const { session, tool, context } = options;
  const spec = tool.provenance;
  const redact = withSecrets(options.redact, spec.secrets ?? []);
  let parsed: { input: Record<string, unknown>; reuse?: boolean } | null = null;
  let refusal: string | null = null;
  try {
    parsed = spec.parse(options.input);
  } catch (error) {
    if (!(error instanceof ToolInputError || error instanceof ToolRefusal)) throw error;
    refusal = error.message;
  }
  const hashed = redactJson(parsed?.input ?? options.input, [], redact);
  const inputSha256 = jsonSha256(hashed.value);
  const base = plain({
    call_id: options.callId,
    name: tool.name,
    input: hashed.value as Record<string, unknown>,
    input_sha256: inputSha256,
    ...(Object.keys(hashed.counts).length > 0 ? { input_redactions: hashed.counts } : {}),
    ...(parsed?.reuse === false ? { revalidate: true } : {}),
  });
  const seen = observations.get(session) ?? new Map<string, LedgerEntry>();
  observations.set(session, seen);
  const observationKey = `${tool.name}\0${inputSha256}`;

  const { memo, entry } = await session.memoized(spec.kind, tool.name, {
    check: (recorded) =>
      recorded.payload.input_sha256 === inputSha256
        ? null
        : `input hashing to ${inputSha256.slice(0, 12)}…, recorded ${String(recorded.payload.input_sha256).slice(0, 12)}…`,
    memoOf: callMemoOf,
    execute: async (memoKey) => {
      const head = { ...base, memo_key: memoKey };
      const failed = (error: string, refused: boolean) => {
        const payload = {
          ...head,
          ...(refused ? { refused: true } : {}),
          result_sha256: null,
          is_error: true,
          error: redact(error),
        };
        return { payload, memo: callMemoOf({ payload }) };
      };
      if (refusal !== null || parsed === null) return failed(refusal ?? `${tool.name}: invalid input`, true);
      const earlier = parsed.reuse ? seen.get(observationKey) : undefined;
      if (earlier) {
        // What the earlier call observed (its result and summary fields), not how it was called.
        const observed = Object.fromEntries(
          Object.entries(earlier.payload).filter(([key]) => !CALL_FIELDS.has(key)),
        ) as Record<string, unknown> & CallMemo;
        const payload = {
          ...head,
          reused_seq: Number(earlier.payload.reused_seq ?? earlier.seq),
          ...observed,
        };
        return { payload, memo: callMemoOf({ payload }) };
      }
      let answer: ProvenanceAnswer;
      try {
        answer = await spec.live(parsed.input, context);
      } catch (error) {
        if (context.ctx.signal.aborted) throw new CancelledError();
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof ToolRefusal) return failed(message, true);
        return failed(`${tool.name} failed: ${message}`, false);
      }
      if (context.ctx.signal.aborted) throw new CancelledError();
      const body = jsonBlob(answer.body, redact);
      const payload = {
        ...head,
        ...(answer.fields ? (redactJson(answer.fields, [], redact).value as Record<string, unknown>) : {}),
        result_sha256: body.sha256,
        result_bytes: body.bytes.length,
        is_error: answer.isError === true,
        error: null,
        ...redactionField(body.counts),
      };
      return { payload, memo: callMemoOf({ payload }), blobs: [body.bytes] };
    },
  });
  const recorded = memo as CallMemo;
  if (recorded.error === null && recorded.result_sha256 !== null) seen.set(observationKey, entry);
  return outcomeOf(session, tool, entry, recorded);
}

/** What the model reads for a recorded call: its error, or the kept body read back from its blob. */
function outcomeOf(
  session: DurableSession,
  tool: ProvenanceTool,
  entry: LedgerEntry,
  memo: CallMemo,
): ToolOutcome {
  const data = { seq: entry.seq, result_sha256: memo.result_sha256 };
  if (memo.error !== null || memo.result_sha256 === null) {
    return { content: memo.error ?? `${tool.name} failed`, isError: true, data };
  }
  const blob = session.store.blob(memo.result_sha256);
  if (!blob?.bytes) {
    return {
      content: `[${tool.name} result ${memo.result_sha256} is no longer available (shredded)]`,
      isError: memo.is_error,
      data,
    };
  }
  const body = JSON.parse(blob.bytes.toString('utf8')) as unknown;
  return { content: tool.provenance.render(body), isError: memo.is_error, data };
}
