import { applyArm, type EvalArm } from '../contract/eval-arm.js';
import type { ContractFormat, ResolvedContract } from '../contract/schema.js';
import { type ChildParent, type LedgerEntry, tryReadEntry } from '../ledger/index.js';
import { recordedWork } from '../runtime/recorded-work.js';
import { fanoutChildPlan } from './fanout-plan.js';

/** Raised when a leg cannot be planned (no `[fanout]`, an attempt outside 1…K, an unknown arm). */
export class FanoutLegError extends Error {
  override name = 'FanoutLegError';
}

/** Which leg a runner job is: an attempt of the contract's `[fanout]`, or a repeat of an eval arm. */
export interface LegRequest {
  /** The fan-out attempt (1…K), or the eval arm's repeat (1…). */
  attempt: number;
  /** The parent session the reducer job will write (the same id in every leg of the workflow run). */
  parentSessionId: string;
  /** An eval leg: the arm it runs. */
  arm?: EvalArm | undefined;
  /** The format the host resolved the contract with: an arm's contract is validated with it. */
  format?: ContractFormat | undefined;
}

/** What a leg runs and signs: its contract and hash, and the `parent` its `run_started` records. */
export interface LegPlan {
  contract: ResolvedContract;
  contractHash: string;
  parent: ChildParent;
}

/**
 * The child run one Actions job runs as its leg (docs/fanout.md "Fan-out across runners"): a
 * fan-out attempt gets the contract without `[fanout]` and a static budget slice (ceiling ÷ K); an
 * eval repeat gets its arm's contract and budget (docs/eval.md). The reducer job derives the same
 * plan to know the contract hash an honest leg signed.
 */
export function legPlan(contract: ResolvedContract, leg: LegRequest): LegPlan {
  if (!Number.isSafeInteger(leg.attempt) || leg.attempt < 1)
    throw new FanoutLegError(`fanout-leg must be a whole number from 1, got ${leg.attempt}`);
  if (leg.arm) {
    const applied = applyArm(contract, leg.arm, leg.format);
    return {
      contract: applied.contract,
      contractHash: applied.hash,
      parent: {
        session_id: leg.parentSessionId,
        attempt: leg.attempt,
        task: applied.contract.contract.intent,
        scope: { write_scope: [...applied.contract.constraints.write_scope] },
        budget_slice: { ...applied.contract.budget },
        arm: leg.arm.name,
        repeat: leg.attempt,
      },
    };
  }
  const k = contract.fanout?.attempts;
  if (k === undefined)
    throw new FanoutLegError(
      `contract ${contract.contract.id} has no [fanout]: add \`[fanout] attempts = K\` to run it as K legs (docs/fanout.md)`,
    );
  if (leg.attempt > k)
    throw new FanoutLegError(
      `fanout-leg ${leg.attempt} is outside the contract's ${k} attempts ([fanout] attempts = ${k}); the matrix should list 1…${k}`,
    );
  const plan = fanoutChildPlan(contract, 'static');
  return {
    contract: plan.contract,
    contractHash: plan.contractHash,
    parent: {
      session_id: leg.parentSessionId,
      attempt: leg.attempt,
      task: plan.task,
      scope: plan.scope,
      budget_slice: plan.budgetSlice,
    },
  };
}

/** The sha256 of the diff a run's executor recorded (`executor_result` / `delegated_result`), or null. */
export function recordedDiff(entries: Iterable<LedgerEntry>): string | null {
  for (const entry of entries) {
    if (entry.kind !== 'executor_result' && entry.kind !== 'delegated_result') continue;
    const read = tryReadEntry(entry, entry.kind);
    return 'error' in read ? null : recordedWork(read.payload).diffSha256;
  }
  return null;
}
