import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '@actions/core';
import type { Bundle } from '../core/ledger/index.js';
import type { Octokit } from '../github/octokit.js';
import {
  recordSignOff,
  type SessionMeta,
  type SignOffPullRequest,
  type SignOffReview,
} from '../github/record-sign-off.js';
import { type EventContext, runUrl } from './event-context.js';
import type { Inputs } from './inputs.js';
import { type ActionSetup, reviewSigner } from './setup.js';

interface ReviewPayload {
  action?: string;
  review?: Omit<SignOffReview, 'user'> & { user?: SignOffReview['user'] };
  pull_request?: SignOffPullRequest;
}

/**
 * `mode: review`: a PR review becomes a signed `human_review` (see recordSignOff); this adapter reads
 * the event, downloads the run artifact when the ledger branch has no bundle, and sets the outputs.
 */
export async function handleReview(options: {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
}): Promise<void> {
  const { inputs, context, octokit, setup } = options;
  const payload = context.payload as ReviewPayload;
  const pr = payload.pull_request;
  const review = payload.review;
  if (!pr || !review?.user) throw new Error('mode review needs a pull_request_review event');
  const result = await recordSignOff({
    octokit,
    repo: { owner: context.owner, repo: context.repo },
    pr,
    review: { ...review, user: review.user },
    action: payload.action,
    reviewSigner: () => reviewSigner(inputs),
    trustedKeys: inputs.trustedKeys,
    ledgerBranch: inputs.ledgerBranch,
    dryRun: inputs.dryRun,
    detailsUrl: runUrl(context),
    log: setup.log,
    outDir: setup.outDir,
    loadArtifactBundle: (meta) => downloadArtifactBundle(inputs, context, meta),
  });
  if (result) {
    core.setOutput('session-id', result.sessionId);
    core.setOutput('head-hash', result.headHash);
    core.setOutput('bundle-path', result.bundlePath);
  }
}

async function downloadArtifactBundle(
  inputs: Inputs,
  context: EventContext,
  meta: SessionMeta & { artifact_id: number },
): Promise<string> {
  const runId = Number(/\/runs\/(\d+)/.exec(meta.run_url ?? '')?.[1]);
  const { DefaultArtifactClient } = await import('@actions/artifact');
  const path = mkdtempSync(join(context.tempDir, 'truss-review-'));
  await new DefaultArtifactClient().downloadArtifact(meta.artifact_id, {
    path,
    findBy: {
      token: inputs.githubToken,
      workflowRunId: runId,
      repositoryOwner: context.owner,
      repositoryName: context.repo,
    },
  });
  const file = readdirSync(path).find((name) => name.endsWith('.json'));
  if (!file) throw new Error(`artifact ${meta.artifact_id} holds no bundle`);
  return readFileSync(join(path, file), 'utf8');
}

export type { Bundle };
