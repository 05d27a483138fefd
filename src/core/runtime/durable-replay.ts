import type { LedgerEntry } from '../ledger/entry.js';
import { type AwaitSpec, describeAwait, NonDeterminismError } from './durable-errors.js';

/** What one orchestration step writes: a payload and the large outputs its hashes refer to. */
export interface Step {
  payload: Record<string, unknown>;
  blobs?: Uint8Array[];
}

/**
 * Details a recorded entry must match beyond kind and name (e.g. a model request digest); returns
 * what differs, or null when it matches.
 */
export type ReplayCheck = (recorded: LedgerEntry) => string | null;

/**
 * The name an entry is matched by on replay, besides its kind: the tool, the provider/model, the
 * clause and seat, the signal. Kinds not listed match by kind alone.
 */
function activityName(entry: { kind: string; payload: Record<string, unknown> }): string {
  const p = entry.payload;
  switch (entry.kind) {
    case 'model_result':
      return `${String(p.provider)}/${String(p.model)}`;
    case 'tool_result':
    case 'git_tool_call':
    case 'effect_tool_call':
    case 'mcp_tool_call':
    case 'mcp_tool_pending':
    case 'github_tool_call':
    case 'web_tool_call':
    case 'changes_published':
      return String(p.name);
    case 'mcp_tools_listed':
      return String(p.server);
    case 'check_result':
    case 'review_evidence':
      return `clause ${String(p.clause)}`;
    case 'review_vote':
      return `clause ${String(p.clause)} seat ${String(p.seat)}`;
    case 'signal_received':
      return String(p.name);
    case 'suspended':
      return p.await && typeof p.await === 'object' ? describeAwait(p.await as AwaitSpec) : '';
    case 'delegated_result':
      return String(p.command ?? '');
    case 'checks_workspace':
      return String(p.checkout ?? '');
    case 'checks_setup':
      return String(p.run ?? '');
    case 'self_validation':
      return `clause ${String(p.clause)}`;
    default:
      return '';
  }
}

/** A JSON copy without `undefined` members (canonical JSON refuses them). */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function describe(kind: string, name: string): string {
  return name ? `${kind} "${name}"` : kind;
}

/**
 * The replay position of a durable session over its recorded activities (every entry but the
 * annotations, in seq order): a resumed run must request them in the recorded order, by kind and
 * name, or the cursor refuses with a NonDeterminismError naming the seq.
 */
export class ReplayCursor {
  readonly #recorded: LedgerEntry[];
  #cursor = 0;

  constructor(recorded: LedgerEntry[]) {
    this.#recorded = recorded;
  }

  /** True while recorded activities remain to be replayed. */
  get replaying(): boolean {
    return this.#cursor < this.#recorded.length;
  }

  /** The recorded activities (read-only view). */
  get recorded(): readonly LedgerEntry[] {
    return this.#recorded;
  }

  /** How many recorded activities have been replayed so far. */
  get cursor(): number {
    return this.#cursor;
  }

  /** How many recorded activities remain to be replayed. */
  get remaining(): number {
    return this.#recorded.length - this.#cursor;
  }

  /** The next recorded activity, without consuming it. */
  peek(): LedgerEntry | undefined {
    return this.#recorded[this.#cursor];
  }

  /**
   * Consumes the recorded entry at the cursor if one remains: it must have `kind` and `name`
   * (and pass `check`), else NonDeterminismError naming its seq. Undefined past the frontier.
   */
  take(kind: string, name: string, check?: ReplayCheck): LedgerEntry | undefined {
    const entry = this.#recorded[this.#cursor];
    if (!entry) return undefined;
    const found = activityName(entry);
    if (entry.kind !== kind || found !== name) {
      throw new NonDeterminismError(entry.seq, describe(kind, name), describe(entry.kind, found));
    }
    const difference = check?.(entry);
    if (difference) {
      throw new NonDeterminismError(entry.seq, `${describe(kind, name)} (${difference})`, 'another one');
    }
    this.#cursor++;
    return entry;
  }
}
