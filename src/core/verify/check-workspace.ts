import type { CheckClause, ResolvedContract } from '../contract/schema.js';
import type { LedgerStore, PayloadOf } from '../ledger/index.js';
import type { Redactor } from '../process/redact.js';
import { findRepoRoot } from '../process/worktree-snapshot.js';
import type { Ctx } from '../runtime/ctx.js';
import type { DurableSession } from '../runtime/durable.js';
import { CancelledError } from '../runtime/durable-errors.js';
import type { RecordedWork } from '../runtime/recorded-work.js';
import { checkRunFields } from './check-entry.js';
import { runCheck } from './check-runner.js';
import { type CheckoutMode, type CleanRoom, CleanRoomError, materializeCleanRoom } from './clean-room.js';

/** Applied when `[checks] setup_timeout_sec` is absent: 30 minutes (an `npm ci` can be slow). */
export const DEFAULT_SETUP_TIMEOUT_SEC = 1800;

export interface CheckWorkspaceOptions {
  session: DurableSession;
  store: LedgerStore;
  contract: ResolvedContract;
  /** The directory the executor worked in (or the checkout, for executor "none"). */
  workdir: string;
  env: Readonly<Record<string, string | undefined>>;
  ctx: Ctx;
  redact: Redactor;
  /** The executor's recorded work; null when no executor ran (checks use the checkout as it is). */
  work: RecordedWork | null;
  /** Parent directory for clean copies (default: the OS temp dir). */
  cleanRoomParent?: string | undefined;
  /** Isolation hook: called with each clean copy before anything runs in it (see clean-room.ts). */
  prepareCleanRoom?: ((dir: string) => Promise<void>) | undefined;
}

/**
 * Where the check clauses run, journaled before the first check: after an executor,
 * `checks_workspace {checkout, base_sha, base_tree, diff_sha256, diff_bytes, tree, error}` records
 * the clean copy (or the in-place opt-out); `checks_setup` records `[checks] setup` like a check.
 * If either fails, every check clause is UNVERIFIABLE with that reason (never PASS).
 *
 * Materialization is lazy and repeatable: a resumed run that replays both entries but still has
 * checks to run builds the copy again (it must re-hash to the recorded tree) and re-runs setup
 * (which must succeed again); nothing of that is journaled twice.
 */
export class CheckWorkspace {
  readonly #options: CheckWorkspaceOptions;
  #mode: CheckoutMode | 'checkout' = 'checkout';
  #recordedTree: string | null = null;
  #unavailable: string | null = null;
  #room: CleanRoom | null = null;
  #ready: Promise<string> | null = null;

  constructor(options: CheckWorkspaceOptions) {
    this.#options = options;
  }

  /** `checkout` (no executor), `clean-room` or `in-place`. */
  get mode(): CheckoutMode | 'checkout' {
    return this.#mode;
  }

  /** Why no check can run (the clean copy or setup failed); null when they can. */
  get unavailable(): string | null {
    return this.#unavailable;
  }

