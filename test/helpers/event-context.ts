import { join } from 'node:path';
import type { EventContext } from '../../src/action/event-context.js';

/**
 * What the Action reads from a runner for a `pull_request` job on octo/hello (run 987654321), with
 * `workspace` as GITHUB_WORKSPACE and its `runner-temp/` as RUNNER_TEMP.
 */
export function pullRequestContext(workspace: string, payload: Record<string, unknown> = {}): EventContext {
  return {
    eventName: 'pull_request',
    payload,
    owner: 'octo',
    repo: 'hello',
    sha: '2'.repeat(40),
    ref: 'refs/heads/main',
    actor: 'octocat',
    runId: '987654321',
    serverUrl: 'https://github.com',
    apiUrl: 'https://api.github.com',
    workspace,
    tempDir: join(workspace, 'runner-temp'),
  };
}
