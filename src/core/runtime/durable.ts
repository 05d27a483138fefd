import { canonicalJson } from '../ledger/canonical-json.js';
import type { LedgerEntry } from '../ledger/entry.js';
import { type EntryKind, type EntryOf, type PayloadOf, readPayload } from '../ledger/entry-kinds.js';
import { LedgerError } from '../ledger/errors.js';
import type { Signer } from '../ledger/keys.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import type { AppendOptions, CheckpointUse, LedgerStore } from '../ledger/store.js';
import type { TrustedKeys } from '../ledger/trusted-keys.js';
import { CheckpointKeeper, type ResumeVerification, verifyRecorded } from './durable-checkpoints.js';
import {
  type ApprovalAwait,
  type AwaitSpec,
  describeAwait,
  MemoTamperError,
  SuspendedError,
} from './durable-errors.js';
import { plain, type ReplayCheck, ReplayCursor, type Step } from './durable-replay.js';
import {
  APPROVAL_SIGNAL,
  approvalWait,
  type ReleaseKind,
  signalWait,
  timerWait,
  type WaitPolicy,
} from './durable-waits.js';

export { CHECKPOINT_INTERVAL, type ResumeVerification } from './durable-checkpoints.js';
export * from './durable-errors.js';
export { plain, type ReplayCheck, type Step } from './durable-replay.js';
export { activityName } from './replay-name.js';

/** The kinds `sideEffect` journals: `{name, input, result, memo_key}` with a tool_memo row. */
export type SideEffectKind = 'git_tool_call' | 'effect_tool_call' | 'changes_published';
/** The kinds `memoized` journals: a provenance entry naming its `memo_key`, with a tool_memo row. */
export type MemoizedKind = SideEffectKind | 'mcp_tool_call' | 'github_tool_call' | 'web_tool_call';
export { APPROVAL_SIGNAL } from './durable-waits.js';

/** The live sources a session reads when not replaying, injected so tests and benches control them. */
export interface DurableSessionOptions {
  /** Wall clock (epoch ms) for live clock reads and timers; injected in tests. */
  clock?: () => number;
  /** Source of live random draws in [0, 1). */
  random?: () => number;
}

/**
 * A durable run over a LedgerStore (docs/runtime.md, the seed's durable-execution design §5–8). Every
 * non-deterministic step after `run_started` is an activity whose outcome is one signed entry. A
 * resumed session replays the journal by position: each requested activity must match the recorded
 * entry's kind and name or a NonDeterminismError names the seq; recorded outcomes are returned
 * without executing anything; past the frontier activities run live and are appended.
 *
 * `human_review` entries are external (appended by reviewers at any time) and are skipped by the
 * replay cursor; approval gates read them directly.
 *
 * Timestamps inside a payload need no clock activity: the entry records them. Use `now()` only
 * for values the orchestration branches on, and never inside a `record`/`activity` builder.
 */
export class DurableSession {
  readonly id: string;
  readonly store: LedgerStore;
  readonly #signer: Signer;
  /** The recorded activities (every entry but human reviews), in seq order, and the replay position in them. */
  readonly #replay: ReplayCursor;
  /** Position of the next activity, counted the same way live and on replay (memo keys use it). */
  #position = 0;
  #lastSeq: number | null = null;
  readonly #clock: () => number;
  readonly #random: () => number;
  /** Signs verified_through checkpoints as this process verifies and appends the chain. */
  readonly #checkpoints: CheckpointKeeper;
  /** What open() did with the checkpoint (`not_used` for a new session or verification `all`). */
  readonly checkpointUse: CheckpointUse;

  private constructor(
    store: LedgerStore,
    signer: Signer,
    id: string,
    recorded: LedgerEntry[],
    options: DurableSessionOptions,
    checkpoints: CheckpointKeeper,
    checkpointUse: CheckpointUse,
  ) {
    this.store = store;
    this.#signer = signer;
    this.id = id;
    this.#replay = new ReplayCursor(id, recorded);
    this.#clock = options.clock ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#checkpoints = checkpoints;
    this.checkpointUse = checkpointUse;
  }

