import pkg from '../../package.json' with { type: 'json' };
import { createNodeCrypto, type LedgerStore } from '../core/ledger/index.js';
import { writeReportFile } from '../core/report/write-report.js';
import type { ChangesPublisher } from '../core/run/index.js';
import { gitChangesPublisher } from '../github/git-changes-publisher.js';
import type { Octokit } from '../github/octokit.js';
import type { PublishEvidence } from '../github/run-and-report.js';
import type { EventContext } from './event-context.js';
import type { Inputs } from './inputs.js';
import type { RunTarget } from './pr-target.js';
import { artifactPublisher } from './publish-artifact.js';
import { withAttestation } from './publish-attestation.js';
import { withLedgerBranch, withLedgerBranchAnchor } from './publish-ledger-branch.js';
import type { ActionSetup } from './setup.js';

/**
 * Where a run's evidence goes, the same for a fresh run and a resumed one: the workflow artifact
 * (`upload-artifact`), the ledger branch and its transparency log (`ledger-branch`), and verdict
 * attestations (`attest`).
 */
export function evidencePublisher(options: {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
  store: LedgerStore;
}): PublishEvidence {
  const { inputs, context, octokit, setup, store } = options;
  const branch = {
    octokit,
    owner: context.owner,
    repo: context.repo,
    branch: inputs.ledgerBranch,
    dryRun: inputs.dryRun,
    warn: setup.log.warning,
    info: setup.log.info,
  };
  // Order matters: anchoring rewrites the bundle, so it runs before anything reads it.
  return withLedgerBranchAnchor(
    withAttestation(
      withLedgerBranch(
        inputs.uploadArtifact
          ? artifactPublisher({
              store,
              context,
              env: setup.env,
              warn: setup.log.warning,
              workdir: setup.workdir,
            })
          : async () => null,
        branch,
      ),
      {
        enabled: inputs.attest,
        signer: setup.signer,
        context,
        octokit,
        token: inputs.githubToken,
        env: setup.env,
        dryRun: inputs.dryRun,
        info: setup.log.info,
        warn: setup.log.warning,
      },
    ),
    {
      ...branch,
      anchor: setup.ephemeralKey ? undefined : { store, signer: setup.signer },
      rewriteReport: (bundlePath, reportPath) =>
        writeReportFile({
          bundlePath,
          output: reportPath,
          trusted: new Map(),
          trustSource: null,
          generator: `truss ${pkg.version}`,
          crypto: createNodeCrypto(),
        }),
    },
  );
}

/** `on-pass-changes`: nothing, or a publisher that pushes a PASS's changes / opens a pull request. */
export function changesPublisher(options: {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
  target: RunTarget;
}): ChangesPublisher | undefined {
  const { inputs, context, octokit, setup, target } = options;
  if (inputs.onPassChanges === 'none') return undefined;
  return gitChangesPublisher({
    mode: inputs.onPassChanges,
    workdir: setup.workdir,
    octokit,
    repo: { owner: context.owner, repo: context.repo },
    target,
    auth: { token: inputs.githubToken, serverUrl: context.serverUrl },
    dryRun: inputs.dryRun,
    log: setup.log,
  });
}
