import type { CheckClause, ResolvedContract } from '../contract/schema.js';
import type { Redactor } from '../process/redact.js';
import type { DurableSession } from '../runtime/durable.js';
import { CancelledError } from '../runtime/durable-errors.js';
import { checkRunFields } from '../verify/check-entry.js';
import { runCheck } from '../verify/check-runner.js';
import type { CheckWorkspace } from '../verify/check-workspace.js';
import type { ClauseVerdict } from '../verify/verdict.js';
import type { CommonRunOptions } from './run-types.js';

export async function verifyCheck(
  session: DurableSession,
  index: number,
  clause: CheckClause,
  options: CommonRunOptions,
  contract: ResolvedContract,
  redact: Redactor,
  workspace: CheckWorkspace,
): Promise<ClauseVerdict> {
  const { ctx } = options;
  if (workspace.unavailable) {
    return {
      clause: index,
      kind: 'check',
      desc: clause.desc,
      status: 'unverifiable',
      reason: workspace.unavailable,
    };
  }
  ctx.events({ type: 'check_started', clause: index, desc: clause.desc });
  const { entry } = await session.activity('check_result', `clause ${index}`, async () => {
    const outcome = await runCheck(clause, {
      workdir: await workspace.directory(),
      env: options.env,
      extraEnvNames: contract.check_env,
      ctx,
    });
    if (outcome.cancelled) throw new CancelledError();
    const { fields, blobs } = checkRunFields(outcome, redact);
    return {
      payload: {
        clause: index,
        desc: clause.desc,
        run: clause.run,
        expect_exit: clause.expect_exit,
        ...fields,
        // Where it ran, when an executor ran before it (checks-only runs use the checkout as before).
        ...(workspace.mode === 'checkout' ? {} : { checkout: workspace.mode }),
      },
      blobs,
    };
  });
  const p = entry.payload;
  const met = p.met === true;
  ctx.events({
    type: 'check_finished',
    clause: index,
    desc: clause.desc,
    met,
    exitCode: p.exit_code ?? null,
    durationMs: p.duration_ms ?? 0,
  });
  const reason = met ? `exit ${p.exit_code}, expectations met` : (p.reasons ?? []).join('; ');
  return { clause: index, kind: 'check', desc: clause.desc, status: met ? 'met' : 'not_met', reason };
}
