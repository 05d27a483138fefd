/**
 * The ledger bundles a pull request's runs left only in their workflow artifacts (docs/memory.md
 * "On GitHub"): a fork's `pull_request` job has a read-only token, so its bundle — and the memory it
 * proposed — never reaches the ledger branch. A trusted job (a maintainer's `/truss memory promote`,
 * `mode: memory`) finds it here through the REST API. Everything found is the fork's own output:
 * sizes are bounded before and while reading, and the bundle is verified by the caller, never trusted.
 */
import { downloadArtifactBundleText } from './artifact-bundle.js';
import { ArtifactZipError } from './artifact-zip.js';
import { sessionIdOfArtifact } from './names.js';
import type { Octokit } from './octokit.js';
import { toMissingPermission } from './octokit.js';

/** One `truss-ledger-<session>` artifact of one of the pull request's workflow runs. */
export interface ArtifactBundleRef {
  sessionId: string;
  artifactName: string;
  artifactId: number;
  workflowRunId: number;
  bytes: number;
}

/** Where a decision job looks for proposals that are not on the ledger branch. */
export interface ArtifactBundleSource {
  /** The pull request's ledger artifacts, newest run first. */
  list(): Promise<ArtifactBundleRef[]>;
  /** The bundle text inside one of them (bounded; throws ArtifactZipError on a bad or oversized zip). */
  load(ref: ArtifactBundleRef): Promise<string>;
}

/** Largest ledger artifact read for a proposal (a run's bundle is kilobytes to a few megabytes). */
export const MAX_PROPOSAL_ARTIFACT_BYTES = 32 * 1024 * 1024;
/** How many of the pull request's most recent workflow runs are searched. */
const MAX_RUNS = 20;
/** How many ledger artifacts are listed (so read at most): a fork can upload as many as it likes. */
export const MAX_PROPOSAL_ARTIFACTS = 10;
const SESSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * The ledger artifacts of pull request `prNumber`'s `pull_request` runs: those whose head repository
 * and branch are the pull request's (a fork's runs carry no `pull_requests` link, so the head is what
 * ties them to it). Expired artifacts and names that are not a session id are left out; at most
 * MAX_PROPOSAL_ARTIFACTS are listed, newest run first, so a flood of uploads cannot make the trusted
 * job download without end.
 */
export function pullRequestArtifactBundles(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  prNumber: number,
  maxBytes = MAX_PROPOSAL_ARTIFACT_BYTES,
): ArtifactBundleSource {
  return {
    list: async () => {
      try {
        const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: prNumber });
        const headRepo = (pr.head.repo as { full_name?: string } | null)?.full_name;
        if (!headRepo) return [];
        const { data } = await octokit.rest.actions.listWorkflowRunsForRepo({
          ...repo,
          event: 'pull_request',
          branch: pr.head.ref,
          per_page: MAX_RUNS,
        });
        const found: ArtifactBundleRef[] = [];
        for (const run of data.workflow_runs) {
          if (run.head_repository?.full_name !== headRepo) continue;
          const artifacts = await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, {
            ...repo,
            run_id: run.id,
            per_page: 100,
          });
          for (const artifact of artifacts) {
            const sessionId = sessionIdOfArtifact(artifact.name);
            if (artifact.expired || sessionId === null || !SESSION.test(sessionId)) continue;
            if (found.length >= MAX_PROPOSAL_ARTIFACTS) return found;
            found.push({
              sessionId,
              artifactName: artifact.name,
              artifactId: artifact.id,
              workflowRunId: run.id,
              bytes: artifact.size_in_bytes,
            });
          }
        }
        return found;
      } catch (error) {
        throw toMissingPermission(
          error,
          'actions: read',
          `list the workflow artifacts of pull request #${prNumber}`,
        );
      }
    },
    load: (ref) => {
      if (ref.bytes > maxBytes)
        throw new ArtifactZipError(
          `${ref.artifactName} is ${ref.bytes} bytes, over the ${maxBytes}-byte limit for a run's ledger artifact`,
        );
      return downloadArtifactBundleText({
        octokit,
        ...repo,
        artifactId: ref.artifactId,
        sessionId: ref.sessionId,
        maxBytes,
      });
    },
  };
}
