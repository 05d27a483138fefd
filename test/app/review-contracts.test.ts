/**
 * A pull request judged by several contracts: the reviewer saw every contract's verdict, so the
 * approval is signed into every contract's latest session on the head, stored in one ledger-branch
 * commit, and one `truss / human review` check says so. Evidence of any contract that does not verify
 * signs nothing at all.
 */
import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto } from '../../src/core/ledger/index.js';
import { exportText, type LedgerFixture, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';
import { expectNoPendingMocks, useNock } from '../helpers/nock-guard.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import {
  API,
  APP_KEY,
  BASE,
  contents,
  HEAD,
  makeProbot,
  nockComments,
  nockPermission,
  nockReviewState,
  nockToken,
  R,
  reviewPayloadFor,
  stickyComment,
} from './app-kit.js';

const REVIEWER = { login: 'Codertocat', id: 21031067, type: 'User' };

interface Evidence {
  contract: string;
  sessionId: string;
  text: string;
  bundle: Bundle;
}

/** A signed run of `contract` that judged `headSha` (the PR head unless said otherwise). */
function evidence(
  fixture: LedgerFixture,
  contract: string,
  headSha: string | null = HEAD,
  verdictGit = true,
): Evidence {
  const sessionId = appendSampleRun(fixture.store, SESSION_KEY, { headSha, verdictGit });
  const text = exportText(fixture, sessionId, createNodeCrypto());
  return { contract, sessionId, text, bundle: JSON.parse(text) };
}

/** The PR's conversation: one sticky per contract; `lint`'s first for an older head. */
function stickies(runs: Evidence[], olderOfLint?: Evidence): void {
  nockComments([
    ...runs.map((ev, i) =>
      stickyComment(20 + i, {
        contract: ev.contract,
        session_id: ev.sessionId,
        head_sha: HEAD,
        head_hash: ev.bundle.ledger.head_hash,
      }),
    ),
    ...(olderOfLint
      ? [
          stickyComment(30, {
            contract: 'lint',
            session_id: olderOfLint.sessionId,
            head_sha: 'c3'.repeat(20),
            head_hash: olderOfLint.bundle.ledger.head_hash,
          }),
        ]
      : []),
  ]);
}

function stored(ev: Evidence, text = ev.text): void {
  nock(API)
    .get(`${R}/contents/sessions%2F${ev.sessionId}.json`)
    .query({ ref: 'truss-ledger' })
    .reply(200, contents(`sessions/${ev.sessionId}.json`, text));
}

function trustedKeys(): void {
  nock(API)
    .get(`${R}/contents/.truss%2Ftrusted-keys`)
    .query({ ref: BASE })
    .reply(200, contents('.truss/trusted-keys', `${SESSION_KEY.publicKeyHex} ci\n`));
}

/** One commit creating the ledger branch; returns the blobs and the tree it was given. */
function oneLedgerCommit(): { blobs: string[]; trees: unknown[]; messages: string[] } {
  const blobs: string[] = [];
  const trees: unknown[] = [];
  const messages: string[] = [];
  nock(API)
    .post(`${R}/git/blobs`, (body) => {
      blobs.push(Buffer.from(body.content, 'base64').toString('utf8'));
      return true;
    })
    .times(2)
    .reply(201, () => ({ sha: `${blobs.length}`.repeat(40).slice(0, 40) }));
  nock(API)
    .get(/\/git\/ref\/heads(%2F|\/)truss-ledger$/)
    .reply(404, { message: 'Not Found' });
  nock(API)
    .post(`${R}/git/trees`, (body) => {
      trees.push(body);
      return true;
    })
    .reply(201, { sha: 'e'.repeat(40) });
  nock(API)
    .post(`${R}/git/commits`, (body) => {
      messages.push(body.message);
      return body.parents.length === 0;
    })
    .reply(201, { sha: 'f'.repeat(40), html_url: 'https://github.com/x/commit/f' });
  nock(API)
    .post(`${R}/git/refs`, { ref: 'refs/heads/truss-ledger', sha: 'f'.repeat(40) })
    .reply(201, {});
  return { blobs, trees, messages };
}

function humanReviewCheck(): Record<string, unknown>[] {
  const posted: Record<string, unknown>[] = [];
  nock(API)
    .post(`${R}/check-runs`, (body) => {
      posted.push(body);
      return body.name === 'truss / human review' && body.head_sha === HEAD;
    })
    .reply(201, { id: 1, html_url: 'https://github.com/x/runs/1' });
  return posted;
}

async function approve(id: string): Promise<void> {
  const probot = await makeProbot();
  const payload = reviewPayloadFor({
    action: 'submitted',
    state: 'approved',
    commitId: HEAD,
    user: REVIEWER,
  });
  await probot.receive({ id, name: 'pull_request_review', payload } as never);
}

