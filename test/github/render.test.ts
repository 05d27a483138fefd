import { describe, expect, it } from 'vitest';
import type { ReportClause, ReportVote, RunReport } from '../../src/core/run/index.js';
import { TRUSS_CLI } from '../../src/core/truss-cli.js';
import {
  CHECK_OUTPUT_LIMIT,
  COMMENT_LIMIT,
  conclusionFor,
  type ReportLinks,
  readMeta,
  renderCheckOutput,
  renderJobSummary,
  renderStickyComment,
  STEP_SUMMARY_LIMIT,
} from '../../src/github/render/index.js';

const KEY = 'ab'.repeat(32);
const HEAD = 'f'.repeat(64);
const CONTRACT_HASH = 'c'.repeat(64);
const MARKER = '<!-- truss:sticky:fix-login -->';

const LINKS: ReportLinks = {
  artifactName: 'truss-ledger-s1',
  artifactUrl: 'https://github.com/acme/app/actions/runs/42/artifacts/7',
  runUrl: 'https://github.com/acme/app/actions/runs/42',
  checkRunUrl: 'https://github.com/acme/app/runs/99',
  bundleFileName: 'truss-ledger-s1.json',
  publicKey: KEY,
  keyId: 'ed25519:1234abcd',
};

const DOWNLOAD = 'gh run download 42 -R acme/app -n truss-ledger-s1';
const VERIFY = `${TRUSS_CLI} verify truss-ledger-s1.json --key ${KEY}`;

function vote(
  seat: number,
  v: ReportVote['vote'],
  reasoning = 'looked at the diff',
  provider = 'anthropic',
): ReportVote {
  const lenses = ['intent', 'completeness', 'correctness', 'shortcuts'];
  return {
    seat,
    lens: lenses[seat % 4] as string,
    provider,
    model: 'claude-x',
    vote: v,
    reasoning,
    citations: [],
  };
}

function check(
  index: number,
  status: ReportClause['status'],
  desc: string,
  tails: { stdout?: string; stderr?: string } = {},
): ReportClause {
  return {
    index,
    kind: 'check',
    desc,
    status,
    reason: status === 'met' ? 'exit 0' : 'exit 1 (expected 0)',
    check: {
      run: 'npm test',
      exitCode: status === 'met' ? 0 : 1,
      timedOut: false,
      durationMs: 2500,
      stdoutTail: tails.stdout ?? '',
      stderrTail: tails.stderr ?? '',
    },
    votes: [],
    evidenceNotes: [],
    selfValidation: [],
  };
}

function review(
  index: number,
  status: ReportClause['status'],
  desc: string,
  votes: ReportVote[],
): ReportClause {
  const met = votes.filter((v) => v.vote === 'met').length;
  return {
    index,
    kind: 'review',
    desc,
    status,
    reason: `${met}/${votes.length} seats met`,
    check: null,
    votes,
    evidenceNotes: [],
    selfValidation: [],
  };
}

function report(overrides: Partial<RunReport>): RunReport {
  return {
    sessionId: 's1',
    contractId: 'fix-login',
    title: 'Fix the login bug',
    intent: 'Users cannot log in with SSO.',
    overall: 'pass',
    clauses: [],
    forced: [],
    isolation: null,
    context: null,
    fanout: null,
    runError: null,
    costUsd: 0.012345,
    totalTokens: 12345,
    git: { repo: 'acme/app', base_sha: 'b'.repeat(40), head_sha: 'd'.repeat(40) },
    headHash: HEAD,
    suspension: null,
    changes: null,
    contractHash: CONTRACT_HASH,
    scripted: false,
    checkout: null,
    ...overrides,
  };
}

const PASS = report({
  clauses: [
    check(0, 'met', 'unit tests pass'),
    check(1, 'met', 'lint is clean'),
    review(2, 'met', 'the fix addresses SSO', [
      vote(0, 'met'),
      vote(1, 'met'),
      vote(2, 'not_met', 'missing a test'),
    ]),
    review(3, 'met', 'no shortcuts', [vote(0, 'met'), vote(1, 'met'), vote(2, 'met')]),
  ],
});

