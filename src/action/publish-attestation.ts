import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import { AttestationRefusedError, attestBundle } from '../core/attest/index.js';
import { createNodeCrypto, type Signer } from '../core/ledger/index.js';
import { createArtifactAttestation, sigstoreInstanceFor } from '../github/artifact-attestation.js';
import type { Octokit } from '../github/octokit.js';
import type { PublishEvidence } from '../github/run-and-report.js';
import type { EventContext } from './event-context.js';

/**
 * With `attest: true`, every bundle gets its verdict attestation before it is published: the DSSE
 * envelope (`<bundle>.intoto.json`) and Sigstore bundle (`<bundle>.sigstore.json`), signed with the
 * ledger key, ride in the ledger artifact, and a GitHub artifact attestation is created for the
 * bundle. Nothing here fails the run: a missing OIDC token or permission is a warning saying what to
 * grant.
 */
export function withAttestation(
  publish: PublishEvidence,
  options: {
    enabled: boolean;
    signer: Signer;
    context: EventContext;
    octokit: Octokit;
    token: string;
    env: Record<string, string | undefined>;
    dryRun: boolean;
    info: (message: string) => void;
    warn: (message: string) => void;
  },
): PublishEvidence {
  if (!options.enabled) return publish;
  return async (files) => {
    const extraFiles = [...(files.extraFiles ?? [])];
    try {
      const bundleBytes = readFileSync(files.bundlePath);
      const attestation = attestBundle({
        bundleBytes,
        bundleName: basename(files.bundlePath),
        source: basename(files.bundlePath),
        signer: options.signer,
        crypto: createNodeCrypto(),
        trussVersion: pkg.version,
      });
      const stem = files.bundlePath.replace(/\.json$/, '');
      writeFileSync(`${stem}.intoto.json`, `${JSON.stringify(attestation.envelope, null, 2)}\n`);
      writeFileSync(`${stem}.sigstore.json`, `${JSON.stringify(attestation.sigstoreBundle, null, 2)}\n`);
      extraFiles.push(`${stem}.intoto.json`, `${stem}.sigstore.json`);
      options.info(
        `attest: wrote ${basename(stem)}.intoto.json and .sigstore.json (signed by ${options.signer.keyId})`,
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
    return publish({ ...files, extraFiles });
  };
}
