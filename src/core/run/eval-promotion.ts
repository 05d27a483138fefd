import type { EvalArm } from '../contract/eval-arm.js';
import type { LedgerStore } from '../ledger/store.js';
import {
  type DecisionSigner,
  type SignedDecisionResult,
  signDecision,
  supersededBy,
} from '../memory/decision-session.js';
import type { LedgerRef, MemoryEntry } from '../memory/entry.js';
import { MemoryError } from '../memory/errors.js';
import { EVAL_ARM_OFF, EVAL_ARM_ON } from '../memory/eval-evidence.js';
import { trialRefusal } from '../memory/screen.js';
import { nextTrust } from '../memory/store.js';
import type { EvalArmReport, EvalReport } from './eval.js';

/**
 * The two arms of an eval-gated promotion (docs/memory.md "Eval-gated promotion"): both recall
 * verified lessons and playbooks (`memory.playbooks = true`), and the `on` arm also recalls the
 * unverified entry on trial, so the only difference between the arms is that entry. Only lessons
 * and playbooks are recalled, so only they can be promoted by an eval.
 */
export function evalPromotionArms(entry: MemoryEntry): {
  arms: EvalArm[];
  trials: Record<string, MemoryEntry>;
  /** Why the entry may not go on trial (the injection detector flagged it): sign refuseTrial, run nothing. */
  refused: string | null;
} {
  nextTrust(entry.trust, 'promote');
  if (entry.kind !== 'playbook' && entry.kind !== 'lesson')
    throw new MemoryError(
      'bad_transition',
      `only lessons and playbooks are recalled, so a ${entry.kind} cannot be promoted by an eval; promote it by panel or --maintainer`,
    );
  const base = { path: ['memory', 'playbooks'], value: true };
  return {
    arms: [
      { ...base, name: EVAL_ARM_OFF, change: 'memory.playbooks=true' },
      {
        ...base,
        name: EVAL_ARM_ON,
        change: `memory.playbooks=true, ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}) on trial`,
      },
    ],
    trials: { [EVAL_ARM_ON]: entry },
    refused: trialRefusal(entry),
  };
}

/**
 * The decision when the entry may not go on trial (evalPromotionArms' `refused`): no eval runs and no
 * model is told the entry; a memory session of its own signs `unverifiable` (method `eval`) with the
 * reason, so the refusal is in the ledger, `truss memory show` and the promotion's output
 * (docs/memory.md "Eval-gated promotion"). The entry stays unverified.
 */
export async function refuseTrial(
  who: DecisionSigner,
  entry: MemoryEntry,
  reason: string,
): Promise<SignedDecisionResult> {
  const current = who.memory.get(entry.id) ?? entry;
  nextTrust(current.trust, 'unverifiable');
  return signDecision(who, current, async () => ({ decision: 'unverifiable', method: 'eval', reason }));
}

/**
 * Signs the decision a completed eval-gated eval supports, in a memory session of its own: `promote`
 * (method `eval`) only when the `on` arm's pass rate is higher than the `off` arm's, else
 * `unverifiable` (the entry stays unverified: an eval that shows no gain is not a rejection). The
 * verdict names the signed `eval_report` and quotes both arms, which MemoryView re-checks.
 */
export async function decideFromEval(
  who: DecisionSigner,
  entry: MemoryEntry,
  evaluation: {
    sessionId: string;
    store: LedgerStore;
    report: EvalReport;
    /** A maintainer's own signed approval the promotion names (docs/memory.md "On GitHub"). */
    approval?: LedgerRef | null | undefined;
  },
): Promise<SignedDecisionResult> {
  const reportEntry = [...evaluation.store.entries(evaluation.sessionId)].findLast(
    (e) => e.kind === 'eval_report',
  );
  if (!reportEntry) throw new Error(`eval ${evaluation.sessionId} holds no eval_report`);
  const arm = (name: string) => {
    const found = evaluation.report.arms.find((a) => a.name === name) as EvalArmReport | undefined;
    if (!found) throw new Error(`eval ${evaluation.sessionId} has no arm ${name}`);
    return { arm: found.name, runs: found.runs, passes: found.passes, pass_rate: found.pass_rate };
  };
  const on = arm(EVAL_ARM_ON);
  const off = arm(EVAL_ARM_OFF);
  const current = who.memory.get(entry.id) ?? entry;
  const gain = on.pass_rate > off.pass_rate;
  // Decided elsewhere while the eval ran: refuse before signing anything.
  nextTrust(current.trust, gain ? 'promote' : 'unverifiable');
  const rates = `on ${on.passes}/${on.runs} vs off ${off.passes}/${off.runs}`;
  return signDecision(who, current, async () => ({
    decision: gain ? 'promote' : 'unverifiable',
    method: 'eval',
    reason: gain
      ? `paired eval ${evaluation.sessionId}: recalled, the contract passed more often (${rates})`
      : `paired eval ${evaluation.sessionId}: recalling it did not raise the pass rate (${rates}); it stays unverified`,
    ...(gain ? { supersedes: supersededBy(who.memory, current) } : {}),
    ...(gain && evaluation.approval ? { approval: evaluation.approval } : {}),
    eval: {
      report: {
        session: evaluation.sessionId,
        seq: reportEntry.seq,
        entry_hash: reportEntry.entry_hash,
      },
      on,
      off,
    },
  }));
}
