/**
 * What a verifier can check about a delegated CLI's journaled tool calls (docs/mcp.md "Journaled
 * tools for delegated agents"): every `delegated_tool_call` lies between a `delegated_started` and
 * the `delegated_result` that ends it, and a `delegated_result` that counts its attempt's calls
 * (`tools.calls`, `tools.first_seq`) is borne out by the entries: calls numbered 1…n from that seq.
 * This file imports nothing, so the report page bundles it too.
 */
export class DelegatedToolsCheck {
  /** Whether a `delegated_started` is open (no `delegated_result` yet). */
  #open = false;
  /** The calls since it opened: seq and call number. */
  #calls: Array<{ seq: number; call: unknown }> = [];

  /** Looks at one entry in chain order; returns why it is inconsistent, or null. */
  observe(seq: number, kind: string, payload: Record<string, unknown>): string | null {
    if (kind === 'delegated_started') {
      this.#open = true;
      this.#calls = [];
      return null;
    }
    if (kind === 'delegated_tool_call') {
      if (!this.#open)
        return `seq ${seq}: delegated_tool_call outside a delegated run (no delegated_started before it)`;
      this.#calls.push({ seq, call: payload.call });
      return null;
    }
    if (kind !== 'delegated_result') return null;
    const open = this.#open;
    const calls = this.#calls;
    this.#open = false;
    this.#calls = [];
    const tools = payload.tools as { calls?: unknown; first_seq?: unknown } | undefined;
    if (tools === undefined) {
      return calls.length > 0
        ? `seq ${seq}: delegated_result does not account for the tool calls before it`
        : null;
    }
    if (!open) return `seq ${seq}: delegated_result counts tool calls but no delegated_started opened them`;
    const count = tools.calls;
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
      return `seq ${seq}: delegated_result tools.calls is not a count`;
    }
    const attempt =
      count === 0 ? [] : calls.filter((c) => typeof tools.first_seq === 'number' && c.seq >= tools.first_seq);
    if (count > 0 && attempt[0]?.seq !== tools.first_seq) {
      return `seq ${seq}: delegated_result tools.first_seq ${String(tools.first_seq)} is not a tool call of this run`;
    }
    if (attempt.length !== count || attempt.some((c, index) => c.call !== index + 1)) {
      return `seq ${seq}: delegated_result counts ${count} tool calls, but the entries from seq ${String(tools.first_seq)} record ${attempt.length} (numbered ${attempt.map((c) => String(c.call)).join(', ') || 'none'})`;
    }
    return null;
  }
}