  /** Journals (or replays) where checks run and the setup; call once, before the first check. */
  async open(): Promise<void> {
    const { session, contract, work } = this.#options;
    if (!contract.done.some((clause) => clause.kind === 'check')) return;
    if (work) {
      // Without git there is no base commit and no diff to rebuild the work from: the checks run in
      // place, and the entry says why.
      this.#mode = work.headBefore ? (contract.sandbox?.checkout ?? 'clean-room') : 'in-place';
      const { entry } = await session.activity('checks_workspace', this.#mode, async () => ({
        payload: await this.#workspacePayload(work),
      }));
      const p = entry.payload;
      this.#recordedTree = p.tree ?? null;
      if (typeof p.error === 'string') {
        this.#unavailable = `checks not run: ${p.error}`;
        return;
      }
    }
    const setup = contract.checks?.setup;
    if (!setup) return;
    const { entry } = await session.activity('checks_setup', setup, async () => {
      const dir = await this.#directory(false);
      const outcome = await runCheck(setupClause(setup, contract), {
        workdir: dir,
        env: this.#options.env,
        extraEnvNames: contract.check_env,
        ctx: this.#options.ctx,
      });
      // A cancelled setup is not a failed one: nothing is journaled, the run ends as cancelled.
      if (outcome.cancelled) throw new CancelledError();
      const { fields, blobs } = checkRunFields(outcome, this.#options.redact);
      return { payload: { run: setup, checkout: this.#mode, ...fields }, blobs };
    });
    if (entry.payload.met !== true) {
      const reasons = entry.payload.reasons?.join('; ') ?? 'failed';
      this.#unavailable = `checks not run: [checks] setup \`${setup}\` failed (${reasons})`;
    }
  }

  /** The directory a live check runs in (the clean copy is built on first use). */
  async directory(): Promise<string> {
    return this.#directory(true);
  }

  /** Removes the clean copy, if one was made. */
  async dispose(): Promise<void> {
    const room = this.#room;
    this.#room = null;
    this.#ready = null;
    await room?.dispose();
  }

  async #directory(withSetup: boolean): Promise<string> {
    if (this.#mode !== 'clean-room') return this.#options.workdir;
    this.#ready ??= this.#build(withSetup);
    return this.#ready;
  }

  async #build(withSetup: boolean): Promise<string> {
    const room = await this.#materialize();
    if (this.#recordedTree && room.tree !== this.#recordedTree) {
      await room.dispose();
      throw new CleanRoomError(
        `the clean copy rebuilt on resume has tree ${room.tree}, but the run recorded ${this.#recordedTree}; start a new run`,
      );
    }
    this.#room = room;
    const setup = this.#options.contract.checks?.setup;
    if (withSetup && setup) {
      // Resume: setup was journaled by the earlier process; this copy needs it again.
      const outcome = await runCheck(setupClause(setup, this.#options.contract), {
        workdir: room.dir,
        env: this.#options.env,
        extraEnvNames: this.#options.contract.check_env,
        ctx: this.#options.ctx,
      });
      if (!outcome.met)
        throw new CleanRoomError(
          `[checks] setup failed when re-run for the resumed checks: ${outcome.reasons.join('; ')}`,
        );
    }
    return room.dir;
  }

  async #materialize(): Promise<CleanRoom> {
    const { work, store, env, workdir } = this.#options;
    if (!work?.headBefore)
      throw new CleanRoomError(
        'the executor recorded no base commit (the workdir is not a git repository, or HEAD was unborn); commit first or set [sandbox] checkout = "in-place"',
      );
    if (work.diffError)
      throw new CleanRoomError(`${work.diffError}; the checks cannot be rebuilt from the recorded work`);
    if (work.diffTruncated)
      throw new CleanRoomError(
        'the executor diff was cut at its size cap, so it cannot rebuild the work; set [sandbox] checkout = "in-place" for changes this large',
      );
    let diff: Buffer = Buffer.alloc(0);
    if (work.diffSha256) {
      const blob = store.blob(work.diffSha256);
      if (!blob?.bytes)
        throw new CleanRoomError(
          `the executor diff blob ${work.diffSha256} is not in the ledger (shredded?)`,
        );
      diff = blob.bytes;
    }
    const repoRoot = await findRepoRoot(workdir, env);
    if (!repoRoot) throw new CleanRoomError(`${workdir} is not inside a git work tree`);
    return materializeCleanRoom({
      repoRoot,
      baseSha: work.headBefore,
      headSha: work.headAfter ?? null,
      diff,
      env,
      parentDir: this.#options.cleanRoomParent,
      prepare: this.#options.prepareCleanRoom,
    });
  }

  async #workspacePayload(work: RecordedWork): Promise<PayloadOf<'checks_workspace'>> {
    if (this.#mode === 'in-place') {
      return {
        checkout: 'in-place',
        reason: work.headBefore
          ? 'opted out with [sandbox] checkout = "in-place": checks run in the executor\'s own working directory'
          : "no base commit to rebuild the work from (the workdir is not a git repository, or HEAD was unborn): checks run in the executor's own working directory",
        base_sha: work.headBefore,
        diff_sha256: work.diffSha256,
      };
    }
    try {
      await this.#directory(false);
      const room = this.#room as CleanRoom;
      return {
        checkout: 'clean-room',
        base_sha: room.baseSha,
        head_sha: room.headSha,
        base_tree: room.baseTree,
        diff_sha256: room.diffSha256,
        diff_bytes: room.diffBytes,
        tree: room.tree,
        duration_ms: Math.round(room.durationMs),
        error: null,
      };
    } catch (error) {
      this.#ready = null;
      if (!(error instanceof CleanRoomError)) throw error;
      return {
        checkout: 'clean-room',
        base_sha: work.headBefore,
        diff_sha256: work.diffSha256,
        error: this.#options.redact(error.message),
      };
    }
  }
}

function setupClause(run: string, contract: ResolvedContract): CheckClause {
  return {
    kind: 'check',
    desc: '[checks] setup',
    run,
    expect_exit: 0,
    expect_contains: [],
    expect_not_contains: [],
    expect_matches: [],
    timeout_sec: contract.checks?.setup_timeout_sec ?? DEFAULT_SETUP_TIMEOUT_SEC,
    env: [],
  };
}