describe('Truss App: a review of a pull request judged by several contracts', () => {
  let fixture: LedgerFixture;
  useNock();
  beforeEach(() => {
    fixture = openFixture('app-review-contracts');
  });
  afterEach(() => fixture.close());

  it("signs the approval into every contract's session on the head, in one commit, under one success check", async () => {
    const greeting = evidence(fixture, 'greeting');
    const lint = evidence(fixture, 'lint');
    nockToken();
    nockPermission(REVIEWER.login, 'write');
    nockReviewState();
    stickies([greeting, lint]);
    stored(greeting);
    stored(lint);
    trustedKeys();
    const commit = oneLedgerCommit();
    const checks = humanReviewCheck();
    await approve('review-contracts-1');

    expect(commit.blobs).toHaveLength(2);
    const signed = commit.blobs.map((text) => JSON.parse(text) as Bundle);
    expect(signed.map((b) => b.ledger.session_id)).toEqual([greeting.sessionId, lint.sessionId]);
    for (const [i, bundle] of signed.entries()) {
      const source = [greeting, lint][i] as Evidence;
      expect(bundle.ledger.entries.at(-1)).toMatchObject({
        kind: 'human_review',
        prev_hash: source.bundle.ledger.head_hash,
        payload: {
          decision: 'approved',
          attested_head_hash: source.bundle.ledger.head_hash,
          reviewer_public_key: APP_KEY.key.publicKeyHex,
        },
      });
    }
    expect(commit.trees).toEqual([
      expect.objectContaining({
        tree: [
          expect.objectContaining({ path: `sessions/${greeting.sessionId}.json` }),
          expect.objectContaining({ path: `sessions/${lint.sessionId}.json` }),
        ],
      }),
    ]);
    expect(commit.messages).toEqual([
      `truss: approved by Codertocat on ${greeting.sessionId}, ${lint.sessionId}`,
    ]);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({
      conclusion: 'success',
      output: expect.objectContaining({ title: 'Approved by Codertocat' }),
    });
    const summary = (checks[0] as { output: { summary: string } }).output.summary;
    expect(summary).toContain('### Contract `greeting`');
    expect(summary).toContain('### Contract `lint`');
    expect(summary).toContain(greeting.sessionId);
    expect(summary).toContain(lint.sessionId);
    expectNoPendingMocks();
  });

  it("a contract whose sticky is for an older head is not this commit's evidence", async () => {
    const greeting = evidence(fixture, 'greeting');
    const oldLint = evidence(fixture, 'lint');
    nockToken();
    nockPermission(REVIEWER.login, 'write');
    nockReviewState();
    stickies([greeting], oldLint);
    stored(greeting);
    trustedKeys();
    const commit = oneLedgerCommit();
    const checks = humanReviewCheck();
    await approve('review-contracts-2');
    expect(commit.blobs.map((text) => (JSON.parse(text) as Bundle).ledger.session_id)).toEqual([
      greeting.sessionId,
    ]);
    expect(checks[0]).toMatchObject({ conclusion: 'success' });
    nock.cleanAll();
  });

  it("one contract's evidence that does not verify fails the check and signs nothing, not even the other contract's", async () => {
    const greeting = evidence(fixture, 'greeting');
    const lint = evidence(fixture, 'lint');
    const forged = JSON.parse(lint.text) as Bundle;
    (forged.ledger.entries[1] as { payload: Record<string, unknown> }).payload.met = false;
    nockToken();
    nockPermission(REVIEWER.login, 'write');
    nockReviewState();
    stickies([greeting, lint]);
    stored(greeting);
    stored(lint, JSON.stringify(forged));
    trustedKeys();
    const commit = oneLedgerCommit();
    const checks = humanReviewCheck();
    await approve('review-contracts-3');
    expect(commit.blobs).toEqual([]);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({
      conclusion: 'failure',
      output: expect.objectContaining({ title: 'Evidence did not verify (failed)' }),
    });
    const summary = (checks[0] as { output: { summary: string } }).output.summary;
    expect(summary).toContain(`Contract \`lint\` (session \`${lint.sessionId}\`)`);
    expect(summary).toContain('Nothing was signed');
    nock.cleanAll();
  });

  // The sticky's head_sha is where to look, not evidence (docs/security.md "Comments and checks
  // Truss trusts as its own"): only the commit the signed run names can make an approval cover it.
  it("a run whose signed evidence names another commit, or none, is not this head's: the approval is stale, not success", async () => {
    const cases = [
      { judged: 'c3'.repeat(20), verdictGit: true },
      // The verdict names no commit; its run_started names another one.
      { judged: 'c3'.repeat(20), verdictGit: false },
      { judged: null, verdictGit: false },
    ];
    for (const [i, { judged, verdictGit }] of cases.entries()) {
      const greeting = evidence(fixture, 'greeting');
      const elsewhere = evidence(fixture, 'lint', judged, verdictGit);
      nockToken();
      nockPermission(REVIEWER.login, 'write');
      nockReviewState();
      stickies([greeting, elsewhere]);
      stored(greeting);
      stored(elsewhere);
      trustedKeys();
      oneLedgerCommit();
      const checks = humanReviewCheck();
      await approve(`review-contracts-head-${i}`);
      expect(checks).toHaveLength(1);
      expect(checks[0]).toMatchObject({
        conclusion: 'action_required',
        output: expect.objectContaining({ title: 'Approval does not cover the verified evidence' }),
      });
      const summary = (checks[0] as { output: { summary: string } }).output.summary;
      expect(summary).toContain(
        judged === null
          ? `the run of session \`${elsewhere.sessionId}\` names no commit`
          : `but the verdict covers ${judged.slice(0, 7)}: stale.`,
      );
      nock.cleanAll();
    }
  });

  // Sticky metadata is editable by writers and older comments carry no contract name: two stickies
  // naming one session are one run, signed once (a ledger-branch commit cannot hold a path twice).
  it('two stickies naming the same session sign it once, not a crash that leaves the check as it was', async () => {
    const greeting = evidence(fixture, 'greeting');
    const lint = evidence(fixture, 'lint');
    nockToken();
    nockPermission(REVIEWER.login, 'write');
    nockReviewState();
    nockComments([
      stickyComment(20, { session_id: greeting.sessionId, head_sha: HEAD }),
      stickyComment(21, { contract: 'greeting', session_id: greeting.sessionId, head_sha: HEAD }),
      stickyComment(22, { contract: 'lint', session_id: lint.sessionId, head_sha: HEAD }),
      stickyComment(23, { contract: 'lint-copy', session_id: lint.sessionId, head_sha: HEAD }),
    ]);
    stored(greeting);
    stored(lint);
    trustedKeys();
    const commit = oneLedgerCommit();
    const checks = humanReviewCheck();
    await approve('review-contracts-same-session');
    expect(commit.trees).toEqual([
      expect.objectContaining({
        tree: [
          expect.objectContaining({ path: `sessions/${greeting.sessionId}.json` }),
          expect.objectContaining({ path: `sessions/${lint.sessionId}.json` }),
        ],
      }),
    ]);
    expect(checks).toEqual([expect.objectContaining({ conclusion: 'success' })]);
    expectNoPendingMocks();
  });

  // The Action's workflow token and the App's dispatched job can each keep a sticky for one contract.
  // The run reported last is the one written last (GitHub's updated_at), not the sticky made last.
  it("of two stickies for one contract, the one written last names the contract's latest run", async () => {
    const older = evidence(fixture, 'greeting');
    const newer = evidence(fixture, 'greeting');
    const at = (time: string) => ({ created_at: time, updated_at: time });
    nockToken();
    nockPermission(REVIEWER.login, 'write');
    nockReviewState();
    nockComments([
      {
        ...stickyComment(20, { contract: 'greeting', session_id: newer.sessionId, head_sha: HEAD }),
        ...at('2026-12-01T10:00:00Z'),
        updated_at: '2026-12-01T12:00:00Z',
      },
      {
        ...stickyComment(21, { contract: 'greeting', session_id: older.sessionId, head_sha: HEAD }),
        ...at('2026-12-01T11:00:00Z'),
      },
    ]);
    stored(newer);
    trustedKeys();
    const commit = oneLedgerCommit();
    const checks = humanReviewCheck();
    await approve('review-contracts-written-last');
    expect(commit.blobs.map((text) => (JSON.parse(text) as Bundle).ledger.session_id)).toEqual([
      newer.sessionId,
    ]);
    expect(checks).toEqual([expect.objectContaining({ conclusion: 'success' })]);
    nock.cleanAll();
  });

  it('a contract whose bundle is stored nowhere fails the check naming it, and signs nothing', async () => {
    const greeting = evidence(fixture, 'greeting');
    const lint = evidence(fixture, 'lint');
    nockToken();
    nockPermission(REVIEWER.login, 'write');
    nockReviewState();
    stickies([greeting, lint]);
    stored(greeting);
    // Neither on the ledger branch nor in an artifact (the sticky names none).
    nock(API)
      .get(`${R}/contents/sessions%2F${lint.sessionId}.json`)
      .query({ ref: 'truss-ledger' })
      .reply(404, { message: 'Not Found' });
    const commit = oneLedgerCommit();
    const checks = humanReviewCheck();
    await approve('review-contracts-missing');
    expect(commit.blobs).toEqual([]);
    expect(checks).toEqual([
      expect.objectContaining({
        conclusion: 'failure',
        output: expect.objectContaining({ title: 'Evidence not found' }),
      }),
    ]);
    const summary = (checks[0] as { output: { summary: string } }).output.summary;
    expect(summary).toContain(`Contract \`lint\` (session \`${lint.sessionId}\`)`);
    expect(summary).toContain('Enable upload-artifact or ledger-branch');
    expect(summary).toContain('Nothing was signed');
    nock.cleanAll();
  });
});