const FAIL_TAIL = `${'noise line\n'.repeat(400)}FAIL test/login.test.ts > logs in with SSO\nAssertionError: expected 401 to be 200`;
const FAIL = report({
  overall: 'fail',
  clauses: [
    check(0, 'not_met', 'unit tests pass', { stdout: FAIL_TAIL, stderr: 'npm ERR! Test failed.' }),
    check(1, 'met', 'lint is clean'),
    review(2, 'met', 'the fix addresses SSO', [vote(0, 'met'), vote(1, 'met'), vote(2, 'met')]),
  ],
});

const UNVERIFIABLE = report({
  overall: 'unverifiable',
  clauses: [
    check(0, 'met', 'unit tests pass'),
    {
      ...review(1, 'unverifiable', 'the fix addresses SSO', []),
      reason: 'no reviewer provider configured',
    },
  ],
});

const FAILED_RUN = report({
  overall: 'failed_run',
  clauses: [],
  runError: 'cancelled: deadline of 600 s exceeded',
  costUsd: 0,
  totalTokens: 0,
});

const SCRIPTED = report({
  scripted: true,
  clauses: [
    review(
      0,
      'met',
      'the fix addresses SSO',
      [0, 1, 2].map((s) => vote(s, 'met', 'fixture', 'scripted')),
    ),
  ],
});

/** Every table row line has exactly `columns + 1` cell-separating pipes. */
function expectTablesIntact(markdown: string): void {
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('| ')) continue;
    let pipes = 0;
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '\\') i++;
      else if (line[i] === '|') pipes++;
    }
    expect([5, 6], line).toContain(pipes);
  }
}

/** Fenced code blocks per CommonMark: a fence closes only on a line of at least as many backticks. */
function fencedBlocks(markdown: string): { fence: string; body: string }[] {
  const blocks: { fence: string; body: string }[] = [];
  let open: { fence: string; lines: string[] } | null = null;
  for (const line of markdown.split('\n')) {
    if (open === null) {
      const m = /^(`{3,})[^`]*$/.exec(line);
      if (m) open = { fence: m[1] as string, lines: [] };
    } else if (/^`+\s*$/.test(line) && line.trim().length >= open.fence.length) {
      blocks.push({ fence: open.fence, body: open.lines.join('\n') });
      open = null;
    } else {
      open.lines.push(line);
    }
  }
  expect(open, 'unclosed fenced block').toBeNull();
  return blocks;
}

/** The markdown outside fenced code blocks (where HTML and markdown are live). */
function outsideCode(markdown: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    if (fence === null) {
      const m = /^(`{3,})[^`]*$/.exec(line);
      if (m) fence = m[1] as string;
      else out.push(line);
    } else if (/^`+\s*$/.test(line) && line.trim().length >= fence.length) {
      fence = null;
    }
  }
  return out.join('\n');
}

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

