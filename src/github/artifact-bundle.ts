import { ArtifactZipError, readZipFiles } from './artifact-zip.js';
import { ledgerBundleFileName } from './names.js';
import type { Octokit } from './octokit.js';
import { toMissingPermission } from './octokit.js';

/**
 * The ledger bundle inside a run's ledger artifact (`ledgerArtifactName`), through the REST API
 * (GET /repos/{owner}/{repo}/actions/artifacts/{id}/zip). The App's fallback when no ledger branch
 * holds the bundle; the Action uses the artifact client instead, which needs a runner.
 */
export async function downloadArtifactBundleText(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  artifactId: number;
  sessionId: string;
  /** Largest bundle inflated (default MAX_ARTIFACT_FILE_BYTES). */
  maxBytes?: number;
}): Promise<string> {
  const { octokit, owner, repo, artifactId } = options;
  let zip: Buffer;
  try {
    const { data } = await octokit.rest.actions.downloadArtifact({
      owner,
      repo,
      artifact_id: artifactId,
      archive_format: 'zip',
    });
    zip = Buffer.from(data as ArrayBuffer);
  } catch (error) {
    throw toMissingPermission(error, 'actions: read', `download the ledger artifact ${artifactId}`);
  }
  const wanted = ledgerBundleFileName(options.sessionId);
  // One bundle per session: a second copy under another folder is an artifact to refuse, not to pick from.
  const files = readZipFiles(
    zip,
    (name) => name === wanted || name.endsWith(`/${wanted}`),
    options.maxBytes,
    1,
  );
  const text = [...files.values()][0]?.toString('utf8');
  if (text === undefined) throw new ArtifactZipError(`artifact ${artifactId} holds no ${wanted}`);
  return text;
}
