import { canonicalJson } from '../ledger/canonical-json.js';
import { SignaturesDigest } from '../ledger/checkpoint.js';
import type { LedgerEntry } from '../ledger/entry.js';
import { ANNOTATION_KINDS, HUMAN_REVIEW_KIND, TERMINAL_KINDS, ZERO_HASH } from '../ledger/entry-hash.js';
import {
  type EntryKind,
  type EntryOf,
  type PayloadOf,
  readPayload,
  tryReadEntry,
} from '../ledger/entry-kinds.js';
import { LedgerError } from '../ledger/errors.js';
import { type HumanReview, readHumanReview } from '../ledger/human-review-payload.js';
import type { Signer } from '../ledger/keys.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import type { AppendOptions, CheckpointUse, LedgerStore } from '../ledger/store.js';
import { isPinned, type TrustedKeys } from '../ledger/trusted-keys.js';
import {
  type ApprovalAwait,
  type AwaitSpec,
  describeAwait,
  type GateBlock,
  MemoTamperError,
  NonDeterminismError,
  ResumeRefusedError,
  SuspendedError,
} from './durable-errors.js';
import { activityName } from './replay-name.js';

export * from './durable-errors.js';
export { activityName } from './replay-name.js';

/**
 * What one orchestration step writes: a payload of its kind (the catalogue, entry-kinds.ts) and the
 * large outputs its hashes refer to.
 */
export interface Step<K extends EntryKind> {
  payload: PayloadOf<K>;
  blobs?: Uint8Array[];
}

/** The kinds `sideEffect` journals: `{name, input, result, memo_key}` with a tool_memo row. */
export type SideEffectKind = 'git_tool_call' | 'effect_tool_call' | 'changes_published';

/**
 * Details a recorded entry must match beyond kind and name (e.g. a model request digest); returns
 * what differs, or null when it matches.
 */
export type ReplayCheck<K extends EntryKind = EntryKind> = (recorded: EntryOf<K>) => string | null;

/** The signal name an approved `human_review` releases a pending approval gate with (docs/runtime.md "Approval gates"). */
export const APPROVAL_SIGNAL = 'approval_gate';

/** A JSON copy without `undefined` members (canonical JSON refuses them). */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function describe(kind: string, name: string): string {
  return name ? `${kind} "${name}"` : kind;
}

/**
 * How DurableSession.open verifies the recorded chain before replaying it:
 * - `all` (the default): every hash, link and Ed25519 signature. Use it for any database that came
 *   from elsewhere (an artifact downloaded by the Action's `mode: resume`, a copy someone sent).
 * - `checkpoint`: every hash and link, but the signatures of the entries covered by the session's
 *   verified_through checkpoint — signed by the session key when this machine verified or wrote them
 *   (checkpoint.ts) — are not verified again; a missing, forged or unmatched checkpoint falls back
 *   to `all`. For a ledger this installation wrote itself (`truss resume`, `truss signal`).
 */
export type ResumeVerification = 'all' | 'checkpoint';

/**
 * A durable session writes a checkpoint after every this many of its own appends (and after any
 * terminal entry: suspended, run_completed, run_failed), so a resume after a crash verifies at most
 * this many signatures beyond it. One signature and one small fsync'd transaction per interval:
 * a few µs per append amortised.
 */
