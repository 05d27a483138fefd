import { readFileSync } from 'node:fs';

/** What the runner tells the action about the event, read once from the documented variables. */
export interface EventContext {
  eventName: string;
  payload: Record<string, unknown>;
  owner: string;
  repo: string;
  sha: string;
  /** GITHUB_REF, e.g. refs/heads/main (push and workflow_dispatch runs). */
  ref: string;
  actor: string;
  runId: string;
  serverUrl: string;
  apiUrl: string;
  workspace: string;
  tempDir: string;
}

export function readEventContext(env: Record<string, string | undefined>): EventContext {
  const required = (name: string) => {
    const value = env[name];
    if (!value)
      throw new Error(
        `${name} is not set: run this action inside a GitHub Actions job (or set it for local testing)`,
      );
    return value;
  };
  const [owner, repo] = required('GITHUB_REPOSITORY').split('/') as [string, string];
  const eventPath = env.GITHUB_EVENT_PATH;
  let payload: Record<string, unknown> = {};
  if (eventPath) {
    try {
      payload = JSON.parse(readFileSync(eventPath, 'utf8'));
    } catch (error) {
      throw new Error(
        `cannot read the event payload at GITHUB_EVENT_PATH=${eventPath}: ${(error as Error).message}`,
      );
    }
  }
  return {
    eventName: required('GITHUB_EVENT_NAME'),
    payload,
    owner,
    repo,
    sha: env.GITHUB_SHA ?? '',
    ref: env.GITHUB_REF ?? '',
    actor: env.GITHUB_ACTOR ?? '',
    runId: env.GITHUB_RUN_ID ?? '',
    serverUrl: env.GITHUB_SERVER_URL ?? 'https://github.com',
    apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
    workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
    tempDir: env.RUNNER_TEMP ?? '/tmp',
  };
}

export function runUrl(context: EventContext): string | null {
  return context.runId
    ? `${context.serverUrl}/${context.owner}/${context.repo}/actions/runs/${context.runId}`
    : null;
}
