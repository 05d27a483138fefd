import { z } from 'zod';
import { CONTRACT_NAME } from './commands.js';
import type { Octokit } from './octokit.js';
import type { TrussAuthors } from './own-comment.js';
import type { RepoRef } from './repo-contracts.js';
import { listSessionMetas, SESSION_ID } from './session-meta.js';

/**
 * What a suspended run left in its sticky comment for whoever releases it (a later Action job, the
 * App): where it stopped (head hash and seq), the commit, and the workflow run holding its ledger.
 * Comment bodies are editable by writers, so every field is validated, never trusted as is.
 */
export const SuspendedMetaSchema = z.object({
  contract: z.string().regex(CONTRACT_NAME),
  session_id: z.string().regex(SESSION_ID),
  status: z.literal('suspended'),
  head_sha: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .optional(),
  head_hash: z.string().regex(/^[0-9a-f]{64}$/),
  head_seq: z.number().int().nonnegative(),
  workflow_run_id: z
    .union([z.number().int().positive(), z.string().regex(/^\d+$/)])
    .transform((id) => String(id)),
  artifact_id: z.number().int().nullable().optional(),
  /** When GitHub says the sticky was last written (session-meta.ts), never the body's word. */
  written_at: z.number().optional(),
});

export type SuspendedMeta = z.infer<typeof SuspendedMetaSchema>;

/** The sessions on the PR whose latest report is a suspension at an approval gate (one per contract). */
export async function findSuspendedSessions(
  octokit: Octokit,
  repo: RepoRef,
  prNumber: number,
  authors: TrussAuthors,
): Promise<SuspendedMeta[]> {
  const latest = new Map<string, unknown>();
  for (const meta of await listSessionMetas(octokit, repo, prNumber, authors))
    if (typeof meta.contract === 'string') latest.set(meta.contract, meta);
  const suspended: SuspendedMeta[] = [];
  for (const meta of latest.values()) {
    const parsed = SuspendedMetaSchema.safeParse(meta);
    if (parsed.success) suspended.push(parsed.data);
  }
  return suspended;
}

/** The suspended session for `contract`, or the most recently reported one; null when nothing waits. */
export async function findSuspendedSession(
  octokit: Octokit,
  repo: RepoRef,
  prNumber: number,
  authors: TrussAuthors,
  contract?: string | null,
): Promise<SuspendedMeta | null> {
  const waiting = await findSuspendedSessions(octokit, repo, prNumber, authors);
  return waiting.filter((m) => !contract || m.contract === contract).at(-1) ?? null;
}

/**
 * The suspension reported after the approving comment was written, if any: its author cannot have
 * seen it (a new push that ran and stopped at the gate again, another run of the contract), so the
 * approval would release a step they never looked at. A sticky whose time GitHub does not give
 * counts as written first, as everywhere comments are ordered (session-meta.ts): the head checks
 * still apply to it. Compares GitHub's clock with GitHub's clock: the comment's `created_at` and the
 * sticky's `updated_at`.
 */
export function suspendedAfterComment(
  sessions: readonly SuspendedMeta[],
  commentCreatedAt: string | undefined,
): SuspendedMeta | null {
  const commented = Date.parse(commentCreatedAt ?? '');
  if (Number.isNaN(commented)) return sessions[0] ?? null;
  return sessions.find((s) => (s.written_at ?? 0) > commented) ?? null;
}
