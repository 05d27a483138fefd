/**
 * The repository's Truss workflow: the `workflow_dispatch` workflow the App hands runs to. Its file
 * name is configured on the DEFAULT branch (a pull request cannot redirect dispatches): `workflow:`
 * in `.github/truss.yml`, else `[app] workflow` in `.truss/config.toml`, else `truss.yml`.
 */
import { CONFIG_FILE } from '../core/contract/index.js';
import type { Octokit } from './octokit.js';
import { statusOf, toMissingPermission } from './octokit.js';
import { readRepoFile } from './repo-files.js';
import { parseConfigToml, WORKFLOW_FILE } from './settings.js';

export const DEFAULT_TRUSS_WORKFLOW = 'truss.yml';
export const APP_CONFIG_FILE = '.github/truss.yml';

/** Every input the App passes; the dispatched workflow must declare them (see trussWorkflowSnippet). */
export interface DispatchInputs {
  pr_number: string;
  head_sha: string;
  contract: string;
  requester: string;
  check_run_id: string;
  mode: 'run' | 'verify' | 'resume' | 'memory';
  /** `/truss run x -- intent`: data for the contract, read by the Action from the payload, never by a shell. */
  intent?: string;
  resume_run_id?: string;
  approval?: string;
  /** mode memory: a maintainer's `/truss memory promote|revoke ID [reason]` (docs/memory.md). */
  memory_command?: string;
  memory_entry?: string;
  memory_reason?: string;
}

/** The repository's Truss configuration is unreadable or names an invalid workflow. */
export class TrussWorkflowConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrussWorkflowConfigError';
  }
}

/** The dispatch was refused: no such workflow (404), no workflow_dispatch trigger or undeclared inputs (422). */
export class WorkflowDispatchError extends Error {
  readonly status: number | undefined;
  readonly workflow: string;
  constructor(workflow: string, status: number | undefined, detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.name = 'WorkflowDispatchError';
    this.status = status;
    this.workflow = workflow;
  }
}

/**
 * The workflow file to dispatch, read at `ref` (the default branch). `.github/truss.yml` is a tiny
 * YAML file; only its top-level `workflow: NAME` line is read, so no YAML parser is needed.
 */
export async function resolveTrussWorkflow(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  ref: string;
  fallback?: string;
}): Promise<{ workflow: string; source: string }> {
  const read = (path: string) => readRepoFile({ ...options, path });
  const yaml = await read(APP_CONFIG_FILE);
  if (yaml !== null) {
    const match = /^workflow:[ \t]*["']?([^"'\s#]*)["']?[ \t]*(?:#.*)?$/m.exec(yaml);
    if (match)
      return { workflow: checkName(match[1] ?? '', `${APP_CONFIG_FILE} workflow`), source: APP_CONFIG_FILE };
  }
  const toml = await read(CONFIG_FILE);
  if (toml !== null) {
    let workflow: string | undefined;
    try {
      workflow = parseConfigToml(toml, CONFIG_FILE).app?.workflow;
    } catch (error) {
      throw new TrussWorkflowConfigError(
        `${CONFIG_FILE} on the default branch is invalid: ${(error as Error).message}`,
      );
    }
    if (workflow) return { workflow, source: `${CONFIG_FILE} [app] workflow` };
  }
  return { workflow: options.fallback ?? DEFAULT_TRUSS_WORKFLOW, source: 'default' };
}

function checkName(name: string, where: string): string {
  if (!WORKFLOW_FILE.test(name))
    throw new TrussWorkflowConfigError(
      `${where} must be a workflow file name in .github/workflows/ such as truss.yml, got ${JSON.stringify(name.slice(0, 80))}`,
    );
  return name;
}

/**
 * POST /repos/{owner}/{repo}/actions/workflows/{workflow}/dispatches on `ref`. Failures become a
 * WorkflowDispatchError saying what to fix; a missing `actions: write` permission a MissingPermissionError.
 */
export async function dispatchTrussWorkflow(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  workflow: string;
  ref: string;
  inputs: DispatchInputs;
}): Promise<void> {
  const { octokit, owner, repo, workflow, ref } = options;
  const inputs = Object.fromEntries(Object.entries(options.inputs).filter(([, v]) => v !== undefined));
  try {
    await octokit.rest.actions.createWorkflowDispatch({ owner, repo, workflow_id: workflow, ref, inputs });
  } catch (error) {
    const status = statusOf(error);
    if (status === 404)
      throw new WorkflowDispatchError(
        workflow,
        status,
        `there is no workflow .github/workflows/${workflow} on ${ref}`,
        { cause: error },
      );
    if (status === 422)
      throw new WorkflowDispatchError(
        workflow,
        status,
        `.github/workflows/${workflow} on ${ref} refused the dispatch (it needs an \`on: workflow_dispatch\` trigger declaring the inputs ${Object.keys(inputs).join(', ')}): ${(error as Error).message}`,
        { cause: error },
      );
    const converted = toMissingPermission(error, 'actions: write', `dispatch .github/workflows/${workflow}`);
    if (converted !== error) throw converted;
    throw new WorkflowDispatchError(
      workflow,
      status,
      `dispatching .github/workflows/${workflow} failed${status ? ` (HTTP ${status})` : ''}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** The markdown a maintainer needs to add the workflow the App dispatches. */
export function trussWorkflowSnippet(workflow: string): string {
  return [
    `Add \`.github/workflows/${workflow}\` on the default branch (or name another file with \`workflow: <file>\` in \`${APP_CONFIG_FILE}\`):`,
    '',
    '```yaml',
    'name: truss',
    'on:',
    '  workflow_dispatch:',
    '    inputs:',
    '      pr_number: { required: true }',
    '      head_sha: { required: false }',
    '      contract: { required: false }',
    '      requester: { required: false }',
    '      check_run_id: { required: false }',
    '      mode: { required: false, default: run }',
    '      resume_run_id: { required: false }',
    '      approval: { required: false }',
    '      intent: { required: false }',
    '      memory_command: { required: false }',
    '      memory_entry: { required: false }',
    '      memory_reason: { required: false }',
    'permissions: { contents: read, checks: write, pull-requests: write, issues: write, actions: read }',
    'jobs:',
    '  truss:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '        with: { persist-credentials: false }',
    '      - uses: truss/action@v1',
    '        with:',
    '          signing-key: ${{ secrets.TRUSS_SIGNING_KEY }}',
    '          resume-run-id: ${{ inputs.resume_run_id }}',
    '```',
  ].join('\n');
}
