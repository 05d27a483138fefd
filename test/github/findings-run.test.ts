import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { runAndReport } from '../../src/github/run-and-report.js';
import { pullRequestObject } from '../helpers/action-harness.js';
import { git, makeWorkdir, openRunStore } from '../helpers/agent-kit.js';
import { commitFiles } from '../helpers/git.js';
import { useNock } from '../helpers/nock-guard.js';
import { API, OWNER, REPO, runAndReportOptions } from './helpers.js';

useNock();

const R = `/repos/${OWNER}/${REPO}`;
const PR = 7;
const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';

const CONTRACT = `reviewers = 1

[contract]
id = "cite-e2e"
intent = "Line 10 of src/a.ts says ten"

[[done]]
kind = "review"
desc = "src/a.ts line 10 says ten"

[provider]
kind = "scripted"
script = "fixtures/panel.json"
`;

const ANSWER = {
  vote: 'not_met',
  reasoning: 'Line 10 says TEN in capitals.',
  findings: [
    { location: 'src/a.ts:10', problem: 'TEN is shouted' },
    { location: 'src/a.ts:1', problem: 'unrelated header' },
  ],
};

type Body = Record<string, unknown>;

describe('findings from a run to the pull request', () => {
  it('signed citations; the anchored one is an annotation and an inline comment, the other prose', async () => {
    const workdir = makeWorkdir({ git: true });
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    commitFiles(
      workdir,
      {
        'src/a.ts': `${lines.join('\n')}\n`,
        'fixtures/panel.json': JSON.stringify([{ text: JSON.stringify(ANSWER) }]),
      },
      'base',
    );
    git(workdir, 'checkout', '-q', '-b', 'feature');
    lines[9] = 'TEN';
    commitFiles(workdir, { 'src/a.ts': `${lines.join('\n')}\n` }, 'change line 10');

    const checks: Body[] = [];
    const reviews: Body[] = [];
    nock(API)
      .post(`${R}/check-runs`)
      .reply(201, { id: 78, html_url: `https://github.com/${OWNER}/${REPO}/runs/78` })
      .patch(`${R}/check-runs/78`)
      .reply(200, (_uri, body) => {
        checks.push(body as Body);
        return { id: 78 };
      })
      .get(`${R}/pulls/${PR}/files`)
      .query({ per_page: 100 })
      .reply(200, [
        {
          filename: 'src/a.ts',
          status: 'modified',
          patch: '@@ -7,7 +7,7 @@\n line 7\n line 8\n line 9\n-line 10\n+TEN\n line 11\n line 12\n line 13',
        },
      ])
      .get(`${R}/pulls/${PR}/comments`)
      .query({ per_page: 100 })
      .reply(200, [])
      // The head is still the run's: the comments go on it.
      .get(`${R}/pulls/${PR}`)
      .reply(200, pullRequestObject(HEAD, 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e'))
      .post(`${R}/pulls/${PR}/reviews`)
      .reply(200, (_uri, body) => {
        reviews.push(body as Body);
        return { id: 1 };
      });

    const run = openRunStore();
    const [result] = await runAndReport(
      runAndReportOptions({
        headSha: HEAD,
        prNumber: PR,
        baseRef: 'main',
        workdir,
        // The host's environment, which the reviewers' evidence gits run with (PATH finds git).
        env: { PATH: process.env.PATH },
        contracts: [
          { name: 'cite', path: '.truss/contracts/cite.toml', source: { file: 'cite.toml', text: CONTRACT } },
        ],
        store: run.store,
        runUrl: null,
        reviewComments: true,
      }),
    );
    const votes = [...run.store.entries(result?.sessionId ?? '')].filter((e) => e.kind === 'review_vote');
    run.close();

    expect(result?.overall).toBe('fail');
    const citations = votes[0]?.payload.citations as Body[];
    expect(citations.map((c) => [c.location, c.anchored, c.unanchored])).toEqual([
      ['src/a.ts:10', true, null],
      ['src/a.ts:1', false, 'outside the changed hunks of this file'],
    ]);

    const output = checks[0]?.output as { annotations: Body[]; summary: string };
    expect(output.annotations).toEqual([
      expect.objectContaining({
        path: 'src/a.ts',
        start_line: 10,
        end_line: 10,
        annotation_level: 'failure',
        title: 'Seat 1 · intent lens · not met · clause 1',
      }),
    ]);
    expect(output.summary).toContain(
      '`src/a.ts:1` _(not on a changed line: outside the changed hunks of this file)_',
    );

    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ commit_id: HEAD, event: 'COMMENT' });
    const comments = reviews[0]?.comments as Body[];
    expect(comments.map((c) => [c.path, c.line, c.side])).toEqual([['src/a.ts', 10, 'RIGHT']]);
    expect(String(comments[0]?.body)).toContain('TEN is shouted');
  });
});
