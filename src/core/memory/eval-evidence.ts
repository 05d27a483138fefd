import { tryReadEntry } from '../ledger/entry-kinds.js';
import { isPinned, type TrustedKeys } from '../ledger/trusted-keys.js';
import { formatRef } from './entry.js';
import type { MemoryVerdictPayload } from './verdict-payload.js';
import type { VerdictSource } from './verdict-source.js';

/** The arm names an eval-gated promotion runs (docs/memory.md "Eval-gated promotion"). */
export const EVAL_ARM_OFF = 'off';
export const EVAL_ARM_ON = 'on';

/**
 * Why a promotion decided by a paired eval does not hold (null: it does). The verdict must name a
 * signed `eval_report` in a completed `eval` session signed by a key pinned as `signer`; that
 * session's `on` arm must have had exactly this entry on trial; the arms' results the verdict quotes
 * must be the report's; and the `on` arm's pass rate must be higher than the `off` arm's. So an
 * eval promotion can be re-checked down to the signed verdicts of every run the report counts.
 */
export function evalEvidenceProblem(
  verdicts: VerdictSource,
  trusted: TrustedKeys,
  verdict: MemoryVerdictPayload,
): string | null {
  const evidence = verdict.eval;
  if (!evidence) return 'it was decided by an eval but names no eval report';
  const where = `its eval report ${formatRef(evidence.report)}`;
  const resolved = verdicts.resolve(evidence.report);
  if ('problem' in resolved) return `${where}: ${resolved.problem}`;
  if (resolved.sessionKind !== 'eval') return `${where} is not in an eval session`;
  if (!isPinned(trusted, resolved.publicKeyHex, 'signer'))
    return `${where} is signed by ${resolved.publicKeyHex.slice(0, 16)}…, a key not trusted to decide memory`;
  const report = tryReadEntry(resolved.entry, 'eval_report');
  if ('error' in report) return `${where}: ${report.error}`;
  for (const quoted of [evidence.on, evidence.off]) {
    const arm = report.payload.arms.find((a) => a.name === quoted.arm);
    if (!arm) return `${where} has no arm ${quoted.arm}`;
    if (arm.runs !== quoted.runs || arm.passes !== quoted.passes || arm.pass_rate !== quoted.pass_rate)
      return `${where}: arm ${quoted.arm} passed ${arm.passes}/${arm.runs}, the verdict quotes ${quoted.passes}/${quoted.runs}`;
  }
  if (evidence.on.arm !== EVAL_ARM_ON || evidence.off.arm !== EVAL_ARM_OFF)
    return `${where}: the verdict compares ${evidence.on.arm} with ${evidence.off.arm}, not ${EVAL_ARM_ON} with ${EVAL_ARM_OFF}`;
  if (!(evidence.on.pass_rate > evidence.off.pass_rate))
    return `${where}: the on arm's pass rate (${evidence.on.pass_rate}) is not higher than the off arm's (${evidence.off.pass_rate})`;
  const arms = (resolved.started?.payload.eval as { arms?: unknown } | undefined)?.arms;
  const onArm = Array.isArray(arms)
    ? (arms as Array<Record<string, unknown>>).find((a) => a?.name === EVAL_ARM_ON)
    : undefined;
  if (onArm?.trial !== verdict.memory_id) return `${where}: its on arm did not have this entry on trial`;
  return null;
}