  /** Starts a new session (nothing to replay). */
  static start(
    options: {
      store: LedgerStore;
      signer: Signer;
      codeVersion: string;
      id?: string | undefined;
      model?: string | null;
    } & DurableSessionOptions,
  ): DurableSession {
    const info = options.store.createSession({
      signer: options.signer,
      codeVersion: options.codeVersion,
      ...(options.id ? { id: options.id } : {}),
      ...(options.model !== undefined ? { model: options.model } : {}),
    });
    const checkpoints = CheckpointKeeper.empty(options.store, info.id, options.signer);
    return new DurableSession(options.store, options.signer, info.id, [], options, checkpoints, 'not_used');
  }

  /**
   * Opens a recorded session for replay. The chain is verified first (hashes, links, signatures,
   * head) in the same pass that loads the entries; a session that does not verify, or that is
   * signed by another key than `signer`, is refused before anything runs. `verify` (default `all`)
   * says whether a verified_through checkpoint may spare re-verifying old signatures; a verified
   * chain gets a fresh checkpoint at its head.
   */
  static open(
    options: {
      store: LedgerStore;
      signer: Signer;
      sessionId: string;
      crypto: LedgerCrypto;
      verify?: ResumeVerification;
    } & DurableSessionOptions,
  ): DurableSession {
    const { recorded, keeper, checkpointUse } = verifyRecorded(options);
    return new DurableSession(
      options.store,
      options.signer,
      options.sessionId,
      recorded,
      options,
      keeper,
      checkpointUse,
    );
  }

  /** True while recorded activities remain to be replayed. */
  get replaying(): boolean {
    return this.#replay.replaying;
  }

  /** The recorded activities (read-only view; human reviews excluded). */
  get recorded(): readonly LedgerEntry[] {
    return this.#replay.recorded;
  }

  /** How many recorded activities have been replayed so far. */
  get cursor(): number {
    return this.#replay.cursor;
  }

  /** The next recorded activity, without consuming it. */
  peek(): LedgerEntry | undefined {
    return this.#replay.peek();
  }

  /**
   * The seq of the last entry this session replayed or appended (null before any): where a caller's
   * work so far ends in the journal, e.g. the range a context compaction elides (docs/context.md).
   */
  get lastSeq(): number | null {
    return this.#lastSeq;
  }

