import type { FanoutReducer } from '../contract/fanout.js';
import type { CHILD_STATUSES, VerdictRef } from '../ledger/index.js';
import type { Overall } from '../verify/verdict.js';

/** How a child run ended, as its parent's `child_anchor` records it (docs/fanout.md). */
export type ChildStatus = (typeof CHILD_STATUSES)[number];

/** One attempt of a fan-out as the reducers weigh it: what its anchor records. */
export interface FanoutLeg {
  attempt: number;
  sessionId: string;
  /** Seq of the parent's `child_anchor` for it. */
  anchorSeq: number;
  status: ChildStatus;
  /** The child's signed verdict; null when it ended without one. */
  overall: Overall | null;
  verdictRef: VerdictRef | null;
  checksMet: number;
  checks: number;
  costUsd: number;
  totalTokens: number;
  /** 1 for the attempt that finished first, 2 for the next, … */
  finishedRank: number;
  /** Why it ended without a verdict (failed, cancelled); null otherwise. */
  error: string | null;
  /** sha256 of its executor's recorded diff (a blob in the same ledger), when it made one. */
  diffSha256: string | null;
}

/** What a `[fanout]` run reports besides its verdict. */
export interface FanoutSummary {
  reducer: FanoutReducer;
  attempts: number;
  legs: FanoutLeg[];
  /** The chosen attempt's number; null when the reducer chose none. */
  winner: number | null;
  why: string;
  /** Seq of the parent's `fanout_reduction`. */
  reductionSeq: number;
  /** Whether the winner's diff was applied to the run's working tree (null: nothing to apply). */
  applied: { applied: boolean; error: string | null } | null;
  /** Attempts that ran on Actions runners: the legs the reducer job refused. */
  excluded?: ExcludedLeg[] | undefined;
}

/**
 * An attempt that ran on another Actions runner (docs/fanout.md "Fan-out across runners"): its
 * child session was verified against the pinned keys and imported into this run's store.
 */
export interface RunnerLeg {
  attempt: number;
  sessionId: string;
  /** An eval leg: the arm it ran and which repeat of it (docs/eval.md "On Actions"). */
  arm?: string | undefined;
  repeat?: number | undefined;
}

/** A leg the reducer job refused, and why: named in the reduction and on the check run. */
export interface ExcludedLeg {
  /** The workflow artifact it came in (`truss-leg-<n>`). */
  artifact: string;
  attempt: number | null;
  /** An eval leg's arm, as its artifact name claims it. */
  arm?: string | null | undefined;
  reason: string;
}

/** What a reducer job hands the run: the legs it admitted and the ones it refused. */
export interface RunnerLegs {
  legs: RunnerLeg[];
  excluded: ExcludedLeg[];
}
