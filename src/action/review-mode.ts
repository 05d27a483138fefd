import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '@actions/core';
import type { Bundle } from '../core/ledger/index.js';
import { errorText } from '../github/error-text.js';
import { GateHeldError } from '../github/gate-claim.js';
import { ledgerBundleFileName } from '../github/names.js';
import type { Octokit } from '../github/octokit.js';
import {
  recordSignOff,
  type SessionMeta,
  type SignOffPullRequest,
  type SignOffReview,
} from '../github/record-sign-off.js';
import type { ContractRunResult } from '../github/run-and-report.js';
import { downloadRunArtifact } from './download-artifact.js';
import { type EventContext, runUrl } from './event-context.js';
import type { Inputs } from './inputs.js';
import { resumeWithDecision } from './resume-mode.js';
import { type ActionSetup, reviewSigner } from './setup.js';

interface ReviewPayload {
  action?: string;
  review?: Omit<SignOffReview, 'user'> & { user?: SignOffReview['user'] };
  pull_request?: SignOffPullRequest;
  sender?: { login: string; id: number };
}

/**
 * `mode: review`: a PR review becomes a signed `human_review` (see recordSignOff); this adapter reads
 * the event, downloads the run artifact when the ledger branch has no bundle, and sets the outputs.
 * When a run on the reviewed head waits on an approval gate, an approval (or a change request) by
 * a user with write access is that gate's decision instead: the run resumes (see resume-mode).
 */
export async function handleReview(options: {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
}): Promise<ContractRunResult[] | null> {
  const { inputs, context, octokit, setup } = options;
  const payload = context.payload as ReviewPayload;
  const pr = payload.pull_request;
  const review = payload.review;
  if (!pr || !review?.user) throw new Error('mode review needs a pull_request_review event');
  const _repo = { owner: context.owner, repo: context.repo };
  let resumed: ContractRunResult[] | null = null;
  const signedOff = await recordSignOff({
    octokit,
    repo: { owner: context.owner, repo: context.repo },
    pr,
    review: { ...review, user: review.user },
    action: payload.action,
    dismissedBy: payload.sender ? { login: payload.sender.login, id: payload.sender.id } : null,
    reviewSigner: () => reviewSigner(inputs),
    trustedKeys: inputs.trustedKeys,
    ledgerBranch: inputs.ledgerBranch,
    authors: inputs.commentAuthors,
    dryRun: inputs.dryRun,
    detailsUrl: runUrl(context),
    log: setup.log,
    outDir: setup.outDir,
    loadArtifactBundle: (meta) => downloadArtifactBundle(inputs, context, meta),
    releaseGate: async (gate, decision) => {
      const result = await resumeWithDecision({ inputs, context, octokit, setup }, gate, pr.number, {
        decision,
        note: review.body ?? null,
        actor: { login: review.user?.login ?? 'unknown', id: review.user?.id ?? null },
        source: {
          review_id: review.id,
          commit_sha: review.commit_id ?? null,
          url: review.html_url ?? null,
        },
      }).catch((error: unknown) => {
        // Another job (a `/truss approve`, another review) holds the gate: it reports; this one did nothing.
        if (!(error instanceof GateHeldError)) throw error;
        core.notice(`truss: ${errorText(error, setup.env)}`);
        return null;
      });
      if (result) resumed = [...(resumed ?? []), result];
    },
  });
  // One line per contract signed off, as the run's outputs list one per contract.
  if (signedOff.length > 0) {
    core.setOutput('session-id', signedOff.map((one) => one.sessionId).join('\n'));
    core.setOutput('head-hash', signedOff.map((one) => one.headHash).join('\n'));
    core.setOutput('bundle-path', signedOff.map((one) => one.bundlePath).join('\n'));
  }
  return resumed;
}

async function downloadArtifactBundle(
  inputs: Inputs,
  context: EventContext,
  meta: SessionMeta & { session_id: string; artifact_id: number },
): Promise<string> {
  const runId = Number(/\/runs\/(\d+)/.exec(meta.run_url ?? '')?.[1]);
  const path = mkdtempSync(join(context.tempDir, 'truss-review-'));
  await downloadRunArtifact({
    token: inputs.githubToken,
    context,
    artifactId: meta.artifact_id,
    workflowRunId: runId,
    path,
  });
  // Exactly the session's bundle: the artifact also holds other JSON (attestations, a patch statement).
  const file = ledgerBundleFileName(meta.session_id);
  if (!readdirSync(path).includes(file)) throw new Error(`artifact ${meta.artifact_id} holds no ${file}`);
  return readFileSync(join(path, file), 'utf8');
}

export type { Bundle };
