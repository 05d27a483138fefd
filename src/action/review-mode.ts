import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '@actions/core';
import {
  appendHumanReviewToBundle,
  type Bundle,
  createNodeCrypto,
  type HumanReviewDecision,
  parseBundle,
  parseTrustedKeys,
  verifyBundle,
} from '../core/ledger/index.js';
import { postHumanReviewCheck } from '../github/human-review-check.js';
import { loadBundleFromLedgerBranch, saveBundleToLedgerBranch } from '../github/ledger-store-branch.js';
import type { Octokit } from '../github/octokit.js';
import { authorizeActor } from '../github/permissions.js';
import { readRepoFile } from '../github/repo-files.js';
import { readStickyMetadata } from '../github/sticky-comment.js';
import { type EventContext, runUrl } from './event-context.js';
import type { Inputs } from './inputs.js';
import { type ActionSetup, reviewSigner } from './setup.js';

interface ReviewPayload {
  action?: string;
  review?: {
    id: number;
    state?: string;
    body?: string | null;
    commit_id?: string;
    html_url?: string;
    user?: { login: string; id: number; type?: string };
  };
  pull_request?: { number: number; head: { sha: string }; base: { sha: string } };
}

interface SessionMeta {
  contract?: string;
  session_id?: string;
  head_sha?: string;
  artifact_id?: number | null;
  run_url?: string | null;
}

const DECISION: Record<string, HumanReviewDecision> = {
  approved: 'approved',
  changes_requested: 'needs_changes',
};

