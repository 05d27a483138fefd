import type { CheckClause, ResolvedContract } from '../contract/schema.js';
import { streamTail } from '../ledger/output-tails.js';
import { tailsFromStore } from '../ledger/store-tails.js';
import type { Redactor } from '../process/redact.js';
import { findRepoRoot, snapshotWorktree } from '../process/worktree-snapshot.js';
import type { ToolSpec } from '../providers/provider.js';
import type { Ctx } from '../runtime/ctx.js';
import type { DurableSession } from '../runtime/durable.js';
import { isToolAllowed } from '../tools/policy.js';
import type { ToolPolicy } from '../tools/policy-types.js';
import { checkRunFields } from '../verify/check-entry.js';
import { runCheck } from '../verify/check-runner.js';

/**
 * The agent's own test run: the contract's check clauses, run by the harness's check runner in the
 * agent's working copy, so it can see a failing check before it stops. Evidence only — the verdict
 * comes from the harness's own checks after the agent, in the clean room (docs/contracts.md).
 */
export const RUN_CHECKS_TOOL: ToolSpec = {
  name: 'run_checks',
  description:
    "Run the contract's check clauses (the harness's own definition-of-done commands) in your working " +
    'directory now and see their exit codes and output. Give `clause` (its number in the definition of ' +
    'done, or words from its description) to run one; omit it to run every check. This is for you: ' +
    'the harness runs the checks again, independently, after you finish, and only that result counts.',
  inputSchema: {
    type: 'object',
    properties: {
      clause: {
        type: ['integer', 'string'],
        description: 'The clause number as listed in the definition of done, or words from its description.',
      },
    },
    additionalProperties: false,
  },
};

/**
 * Offered when the contract has check clauses and the agent may run a shell (`bash` or `run_checks`
 * in allow_tools): it runs nothing the agent could not already run with bash, in the same directory
 * with the same scrubbed environment (a clause's extra `env` is not passed to the agent's run).
 */
export function offersRunChecks(contract: ResolvedContract, policy: ToolPolicy): boolean {
  if (!contract.done.some((clause) => clause.kind === 'check')) return false;
  return isToolAllowed(policy, RUN_CHECKS_TOOL.name) || isToolAllowed(policy, 'bash');
}

export interface CheckTarget {
  /** 0-based position in `done` (as in `check_result.clause`). */
  index: number;
  clause: CheckClause;
}

/** The check clauses a `run_checks` call names, or why it names none (shown to the agent). */
export function selectCheckClauses(contract: ResolvedContract, selector: unknown): CheckTarget[] | string {
  const checks = contract.done.flatMap((clause, index) =>
    clause.kind === 'check' ? [{ index, clause }] : [],
  );
  const listing = checks.map((c) => `${c.index + 1}. ${c.clause.desc}`).join('; ');
  if (selector === undefined || selector === null || selector === '') return checks;
  const number =
    typeof selector === 'number' ? selector : /^\s*\d+\s*$/.test(String(selector)) ? Number(selector) : null;
  if (number !== null) {
    const found = checks.find((c) => c.index + 1 === number);
    return found ? [found] : `clause ${number} is not a check clause; the checks are: ${listing}`;
  }
  if (typeof selector !== 'string')
    return `clause must be a number or words from a check's description; the checks are: ${listing}`;
  const words = selector.toLowerCase();
  const matched = checks.filter((c) => c.clause.desc.toLowerCase().includes(words));
  return matched.length > 0
    ? matched
    : `no check clause description contains "${selector}"; the checks are: ${listing}`;
}

export interface SelfValidationContext {
  session: DurableSession;
  workdir: string;
  env: Record<string, string | undefined>;
  ctx: Ctx;
  redact: Redactor;
  callId: string;
  /** The error a cancelled run unwinds with. */
  cancelled: () => Error;
}

/**
 * Runs each target as its own durable activity, journaled as `self_validation {clause, cmd, exit,
 * summary, workdir_hash, evidence_only: true, …}` with the same stream fields and blobs as a
 * `check_result`. The answer to the agent is rebuilt from the journaled payloads, so a resumed run
 * replays it by position without running anything. Nothing here feeds the verdict.
 */
export async function runSelfValidation(
  context: SelfValidationContext,
  targets: CheckTarget[],
): Promise<{ content: string; isError: boolean }> {
  const lines: string[] = [];
  let allMet = true;
  let workdirHash: string | null | undefined;
  for (const { index, clause } of targets) {
    const { entry } = await context.session.activity('self_validation', `clause ${index}`, async () => {
      workdirHash ??= await workdirHashOf(context.workdir, context.env, context.ctx.isolation?.tempDir);
      // The agent's run gets the bash tool's environment, never a clause's extra `env` names.
      const outcome = await runCheck(
        { ...clause, env: [] },
        { workdir: context.workdir, env: context.env, ctx: context.ctx },
      );
      if (outcome.cancelled) throw context.cancelled();
      const { fields, blobs } = checkRunFields(outcome, context.redact);
      const summary = outcome.met
        ? `met (exit ${String(outcome.exitCode)})`
        : context.redact(outcome.reasons.join('; '));
      return {
        payload: {
          call_id: context.callId,
          clause: index,
          desc: clause.desc,
          cmd: clause.run,
          exit: outcome.exitCode,
          summary,
          workdir_hash: workdirHash,
          evidence_only: true,
          ...fields,
        },
        blobs,
      };
    });
    const p = entry.payload;
    const met = p.met === true;
    allMet &&= met;
    const tails = tailsFromStore(context.session.store);
    const stdout = streamTail(p.stdout, tails);
    const stderr = streamTail(p.stderr, tails);
    lines.push(
      `clause ${index + 1} (${p.desc}): ${met ? 'MET' : 'NOT MET'} — ${p.summary}`,
      ...(stdout ? ['[stdout tail]', stdout] : []),
      ...(stderr ? ['[stderr tail]', stderr] : []),
    );
  }
  lines.push(
    '',
    'This is your own run (evidence only); the harness re-runs the checks independently after you finish.',
  );
  return { content: lines.join('\n'), isError: !allMet };
}

/** The working copy as a git tree hash (what the agent's checks saw), or null outside git. */
async function workdirHashOf(
  workdir: string,
  env: Record<string, string | undefined>,
  scratchParent: string | undefined,
): Promise<string | null> {
  try {
    const root = await findRepoRoot(workdir, env);
    return root ? (await snapshotWorktree(root, env, scratchParent)).tree : null;
  } catch {
    return null;
  }
}
