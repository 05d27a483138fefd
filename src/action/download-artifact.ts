import type { EventContext } from './event-context.js';

/**
 * Downloads and unzips a workflow artifact of another run of this repository into `path`, through
 * the runner's @actions/artifact client (GitHub answers with a redirect to blob storage).
 */
export async function downloadRunArtifact(options: {
  token: string;
  context: EventContext;
  artifactId: number;
  workflowRunId: number;
  path: string;
}): Promise<void> {
  const { DefaultArtifactClient } = await import('@actions/artifact');
  await new DefaultArtifactClient().downloadArtifact(options.artifactId, {
    path: options.path,
    findBy: {
      token: options.token,
      workflowRunId: options.workflowRunId,
      repositoryOwner: options.context.owner,
      repositoryName: options.context.repo,
    },
  });
}
