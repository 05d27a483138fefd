import type { Subject, VerdictPredicate } from '../core/attest/index.js';
import { TRUSS_VERDICT_PREDICATE_TYPE } from '../core/attest/index.js';
import { isRateLimitError, type Octokit, statusOf } from './octokit.js';

/** Which Sigstore instance signs: public-good (Fulcio + Rekor) for public repos, GitHub's (Fulcio + TSA) otherwise. */
export type SigstoreInstance = 'public-good' | 'github';

export interface ArtifactAttestationOptions {
  octokit: Octokit;
  owner: string;
  repo: string;
  serverUrl: string;
  /** The ledger bundle file: `gh attestation verify BUNDLE.json` looks attestations up by this digest. */
  subject: Subject & { digest: { sha256: string } };
  predicate: VerdictPredicate;
  /** The workflow token; with `skipWrite` @actions/attest only needs it for its types. */
  token: string;
  sigstore: SigstoreInstance;
  /** The job's environment: the OIDC token endpoint variables are read from it. */
  env: Record<string, string | undefined>;
}

export type ArtifactAttestationResult =
  | { status: 'created'; id: number | null; url: string | null; bundle: unknown }
  | { status: 'skipped'; reason: string };

/** Public repositories sign with Sigstore's public-good instance; private and internal ones with GitHub's. */
export function sigstoreInstanceFor(payload: Record<string, unknown>): SigstoreInstance {
  const repository = payload.repository as { visibility?: string; private?: boolean } | undefined;
  return repository?.visibility === 'public' || repository?.private === false ? 'public-good' : 'github';
}

const KEPT_IN_ARTIFACT =
  'the DSSE attestation and Sigstore bundle signed with the ledger key are still in the ledger artifact';

/**
 * Creates a GitHub artifact attestation for the ledger bundle with the Truss verdict predicate, so
 * `gh attestation verify BUNDLE.json --repo OWNER/REPO --predicate-type https://truss.dev/verdict/v1`
 * works. @actions/attest does the keyless signing (OIDC token → Fulcio certificate → Rekor or TSA);
 * it is told to skip its own upload, which goes through @actions/github's bundled undici fetch, and
 * the attestation is stored here with the shared Octokit (one retry/rate-limit policy, interceptable
 * in tests). Situations a workflow author fixes (no OIDC token, a missing permission, a repository
 * without attestations) come back as `skipped` with what to do; they never fail the run.
 */
export async function createArtifactAttestation(
  options: ArtifactAttestationOptions,
): Promise<ArtifactAttestationResult> {
  if (!options.env.ACTIONS_ID_TOKEN_REQUEST_URL || !options.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN) {
    return {
      status: 'skipped',
      reason: `attest: no GitHub artifact attestation: this job has no OIDC token (ACTIONS_ID_TOKEN_REQUEST_URL is not set). Grant the job \`permissions: id-token: write\` and \`attestations: write\`; pull requests from forks never get an OIDC token. ${capitalize(KEPT_IN_ARTIFACT)}.`,
    };
  }
  let bundle: unknown;
  try {
    const { attest } = await import('@actions/attest');
    const attestation = await attest({
      subjects: [options.subject],
      predicateType: TRUSS_VERDICT_PREDICATE_TYPE,
      predicate: options.predicate,
      token: options.token,
      sigstore: options.sigstore,
      skipWrite: true,
    });
    bundle = attestation.bundle;
  } catch (error) {
    return {
      status: 'skipped',
      reason: `attest: could not sign the GitHub artifact attestation with Sigstore (${options.sigstore}): ${redactTokens(messageOf(error), options.env)}. Check that the job has \`permissions: id-token: write\`; ${KEPT_IN_ARTIFACT}.`,
    };
  }
  try {
    const response = await options.octokit.request('POST /repos/{owner}/{repo}/attestations', {
      owner: options.owner,
      repo: options.repo,
      bundle: bundle as never,
    });
    const id = (response.data as { id?: number }).id ?? null;
    return {
      status: 'created',
      id,
      url: id === null ? null : `${options.serverUrl}/${options.owner}/${options.repo}/attestations/${id}`,
      bundle,
    };
  } catch (error) {
    const status = statusOf(error);
    const where = `${options.owner}/${options.repo}`;
    let reason: string;
    if (status === 403 && !isRateLimitError(error))
      reason = `the GitHub token cannot write attestations to ${where}: add \`attestations: write\` (and \`id-token: write\`) to the job's \`permissions:\``;
    else if (status === 404)
      reason = `artifact attestations are not available for ${where} (private repositories need GitHub Enterprise Cloud; on GHES they need a recent server)`;
    else reason = `storing it in ${where} failed: ${messageOf(error)}`;
    return {
      status: 'skipped',
      reason: `attest: no GitHub artifact attestation: ${reason}; ${KEPT_IN_ARTIFACT}.`,
    };
  }
}

/**
 * @sigstore/sign puts the OIDC token it could not use into its error message ("invalid identity
 * token: <jwt>"); a workflow log must never show it, nor the token that requests it.
 */
function redactTokens(text: string, env: Record<string, string | undefined>): string {
  let out = text.replace(/[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g, '[redacted token]');
  const requestToken = env.ACTIONS_ID_TOKEN_REQUEST_TOKEN;
  if (requestToken) out = out.split(requestToken).join('[redacted]');
  return out;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
