import pkg from '../../package.json' with { type: 'json' };
import type { LedgerStore } from '../core/ledger/index.js';
import type { ChangesPublisher } from '../core/run/index.js';
import { gitChangesPublisher } from '../github/git-changes-publisher.js';
import type { Octokit } from '../github/octokit.js';
import { attestationStep } from '../github/publish-attestation.js';
import { anchorOnLedgerBranchStep, commitToLedgerBranchStep } from '../github/publish-ledger-branch.js';
import { type PublishStep, uploadStep } from '../github/publish-run.js';
import type { EventContext } from './event-context.js';
import type { Inputs } from './inputs.js';
import type { RunTarget } from './pr-target.js';
import { artifactPublisher } from './publish-artifact.js';
import type { ActionSetup } from './setup.js';

/**
 * Where a run's evidence goes, the same for a fresh run and a resumed one, as the ordered steps
 * publish-run.ts runs: the anchor in the ledger branch's transparency log (`ledger-branch`, which
 * appends the receipt, so it comes first), then — once the bundle and the report are built — the
 * verdict attestations (`attest`), the ledger-branch copy and the workflow artifact
 * (`upload-artifact`), which ships the attestations beside the bundle. Steps the inputs turn off
 * are left out.
 */
export function publishSteps(options: {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
  store: LedgerStore;
}): PublishStep[] {
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
  const steps: (PublishStep | null)[] = [
    anchorOnLedgerBranchStep({
      ...branch,
      anchor: setup.ephemeralKey ? undefined : { store, signer: setup.signer },
    }),
    attestationStep({
      enabled: inputs.attest,
      signer: setup.signer,
      context,
      octokit,
      token: inputs.githubToken,
      env: setup.env,
      dryRun: inputs.dryRun,
      trussVersion: pkg.version,
      info: setup.log.info,
      warn: setup.log.warning,
    }),
    commitToLedgerBranchStep(branch),
    inputs.uploadArtifact
      ? uploadStep(
          artifactPublisher({
            store,
            context,
            env: setup.env,
            warn: setup.log.warning,
            workdir: setup.workdir,
            signer: setup.signer,
          }),
          setup.log,
        )
      : null,
  ];
  return steps.filter((step) => step !== null);
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
