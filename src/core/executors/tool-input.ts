import type { LedgerEntry } from '../ledger/entry.js';
import {
  holdsRedactionMark,
  holdsRunSecretMark,
  isRunSecretKind,
  type RedactionCounts,
} from '../process/redact.js';
import type { ContentBlock } from '../providers/provider.js';
import type { DurableSession } from '../runtime/durable.js';

type ToolUse = Extract<ContentBlock, { type: 'tool_use' }>;

/**
 * What the secret scan did to a tool call's input in its journaled `model_result`, judged from the
 * journal alone (the entry's `redactions` and the marks in the input) so that a replay decides
 * exactly as the live run did: `none`, `run_secret` (a value this run holds: a key, a token, the
 * provider API key) or `shape` (text shaped like a credential, which may be public).
 */
export type InputScan = 'none' | 'run_secret' | 'shape';

/** How the in-loop executor treats one tool call's input (docs/security.md "The secret scan"). */
export type ToolInputPlan = { run: Record<string, unknown>; scan: InputScan } | { refuse: string };

export interface ToolInputOptions {
  use: ToolUse;
  /** The input as the model sent it; undefined when the answer was replayed from the journal. */
  sent: Record<string, unknown> | undefined;
  /** The journaled `model_result` the call came in. */
  modelResult: LedgerEntry;
  session: DurableSession;
  /** Whether an approval gate stands before this tool. */
  gated: boolean;
}

/** The scan's effect on `use.input`, read from the journal (see {@link InputScan}). */
export function inputScanOf(use: ToolUse, modelResult: LedgerEntry): InputScan {
  const counts = (modelResult.payload as { redactions?: RedactionCounts }).redactions;
  return scannedInput(counts, JSON.stringify(use.input));
}

/**
 * The scan's effect on one redacted input (its JSON), given what the scan removed from the text it
 * came in: the counts can cover more than this input (a `model_result` holds several calls and the
 * model's text), so only the marks in the input itself say what happened to it.
 */
export function scannedInput(counts: RedactionCounts | undefined, json: string): InputScan {
  if (!counts || Object.keys(counts).length === 0) return 'none';
  if (Object.keys(counts).some(isRunSecretKind) && holdsRunSecretMark(json)) return 'run_secret';
  return holdsRedactionMark(json) ? 'shape' : 'none';
}

/**
 * Why a call whose input the scan changed is refused wherever it came from — the in-loop agent's
 * model or a delegated CLI through Truss's tool server (docs/security.md "The secret scan") — as the
 * text the model reads; undefined when it may run. A value this run holds must reach neither the
 * work nor the ledger, gated or not; a gated call would put redacted text, not what runs, before
 * the approver.
 */
export function scannedInputRefusal(name: string, scan: InputScan, gated: boolean): string | undefined {
  if (scan === 'run_secret') {
    return (
      `${name} was not run: its input holds a secret this run holds (a signing key, a token or the ` +
      'provider API key; the ledger shows [REDACTED] in its place). Credentials never go into the work: ' +
      'leave the value out, or read it at run time from the environment of the code that needs it'
    );
  }
  if (scan === 'shape' && gated) {
    return (
      `${name} was not run: it is behind an approval gate, and its input holds text shaped like a ` +
      'credential (the ledger shows [REDACTED:…] in its place), so an approver would approve text that is ' +
      'not what would run. Produce that text another way (generate it with a command), or take the tool ' +
      'out of [approval_gates] high_risk_tools'
    );
  }
  return undefined;
}

/** Why a call the scan changed was not run after a resume: the message for the model (and the journal). */
export function resumedRefusal(name: string): string {
  return (
    `${name} was not run: the run was resumed after the model sent this call and before it ran, and its ` +
    'input held text the secret scan keeps out of the ledger, so only the redacted input was kept. ' +
    'Running that would write the scan marks into the work: send the call again'
  );
}

/**
 * Decides what a tool call runs with. Tools run with exactly what the model sent; only what is
 * written down is redacted. Three cases cannot do that, and are refused (an error tool_result the
 * model reads) rather than run on the scan's marks:
 * - the input holds a value this run holds: it must reach neither the work nor the ledger;
 * - the tool is behind an approval gate: the approver would approve the redacted text, and the
 *   resume that follows the approval has only that text;
 * - the answer was replayed (a resume) and the call had not run yet: what the model sent is gone.
 *   A call that had run replays its recorded result instead, so nothing runs twice or differently.
 */
export function toolInputPlan(options: ToolInputOptions): ToolInputPlan {
  const { use, sent, session } = options;
  const scan = inputScanOf(use, options.modelResult);
  if (scan === 'none') return { run: sent ?? use.input, scan };
  const refusal = scannedInputRefusal(use.name, scan, options.gated);
  if (refusal) return { refuse: refusal };
  if (sent) return { run: sent, scan };
  if (!session.replaying || nextIsRefusalOf(session, use.id)) return { refuse: resumedRefusal(use.name) };
  return { run: use.input, scan };
}

/** Whether the next recorded entry is the refusal of call `callId` (a replay of one made live). */
function nextIsRefusalOf(session: DurableSession, callId: string): boolean {
  const next = session.peek();
  const payload = next?.payload as { call_id?: unknown; refused?: unknown } | undefined;
  return next?.kind === 'tool_result' && payload?.call_id === callId && payload.refused === true;
}