  /** Consumes the recorded entry at the cursor (see ReplayCursor.take); undefined past the frontier. */
  #take<K extends EntryKind>(kind: K, name: string, check?: ReplayCheck<K>): EntryOf<K> | undefined {
    const entry = this.#replay.take(kind, name, check);
    if (entry) this.#lastSeq = entry.seq;
    return entry;
  }

  /**
   * Appends a step of `kind`. The payload is checked against its kind first, so this runtime never
   * signs an entry its own readers would refuse.
   */
  #append<K extends EntryKind>(kind: K, payload: PayloadOf<K>, options: AppendOptions = {}): EntryOf<K> {
    const read = readPayload(kind, payload);
    if ('error' in read)
      throw new LedgerError('bad_payload', `refusing to append to ${this.id}: ${read.error}`);
    const entry = { ...this.store.append(this.id, kind, payload, this.#signer, options), kind, payload };
    this.#checkpoints.appended(entry);
    this.#lastSeq = entry.seq;
    return entry;
  }

  /**
   * A deterministic orchestration entry (run_started, verdict, run_completed, …): replayed when
   * recorded, else `build` runs and its step is appended. `deferSync` commits it without its own
   * fsync: only for an entry that a durable commit follows before anything acts on it.
   */
  record<K extends EntryKind>(
    kind: K,
    build: () => Step<K>,
    options: { name?: string; check?: ReplayCheck<K>; deferSync?: boolean } = {},
  ): EntryOf<K> {
    this.#position++;
    const recorded = this.#take(kind, options.name ?? '', options.check);
    if (recorded) return recorded;
    const step = build();
    return this.#append(kind, step.payload, {
      ...(step.blobs ? { blobs: step.blobs } : {}),
      ...(options.deferSync ? { deferSync: true } : {}),
    });
  }

  /**
   * An activity with an outcome (model call, tool call, check, vote): the recorded entry is
   * returned without executing; past the frontier `execute` runs and its step is appended.
   * `deferSync` (read-only tools only, see AppendOptions) commits it without its own fsync.
   */
  async activity<K extends EntryKind>(
    kind: K,
    name: string,
    execute: () => Promise<Step<K>>,
    check?: ReplayCheck<K>,
    options: { deferSync?: boolean } = {},
  ): Promise<{ entry: EntryOf<K>; replayed: boolean }> {
    this.#position++;
    const recorded = this.#take(kind, name, check);
    if (recorded) return { entry: recorded, replayed: true };
    const step = await execute();
    return {
      entry: this.#append(kind, step.payload, {
        ...(step.blobs ? { blobs: step.blobs } : {}),
        ...(options.deferSync ? { deferSync: true } : {}),
      }),
      replayed: false,
    };
  }

  /**
   * The split form of `activity` for steps that finish together (a panel's seats): takes the
   * recorded entry for this position, or returns undefined at the frontier; the caller then runs
   * the missing steps and appends each with `appendLive`, in the same order.
   */
  replayNext<K extends EntryKind>(kind: K, name: string, check?: ReplayCheck<K>): EntryOf<K> | undefined {
    this.#position++;
    return this.#take(kind, name, check);
  }

  /** Appends a live step for a position `replayNext` left unrecorded. */
  appendLive<K extends EntryKind>(kind: K, step: Step<K>): EntryOf<K> {
    if (this.replaying) {
      throw new Error(`appendLive(${kind}) while ${this.#replay.remaining} recorded entries remain`);
    }
    return this.#append(kind, step.payload, step.blobs ? { blobs: step.blobs } : {});
  }

  /**
   * A side-effecting call (git_commit, later PR creation): its signed provenance entry
   * `{name, input, result, memo_key}` and the `tool_memo` row are written in ONE append, so a resume
   * never repeats it. On replay the memo is used only when the signed entry at this position exists
   * and the memo matches it; a memo without signed provenance (or one that differs) is refused.
   */
  async sideEffect(
    kind: SideEffectKind,
    name: string,
    input: Record<string, unknown>,
    execute: () => Promise<Record<string, unknown>>,
  ): Promise<{ result: Record<string, unknown>; entry: EntryOf<SideEffectKind>; replayed: boolean }> {
    const wantInput = canonicalJson(input);
    const { memo, entry, replayed } = await this.memoized(kind, name, {
      check: (recorded) =>
        canonicalJson(recorded.payload.input ?? null) === wantInput ? null : 'with a different input',
      memoOf: (recorded) => recorded.payload.result ?? null,
      execute: async (key) => {
        const result = await execute();
        return { payload: { name, input, result, memo_key: key }, memo: result };
      },
    });
    return { result: memo ?? {}, entry, replayed };
  }

  /**
   * The general form of {@link sideEffect} for calls whose provenance entry has its own shape (an
   * MCP tool call hashes its arguments and keeps its result in a blob): `execute` builds the entry
   * around the memo key it is given and says what the memo row holds; the entry, its blobs and
   * the `tool_memo` row are one append. On replay the recorded entry at this position must match
   * (`check`) and the memo row must exist and equal `memoOf(entry)`, else MemoTamperError.
   */
  async memoized<K extends MemoizedKind, M>(
    kind: K,
    name: string,
    spec: {
      check?: ReplayCheck<K>;
      /** What the memo row of a recorded entry must hold; the memo row is read back as this type. */
      memoOf: (entry: EntryOf<K>) => M;
      execute: (memoKey: string) => Promise<{ payload: PayloadOf<K>; memo: M; blobs?: Uint8Array[] }>;
    },
  ): Promise<{ memo: M; entry: EntryOf<K>; replayed: boolean }> {
    const key = `${name}#${this.#position}`;
    this.#position++;
    const recorded = this.#take(kind, name, spec.check);
    if (recorded) {
      const memoKey = recorded.payload.memo_key;
      const memo = this.store.memo(this.id, memoKey);
      if (!memo) {
        throw new MemoTamperError(
          `refusing to replay ${kind} "${name}" at seq ${recorded.seq}: its tool_memo row ${memoKey} is missing from ${this.store.path}`,
        );
      }
      if (memo.seq !== recorded.seq || canonicalJson(memo.result) !== canonicalJson(spec.memoOf(recorded))) {
        throw new MemoTamperError(
          `refusing to replay ${kind} "${name}" at seq ${recorded.seq}: tool_memo ${memoKey} does not match its signed provenance entry (tampered memo?)`,
        );
      }
      // The stored memo equals memoOf(recorded) as canonical JSON (checked above): it is an M.
      return { memo: spec.memoOf(recorded), entry: recorded, replayed: true };
    }
    const stray = this.store.memo(this.id, key);
    if (stray) {
      throw new MemoTamperError(
        `refusing to trust tool_memo ${key} (seq ${stray.seq}): no signed ${kind} entry records it, so it was not written by this run (tampered memo?)`,
      );
    }
    const step = await spec.execute(key);
    const entry = this.#append(kind, step.payload, {
      memo: { key, result: step.memo },
      ...(step.blobs ? { blobs: step.blobs } : {}),
    });
    return { memo: step.memo, entry, replayed: false };
  }

  /** A journaled clock read (epoch ms): the orchestration may branch on it. */
  now(): number {
    return this.record('clock_read', () => ({ payload: { now: this.#clock() } })).payload.now;
  }

  /** A journaled random draw in [0, 1). */
  random(): number {
    return this.record('random_draw', () => ({ payload: { value: this.#random() } })).payload.value;
  }

  /**
   * Waits for `truss signal SESSION NAME`: a queued signal is consumed into a `signal_received`
   * entry (and marked delivered in the same transaction); with none queued the run suspends.
   * Returns the signal's payload.
   */
  async awaitSignal(name: string, reason: string): Promise<unknown> {
    const entry = this.#await(
      { signal: name },
      reason,
      'signal_received',
      name,
      signalWait(this.store, this.id, name),
    );
    return entry.payload.payload ?? null;
  }

  /** A durable timer: `timer_set`, then suspend until `fireAt`; a resume at or after it appends `timer_fired`. */
  async sleepUntil(fireAt: number, reason: string): Promise<void> {
    const set = this.record('timer_set', () => ({ payload: { fire_at: fireAt } }));
    const due = set.payload.fire_at;
    this.#await({ timer: set.seq }, reason, 'timer_fired', '', timerWait(this.#clock, set.seq, due));
  }

  /**
   * An approval gate (docs/runtime.md "Approval gates"): suspends with `await: {approval}` and is released only by a
   * signed, approved `human_review` appended after the `suspended` entry and attesting it
   * (signed by another key than the session's, which the store enforces). The latest decision
   * counts: rejected / needs_changes keep the run suspended (reported as `blocked`); a later
   * approval releases it. A queued signal never releases a gate. Only reviews signed by one of
   * `approvers` count; with none, nothing releases the gate (the suspension says `noApprovers`).
   */
  async awaitApproval(
    gate: ApprovalAwait,
    reason: string,
    approvers: TrustedKeys,
  ): Promise<EntryOf<'signal_received'>> {
    return this.#await(
      { approval: gate },
      reason,
      'signal_received',
      APPROVAL_SIGNAL,
      approvalWait(this.store, this.id, gate, approvers),
    );
  }

  /**
   * The shared shape of every wait: an optional recorded `suspended` entry, then the release entry.
   * Replay consumes both; live, `release` decides whether the run may go on now.
   */
  #await<R extends ReleaseKind>(
    spec: AwaitSpec,
    reason: string,
    releaseKind: R,
    releaseName: string,
    how: WaitPolicy<R>,
  ): EntryOf<R> {
    this.#position++;
    const awaitName = describeAwait(spec);
    let suspended: LedgerEntry | undefined;
    if (this.peek()?.kind === 'suspended' || (this.peek() && this.peek()?.kind !== releaseKind)) {
      suspended = this.#take('suspended', awaitName);
    }
    const recorded = this.#take(releaseKind, releaseName);
    if (recorded) {
      how.validate?.(recorded, suspended);
      return recorded;
    }
    const release = how.release(suspended);
    if (release) return this.#append(releaseKind, release.payload, release.options ?? {});
    if (!suspended) {
      suspended = this.#append('suspended', {
        reason,
        await: plain(spec),
        ...(how.fireAt !== undefined ? { fire_at: how.fireAt } : {}),
      });
    }
    throw new SuspendedError({
      seq: suspended.seq,
      reason,
      await: spec,
      ...(how.fireAt !== undefined ? { fireAt: how.fireAt } : {}),
      blocked: how.blocked?.(suspended) ?? null,
      ...(how.noApprovers ? { noApprovers: true } : {}),
      ...((unpinned) => (unpinned.length > 0 ? { unpinnedReviews: unpinned } : {}))(
        how.unpinned?.(suspended) ?? [],
      ),
    });
  }
}
