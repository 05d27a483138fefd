import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkReceipt } from '../../src/core/anchor/receipt.js';
import { createNodeCrypto, SigningKey } from '../../src/core/ledger/index.js';
import { TRUSS_CHECK_ID } from '../../src/github/external-id.js';
import {
  ActionHarness,
  type ActionRun,
  type CheckRunCreate,
  createdCheckRuns,
  type FakeComment,
  HUMAN_REVIEW,
  LEDGER_BRANCH,
  PR_NUMBER,
  RUN_URL,
  requestLines,
  reviewPayload,
} from '../helpers/action-harness.js';
import { runCli } from '../helpers/cli.js';
import { postedByApp } from '../helpers/comment-authors.js';
import { contentsFile } from '../helpers/fake-github.js';
import { snapshotHarness } from '../helpers/harness-snapshot.js';

/** The review id in the pull_request_review examples. */
const REVIEW_ID = 237895671;

interface Evidence {
  sessionId: string;
  bundleText: string;
  sticky: FakeComment;
  runKey: string;
  headHash: string;
  headSha: string;
  baseSha: string;
}

/**
 * One real run of the PR flow with `ledger-branch` set: the bundle it commits through the Git Data API
 * and the sticky comment it posts are what every review below finds.
 */
async function produceEvidence(
  options: { mergeCheckout?: boolean; harness?: ActionHarness } = {},
): Promise<Evidence & { stdout: string; run: ActionRun & { headSha: string } }> {
  // A harness handed in is the caller's to keep (and to stop).
  const harness = options.harness ?? new ActionHarness();
  try {
    const workspace = options.mergeCheckout ? harness.mergeWorkspace().workspace : undefined;
    const run = await harness.runPullRequest({ INPUT_LEDGER_BRANCH: LEDGER_BRANCH }, workspace);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const sessionId = run.outputs['session-id'] as string;
    const path = `sessions/${sessionId}.json`;
    // A new ledger branch: the run reads memory/ from it (none yet), then the run's head is anchored
    // (an orphan commit creating the log under anchor/), then the bundle, which now carries the
    // anchor_receipt, is committed on top of it.
    expect(requestLines(harness.fake).filter((l) => l.includes('/git/'))).toEqual([
      `GET /git/ref/heads/${LEDGER_BRANCH}`,
      `GET /git/ref/heads/${LEDGER_BRANCH}`,
      'POST /git/blobs',
      'POST /git/blobs',
      'POST /git/blobs',
      'POST /git/blobs',
      'POST /git/trees',
      'POST /git/commits',
      'POST /git/refs',
      'POST /git/blobs',
      `GET /git/ref/heads/${LEDGER_BRANCH}`,
      expect.stringMatching(/^GET \/git\/commits\/[0-9a-f]{40}$/),
      'POST /git/trees',
      'POST /git/commits',
      `PATCH /git/refs/heads/${LEDGER_BRANCH}`,
    ]);
    const [anchorTree, tree] = harness.fake.calls('POST', /\/git\/trees$/);
    expect(
      (anchorTree?.body as { tree: { path: string }[] } | undefined)?.tree.map((entry) => entry.path),
    ).toEqual(['anchor/log.json', 'anchor/leaves.jsonl', 'anchor/checkpoint', 'anchor/checkpoints.jsonl']);
    expect(tree?.body).toEqual({
      base_tree: expect.stringMatching(/^[0-9a-f]{40}$/),
      tree: [{ path, mode: '100644', type: 'blob', sha: expect.stringMatching(/^[0-9a-f]{40}$/) }],
    });
    expect(harness.fake.calls('POST', /\/git\/commits$/)[0]?.body).toMatchObject({ parents: [] });
    expect(harness.fake.calls('POST', /\/git\/refs$/)[0]?.body).toMatchObject({
      ref: `refs/heads/${LEDGER_BRANCH}`,
    });
    // The bundle on the branch ends with the receipt, whose checkpoint is the one on the branch.
    const published = JSON.parse(harness.ledger.file(path) ?? '{}');
    const receipt = published.ledger.entries.at(-1);
    expect(receipt).toMatchObject({
      kind: 'anchor_receipt',
      payload: {
        anchored_head_hash: published.ledger.entries.at(-2)?.entry_hash,
        leaf_index: 0,
        checkpoint: harness.ledger.file('anchor/checkpoint'),
        log_public_key: harness.key.publicKeyHex,
      },
    });
    // The run reports the head the published bundle ends at: the receipt.
    expect(run.outputs['head-hash']).toBe(receipt.entry_hash);
    expect(published.ledger.head_hash).toBe(receipt.entry_hash);
    // Its inclusion proof verifies against the signed checkpoint, as any verifier will check it.
    expect(checkReceipt(receipt.payload, createNodeCrypto())).toHaveProperty('finding.tree_size', 1);
    // After the check run, the sticky comment and the ledger-branch commit, the run resets the human
    // review check on the PR head (even when the verdict covers the merge commit): no sign-off yet.
    expect(requestLines(harness.fake).at(-1)).toBe('POST /check-runs');
    expect(createdCheckRuns(harness.fake, HUMAN_REVIEW)).toEqual([
      expect.objectContaining({
        head_sha: harness.headSha,
        status: 'completed',
        conclusion: 'action_required',
        details_url: RUN_URL,
        output: expect.objectContaining({ title: 'Awaiting sign-off on the new verdict' }),
      }),
    ]);
    const bundleText = harness.ledger.file(path);
    expect(bundleText).toBe(readFileSync(run.outputs['bundle-path'] as string, 'utf8'));
    // The HTML report beside the bundle was written once the receipt was in: it embeds that bundle.
    const reportHtml = readFileSync(
      (run.outputs['bundle-path'] as string).replace(/truss-ledger-([^/]+)\.json$/, 'truss-report-$1.html'),
      'utf8',
    );
    const open = '<script type="application/json" id="truss-data">';
    const start = reportHtml.indexOf(open) + open.length;
    const embedded = JSON.parse(reportHtml.slice(start, reportHtml.indexOf('</script>', start)));
    expect(embedded.bundle.ledger.head_hash).toBe(receipt.entry_hash);
    const sticky = harness.comments[0];
    if (!sticky || bundleText === null) throw new Error('the PR run left no evidence');
    return {
      sessionId,
      bundleText,
      sticky: structuredClone(sticky),
      runKey: harness.key.publicKeyHex,
      // What a sign-off attests: the reviewable head (run_completed), not the anchor receipt after it.
      headHash: receipt.payload.anchored_head_hash as string,
      headSha: harness.headSha,
      baseSha: harness.baseSha,
      stdout: run.stdout,
      run,
    };
  } finally {
    if (!options.harness) await harness.stop();
  }
}

