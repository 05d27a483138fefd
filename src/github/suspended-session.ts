import { z } from 'zod';
import type { Octokit } from './octokit.js';
import type { RepoRef } from './repo-contracts.js';
import { readStickyMetadata } from './sticky-comment.js';

/** What a suspended run left in its sticky comment for whoever releases it (a later job, the App). */
export const SuspendedMetaSchema = z.object({
  contract: z.string(),
  session_id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  status: z.literal('suspended'),
  head_sha: z.string().regex(/^[0-9a-f]{40}$/),
  head_hash: z.string().regex(/^[0-9a-f]{64}$/),
  head_seq: z.number().int().nonnegative(),
  workflow_run_id: z.string().regex(/^\d+$/),
  artifact_id: z.number().int().nullable().optional(),
});

export type SuspendedMeta = z.infer<typeof SuspendedMetaSchema>;

/**
 * The suspended truss session on a pull request, from the sticky comments truss posted (a Bot
 * account: a look-alike comment from a person is ignored); the most recent when several contracts
 * wait, or the one for `contract`. Null when nothing waits.
 */
export async function findSuspendedSession(
  octokit: Octokit,
  repo: RepoRef,
  prNumber: number,
  contract?: string | null,
): Promise<SuspendedMeta | null> {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    ...repo,
    issue_number: prNumber,
    per_page: 100,
  });
  const waiting = comments
    .filter((c) => c.user?.type === 'Bot' && c.body?.includes('<!-- truss:sticky'))
    .map((c) => readStickyMetadata(c.body ?? '', SuspendedMetaSchema))
    .filter((m): m is SuspendedMeta => m !== null && (!contract || m.contract === contract));
  return waiting.at(-1) ?? null;
}
