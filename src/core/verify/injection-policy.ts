import type { ResolvedContract } from '../contract/schema.js';
import type { RecordedClauseVerdict, RecordedInjection } from '../ledger/entry-kinds.js';
import { describeSpan } from './injection-detect.js';
import type { ClauseStatus } from './vote.js';

export type InjectionPolicy = 'unverifiable' | 'annotate';

/** `injection_suspected` as recorded in the signed `review_evidence` entry (entry-kinds.ts). */
export type { RecordedInjection };

/**
 * What a review clause's verdict says about suspected injection (in the signed verdict): the policy,
 * the spans the detector found (0 when only a reviewer reported it), the seats (0-based) whose
 * shortcuts lens answered aimed_at_reviewers: true, and whether the policy kept the clause from
 * being met on model votes (`withheld_met`).
 */
export type ClauseInjection = NonNullable<RecordedClauseVerdict['injection']>;

/**
 * How a maintainer accepts evidence the detector flagged, in every place it is shown. A completed
 * run is signed off by an approving pull request review (github/record-sign-off.ts), which appends a
 * signed `human_review` attesting this head and turns `truss / human review` green; the machine
 * verdict itself is never rewritten.
 */
export const ACCEPT_HINT =
  "model votes alone cannot make it met; a maintainer's approving review of this head (a signed human_review, shown by the truss / human review check) accepts the evidence, the machine verdict stays as signed";

/** The contract's policy; absent means `unverifiable` (fail closed). */
export function injectionPolicyOf(contract: ResolvedContract): InjectionPolicy {
  return contract.panel.on_suspected_injection ?? 'unverifiable';
}

/**
 * Applies `[panel] on_suspected_injection` to a review clause. Suspicion comes from the detector's
 * spans or from a shortcuts seat answering `aimed_at_reviewers: true` (an independent second
 * opinion). Under `unverifiable` a `met` majority becomes `unverifiable` with the reason and the
 * first spans; `not_met` stays `not_met` (already failing). Under `annotate` the status is kept and
 * the reason says what was found.
 */
export function applyInjectionPolicy(options: {
  status: ClauseStatus;
  reason: string;
  policy: InjectionPolicy;
  detected: RecordedInjection | null;
  votes: ReadonlyArray<{ seat: number; aimed_at_reviewers?: boolean | null | undefined }>;
}): { status: ClauseStatus; reason: string; injection: ClauseInjection | null } {
  const reportedBy = options.votes.filter((v) => v.aimed_at_reviewers === true).map((v) => v.seat);
  const spans = options.detected?.total ?? 0;
  if (spans === 0 && reportedBy.length === 0) {
    return { status: options.status, reason: options.reason, injection: null };
  }
  const found: string[] = [];
  if (spans > 0) {
    const first = (options.detected?.spans ?? []).slice(0, 3).map(describeSpan).join('; ');
    found.push(
      `${spans} span${spans === 1 ? '' : 's'} in the evidence address the reviewers (${first}${spans > 3 ? '; …' : ''})`,
    );
  }
  if (reportedBy.length > 0) {
    found.push(`seat ${reportedBy.map((s) => s + 1).join(', ')} reported text aimed at automated reviewers`);
  }
  const withheld = options.policy === 'unverifiable' && options.status === 'met';
  const status: ClauseStatus = withheld ? 'unverifiable' : options.status;
  const prefix = withheld
    ? `suspected prompt injection: ${found.join('; ')}; ${ACCEPT_HINT}. Votes: ${options.reason}`
    : `${options.reason}; suspected prompt injection (${options.policy === 'annotate' ? 'annotated only' : 'no met majority to withhold'}): ${found.join('; ')}`;
  return {
    status,
    reason: prefix,
    injection: { policy: options.policy, spans, reported_by_seats: reportedBy, withheld_met: withheld },
  };
}
