import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkReceipt } from '../core/anchor/index.js';
import {
  createNodeCrypto,
  type LedgerStore,
  parseBundle,
  rolePin,
  type TrustedKeys,
} from '../core/ledger/index.js';
import type { ExcludedLeg, RunnerLeg, RunnerLegs } from '../core/run/index.js';
import { admitLeg, importLeg, type LegExpectation, recordedDiff } from '../core/run/index.js';
import {
  LEDGER_ARTIFACT_PREFIX,
  LEG_PATCH_FILE_NAME,
  legArtifactName,
  legOfArtifact,
} from '../github/names.js';
import type { Octokit } from '../github/octokit.js';
import { type EvidenceStep, type PublishStep, uploadStep } from '../github/publish-run.js';
import { trustedKeysFor } from '../github/repo-trusted-keys.js';
import { downloadRunArtifact } from './download-artifact.js';
import { type EventContext, runUrl } from './event-context.js';
import type { Inputs } from './inputs.js';
import { artifactPublisher } from './publish-artifact.js';
import type { ActionSetup } from './setup.js';

/** The workflow run every leg of this job's fan-out belongs to (the parent session ids derive from it). */
export function legRunUrl(context: EventContext): string {
  const url = runUrl(context);
  if (!url)
    throw new Error(
      'a fan-out over runners needs GITHUB_RUN_ID: its legs and its reducer must be jobs of one workflow run',
    );
  return url;
}

/**
 * How a leg job publishes (docs/fanout.md "Fan-out across runners"): the diff its executor recorded
 * is written beside the bundle as `leg.patch`, then both (and the HTML report) are uploaded as
 * `truss-leg-<n>` — no ledger branch, no attestation, no check run: the reducer job reports.
 */
export function legPublishSteps(options: {
  inputs: Inputs;
  context: EventContext;
  setup: ActionSetup;
  store: LedgerStore;
  artifact: string;
}): PublishStep[] {
  const { context, setup, store, artifact } = options;
  const patch: EvidenceStep = {
    name: 'leg-patch',
    stage: 'evidence',
    async run(evidence) {
      const diff = recordedDiff(store.entries(evidence.sessionId));
      const bytes = diff ? store.blob(diff)?.bytes : null;
      if (!diff) return;
      if (!bytes) throw new Error(`the leg's diff blob ${diff} is not in its ledger`);
      const dir = join(setup.outDir, `leg-${evidence.sessionId}`);
      mkdirSync(dir, { recursive: true });
      const path = join(dir, LEG_PATCH_FILE_NAME);
      writeFileSync(path, bytes);
      evidence.extraFiles.push(path);
    },
  };
  const upload = artifactPublisher({
    store,
    context,
    env: setup.env,
    warn: setup.log.warning,
    name: artifact,
    includeDb: false,
  });
  return [patch, uploadStep(upload, setup.log)];
}

/** The keys legs are verified against: the pinned ones, plus this job's own signing key (never a one-time key). */
export async function legTrustedKeys(options: {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
  trustedRef: string;
}): Promise<TrustedKeys> {
  const { inputs, context, octokit, setup } = options;
  const pinned = await trustedKeysFor(
    inputs.trustedKeys,
    octokit,
    { owner: context.owner, repo: context.repo },
    options.trustedRef,
    setup.log.warning,
  );
  if (!setup.ephemeralKey && !pinned.has(setup.signer.publicKeyHex))
    pinned.set(setup.signer.publicKeyHex, rolePin('signing-key', ['signer']));
  return pinned;
}

/** The claim an artifact name makes, and what an honest leg making it signed — or why none can. */
export type LegClaim = { attempt: number; arm: string | null };

/**
 * The reducer job's intake: every `truss-leg-*` artifact of this workflow run is downloaded, its
 * bundle checked against the pinned keys and the leg's expectation (admitLeg), and imported into the
 * run's store (importLeg). A leg that fails any of it is excluded with the reason, never dropped
 * silently; `expect` returns a string to refuse a claim outright (an attempt outside 1…K, an
 * unknown arm). Claims of the other kind (eval legs in a fan-out, or the reverse) are not this
 * reduction's and are left alone.
 */
export async function collectLegs(options: {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
  trusted: TrustedKeys;
  eval: boolean;
  expect: (claim: LegClaim) => LegExpectation | string;
}): Promise<RunnerLegs> {
  const { context, octokit, setup } = options;
  const artifacts = await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, {
    owner: context.owner,
    repo: context.repo,
    run_id: Number(context.runId),
    per_page: 100,
  });
  const claims = artifacts
    .map((artifact) => ({ artifact, claim: legOfArtifact(artifact.name) }))
    .filter(
      (x): x is { artifact: (typeof artifacts)[number]; claim: LegClaim } =>
        x.claim !== null && (x.claim.arm !== null) === options.eval,
    )
    .sort(
      (a, b) => (a.claim.arm ?? '').localeCompare(b.claim.arm ?? '') || a.claim.attempt - b.claim.attempt,
    );
  const legs: RunnerLeg[] = [];
  const excluded: ExcludedLeg[] = [];
  const crypto = createNodeCrypto();
  for (const { artifact, claim } of claims) {
    const exclude = (reason: string) => {
      excluded.push({ artifact: artifact.name, attempt: claim.attempt, arm: claim.arm, reason });
      setup.log.warning(`${artifact.name} is excluded: ${reason}`);
    };
    const expectation = options.expect(claim);
    if (typeof expectation === 'string') {
      exclude(expectation);
      continue;
    }
    if (artifact.expired) {
      exclude('the artifact has expired');
      continue;
    }
    try {
      const dir = join(setup.outDir, 'legs', artifact.name);
      mkdirSync(dir, { recursive: true });
      await downloadRunArtifact({
        token: options.inputs.githubToken,
        context,
        artifactId: artifact.id,
        workflowRunId: Number(context.runId),
        path: dir,
      });
      const bundles = readdirSync(dir).filter(
        (f) => f.startsWith(LEDGER_ARTIFACT_PREFIX) && f.endsWith('.json'),
      );
      if (bundles.length !== 1) {
        exclude(`it holds ${bundles.length} bundles, not one`);
        continue;
      }
      const bundlePath = join(dir, bundles[0] as string);
      const bundle = parseBundle(readFileSync(bundlePath, 'utf8'), `${artifact.name}/${bundles[0]}`);
      const patchPath = join(dir, LEG_PATCH_FILE_NAME);
      const patch = existsSync(patchPath) ? readFileSync(patchPath) : null;
      const admitted = admitLeg({
        bundle,
        patch,
        trusted: options.trusted,
        crypto,
        receipts: checkReceipt,
        expect: expectation,
      });
      if (!admitted.ok) {
        exclude(admitted.reason);
        continue;
      }
      if (legs.some((leg) => leg.sessionId === admitted.leg.sessionId)) {
        exclude(`its session ${admitted.leg.sessionId} came in another leg artifact too`);
        continue;
      }
      importLeg({ store: setup.store, bundle, diff: admitted.diff, trusted: options.trusted, crypto });
      legs.push(admitted.leg);
      setup.log.info(`${artifact.name}: session ${admitted.leg.sessionId} verified and admitted`);
    } catch (error) {
      exclude((error as Error).message);
    }
  }
  return { legs, excluded };
}

/** The artifact name a leg job uploads under, from its inputs. */
export function legArtifactFor(inputs: Inputs): string {
  return legArtifactName(inputs.fanoutLeg ?? 0, inputs.arms ? inputs.arm : null);
}