function sizeOf(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

describe('conclusionFor', () => {
  it('maps verdicts to check conclusions, failing closed', () => {
    expect(conclusionFor('pass', 'failure')).toBe('success');
    expect(conclusionFor('pass', 'neutral')).toBe('success');
    expect(conclusionFor('fail', 'neutral')).toBe('failure');
    expect(conclusionFor('unverifiable', 'failure')).toBe('failure');
    expect(conclusionFor('unverifiable', 'neutral')).toBe('neutral');
    expect(conclusionFor('failed_run', 'neutral')).toBe('failure');
    expect(conclusionFor('bogus' as RunReport['overall'], 'neutral')).toBe('failure');
  });
});

describe('renderCheckOutput', () => {
  it('renders a PASS with the clause table, votes, facts and verify command', () => {
    const out = renderCheckOutput(PASS, LINKS, {});
    expect(out.title).toBe('PASS · 4/4 clauses met');
    expect(out.summary).toContain('## ✅ PASS · `fix-login` — Fix the login bug · 4/4 clauses met');
    expect(out.summary).toContain('| # | Result | Kind | Clause | Reason |');
    expect(out.summary).toContain('| 1 | ✅ met | check | unit tests pass | exit 0 |');
    expect(out.summary).toContain('| 3 | ✅ met | review | the fix addresses SSO | 2/3 seats met |');
    expect(out.summary).toMatch(/<details>\n<summary>🗳️ Panel votes · 2 review clauses · 6 seats<\/summary>/);
    expect(out.summary).toContain('| 3 | correctness | anthropic / claude-x | ❌ not met | missing a test |');
    expect(out.summary).toContain('$0.0123');
    expect(out.summary).toContain('12,345');
    expect(out.summary).toContain(`\`${HEAD}\``);
    expect(out.summary).toContain(`\`${CONTRACT_HASH}\``);
    expect(out.summary).toContain('`s1`');
    expect(out.summary).toContain(
      '[`truss-ledger-s1`](https://github.com/acme/app/actions/runs/42/artifacts/7)',
    );
    expect(out.summary).toContain('### 🔏 Verify it yourself');
    expect(out.summary).toContain(`\`\`\`sh\n${DOWNLOAD}\n${VERIFY}\n\`\`\``);
    expect(out.summary).not.toContain('Truncated');
    expect(out.summary).not.toContain('SCRIPTED');
    expect(out.annotations).toEqual([]);
    expectTablesIntact(out.summary);
  });

  it('renders a FAIL with the failing row, output tails and an annotation', () => {
    const out = renderCheckOutput(FAIL, LINKS, {
      contractPath: '.truss/contracts/fix-login.toml',
      clauseLines: { 0: 12 },
    });
    expect(out.title).toBe('FAIL · 1 of 3 clauses not met');
    expect(out.summary).toContain('## ❌ FAIL');
    expect(out.summary).toContain('| 1 | ❌ not met | check | unit tests pass | exit 1 \\(expected 0\\) |');
    expect(out.text).toContain(
      '<details open>\n<summary>❌ Clause 1 · exit 1 · 2.5 s · unit tests pass</summary>',
    );
    expect(out.text).toContain('AssertionError: expected 401 to be 200\n```');
    expect(out.text).toContain('npm ERR! Test failed.');
    expect(out.annotations).toHaveLength(1);
    const [annotation] = out.annotations;
    expect(annotation).toMatchObject({
      path: '.truss/contracts/fix-login.toml',
      start_line: 12,
      end_line: 12,
      annotation_level: 'failure',
      title: 'unit tests pass',
    });
    expect(annotation?.message.startsWith('exit 1 (expected 0)\n\n')).toBe(true);
    expect(annotation?.message.endsWith('AssertionError: expected 401 to be 200')).toBe(true);
    expect(annotation?.message.length).toBeLessThanOrEqual(2000);
  });

  it('annotates at line 1 by default and not at all without a contract path', () => {
    expect(renderCheckOutput(FAIL, LINKS, { contractPath: 'c.toml' }).annotations[0]?.start_line).toBe(1);
    expect(renderCheckOutput(FAIL, LINKS, {}).annotations).toEqual([]);
    const bogus = renderCheckOutput(FAIL, LINKS, { contractPath: 'c.toml', clauseLines: { 0: Number.NaN } });
    expect(bogus.annotations[0]?.start_line).toBe(1);
  });

  it('renders UNVERIFIABLE when no provider could review', () => {
    const out = renderCheckOutput(UNVERIFIABLE, LINKS, {});
    expect(out.title).toBe('UNVERIFIABLE · 1 of 2 clauses unverifiable');
    expect(out.summary).toContain('## ❔ UNVERIFIABLE');
    expect(out.summary).toContain(
      '| 2 | ❔ unverifiable | review | the fix addresses SSO | no reviewer provider configured |',
    );
    expect(out.summary).not.toContain('Panel votes');
  });

  it('renders a failed run prominently, with no verdict', () => {
    const out = renderCheckOutput(FAILED_RUN, LINKS, {});
    expect(out.title).toBe('RUN FAILED · no verdict');
    expect(out.summary).toContain('## ⛔ RUN FAILED');
    expect(out.summary).toContain(
      '**The run failed before a verdict** (fail-closed, never a PASS): cancelled: deadline of 600 s exceeded',
    );
    expect(out.summary).toContain('_No clause was judged: the run ended without a verdict._');
    expect(out.summary).toContain(VERIFY);
    expect(out.text).toContain('_No check clause ran._');
  });

  it('shows forced reasons and evidence notes', () => {
    const forced = report({
      overall: 'fail',
      forced: ['executor failed: budget exhausted', 'a review seat hit the budget ceiling'],
      clauses: [
        { ...review(0, 'met', 'ok', [vote(0, 'met')]), evidenceNotes: ['diff truncated at 200000 bytes'] },
      ],
    });
    const out = renderCheckOutput(forced, LINKS, {});
    expect(out.summary).toContain(
      '**Verdict forced to FAIL** (fail-closed):\n> - executor failed: budget exhausted\n> - a review seat hit the budget ceiling',
    );
    expect(out.summary).toContain('**⚠️ Evidence limits hit**');
    expect(out.summary).toContain('- Clause 1: diff truncated at 200000 bytes');
  });

  it('marks a scripted panel in the title and with a banner', () => {
    const out = renderCheckOutput(SCRIPTED, LINKS, {});
    expect(out.title).toBe('PASS · 1/1 clause met · SCRIPTED panel');
    expect(out.summary).toContain('panel is SCRIPTED — fixture answers, not a model');
    expect(out.summary).toContain('| 1 | intent | scripted / claude-x | ✅ met | fixture |');
  });
});

describe('isolation', () => {
  it('the check run, sticky comment and job summary all say how checks were isolated', () => {
    const isolated = report({
      ...PASS,
      isolation: { level: 'uid', requested: 'auto', network: 'none', networkEnforced: true },
    });
    const open = report({
      ...PASS,
      isolation: { level: 'none', requested: 'auto', network: 'none', networkEnforced: false },
    });
    const surfaces = (r: RunReport) => [
      renderCheckOutput(r, LINKS, {}).summary,
      renderStickyComment(r, LINKS, '<!-- m -->', {}),
      renderJobSummary(r, LINKS),
    ];
    for (const text of surfaces(isolated)) expect(text).toContain('checks isolated: uid (egress blocked)');
    for (const text of surfaces(open)) {
      expect(text).toContain('checks isolated: none');
      expect(text).toContain('[!WARNING]');
    }
    for (const text of surfaces(PASS)) expect(text).not.toContain('checks isolated');
  });
});

describe('verify command', () => {
  it('omits the download step when the run is unknown and links the artifact instead', () => {
    const out = renderCheckOutput(PASS, { ...LINKS, runUrl: null }, {}).summary;
    expect(out).not.toContain('gh run download');
    expect(out).toContain(
      'Download the [truss-ledger-s1](https://github.com/acme/app/actions/runs/42/artifacts/7) artifact of this workflow run, then:',
    );
    expect(out).toContain(`\`\`\`sh\n${VERIFY}\n\`\`\``);
  });

  it('still gives the verify command with no artifact at all', () => {
    const out = renderCheckOutput(
      PASS,
      { bundleFileName: 'my bundle.json', publicKey: KEY, keyId: 'k' },
      {},
    ).summary;
    expect(out).toContain('Download the ledger bundle artifact of this workflow run, then:');
    expect(out).toContain(`${TRUSS_CLI} verify 'my bundle.json' --key ${KEY}`);
  });

  it('names the host for GitHub Enterprise runs and mentions pinned trusted keys', () => {
    const out = renderCheckOutput(
      PASS,
      {
        ...LINKS,
        runUrl: 'https://ghe.example.com/acme/app/actions/runs/5/attempts/2',
        trustedKeysHint: true,
      },
      {},
    ).summary;
    expect(out).toContain('gh run download 5 -R ghe.example.com/acme/app -n truss-ledger-s1');
    expect(out).toContain('pins its signing keys in `.truss/trusted-keys`');
    expect(out).toContain(`\`${TRUSS_CLI} verify truss-ledger-s1.json\``);
  });

  it('drops non-http links', () => {
    const out = renderCheckOutput(PASS, { ...LINKS, artifactUrl: 'javascript:alert(1)' }, {}).summary;
    expect(out).not.toContain('javascript:');
  });
});

describe('renderStickyComment', () => {
  const metadata = {
    contract: 'fix-login',
    session_id: 's1',
    head_hash: HEAD,
    artifact_id: 7,
    note: 'x --> <!-- y --!> z',
  };

  it('starts with the marker and embeds metadata that round-trips through JSON.parse', () => {
    const body = renderStickyComment(FAIL, LINKS, MARKER, metadata);
    expect(body.startsWith(`${MARKER}\n`)).toBe(true);
    const match = /<!-- truss:meta (.*?) -->/.exec(body);
    expect(JSON.parse(match?.[1] as string)).toEqual(metadata);
    expect(readMeta(body)).toEqual(metadata);
    // Only the marker and the metadata comment open and close comments.
    expect(count(body, '<!--')).toBe(2);
    expect(count(body, '-->')).toBe(2);
  });

  it('is compact: status line, table, collapsed votes, links and the verify command', () => {
    const body = renderStickyComment(FAIL, LINKS, MARKER, metadata);
    expect(body).toContain('### ❌ FAIL · `fix-login` — Fix the login bug · 1 of 3 clauses not met');
    expect(body).toContain('| 1 | ❌ not met | check | unit tests pass | exit 1 \\(expected 0\\) |');
    expect(body).toMatch(/<details>\n<summary>🗳️ Panel votes/);
    expect(body).toContain('[Check run](https://github.com/acme/app/runs/99)');
    expect(body).toContain('[Workflow run](https://github.com/acme/app/actions/runs/42)');
    expect(body).toContain('[`truss-ledger-s1`](https://github.com/acme/app/actions/runs/42/artifacts/7)');
    expect(body).toContain(`${DOWNLOAD}\n${VERIFY}`);
    expect(body).not.toContain('AssertionError'); // tails live in the check run, not the comment
    expectTablesIntact(body);
  });

  it('renders each verdict with its emoji and word', () => {
    expect(renderStickyComment(PASS, LINKS, MARKER, {})).toContain('### ✅ PASS · `fix-login`');
    expect(renderStickyComment(UNVERIFIABLE, LINKS, MARKER, {})).toContain(
      '### ❔ UNVERIFIABLE · `fix-login`',
    );
    const failed = renderStickyComment(FAILED_RUN, LINKS, MARKER, {});
    expect(failed).toContain('### ⛔ RUN FAILED');
    expect(failed).toContain('cancelled: deadline of 600 s exceeded');
    expect(renderStickyComment(SCRIPTED, LINKS, MARKER, {})).toContain(
      'panel is SCRIPTED — fixture answers, not a model',
    );
  });
});

describe('renderJobSummary', () => {
  it('has the headline, table, votes, failing check output, cost and verify command', () => {
    const out = renderJobSummary(FAIL, LINKS);
    expect(out.startsWith('## ❌ FAIL · `fix-login`')).toBe(true);
    expect(out).toContain('| 1 | ❌ not met | check | unit tests pass |');
    expect(out).toContain('Panel votes');
    expect(out).toContain('AssertionError: expected 401 to be 200');
    expect(out).not.toContain('lint is clean</summary>'); // passing checks are not expanded here
    expect(out).toContain('$0.0123');
    expect(out).toContain(VERIFY);
    expectTablesIntact(out);
  });

  it('marks scripted panels and failed runs', () => {
    expect(renderJobSummary(SCRIPTED, LINKS)).toContain('panel is SCRIPTED — fixture answers, not a model');
    expect(renderJobSummary(FAILED_RUN, LINKS)).toContain('The run failed before a verdict');
  });
});

describe('untrusted text cannot break out', () => {
  const EVIL =
    'tests pass | x | </details></summary> --> <!-- hide <script>alert(1)</script> ``` @octocat #12 [x](javascript:alert(1))\n# heading\n| forged | row |';
  const EVIL_TAIL = `ok\n\`\`\`\`\`\n</details>\n<!-- hide -->\n@octocat please look\n<script>x</script>\n\`\`\``;
  const evil = report({
    overall: 'fail',
    title: EVIL,
    intent: EVIL,
    forced: [EVIL],
    clauses: [
      {
        ...check(0, 'not_met', EVIL, { stdout: EVIL_TAIL, stderr: EVIL_TAIL }),
        reason: EVIL,
        evidenceNotes: [EVIL],
      },
      review(1, 'not_met', EVIL, [vote(0, 'not_met', EVIL), vote(1, 'met', EVIL_TAIL)]),
    ],
  });
  const check_ = renderCheckOutput(evil, LINKS, { contractPath: 'c.toml' });
  const outputs = {
    summary: check_.summary,
    text: check_.text,
    comment: renderStickyComment(evil, LINKS, MARKER, { desc: EVIL }),
    job: renderJobSummary(evil, LINKS),
  };

  for (const [name, out] of Object.entries(outputs)) {
    // Inside fenced code, text is shown literally; outside it, HTML and markdown are live.
    const live = outsideCode(out);
    const rendered = name === 'comment' ? live.split('\n').slice(2).join('\n') : live; // minus marker + meta

    it(`${name}: no raw HTML, no stray comment delimiters, balanced <details>, intact tables`, () => {
      expect(live).not.toContain('<script');
      expect(live).not.toContain('</summary></summary>');
      expect(count(live, '<details')).toBe(count(live, '</details>'));
      expect(count(live, '<summary>')).toBe(count(live, '</summary>'));
      const ownComments = name === 'comment' ? 2 : 0;
      expect(count(out, '<!--')).toBe(ownComments);
      expect(count(out, '-->')).toBe(ownComments);
      expect(rendered).not.toContain('](javascript:');
      expect(rendered).not.toContain('| forged | row |');
      expect(rendered).not.toMatch(/^# heading/m);
      expectTablesIntact(out);
      fencedBlocks(out);
    });

    it(`${name}: mentions and issue references are neutralised`, () => {
      expect(out).not.toMatch(/@octocat/);
      expect(out).not.toMatch(/#12/);
      expect(rendered).toMatch(/@\u200Doctocat/);
    });
  }

  it('puts output tails in fences longer than any backtick run inside', () => {
    const tails = fencedBlocks(check_.text).filter((b) => b.body.includes('please look'));
    expect(tails).toHaveLength(2);
    for (const block of tails) {
      expect(block.fence).toBe('``````');
      expect(block.body).toContain('`````\n</details>');
      expect(block.body.endsWith('<script>x</script>\n```')).toBe(true);
    }
  });

  it('keeps the metadata comment intact when values try to close it', () => {
    expect(readMeta(outputs.comment)).toEqual({ desc: EVIL });
  });

  it('neutralises mentions in annotations too', () => {
    expect(JSON.stringify(check_.annotations)).not.toContain('@octocat');
  });
});

describe('size limits', () => {
  const reasoning = (seat: number) =>
    `Seat ${seat} says: ${'this is a long and careful argument. '.repeat(110)}`.slice(0, 4000);
  const huge = report({
    overall: 'fail',
    clauses: Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0
        ? check(i, i === 42 ? 'not_met' : 'met', `check clause ${i + 1}`, {
            stdout: `${'output line\n'.repeat(2000)}TAIL-END-${i}`,
          })
        : review(
            i,
            i === 99 ? 'not_met' : 'met',
            `review clause ${i + 1}`,
            Array.from({ length: 15 }, (_, s) => vote(s, s < 8 ? 'met' : 'not_met', reasoning(s))),
          ),
    ),
  });

  it('keeps check output within 65535 characters, with the table and verify command', () => {
    const out = renderCheckOutput(huge, LINKS, { contractPath: 'c.toml' });
    for (const part of [out.summary, out.text]) {
      expect(sizeOf(part)).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
      expect(part.length).toBeLessThanOrEqual(65_535);
    }
    expect(out.summary).toContain('| # | Result | Kind | Clause | Reason |');
    expect(out.summary).toContain('| 43 | ❌ not met | check | check clause 43 |');
    expect(out.summary).toContain('| 100 | ❌ not met | review | review clause 100 |');
    expect(out.summary).toContain(`${DOWNLOAD}\n${VERIFY}`);
    expect(out.summary).toMatch(
      /✂️ \*\*Truncated to fit GitHub's 65,535-character check run limit:\*\* panel (reasoning|votes)/,
    );
    expect(out.text).toContain('TAIL-END-42');
    expect(out.text).toContain('check output tails cut to the last');
    expect(out.annotations).toHaveLength(1);
    expectTablesIntact(out.summary);
  });

  it('keeps the sticky comment within 65536 characters with marker and metadata intact', () => {
    const body = renderStickyComment(huge, LINKS, MARKER, { session_id: 's1' });
    expect(sizeOf(body)).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body.startsWith(MARKER)).toBe(true);
    expect(readMeta(body)).toEqual({ session_id: 's1' });
    expect(body).toContain('| 100 | ❌ not met | review | review clause 100 |');
    expect(body).toContain(VERIFY);
    expect(body).toContain('Truncated to fit');
    expect(count(body, '<details')).toBe(count(body, '</details>'));
  });

  it('keeps the job summary within 1 MiB', () => {
    const out = renderJobSummary(huge, LINKS);
    expect(sizeOf(out)).toBeLessThanOrEqual(STEP_SUMMARY_LIMIT);
    expect(out).toContain(VERIFY);
  });

  it('counts bytes, so multi-byte reasoning cannot slip past the limit', () => {
    const emoji = report({
      overall: 'pass',
      clauses: Array.from({ length: 20 }, (_, i) =>
        review(
          i,
          'met',
          `clause ${i}`,
          Array.from({ length: 15 }, (_, s) => vote(s, 'met', '😀'.repeat(2000))),
        ),
      ),
    });
    const out = renderCheckOutput(emoji, LINKS, {});
    expect(sizeOf(out.summary)).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
    expect(sizeOf(renderStickyComment(emoji, LINKS, MARKER, {}))).toBeLessThanOrEqual(COMMENT_LIMIT);
  });

  it('drops passing rows before failing ones when even the table is too large, and says so', () => {
    const giant = report({
      overall: 'fail',
      clauses: Array.from({ length: 1000 }, (_, i) => ({
        ...check(i, i === 777 ? 'not_met' : 'met', `clause ${i + 1} ${'long description '.repeat(50)}`),
        reason: 'r'.repeat(2000),
      })),
    });
    const out = renderCheckOutput(giant, LINKS, {});
    expect(sizeOf(out.summary)).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
    expect(out.summary).toMatch(/only \d+ of 1000 clause rows shown/);
    expect(out.summary).toContain('| 778 | ❌ not met | check | clause 778');
    expect(out.summary).toMatch(/_… \d+ more clauses not shown \(\d+ met\)\._/);
    expect(out.summary).toContain(VERIFY);
    const body = renderStickyComment(giant, LINKS, MARKER, { a: 1 });
    expect(sizeOf(body)).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body).toContain('| 778 | ❌ not met |');
  });
});
