/**
 * The `external_id` the App puts on every check run it queues: which request created it (webhook
 * delivery, command comment), for which contract, head and mode. Check runs are the App's only state,
 * so this is how a redelivered webhook finds the run it already dispatched and how a re-run request
 * knows what to dispatch again.
 */
import { z } from 'zod';
import { CONTRACT_NAME } from './commands.js';

const RunRequestIdSchema = z.strictObject({
  v: z.literal(1),
  /** The webhook delivery that queued the check (`x-github-delivery`). */
  d: z.string().min(1).max(64),
  /** The command comment, or null for a re-run request. */
  c: z.number().int().positive().nullable(),
  /** The pull request (a check run on a fork's head lists no pull_requests). */
  p: z.number().int().positive(),
  /** The contract name (a file in .truss/contracts/). */
  n: z.string().regex(CONTRACT_NAME),
  s: z.string().regex(/^[0-9a-f]{40,64}$/),
  m: z.enum(['run', 'verify', 'resume']),
});

export type RunRequestId = z.infer<typeof RunRequestIdSchema>;

/** Compact JSON (well under GitHub's limits: a 64-char contract, a 36-char delivery id, a SHA). */
export function encodeRunRequestId(id: RunRequestId): string {
  return JSON.stringify(RunRequestIdSchema.parse(id));
}

/** The request a check run was queued for, or null when the external_id is not one of ours. */
export function decodeRunRequestId(externalId: string | null | undefined): RunRequestId | null {
  if (!externalId?.startsWith('{')) return null;
  try {
    const parsed = RunRequestIdSchema.safeParse(JSON.parse(externalId));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The `external_id` on every `truss / …` check Truss creates outside an App request (the Action's
 * contract checks, `truss / human review` from the App or the Action). A workflow job's own check
 * run (a fork's job named `truss / lint`) cannot set one, so `/truss run failed` and `/truss status`
 * can tell Truss's checks from lookalikes.
 */
export const TRUSS_CHECK_ID = 'truss/v1';

/** Whether a check run's external_id says Truss made it: the App's request id or TRUSS_CHECK_ID. */
export function isTrussCheckId(externalId: string | null | undefined): boolean {
  return externalId === TRUSS_CHECK_ID || decodeRunRequestId(externalId) !== null;
}

/**
 * Whether a check Truss made may speak for pull request `prNumber`. Checks belong to a commit, and
 * two pull requests can share a head with different bases (so different contracts): a check the App
 * queued for another pull request was judged against that one's base and must not decide what this
 * one re-runs or reports. A check whose id names no pull request (the Action's) is kept.
 */
export function trussCheckFor(externalId: string | null | undefined, prNumber: number): boolean {
  if (externalId === TRUSS_CHECK_ID) return true;
  const request = decodeRunRequestId(externalId);
  return request !== null && request.p === prNumber;
}
