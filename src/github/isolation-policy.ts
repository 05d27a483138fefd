import type { ResolvedContract } from '../core/contract/index.js';
import { describeIsolation, type Isolation, type IsolationReport } from '../core/process/index.js';

/** The Action refused to run an agent executor without isolation (docs/security.md). */
export class IsolationRequiredError extends Error {
  override name = 'IsolationRequiredError';
}

/**
 * Chooses the isolation for one contract run; the host knows the key material, temp dirs and the
 * machine. The GitHub layer only applies the policy below to what it returns.
 */
export type IsolationFactory = (contract: ResolvedContract) => Promise<Isolation>;

/**
 * The Action's rule (docs/security.md, "The isolation layer"): an agent executor (`in-loop`,
 * `delegated-cli`) never runs unisolated unless `isolation: none` was chosen explicitly — the agent
 * and its tools are exactly what must not reach the signing key. Neither does a fork's code in a job
 * that holds the repository's secrets or a write token (`untrustedCode`: `pull_request_target`, a
 * `/truss` comment, a dispatch from the App — docs/action.md "Security model"): its checks would read
 * them from the action's environment. Any other checks-only contract without isolation runs, with a
 * warning that says how to get isolation. Returns the warning, if any.
 */
export function applyIsolationPolicy(
  contract: ResolvedContract,
  report: IsolationReport,
  untrustedCode = false,
): string | null {
  if (report.level !== 'none') return null;
  const why = report.notes.join('; ') || 'no mechanism available';
  if (contract.executor.kind !== 'none' && report.requested !== 'none') {
    throw new IsolationRequiredError(
      `truss / ${contract.contract.id}: refusing to run the ${contract.executor.kind} executor without isolation ` +
        `(${why}). An agent and its tools must not run next to the signing key. Fix: run on a Linux runner where ` +
        'passwordless sudo works (GitHub-hosted ubuntu runners do) or install bubblewrap, or set ' +
        '`isolation: none` explicitly to accept the risk.',
    );
  }
  if (untrustedCode && report.requested !== 'none') {
    throw new IsolationRequiredError(
      `truss / ${contract.contract.id}: refusing to run the checks of a pull request from a fork without isolation ` +
        `(${why}): this job holds the repository's secrets and token, and the fork's code would run next to them. ` +
        'Fix: run on a Linux runner where passwordless sudo works (GitHub-hosted ubuntu runners do) or install ' +
        'bubblewrap, or set `isolation: none` explicitly to accept the risk.',
    );
  }
  if (report.requested === 'none') return `${describeIsolation(report)} (isolation: none was set explicitly)`;
  return (
    `${describeIsolation(report)}: ${why}. Checks run as the workflow's user and can read its environment ` +
    'and files; use a runner with passwordless sudo or install bubblewrap (apt-get install bubblewrap).'
  );
}