/**
 * A PR review becomes a signed `human_review` pinned to the evidence it saw: find the latest truss
 * session for the PR head, verify its bundle against pinned keys, append the reviewer's decision
 * signed with the review key, store the extended bundle, and set `truss / human review`.
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
  const repo = { owner: context.owner, repo: context.repo };
  const check = (
    conclusion: 'success' | 'failure' | 'action_required' | 'neutral',
    title: string,
    summary: string,
  ) =>
    postHumanReviewCheck({
      octokit,
      ...repo,
      headSha: pr.head.sha,
      conclusion,
      title,
      summary,
      detailsUrl: runUrl(context),
      dryRun: inputs.dryRun,
    });

  if (payload.action === 'dismissed') {
    await check(
      'action_required',
      'Review dismissed: awaiting a new approval',
      `The review by @${review.user.login} was dismissed.`,
    );
    return;
  }
  const decision = DECISION[String(review.state).toLowerCase()];
  if (payload.action !== 'submitted' || !decision) {
    core.info(`review state ${review.state} records no decision; nothing to sign`);
    return;
  }
  const auth = await authorizeActor({
    octokit,
    ...repo,
    actor: { login: review.user.login, type: review.user.type ?? 'User' },
  });
  if (!auth.allowed) {
    core.info(
      `${review.user.login} has no write permission (${auth.reason}); the review is not recorded as a sign-off`,
    );
    return;
  }
  const meta = await latestSessionFor(octokit, repo, pr.number, pr.head.sha);
  if (!meta?.session_id) {
    await check(
      'action_required',
      'No truss verdict for this commit yet',
      `There is no truss run for ${pr.head.sha.slice(0, 7)}; run the contracts first, then review.`,
    );
    return;
  }
  const text = await fetchBundleText({ inputs, context, octokit, meta });
  let bundle: Bundle;
  try {
    bundle = parseBundle(text, `bundle of session ${meta.session_id}`);
  } catch (error) {
    // A stored bundle that is not even a bundle is evidence that does not verify, not a crash.
    await check('failure', 'Evidence did not verify (unreadable bundle)', (error as Error).message);
    return;
  }
  const reviewer = reviewSigner(inputs);
  const trusted = await trustedKeysFor(inputs, octokit, repo, pr.base.sha);
  // Sign-offs this job signed earlier (a stored bundle that already holds a human_review) are ours:
  // trust the review key too, or every review after the first would find the evidence unpinned.
  if (trusted.size > 0 && !trusted.has(reviewer.publicKeyHex))
    trusted.set(reviewer.publicKeyHex, 'review-signing-key');
  const report = verifyBundle(bundle, { crypto: createNodeCrypto(), trusted });
  if (report.status === 'failed' || report.status === 'incomplete') {
    await check(
      'failure',
      `Evidence did not verify (${report.status})`,
      report.failure?.message ?? 'the run did not finish',
    );
    return;
  }
  const verdictHead =
    (bundle.verdict as { git?: { head_sha?: string } } | null)?.git?.head_sha ?? meta.head_sha;
  const reviewedSha = review.commit_id ?? pr.head.sha;
  const { bundle: extended, entry } = appendHumanReviewToBundle(bundle, reviewer, {
    decision,
    note: review.body ?? '',
    actor: { login: review.user.login, id: review.user.id },
    source: { review_id: review.id, commit_sha: reviewedSha, url: review.html_url ?? null },
  });
  const out = join(setup.outDir, `truss-ledger-${meta.session_id}.json`);
  writeFileSync(out, `${JSON.stringify(extended)}\n`);
  if (inputs.ledgerBranch) {
    await saveBundleToLedgerBranch({
      octokit,
      ...repo,
      branch: inputs.ledgerBranch,
      sessionId: meta.session_id,
      bundlePath: out,
      message: `truss: ${decision} by ${review.user.login} on ${meta.session_id}`,
      dryRun: inputs.dryRun,
    });
  }
  core.setOutput('session-id', meta.session_id);
  core.setOutput('head-hash', entry.entry_hash);
  core.setOutput('bundle-path', out);
  const pinned = report.status === 'verified';
  const atVerdictHead = reviewedSha === verdictHead && verdictHead === pr.head.sha;
  const summary = [
    `**${decision}** by @${review.user.login} — signed \`human_review\` at seq ${entry.seq}, attesting head \`${String(entry.payload.attested_head_hash).slice(0, 16)}…\` of session \`${meta.session_id}\`.`,
    `Evidence: ${pinned ? 'verified against pinned keys' : 'intact, but its signer is not pinned (set trusted-keys or .truss/trusted-keys)'}.`,
    atVerdictHead
      ? ''
      : `The review is for ${reviewedSha.slice(0, 7)}, but the verdict covers ${String(verdictHead).slice(0, 7)}: stale.`,
  ].join('\n\n');
  if (decision === 'approved' && atVerdictHead && pinned)
    await check('success', `Approved by ${review.user.login}`, summary);
  else if (decision === 'approved')
    await check('action_required', 'Approval does not cover the verified evidence', summary);
  else await check('failure', `Changes requested by ${review.user.login}`, summary);
}

async function latestSessionFor(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  prNumber: number,
  headSha: string,
): Promise<SessionMeta | null> {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    ...repo,
    issue_number: prNumber,
    per_page: 100,
  });
  // Only the sticky comments truss posted (a Bot account, as upsertStickyComment requires): anyone
  // can write a comment that looks like one and points at some other session.
  const metas = comments
    .filter((c) => c.user?.type === 'Bot' && c.body?.includes('<!-- truss:sticky'))
    .map((c) => readStickyMetadata(c.body ?? '') as SessionMeta | null)
    .filter((m): m is SessionMeta => m !== null && m.head_sha === headSha);
  return metas.at(-1) ?? null;
}

async function fetchBundleText(options: {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  meta: SessionMeta;
}): Promise<string> {
  const { inputs, context, octokit, meta } = options;
  const sessionId = meta.session_id as string;
  if (inputs.ledgerBranch) {
    const text = await loadBundleFromLedgerBranch({
      octokit,
      owner: context.owner,
      repo: context.repo,
      branch: inputs.ledgerBranch,
      sessionId,
    });
    if (text) return text;
  }
  if (!meta.artifact_id)
    throw new Error(
      `no stored bundle for session ${sessionId}: enable upload-artifact or ledger-branch on the run workflow`,
    );
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

async function trustedKeysFor(
  inputs: Inputs,
  octokit: Octokit,
  repo: { owner: string; repo: string },
  baseSha: string,
): Promise<Map<string, string>> {
  if (inputs.trustedKeys.trim()) return parseTrustedKeys(inputs.trustedKeys, 'input trusted-keys');
  const text = await readRepoFile({ octokit, ...repo, path: '.truss/trusted-keys', ref: baseSha });
  return text ? parseTrustedKeys(text, '.truss/trusted-keys') : new Map();
}

export type { Bundle };
