import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { AttestationRefusedError, attestBundle } from '../core/attest/index.js';
import { createNodeCrypto, type Signer } from '../core/ledger/index.js';
import { createArtifactAttestation, sigstoreInstanceFor } from './artifact-attestation.js';
import { attestationPaths } from './names.js';
import type { Octokit } from './octokit.js';
import type { EvidenceStep } from './publish-run.js';

/** Where the attestation is about: the repository and the event that triggered the run. */
export interface AttestationContext {
  owner: string;
  repo: string;
  serverUrl: string;
  /** The event payload: its repository's visibility picks the Sigstore instance. */
  payload: Record<string, unknown>;
}

/**
 * With `attest: true`, every bundle gets its verdict attestation before it is uploaded: the DSSE
 * envelope (`<bundle>.intoto.json`) and Sigstore bundle (`<bundle>.sigstore.json`), signed with the
 * ledger key, are added to the files shipped beside the bundle, and a GitHub artifact attestation is
 * created for the bundle. Nothing here fails the run: a missing OIDC token or permission is a
 * warning saying what to grant. Null (no step) when attest is off.
 */
export function attestationStep(options: {
  enabled: boolean;
  signer: Signer;
  context: AttestationContext;
  octokit: Octokit;
  token: string;
  env: Record<string, string | undefined>;
  dryRun: boolean;
  /** Recorded in the attestation's predicate, e.g. `0.1.0`. */
  trussVersion: string;
  info: (message: string) => void;
  warn: (message: string) => void;
}): EvidenceStep | null {
  if (!options.enabled) return null;
  return {
    name: 'attest',
    stage: 'evidence',
    run: (files) => attest(files, options),
  };
}

async function attest(
  files: { bundlePath: string; sessionId: string; extraFiles: string[] },
  options: Parameters<typeof attestationStep>[0],
): Promise<void> {
  try {
    const bundleBytes = readFileSync(files.bundlePath);
    const attestation = attestBundle({
      bundleBytes,
      bundleName: basename(files.bundlePath),
      source: basename(files.bundlePath),
      signer: options.signer,
      crypto: createNodeCrypto(),
      trussVersion: options.trussVersion,
    });
    const paths = attestationPaths(files.bundlePath);
    writeFileSync(paths.intoto, `${JSON.stringify(attestation.envelope, null, 2)}\n`);
    writeFileSync(paths.sigstore, `${JSON.stringify(attestation.sigstoreBundle, null, 2)}\n`);
    files.extraFiles.push(paths.intoto, paths.sigstore);
    options.info(
      `attest: wrote ${basename(paths.intoto)} and .sigstore.json (signed by ${options.signer.keyId})`,
    );
    if (options.dryRun) {
      options.info('attest: dry-run, no GitHub artifact attestation created');
    } else {
      const { context } = options;
      const result = await createArtifactAttestation({
        octokit: options.octokit,
        owner: context.owner,
        repo: context.repo,
        serverUrl: context.serverUrl,
        subject: attestation.statement.subject.find((s) => s.digest.sha256) as {
          name: string;
          digest: { sha256: string };
        },
        predicate: attestation.statement.predicate,
        token: options.token,
        sigstore: sigstoreInstanceFor(context.payload),
        env: options.env,
      });
      if (result.status === 'skipped') options.warn(result.reason);
      else
        options.info(
          `attest: created GitHub artifact attestation ${result.url ?? '(no id returned)'}; check it with: gh attestation verify ${basename(files.bundlePath)} --repo ${context.owner}/${context.repo} --predicate-type ${attestation.statement.predicateType}`,
        );
    }
  } catch (error) {
    const why =
      error instanceof AttestationRefusedError
        ? error.message
        : `unexpected error: ${(error as Error).message}`;
    options.warn(`attest: no verdict attestation for session ${files.sessionId}: ${why}`);
  }
}
