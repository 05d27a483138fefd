import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { MissingPermissionError } from '../../src/github/octokit.js';
import {
  dispatchTrussWorkflow,
  resolveTrussWorkflow,
  TrussWorkflowConfigError,
  WorkflowDispatchError,
} from '../../src/github/truss-workflow.js';
import { contents } from '../app/app-kit.js';
import { useNock } from '../helpers/nock-guard.js';
import { API, OWNER, REPO, testOctokit } from './helpers.js';

const R = `/repos/${OWNER}/${REPO}`;
const octokit = testOctokit();
const resolve = () => resolveTrussWorkflow({ octokit, owner: OWNER, repo: REPO, ref: 'main' });

function files(yaml: string | null, toml: string | null): void {
  const y = nock(API).get(`${R}/contents/.github%2Ftruss.yml`).query({ ref: 'main' });
  if (yaml === null) y.reply(404, { message: 'Not Found' });
  else y.reply(200, contents('.github/truss.yml', yaml));
  if (yaml !== null && /^workflow:/m.test(yaml)) return;
  const t = nock(API).get(`${R}/contents/.truss%2Fconfig.toml`).query({ ref: 'main' });
  if (toml === null) t.reply(404, { message: 'Not Found' });
  else t.reply(200, contents('.truss/config.toml', toml));
}

describe('the Truss workflow the App dispatches', () => {
  useNock();

  it('defaults to truss.yml, then [app] workflow, then .github/truss.yml wins', async () => {
    files(null, null);
    expect(await resolve()).toEqual({ workflow: 'truss.yml', source: 'default' });
    files(null, '[app]\nworkflow = "ci-truss.yaml"\n');
    expect((await resolve()).workflow).toBe('ci-truss.yaml');
    files("workflow: 'pr.yml'\n", null);
    expect(await resolve()).toEqual({ workflow: 'pr.yml', source: '.github/truss.yml' });
  });

  it('refuses workflow names that leave .github/workflows (traversal) or are not YAML files', async () => {
    files('workflow: ../../../etc/passwd\n', null);
    await expect(resolve()).rejects.toThrow(TrussWorkflowConfigError);
    files(null, '[app]\nworkflow = "../secrets.yml"\n');
    await expect(resolve()).rejects.toThrow(/\.truss\/config\.toml on the default branch is invalid/);
    files(null, '[app]\nshell = "rm -rf /"\n');
    await expect(resolve()).rejects.toThrow(TrussWorkflowConfigError);
  });

  it('maps dispatch failures to what to fix', async () => {
    const inputs = {
      pr_number: '2',
      head_sha: 'a'.repeat(40),
      contract: 'c',
      requester: 'u',
      check_run_id: '1',
      mode: 'run' as const,
    };
    const call = () =>
      dispatchTrussWorkflow({
        octokit,
        owner: OWNER,
        repo: REPO,
        workflow: 'truss.yml',
        ref: 'main',
        inputs,
      });
    nock(API)
      .post(`${R}/actions/workflows/truss.yml/dispatches`, { ref: 'main', inputs })
      .reply(404, { message: 'Not Found' });
    await expect(call()).rejects.toMatchObject({ name: 'WorkflowDispatchError', status: 404 });
    nock(API)
      .post(`${R}/actions/workflows/truss.yml/dispatches`)
      .reply(403, { message: 'Resource not accessible by integration' });
    await expect(call()).rejects.toBeInstanceOf(MissingPermissionError);
    nock(API)
      .post(`${R}/actions/workflows/truss.yml/dispatches`)
      .reply(422, { message: "Workflow does not have 'workflow_dispatch' trigger" });
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowDispatchError);
    expect((error as Error).message).toContain('needs an `on: workflow_dispatch` trigger');
  });
});