/** The Action's inputs for a review job: review mode by event, the ledger branch, the review key and the run keys trusted. */
function reviewJobEnv(reviewSeed: string, trustedKeys: string): Record<string, string> {
  return {
    INPUT_MODE: 'auto',
    INPUT_SIGNING_KEY: '',
    INPUT_LEDGER_BRANCH: LEDGER_BRANCH,
    INPUT_REVIEW_SIGNING_KEY: reviewSeed,
    INPUT_TRUSTED_KEYS: trustedKeys,
  };
}

// The PR run whose evidence the reviews below find runs once; its harness stays for 'a new run after
// a sign-off', which continues from the state it left (test/helpers/harness-snapshot.ts).
let evidence: Evidence & { run: ActionRun & { headSha: string } };
let evidenceHarness: ActionHarness;
let afterEvidenceRun: () => void;

beforeAll(async () => {
  evidenceHarness = new ActionHarness();
  evidence = await produceEvidence({ harness: evidenceHarness });
  afterEvidenceRun = snapshotHarness(evidenceHarness);
});

afterAll(async () => {
  await evidenceHarness.stop();
});

describe('review mode (pull_request_review → signed human_review + `truss / human review`)', () => {
  let harness: ActionHarness;
  const reviewKey = SigningKey.generate();

  beforeEach(() => {
    harness = new ActionHarness();
    // The same repository state: the ledger branch and the sticky comment of the run above.
    harness.ledger.seed({ [`sessions/${evidence.sessionId}.json`]: evidence.bundleText });
    harness.comments.push(structuredClone(evidence.sticky));
    harness.allow('Codertocat', 'write');
  });

  afterEach(async () => {
    await harness.stop();
  });

  function review(
    options: Partial<Parameters<typeof reviewPayload>[0]> & { env?: Record<string, string> } = {},
  ) {
    const { env, ...payload } = options;
    return harness.run({
      eventName: 'pull_request_review',
      payload: reviewPayload({
        action: 'submitted',
        state: 'approved',
        commitId: evidence.headSha,
        headSha: evidence.headSha,
        baseSha: evidence.baseSha,
        body: 'Looks right to me.',
        ...payload,
      }),
      workspace: harness.emptyWorkspace(),
      env: { ...reviewJobEnv(reviewKey.seedBase64, evidence.runKey), ...env },
    });
  }

  const storedPath = () => `sessions/${evidence.sessionId}.json`;
  const reads = () => [
    'GET /collaborators/Codertocat/permission',
    // GitHub's current state of the review: a dismissed one is never signed.
    `GET /pulls/${PR_NUMBER}/reviews/${REVIEW_ID}`,
    `GET /issues/${PR_NUMBER}/comments?per_page=100`,
    `GET /contents/${storedPath()}?ref=${LEDGER_BRANCH}`,
  ];
  /** The one `truss / human review` check the review posted: created completed, in one request. */
  const reviewCheck = (headSha = evidence.headSha) => {
    const created = harness.fake.calls('POST', /\/check-runs$/);
    expect(created).toHaveLength(1);
    expect(harness.fake.calls('PATCH', /\/check-runs\//)).toEqual([]);
    const body = created[0]?.body as CheckRunCreate & {
      conclusion: string;
      output: { title: string; summary: string };
    };
    expect(body).toEqual({
      name: HUMAN_REVIEW,
      head_sha: headSha,
      external_id: TRUSS_CHECK_ID,
      status: 'completed',
      conclusion: expect.stringMatching(/^(success|failure|action_required|neutral)$/),
      completed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      details_url: RUN_URL,
      output: { title: expect.any(String), summary: expect.any(String) },
    });
    // What GitHub shows: the check exists, completed, with that conclusion.
    expect(harness.checkRuns).toEqual([
      expect.objectContaining({ name: HUMAN_REVIEW, status: 'completed', conclusion: body.conclusion }),
    ]);
    return body;
  };

  /** The exact requests of a recorded review: reads, the ledger-branch commit, the check. */
  function expectRecorded() {
    const lines = requestLines(harness.fake);
    expect(lines.slice(0, 4)).toEqual(reads());
    expect(lines.slice(4, 6)).toEqual(['POST /git/blobs', `GET /git/ref/heads/${LEDGER_BRANCH}`]);
    // The branch head it built on (the parent of the new head).
    const parent = harness.ledger.commits.get(harness.ledger.head ?? '')?.parents[0];
    expect(lines[6]).toBe(`GET /git/commits/${parent}`);
    expect(lines.slice(7)).toEqual([
      'POST /git/trees',
      'POST /git/commits',
      `PATCH /git/refs/heads/${LEDGER_BRANCH}`,
      'POST /check-runs',
    ]);
  }

  /** `truss verify` of `bundle` with the run key and the review key pinned, and `extra` arguments. */
  function verifyPinned(bundle: string, ...extra: string[]) {
    return runCli([
      'verify',
      bundle,
      '--key',
      evidence.runKey,
      '--key',
      reviewKey.key.publicKeyHex,
      ...extra,
    ]);
  }

  function humanReviews(text: string) {
    const bundle = JSON.parse(text) as {
      ledger: { entries: { seq: number; kind: string; payload: Record<string, unknown> }[] };
    };
    return bundle.ledger.entries.filter((e) => e.kind === 'human_review');
  }

  it('an approval by a write user at the verdict head: success, signed, stored, verifiable and not stale', async () => {
    const run = await review();
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expectRecorded();
    const check = reviewCheck();
    expect(check).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(check.output.title).toBe('Approved by Codertocat');
    expect(check.output.summary).toContain('verified against pinned keys');
    expect(check.output.summary).not.toContain('stale');
    // No session key in a review job: nothing about one-time keys.
    expect(run.stdout).not.toContain('no signing-key');

    const out = run.outputs['bundle-path'] as string;
    expect(run.outputs['session-id']).toBe(evidence.sessionId);
    const text = readFileSync(out, 'utf8');
    // The extended bundle replaced the stored one on the ledger branch, as a fast-forward commit.
    expect(harness.ledger.file(storedPath())).toBe(text);
    expect(harness.fake.calls('POST', /\/git\/trees$/)[0]?.body).toMatchObject({
      base_tree: expect.stringMatching(/^[0-9a-f]{40}$/),
      tree: [{ path: storedPath(), mode: '100644', type: 'blob' }],
    });
    expect(harness.fake.calls('PATCH', /\/git\/refs\//)[0]?.body).toMatchObject({ force: false });

    const [entry] = humanReviews(text);
    expect(entry?.payload).toEqual({
      decision: 'approved',
      note: 'Looks right to me.',
      actor: { login: 'Codertocat', id: 21031067 },
      source: {
        review_id: REVIEW_ID,
        commit_sha: evidence.headSha,
        url: `https://github.com/Codertocat/Hello-World/pull/2#pullrequestreview-${REVIEW_ID}`,
      },
      attested_head_hash: evidence.headHash,
      reviewer_key_id: reviewKey.key.keyId,
      reviewer_public_key: reviewKey.key.publicKeyHex,
    });
    expect(run.outputs['head-hash']).toBe(JSON.parse(text).ledger.head_hash);

    const verify = verifyPinned(out, '--json');
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    const report = JSON.parse(verify.stdout);
    expect(report.status).toBe('verified');
    expect(report.reviews).toEqual([
      expect.objectContaining({ decision: 'approved', stale: false, key_pinned: true }),
    ]);
    // Pinning only the run key is not enough: the sign-off's key must be trusted too.
    expect(runCli(['verify', out, '--key', evidence.runKey]).code).toBe(4);
  });

  it('changes requested: failure, and a later approval of the same evidence still succeeds', async () => {
    const first = await review({ state: 'changes_requested', body: 'Please add a test.' });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expectRecorded();
    const check = reviewCheck();
    expect(check).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(check.output.title).toBe('Changes requested by Codertocat');
    const stored = harness.ledger.file(storedPath()) ?? '';
    expect(humanReviews(stored).map((e) => e.payload.decision)).toEqual(['needs_changes']);

    // The stored bundle now carries a sign-off signed by the review key; approving again must work
    // with only the run key pinned (the job trusts its own review key).
    harness.fake.requests.length = 0;
    harness.checkRuns.length = 0;
    const second = await review();
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expectRecorded();
    const again = reviewCheck();
    expect(again.conclusion, again.output.summary).toBe('success');
    const text = readFileSync(second.outputs['bundle-path'] as string, 'utf8');
    expect(humanReviews(text).map((e) => e.payload.decision)).toEqual(['needs_changes', 'approved']);
    const verify = verifyPinned(second.outputs['bundle-path'] as string, '--json');
    expect(verify.code, verify.stdout).toBe(0);
    const reviews = JSON.parse(verify.stdout).reviews;
    expect(reviews.map((r: { stale: boolean }) => r.stale)).toEqual([false, false]);
  });

  it('a dismissed review that signed nothing sets action_required and records nothing', async () => {
    const run = await review({ action: 'dismissed', state: 'dismissed' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    // The stored bundle is read for an approval of this review to retract; it holds none.
    expect(requestLines(harness.fake)).toEqual([
      'GET /issues/2/comments?per_page=100',
      expect.stringMatching(/^GET \/contents\/sessions\/[0-9a-f-]+\.json\?ref=truss-ledger$/),
      'POST /check-runs',
    ]);
    const check = reviewCheck();
    expect(check).toMatchObject({ status: 'completed', conclusion: 'action_required' });
    expect(check.output.title).toBe('Review dismissed: awaiting a new approval');
    expect(harness.ledger.commits.size).toBe(1);
  });

  it('dismissing an approval appends a signed retraction to the stored bundle and sets action_required: the approval, re-run, stays pending', async () => {
    const approved = await review({ reviewId: 7001 });
    expect(approved.code, approved.stdout + approved.stderr).toBe(0);
    expect(harness.checkRuns.at(-1)).toMatchObject({ conclusion: 'success' });
    const dismissed = await review({ action: 'dismissed', state: 'dismissed', reviewId: 7001 });
    expect(dismissed.code, dismissed.stdout + dismissed.stderr).toBe(0);
    const reviews = humanReviews(harness.ledger.file(storedPath()) ?? '{}');
    expect(reviews.map((r) => r.payload.decision)).toEqual(['approved', 'needs_changes']);
    expect(reviews[1]?.payload).toMatchObject({
      reviewer_public_key: reviewKey.key.publicKeyHex,
      source: { dismissed_review_id: 7001, retracts: { seq: reviews[0]?.seq } },
    });
    expect(harness.checkRuns.at(-1)).toMatchObject({
      conclusion: 'action_required',
      output: expect.objectContaining({ title: 'Review dismissed: awaiting a new approval' }),
    });
    // Re-running the approval's job (same event) signs nothing new and does not turn the check green.
    const rerun = await review({ reviewId: 7001 });
    expect(rerun.code, rerun.stdout + rerun.stderr).toBe(0);
    expect(humanReviews(harness.ledger.file(storedPath()) ?? '{}')).toHaveLength(2);
    expect(harness.checkRuns.at(-1)).toMatchObject({ conclusion: 'action_required' });
  });

  it('an approval dismissed before its job signed it (the dismissal ran first, or a re-run) signs nothing and stays pending', async () => {
    // The approval's first job failed (or is queued behind the dismissal's): the dismissal finds no
    // signed approval to retract.
    harness.reviews.set(7002, 'APPROVED');
    const dismissed = await review({ action: 'dismissed', state: 'dismissed', reviewId: 7002 });
    expect(dismissed.code, dismissed.stdout + dismissed.stderr).toBe(0);
    expect(harness.checkRuns.at(-1)).toMatchObject({ conclusion: 'action_required' });
    harness.fake.requests.length = 0;
    harness.checkRuns.length = 0;
    // The approval's job, run now with its original event, asks GitHub what the review is now.
    const approved = await review({ reviewId: 7002 });
    expect(approved.code, approved.stdout + approved.stderr).toBe(0);
    expect(requestLines(harness.fake)).toEqual([
      'GET /collaborators/Codertocat/permission',
      `GET /pulls/${PR_NUMBER}/reviews/7002`,
      'POST /check-runs',
    ]);
    const check = reviewCheck();
    expect(check.conclusion).toBe('action_required');
    expect(check.output.title).toBe('Review dismissed: awaiting a new approval');
    expect(check.output.summary).toContain('dismissed before it was recorded');
    expect(humanReviews(harness.ledger.file(storedPath()) ?? '{}')).toEqual([]);
    expect(approved.outputs['bundle-path']).toBeUndefined();
  });

  it("an older review's job run after a later review was signed (a re-run, or jobs out of order) neither signs nor turns the check back", async () => {
    const approved = await review({ reviewId: 7101 });
    expect(approved.code, approved.stdout + approved.stderr).toBe(0);
    expect(harness.checkRuns.at(-1)).toMatchObject({ conclusion: 'success' });
    const changes = await review({ reviewId: 7102, state: 'changes_requested', body: 'One more thing.' });
    expect(changes.code, changes.stdout + changes.stderr).toBe(0);
    expect(harness.checkRuns.at(-1)).toMatchObject({ conclusion: 'failure' });
    const stored = harness.ledger.file(storedPath());
    harness.fake.requests.length = 0;
    harness.checkRuns.length = 0;
    // Someone re-runs the approval's job: its event still says "approved".
    const rerun = await review({ reviewId: 7101 });
    expect(rerun.code, rerun.stdout + rerun.stderr).toBe(0);
    expect(harness.checkRuns).toEqual([]);
    expect(rerun.stdout).toContain('review 7101 is older than review 7102, already signed off here');
    expect(harness.ledger.file(storedPath())).toBe(stored);
    expect(humanReviews(stored ?? '{}').map((e) => e.payload.decision)).toEqual([
      'approved',
      'needs_changes',
    ]);
  });

  it('a review whose current state cannot be read fails the check naming the permission, and signs nothing', async () => {
    harness.fake.prepend('GET', new RegExp(`/pulls/${PR_NUMBER}/reviews/\\d+$`), () => ({
      status: 403,
      body: { message: 'Resource not accessible by integration' },
    }));
    const run = await review();
    expect(run.code).not.toBe(0);
    const check = reviewCheck();
    expect(check.conclusion).toBe('failure');
    expect(check.output.summary).toContain('pull-requests: read');
    expect(humanReviews(harness.ledger.file(storedPath()) ?? '{}')).toEqual([]);
  });

  it.each([
    ['read', 'read'],
    ['read', 'triage'],
    ['none', 'none'],
  ])('a reviewer with %s (%s) access is not recorded as a sign-off', async (permission, role) => {
    harness.allow('Codertocat', permission, role);
    const run = await review();
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(requestLines(harness.fake)).toEqual(['GET /collaborators/Codertocat/permission']);
    expect(run.stdout).toContain('the review is not recorded as a sign-off');
    expect(run.outputs['bundle-path']).toBeUndefined();
    expect(harness.ledger.commits.size).toBe(1);
  });

  it('a comment-only review records nothing and asks nothing', async () => {
    const run = await review({ state: 'commented' });
    expect(run.code, run.stderr).toBe(0);
    expect(harness.fake.requests).toEqual([]);
  });

  it('a tampered stored bundle fails the check: "Evidence did not verify", nothing is signed or stored', async () => {
    const bundle = JSON.parse(evidence.bundleText);
    const verdict = bundle.ledger.entries.find((e: { kind: string }) => e.kind === 'verdict');
    verdict.payload.clauses[0].status = 'met';
    verdict.payload.reason = 'forged';
    harness.ledger.seed({ [storedPath()]: JSON.stringify(bundle) }, 'tamper');
    const run = await review();
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(requestLines(harness.fake)).toEqual([...reads(), 'POST /check-runs']);
    const check = reviewCheck();
    expect(check.conclusion).toBe('failure');
    expect(check.output.title).toMatch(/^Evidence did not verify/);
    expect(run.outputs['bundle-path']).toBeUndefined();
  });

  it('an unreadable stored bundle fails the check instead of crashing the job', async () => {
    harness.ledger.seed({ [storedPath()]: evidence.bundleText.slice(0, 200) }, 'truncate');
    const run = await review();
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(requestLines(harness.fake)).toEqual([...reads(), 'POST /check-runs']);
    const check = reviewCheck();
    expect(check.conclusion).toBe('failure');
    expect(check.output.title).toBe('Evidence did not verify (unreadable bundle)');
  });

  it('a bundle signed by a key that is not pinned fails the check', async () => {
    const run = await review({ env: { INPUT_TRUSTED_KEYS: SigningKey.generate().key.publicKeyHex } });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const check = reviewCheck();
    expect(check.conclusion).toBe('failure');
    expect(check.output.title).toMatch(/^Evidence did not verify/);
    expect(harness.fake.calls('POST', /\/git\//)).toEqual([]);
  });

  it('an approval at an older commit than the verdict is stale, not success', async () => {
    const run = await review({ commitId: evidence.baseSha });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expectRecorded();
    const check = reviewCheck();
    expect(check.conclusion).toBe('action_required');
    expect(check.output.title).toBe('Approval does not cover the verified evidence');
    expect(check.output.summary).toContain(
      `The review is for ${evidence.baseSha.slice(0, 7)}, but the verdict covers ${evidence.headSha.slice(0, 7)}: stale.`,
    );
    const [entry] = humanReviews(readFileSync(run.outputs['bundle-path'] as string, 'utf8'));
    expect(entry?.payload.source).toMatchObject({ commit_sha: evidence.baseSha });
    // Offline, the signed approval of another commit is stale too, not a current approval of this run.
    const verify = verifyPinned(run.outputs['bundle-path'] as string);
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).toContain(
      `human review seq 5: approved by Codertocat (STALE: reviews commit ${evidence.baseSha.slice(0, 12)}, not the one the run judged;`,
    );
    const json = verifyPinned(run.outputs['bundle-path'] as string, '--json');
    expect(JSON.parse(json.stdout).reviews).toEqual([
      expect.objectContaining({ decision: 'approved', stale: true, stale_reason: 'other_commit' }),
    ]);
  });

  it("a verdict computed on GitHub's merge commit (the default checkout) is flagged, and an approval of the head is stale", async () => {
    const merged = await produceEvidence({ mergeCheckout: true });
    expect(merged.stdout).toContain('::warning::the workspace is at the merge commit');
    expect(merged.stdout).toContain('ref: $' + '{{ github.event.pull_request.head.sha }}');
    const verdictHead = JSON.parse(merged.bundleText).verdict.git.head_sha;
    expect(verdictHead).not.toBe(merged.headSha);
    const saved = evidence;
    evidence = merged;
    try {
      harness.ledger.seed({ [storedPath()]: merged.bundleText });
      harness.comments.length = 0;
      harness.comments.push(structuredClone(merged.sticky));
      const run = await review();
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expectRecorded();
      const check = reviewCheck();
      expect(check.conclusion).toBe('action_required');
      expect(check.output.summary).toContain(`but the verdict covers ${verdictHead.slice(0, 7)}: stale.`);
    } finally {
      evidence = saved;
    }
  });

  it('a PR head with no truss run yet (new commits after the verdict) needs a run first', async () => {
    const newHead = 'f'.repeat(40);
    const run = await review({ headSha: newHead, commitId: newHead });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(requestLines(harness.fake)).toEqual([
      'GET /collaborators/Codertocat/permission',
      `GET /pulls/${PR_NUMBER}/reviews/${REVIEW_ID}`,
      `GET /issues/${PR_NUMBER}/comments?per_page=100`,
      'POST /check-runs',
    ]);
    const check = reviewCheck(newHead);
    expect(check.conclusion).toBe('action_required');
    expect(check.output.title).toBe('No truss verdict for this commit yet');
  });

  it('only sticky comments posted by truss (a bot) count: a user-written lookalike is ignored', async () => {
    harness.comments.length = 0;
    harness.comments.push({ ...structuredClone(evidence.sticky), user: { login: 'mallory', type: 'User' } });
    const run = await review();
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const check = reviewCheck();
    expect(check.conclusion).toBe('action_required');
    expect(check.output.title).toBe('No truss verdict for this commit yet');
    expect(harness.fake.calls('GET', /\/contents\//)).toEqual([]);
  });

  it("another installed bot's lookalike, posted after the run and pointing at another session on this head, is not what gets signed off", async () => {
    const lookalike = structuredClone(evidence.sticky);
    const older = '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';
    lookalike.id += 1;
    lookalike.body = lookalike.body.replaceAll(evidence.sessionId, older);
    Object.assign(lookalike, postedByApp('echo-bot'));
    harness.comments.push(lookalike);
    harness.ledger.seed({ [`sessions/${older}.json`]: evidence.bundleText });
    const run = await review();
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expectRecorded();
    expect(reviewCheck()).toMatchObject({ conclusion: 'success' });
    expect(run.outputs['session-id']).toBe(evidence.sessionId);
  });

  it('comment-authors names whose stickies count: with another login configured, the github-actions[bot] sticky is not read', async () => {
    const run = await review({ env: { INPUT_COMMENT_AUTHORS: 'truss-app[bot]' } });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(reviewCheck().output.title).toBe('No truss verdict for this commit yet');
    expect(harness.fake.calls('GET', /\/contents\//)).toEqual([]);
  });

  it('without trusted-keys input, the keys pinned in .truss/trusted-keys on the BASE are used', async () => {
    harness.fake.prepend('GET', /\/contents\/\.truss\/trusted-keys$/, (req) =>
      req.path.endsWith(`?ref=${evidence.baseSha}`)
        ? { body: contentsFile('.truss/trusted-keys', `# ci\n${evidence.runKey} ci\n`) }
        : { status: 404, body: { message: 'Not Found' } },
    );
    const run = await review({ env: { INPUT_TRUSTED_KEYS: '' } });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    // The line has no roles=, so it pins the widest trust: the job's log says so, as the CLI does.
    expect(run.stdout).toContain(
      '::warning::.truss/trusted-keys: line 2 pins a key without roles=…, so it is trusted as signer and reviewer',
    );
    expect(harness.fake.calls('GET', /\/contents\/\.truss\/trusted-keys$/).map((r) => r.path)).toEqual([
      `/repos/Codertocat/Hello-World/contents/.truss/trusted-keys?ref=${evidence.baseSha}`,
    ]);
    expect(reviewCheck().conclusion).toBe('success');
  });

  it('with no pinned key anywhere the evidence is only intact, so an approval is not success', async () => {
    const run = await review({ env: { INPUT_TRUSTED_KEYS: '' } });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const check = reviewCheck();
    expect(check.conclusion).toBe('action_required');
    expect(check.output.summary).toContain('its signer is not pinned');
  });

  it('without review-signing-key the step fails with how to create one, and signs nothing', async () => {
    const run = await review({ env: { INPUT_REVIEW_SIGNING_KEY: '' } });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '(a review in mode review, `/truss approve|reject`) needs `review-signing-key`',
    );
    expect(harness.fake.calls('POST', /\/git\//)).toEqual([]);
    expect(harness.fake.calls('POST', /\/check-runs$/)).toEqual([]);
  });
});

describe('a new run after a sign-off', () => {
  let harness: ActionHarness;

  beforeEach(() => {
    afterEvidenceRun();
    harness = evidenceHarness;
    harness.allow('Codertocat', 'write');
  });

  it('makes the sign-off stale: a second run on the same head re-posts action_required after the success', async () => {
    const reviewKey = SigningKey.generate();
    // The first run on the head is the evidence run above.
    const first = evidence.run;
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const approval = await harness.run({
      eventName: 'pull_request_review',
      payload: reviewPayload({
        action: 'submitted',
        state: 'approved',
        commitId: harness.headSha,
        headSha: harness.headSha,
        baseSha: harness.baseSha,
      }),
      workspace: harness.emptyWorkspace(),
      env: reviewJobEnv(reviewKey.seedBase64, harness.key.publicKeyHex),
    });
    expect(approval.code, approval.stdout + approval.stderr).toBe(0);
    expect(approval.outputs['session-id']).toBe(first.outputs['session-id']);

    const second = await harness.runPullRequest({ INPUT_LEDGER_BRANCH: LEDGER_BRANCH });
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.headSha).toBe(first.headSha);
    expect(second.outputs['session-id']).not.toBe(first.outputs['session-id']);

    // Every post of the human review check, in order, all on the same head and linked to the run.
    const posted = createdCheckRuns(harness.fake, HUMAN_REVIEW);
    expect(posted.map((b) => [b.head_sha, b.status, b.conclusion, b.output?.title])).toEqual([
      [harness.headSha, 'completed', 'action_required', 'Awaiting sign-off on the new verdict'],
      [harness.headSha, 'completed', 'success', 'Approved by Codertocat'],
      [harness.headSha, 'completed', 'action_required', 'Awaiting sign-off on the new verdict'],
    ]);
    for (const body of posted) expect(body.details_url).toBe(RUN_URL);
    expect(posted[2]?.output?.summary).toBe(
      'A new truss run (greeting-0001: PASS) replaced the evidence; approve the pull request to sign off on it.',
    );
    // The newest `truss / human review` on the head — the one GitHub shows — is action_required.
    const onHead = harness.checkRuns.filter((r) => r.name === HUMAN_REVIEW && r.head_sha === harness.headSha);
    expect(onHead.at(-1)).toMatchObject({ status: 'completed', conclusion: 'action_required' });
    expect(harness.fake.calls('PATCH', /\/check-runs\//).map((r) => r.path)).not.toContain(
      `/repos/Codertocat/Hello-World/check-runs/${onHead[1]?.id}`,
    );

    // The approval signed the first run's evidence; the second run's bundle carries no sign-off.
    const secondBundle = JSON.parse(readFileSync(second.outputs['bundle-path'] as string, 'utf8')) as {
      ledger: { entries: { kind: string }[] };
    };
    expect(secondBundle.ledger.entries.filter((e) => e.kind === 'human_review')).toEqual([]);
    const firstStored = harness.ledger.file(`sessions/${first.outputs['session-id']}.json`) ?? '';
    expect(firstStored).toContain('"human_review"');
  });
});
