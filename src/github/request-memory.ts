import type { MemoryCommandRequest } from './handle-command.js';
import type { Octokit } from './octokit.js';
import { dispatchTrussWorkflow, resolveTrussWorkflow } from './truss-workflow.js';

/**
 * The App's half of `/truss memory promote|revoke` (docs/app.md): the App holds no provider keys and
 * no memory, so it dispatches the repository's Truss workflow on the default branch with `mode:
 * memory`; that job (a trusted context) re-checks the requester's permission, runs the panel, signs
 * the decision, commits it to the ledger branch and answers on the pull request. Comment text only
 * reaches the workflow as validated dispatch inputs (the id is hex, the reason is data).
 */
export async function requestMemoryDecision(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  prNumber: number;
  headSha: string;
  defaultBranch: string;
  request: MemoryCommandRequest;
  fallbackWorkflow?: string;
}): Promise<{ workflow: string }> {
  const { octokit, owner, repo, request } = options;
  const { workflow } = await resolveTrussWorkflow({
    octokit,
    owner,
    repo,
    ref: options.defaultBranch,
    ...(options.fallbackWorkflow ? { fallback: options.fallbackWorkflow } : {}),
  });
  await dispatchTrussWorkflow({
    octokit,
    owner,
    repo,
    workflow,
    ref: options.defaultBranch,
    inputs: {
      pr_number: String(options.prNumber),
      head_sha: options.headSha,
      contract: '',
      requester: request.actor.login,
      check_run_id: '',
      mode: 'memory',
      memory_command: request.action,
      memory_entry: request.entry,
      ...(request.reason ? { memory_reason: request.reason } : {}),
    },
  });
  return { workflow };
}
