import { tryReadEntry } from './entry-kinds.js';

/**
 * What a verifier can check about a delegated CLI's journaled tool calls (docs/mcp.md "Journaled
 * tools for delegated agents"): every `delegated_tool_call` lies between a `delegated_started` and
 * the `delegated_result` that ends it, and a `delegated_result` that counts its attempt's calls
 * (`tools.calls`, `tools.first_seq`) is borne out by the entries: calls numbered 1…n from that seq.
 * Both kinds are read through the catalogue (entry-kinds-delegated.ts); the report page bundles this.
 */
export class DelegatedToolsCheck {
  /** Whether a `delegated_started` is open (no `delegated_result` yet). */
  #open = false;
  /** The calls since it opened: seq and call number. */
  #calls: Array<{ seq: number; call: number }> = [];

  /** Looks at one entry in chain order; says why it is inconsistent, if it is. */
  observe(entry: { seq: number; kind: string; payload: unknown }, fail: (why: string) => void): void {
    const why = this.#check(entry);
    if (why) fail(why);
  }

  #check(entry: { seq: number; kind: string; payload: unknown }): string | null {
    const { seq, kind } = entry;
    if (kind === 'delegated_started') {
      this.#open = true;
      this.#calls = [];
      return null;
    }
    if (kind === 'delegated_tool_call') {
      const read = tryReadEntry(entry, 'delegated_tool_call');
      if ('error' in read) return `seq ${seq}: ${read.error}`;
      if (!this.#open)
        return `seq ${seq}: delegated_tool_call outside a delegated run (no delegated_started before it)`;
      this.#calls.push({ seq, call: read.payload.call });
      return null;
    }
    if (kind !== 'delegated_result') return null;
    const open = this.#open;
    const calls = this.#calls;
    this.#open = false;
    this.#calls = [];
    const read = tryReadEntry(entry, 'delegated_result');
    if ('error' in read) return `seq ${seq}: ${read.error}`;
    const tools = read.payload.tools;
    if (tools === undefined) {
      return calls.length > 0
        ? `seq ${seq}: delegated_result does not account for the tool calls before it`
        : null;
    }
    if (!open) return `seq ${seq}: delegated_result counts tool calls but no delegated_started opened them`;
    const first = tools.first_seq;
    const attempt = tools.calls === 0 || first === null ? [] : calls.filter((c) => c.seq >= first);
    if (tools.calls > 0 && attempt[0]?.seq !== first) {
      return `seq ${seq}: delegated_result tools.first_seq ${String(first)} is not a tool call of this run`;
    }
    if (attempt.length !== tools.calls || attempt.some((c, i) => c.call !== i + 1)) {
      return `seq ${seq}: delegated_result counts ${tools.calls} tool calls, but the entries from seq ${String(first)} record ${attempt.length} (numbered ${attempt.map((c) => c.call).join(', ') || 'none'})`;
    }
    return null;
  }
}