export const CHECKPOINT_INTERVAL = 256;

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
  /** The recorded activities (every entry but human reviews), in seq order. */
  readonly #recorded: LedgerEntry[];
  #cursor = 0;
  /** Position of the next activity, counted the same way live and on replay (memo keys use it). */
  #position = 0;
  readonly #clock: () => number;
  readonly #random: () => number;
  /**
   * The chain this process has verified or signed itself, for checkpoints: the last such entry and
   * the digest of every signature up to it. Undefined once an entry appeared that this process did
   * not verify (another writer appended in between), or a checkpoint write failed.
   */
  #known: { seq: number; hashHex: string; signatures: SignaturesDigest } | undefined;
  #sinceCheckpoint = 0;
  /** What open() did with the checkpoint (`not_used` for a new session or verification `all`). */
  readonly checkpointUse: CheckpointUse;

  private constructor(
    store: LedgerStore,
    signer: Signer,
    id: string,
    recorded: LedgerEntry[],
    options: DurableSessionOptions,
    known: { seq: number; hashHex: string; signatures: SignaturesDigest },
    checkpointUse: CheckpointUse,
  ) {
    this.store = store;
    this.#signer = signer;
    this.id = id;
    this.#recorded = recorded;
    this.#clock = options.clock ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#known = known;
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
    const known = {
      seq: -1,
      hashHex: Buffer.from(ZERO_HASH).toString('hex'),
      signatures: new SignaturesDigest(),
    };
    return new DurableSession(options.store, options.signer, info.id, [], options, known, 'not_used');
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
    const { store, signer, sessionId } = options;
    const info = store.requireSession(sessionId);
    if (info.public_key !== signer.publicKeyHex) {
      throw new ResumeRefusedError(
        `session ${sessionId} is signed by ${info.pubkey_id}; resume it with that key (--key), not ${signer.keyId}`,
      );
    }
    const recorded: LedgerEntry[] = [];
    const { chain, checkpoint, checkpointSeq, signatures } = store.verifyForResume(
      sessionId,
      options.crypto,
      {
        useCheckpoint: options.verify === 'checkpoint',
        onEntry: (entry) => {
          if (!ANNOTATION_KINDS.has(entry.kind)) recorded.push(entry);
        },
        onRestart: () => {
          recorded.length = 0;
        },
      },
    );
    if (chain.failure) {
      const where = chain.failure.seq === null ? '' : ` at seq ${chain.failure.seq}`;
      throw new ResumeRefusedError(
        `refusing to resume ${sessionId}: the chain does not verify${where} (${chain.failure.message})`,
      );
    }
    if (chain.headHash !== info.head_hash) {
      throw new ResumeRefusedError(
        `refusing to resume ${sessionId}: sessions.head_hash ${info.head_hash ?? 'null'} is not the last entry's hash ${chain.headHash ?? 'null'}`,
      );
    }
    const known = { seq: chain.entryCount - 1, hashHex: chain.headHash ?? '', signatures };
    const session = new DurableSession(store, signer, sessionId, recorded, options, known, checkpoint);
    // Everything up to the head is now verified: remember it, unless the stored checkpoint already does.
    if (checkpointSeq !== known.seq) session.#checkpoint();
    return session;
  }

  /**
   * Signs a verified_through checkpoint at the last entry this process verified or wrote. Best
   * effort: a failure only means a later resume verifies more signatures, so it stops further
   * checkpoints instead of failing a step whose entry is already committed.
   */
  #checkpoint(): void {
    const known = this.#known;
    if (!known || known.seq < 0) return;
    try {
      this.store.writeCheckpoint(
        this.id,
        {
          seq: known.seq,
          entryHash: Buffer.from(known.hashHex, 'hex'),
          signaturesDigest: known.signatures.digest(),
        },
        this.#signer,
      );
      this.#sinceCheckpoint = 0;
    } catch {
      this.#known = undefined;
    }
  }

  /** True while recorded activities remain to be replayed. */
  get replaying(): boolean {
    return this.#cursor < this.#recorded.length;
  }

  /** The recorded activities (read-only view; human reviews excluded). */
  get recorded(): readonly LedgerEntry[] {
    return this.#recorded;
  }

  /** How many recorded activities have been replayed so far. */
  get cursor(): number {
    return this.#cursor;
  }

  /** The next recorded activity, without consuming it. */
  peek(): LedgerEntry | undefined {
    return this.#recorded[this.#cursor];
  }

  /**
   * Consumes the recorded entry at the cursor if one remains: it must have `kind` and `name`
   * (and pass `check`), else NonDeterminismError naming its seq. Undefined past the frontier.
   */
  #take<K extends EntryKind>(kind: K, name: string, check?: ReplayCheck<K>): EntryOf<K> | undefined {
    const entry = this.#recorded[this.#cursor];
    if (!entry) return undefined;
    // Replay reads the recorded payload as its kind: one that does not fit is refused, never reused.
    const read = entry.kind === kind ? tryReadEntry(entry, kind) : undefined;
    if (read && 'error' in read) {
      throw new ResumeRefusedError(`refusing to replay ${this.id} at seq ${entry.seq}: ${read.error}`);
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

  /**
   * Appends a step of `kind`. The payload is checked against its kind first, so this runtime never
   * signs an entry its own readers would refuse.
   */
  #append<K extends EntryKind>(kind: K, payload: PayloadOf<K>, options: AppendOptions = {}): EntryOf<K> {
    const read = readPayload(kind, payload);
    if ('error' in read) throw new LedgerError(`refusing to append to ${this.id}: ${read.error}`);
    const entry = { ...this.store.append(this.id, kind, payload, this.#signer, options), kind, payload };
    const known = this.#known;
    if (known && entry.seq === known.seq + 1 && entry.prev_hash === known.hashHex) {
      known.signatures.update(Buffer.from(entry.signature, 'hex'));
      known.seq = entry.seq;
      known.hashHex = entry.entry_hash;
      if (++this.#sinceCheckpoint >= CHECKPOINT_INTERVAL || TERMINAL_KINDS.has(kind)) this.#checkpoint();
    } else {
      // Someone else appended in between: this process cannot vouch for the chain past here.
      this.#known = undefined;
    }
    return entry;
  }

  /**
   * A deterministic orchestration entry (run_started, verdict, run_completed, …): replayed when
   * recorded, else `build` runs and its step is appended.
   */
  record<K extends EntryKind>(
    kind: K,
    build: () => Step<K>,
    options: { name?: string; check?: ReplayCheck<K> } = {},
  ): EntryOf<K> {
    this.#position++;
    const recorded = this.#take(kind, options.name ?? '', options.check);
    if (recorded) return recorded;
    const step = build();
    return this.#append(kind, step.payload, step.blobs ? { blobs: step.blobs } : {});
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
      throw new Error(
        `appendLive(${kind}) while ${this.#recorded.length - this.#cursor} recorded entries remain`,
      );
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
    const key = `${name}#${this.#position}`;
    this.#position++;
    const wantInput = canonicalJson(input);
    const recorded = this.#take(kind, name, (entry) =>
      canonicalJson(entry.payload.input ?? null) === wantInput ? null : 'with a different input',
    );
    if (recorded) {
      const memoKey = recorded.payload.memo_key;
      const memo = this.store.memo(this.id, memoKey);
      if (!memo) {
        throw new MemoTamperError(
          `refusing to replay ${kind} "${name}" at seq ${recorded.seq}: its tool_memo row ${memoKey} is missing from ${this.store.path}`,
        );
      }
      if (
        memo.seq !== recorded.seq ||
        canonicalJson(memo.result) !== canonicalJson(recorded.payload.result ?? null)
      ) {
        throw new MemoTamperError(
          `refusing to replay ${kind} "${name}" at seq ${recorded.seq}: tool_memo ${memoKey} does not match its signed provenance entry (tampered memo?)`,
        );
      }
      return { result: memo.result as Record<string, unknown>, entry: recorded, replayed: true };
    }
    const stray = this.store.memo(this.id, key);
    if (stray) {
      throw new MemoTamperError(
        `refusing to trust tool_memo ${key} (seq ${stray.seq}): no signed ${kind} entry records it, so it was not written by this run (tampered memo?)`,
      );
    }
    const result = await execute();
    const payload: PayloadOf<SideEffectKind> = { name, input, result, memo_key: key };
    const entry = this.#append(kind, payload, { memo: { key, result } });
    return { result, entry, replayed: false };
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
    const entry = this.#await({ signal: name }, reason, 'signal_received', name, {
      release: () => {
        const pending = this.store.signals(this.id).find((s) => s.status === 'pending' && s.name === name);
        if (!pending) return null;
        return {
          payload: { name, payload: pending.payload, queued_at: pending.created_at },
          options: { deliverSignal: { name, createdAt: pending.created_at } },
        };
      },
    });
    return entry.payload.payload ?? null;
  }

  /** A durable timer: `timer_set`, then suspend until `fireAt`; a resume at or after it appends `timer_fired`. */
  async sleepUntil(fireAt: number, reason: string): Promise<void> {
    const set = this.record('timer_set', () => ({ payload: { fire_at: fireAt } }));
    const due = set.payload.fire_at;
    this.#await({ timer: set.seq }, reason, 'timer_fired', '', {
      release: () => {
        const now = this.#clock();
        return now >= due ? { payload: { timer_seq: set.seq, fire_at: due, fired_at: now } } : null;
      },
      fireAt: due,
    });
  }

  /**
   * An approval gate (docs/runtime.md "Approval gates"): suspends with `await: {approval}` and is released only by a
   * signed, approved `human_review` appended after the `suspended` entry and attesting it
   * (signed by another key than the session's, which the store enforces). The latest decision
   * counts: rejected / needs_changes keep the run suspended (reported as `blocked`); a later
   * approval releases it. A queued signal never releases a gate. Only reviews signed by one of
   * `approvers` count; with none, nothing releases the gate (the suspension says `noApprovers`).
   */
  async awaitApproval(gate: ApprovalAwait, reason: string, approvers: TrustedKeys): Promise<LedgerEntry> {
    // Reviews are read with the strict reader the verifier and the report use (docs/ledger.md
    // "Human sign-off"); a malformed one that would otherwise be the latest blocks the gate (fail closed).
    const latestReview = (suspended: LedgerEntry) => {
      let latest: { entry: LedgerEntry; keyId: string; review: HumanReview | null } | undefined;
      for (let seq = suspended.seq + 1; ; seq++) {
        const entry = this.store.entry(this.id, seq);
        if (!entry) break;
        if (entry.kind !== HUMAN_REVIEW_KIND) continue;
        const { attested_head_hash, reviewer_public_key, reviewer_key_id } = entry.payload;
        if (attested_head_hash !== suspended.entry_hash) continue;
        if (typeof reviewer_public_key !== 'string' || !isPinned(approvers, reviewer_public_key, 'reviewer'))
          continue;
        const read = readHumanReview(entry.payload);
        const keyId = typeof reviewer_key_id === 'string' ? reviewer_key_id : '?';
        latest = { entry, keyId, review: 'review' in read ? read.review : null };
      }
      return latest;
    };
    return this.#await({ approval: gate }, reason, 'signal_received', APPROVAL_SIGNAL, {
      release: (suspended) => {
        if (!suspended) return null;
        const latest = latestReview(suspended);
        if (latest?.review?.decision !== 'approved') return null;
        return {
          payload: {
            name: APPROVAL_SIGNAL,
            gate: plain(gate),
            review_seq: latest.entry.seq,
            review_entry_hash: latest.entry.entry_hash,
            reviewer_key_id: latest.review.reviewer_key_id,
          },
        };
      },
      blocked: (suspended): GateBlock | null => {
        const latest = latestReview(suspended);
        if (!latest) return null;
        return {
          decision: latest.review?.decision ?? 'malformed',
          note: latest.review?.note ?? 'the latest review is malformed and counts as no approval',
          reviewer_key_id: latest.keyId,
          seq: latest.entry.seq,
        };
      },
      noApprovers: approvers.size === 0,
      validate: (release, suspended) => {
        const { review_seq } = release.payload;
        const review = review_seq === undefined ? undefined : this.store.entry(this.id, review_seq);
        const ok =
          suspended !== undefined &&
          review !== undefined &&
          review.kind === HUMAN_REVIEW_KIND &&
          review.seq > suspended.seq &&
          readDecision(review.payload) === 'approved' &&
          review.payload.attested_head_hash === suspended.entry_hash &&
          review.entry_hash === release.payload.review_entry_hash;
        if (!ok) {
          throw new ResumeRefusedError(
            `refusing to resume ${this.id}: the approval release at seq ${release.seq} does not point at a signed approved human_review after its gate`,
          );
        }
      },
    });
  }

  /**
   * The shared shape of every wait: an optional recorded `suspended` entry, then the release entry.
   * Replay consumes both; live, `release` decides whether the run may go on now.
   */
  #await<R extends 'signal_received' | 'timer_fired'>(
    spec: AwaitSpec,
    reason: string,
    releaseKind: R,
    releaseName: string,
    how: {
      release: (
        suspended: LedgerEntry | undefined,
      ) => { payload: PayloadOf<R>; options?: AppendOptions } | null;
      blocked?: (suspended: LedgerEntry) => GateBlock | null;
      /** An approval gate with no configured approvers: reported so the output can say what to configure. */
      noApprovers?: boolean;
      validate?: (release: EntryOf<R>, suspended: LedgerEntry | undefined) => void;
      fireAt?: number;
    },
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
    });
  }
}

/** The decision of a `human_review` payload under the strict reader, or null when it is malformed. */
function readDecision(payload: unknown): HumanReview['decision'] | null {
  const read = readHumanReview(payload);
  return 'review' in read ? read.review.decision : null;
}
