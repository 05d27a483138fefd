/**
 * A `skipped` check and a verdict written for one contract and head at the same moment
 * (docs/contracts.md "Run only what a change touches"). A skip is taken only when no Truss check of
 * the contract is on the head (path-filter.ts `skipWouldReplaceVerdict`), but that is read before the
 * skip is written: a named `/truss run <contract>` that starts in between gets the older check, the
 * skip the newer one, and GitHub counts the newest check of a name, so its FAIL would show as
 * skipped, which a required check counts as passing. Whoever writes last looks again: the skip right
 * after it is written, the run right after it completes. When a skip is then the newest check of the
 * name and the newest verdict under it does not pass, that verdict's conclusion is posted again as
 * a new check, linking it, so the skip stands in for nothing. The same holds for the skip a resume
 * job writes on the App's queued check when another job holds the approval gate (gate-claim.ts,
 * docs/action.md "Approval gates across jobs").
 */
import { type FoundCheckRun, findCheckRuns } from './check-runs.js';
import { isTrussCheckId, TRUSS_CHECK_ID } from './external-id.js';
import type { Octokit } from './octokit.js';
import { toMissingPermission } from './octokit.js';
import { safeUrl } from './render/escape.js';
import type { RepoRef } from './repo-contracts.js';

/** Conclusions a required check counts as passing: a skip over one of these changes nothing. */
const PASSING = new Set(['success', 'neutral', 'skipped']);

function isSkip(run: FoundCheckRun): boolean {
  return run.status === 'completed' && run.conclusion === 'skipped';
}

/**
 * The completed, not passing Truss verdict that a newer Truss skip hides on `headSha`, or null. Only
 * the newest verdict counts (a later PASS under the skip is hidden harmlessly); one still running is
 * left to its own run, which looks again when it completes.
 */
export function verdictUnderSkip(
  runs: readonly FoundCheckRun[],
  name: string,
  headSha: string,
): FoundCheckRun | null {
  const truss = runs
    .filter((run) => run.name === name && run.headSha === headSha && isTrussCheckId(run.externalId))
    .sort((a, b) => b.id - a.id);
  const newest = truss[0];
  if (!newest || !isSkip(newest)) return null;
  const verdict = truss.find((run) => !isSkip(run));
  if (verdict?.status !== 'completed' || PASSING.has(verdict.conclusion ?? '')) return null;
  return verdict;
}

/** Looks again after a skip or a verdict of `contractId` was written on the head (see the module comment). */
export async function keepVerdictOverSkip(options: {
  octokit: Octokit;
  repo: RepoRef;
  headSha: string;
  contractId: string;
  dryRun: boolean;
  log: { warning(line: string): void };
}): Promise<void> {
  if (options.dryRun) return;
  const name = `truss / ${options.contractId}`;
  try {
    await repost(options, name);
  } catch (error) {
    options.log.warning(
      `${name}: could not make sure no skip hides a verdict on ${options.headSha.slice(0, 7)}: ${(error as Error).message}; re-run this job to look again`,
    );
  }
}

async function repost(options: Parameters<typeof keepVerdictOverSkip>[0], name: string): Promise<void> {
  const { octokit, repo, headSha } = options;
  const runs = await findCheckRuns({ octokit, ...repo, ref: headSha, checkName: name });
  const hidden = verdictUnderSkip(runs, name, headSha);
  if (!hidden) return;
  const conclusion = hidden.conclusion as string;
  const link = safeUrl(hidden.url);
  const original = link ? `[check run ${hidden.id}](${link})` : `check run ${hidden.id}`;
  try {
    await octokit.rest.checks.create({
      owner: repo.owner,
      repo: repo.repo,
      name,
      head_sha: headSha,
      status: 'completed',
      conclusion: conclusion as 'failure',
      external_id: TRUSS_CHECK_ID,
      ...(hidden.detailsUrl || hidden.url
        ? { details_url: (hidden.detailsUrl || hidden.url) as string }
        : {}),
      output: {
        title: `${conclusion}: the verdict of check run ${hidden.id}, posted again over a skip`,
        summary: [
          `This head's verdict is in ${original} (\`${conclusion}\`).`,
          '',
          "A `skipped` check of the same name was created while that run went (the change touches none of the contract's paths, or another job found this run already resuming from its approval gate). GitHub counts the newest check of a name, and a skip never stands in for a verdict, so the verdict is posted again here.",
        ].join('\n'),
      },
    });
  } catch (error) {
    throw toMissingPermission(error, 'checks: write', `post the verdict of check run ${hidden.id} again`);
  }
  options.log.warning(
    `${name}: a skip was written while check run ${hidden.id} reached its verdict (${conclusion}); posted that verdict again as the newest check of the name`,
  );
}
