import type { LedgerEntry } from '../ledger/entry.js';
import { type EntryKind, type EntryOf, type PayloadOf, tryReadEntry } from '../ledger/entry-kinds.js';
import { NonDeterminismError, ResumeRefusedError } from './durable-errors.js';
import { activityName } from './replay-name.js';

/**
 * What one orchestration step writes: a payload of its kind (the catalogue, entry-kinds.ts) and the
 * large outputs its hashes refer to.
 */
export interface Step<K extends EntryKind> {
  payload: PayloadOf<K>;
  blobs?: Uint8Array[];
}

/**
 * Details a recorded entry must match beyond kind and name (e.g. a model request digest); returns
 * what differs, or null when it matches.
 */
export type ReplayCheck<K extends EntryKind = EntryKind> = (recorded: EntryOf<K>) => string | null;

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

  readonly #sessionId: string;

  constructor(sessionId: string, recorded: LedgerEntry[]) {
    this.#sessionId = sessionId;
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
  take<K extends EntryKind>(kind: K, name: string, check?: ReplayCheck<K>): EntryOf<K> | undefined {
    const entry = this.#recorded[this.#cursor];
    if (!entry) return undefined;
    // Replay reads the recorded payload as its kind: one that does not fit is refused, never reused.
    const read = entry.kind === kind ? tryReadEntry(entry, kind) : undefined;
    if (read && 'error' in read) {
      throw new ResumeRefusedError(
        `refusing to replay ${this.#sessionId} at seq ${entry.seq}: ${read.error}`,
      );
    }
    const found = activityName(entry);
    if (!read || found !== name) {
      throw new NonDeterminismError(entry.seq, describe(kind, name), describe(entry.kind, found));
    }
    const recorded = { ...entry, kind, payload: read.payload };
    const difference = check?.(recorded);
    if (difference) {
      throw new NonDeterminismError(entry.seq, `${describe(kind, name)} (${difference})`, 'another one');
    }
    this.#cursor++;
    return recorded;
  }
}
