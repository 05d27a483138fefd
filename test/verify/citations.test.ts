/**
 * Findings on the lines they are about: a seat's `path:line` / `path:start-end` is anchored only
 * inside a changed hunk of a file the change touches (new side), read from a real `git diff` of a
 * real repository; everything else stays prose with the reason. The anchored citations, with the
 * hunk lines around them, are recorded in the signed `review_vote` (end to end through runContract
 * with a scripted panel), and a vote signed before citations existed still verifies and reads.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeCrypto, exportBundle, LedgerStore, verifyBundle } from '../../src/core/ledger/index.js';
import { secretRedactor } from '../../src/core/process/index.js';
import { reportFromEntries, runContract } from '../../src/core/run/index.js';
import {
  anchorFindings,
  type Citation,
  citationsOf,
  MAX_FINDINGS,
  normalizeCitedPath,
} from '../../src/core/verify/citations.js';
import { parseDiffHunks } from '../../src/core/verify/diff-hunks.js';
import { prepareEvidence } from '../../src/core/verify/evidence-lines.js';
import { readGitInfo } from '../../src/core/verify/git-info.js';
import { collectReviewEvidence } from '../../src/core/verify/review-evidence.js';
import { buildReviewPrompt, LENSES } from '../../src/core/verify/review-prompt.js';
import { parseVote, voteAnswerSchema } from '../../src/core/verify/vote.js';
import {
  AGENT_KEY,
  contractFrom,
  ctxFor,
  git,
  makeWorkdir,
  openRunStore,
  scripted,
} from '../helpers/agent-kit.js';
import { commitFiles } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';

const lines = (n: number, tag = 'line') => Array.from({ length: n }, (_, i) => `${tag} ${i + 1}`);

/**
 * A repository on `main` and a `feature` commit that edits src/a.ts at line 10 and line 30 (two
 * hunks), adds a file whose name git quotes, deletes old.txt; plus an untracked notes.txt.
 */
function featureRepo(): string {
  const dir = makeWorkdir({ git: true });
  commitFiles(dir, { 'src/a.ts': `${lines(40).join('\n')}\n`, 'old.txt': 'gone soon\n' }, 'base');
  git(dir, 'checkout', '-q', '-b', 'feature');
  const edited = lines(40);
  edited[9] = 'line 10 CHANGED';
  edited.splice(30, 0, 'line 30b ADDED');
  commitFiles(
    dir,
    { 'src/a.ts': `${edited.join('\n')}\n`, 'src/café é.ts': 'export const x = 1;\n' },
    'feature',
  );
  git(dir, 'rm', '-q', 'old.txt');
  git(dir, 'commit', '-qm', 'remove');
  writeFileSync(join(dir, 'notes.txt'), 'first\nsecond\n');
  return dir;
}

async function diffOf(dir: string): Promise<string> {
  const evidence = await collectReviewEvidence({
    env: process.env,
    workdir: dir,
    git: await readGitInfo(dir, 'main'),
    contextFiles: [],
  });
  return evidence.diff;
}

describe('line numbers below a redacted secret', () => {
  it('a key block or a wrapped run secret redacted in the diff keeps its lines, so the lines below keep their numbers', async () => {
    const dir = featureRepo();
    const key = [
      '-----BEGIN PRIVATE KEY-----',
      'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7',
      'AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHHIIIIJJJJKKKKLLLLMMMM',
      '-----END PRIVATE KEY-----',
    ];
    // A run secret base64-wrapped over two lines, each behind the diff's `+`.
    const token = `ghp_${'a1B2c3D4e5'.repeat(4)}`;
    const wrapped = Buffer.from(token).toString('base64');
    const text = ['one', 'two', ...key, 'seven', wrapped.slice(0, 30), wrapped.slice(30), 'after'];
    writeFileSync(join(dir, 'deploy.txt'), `${text.join('\n')}\n`);
    const redacted = secretRedactor({ DEPLOY_TOKEN: token })(await diffOf(dir));
    expect(redacted).toContain('+[REDACTED:private_key_block]\n+\n+\n+\n+seven');
    // The encoding's last few characters depend on what follows the secret, so they may stay.
    expect(redacted).toMatch(/\+\[REDACTED:run_secret_base64\]\n\+[A-Za-z0-9+/=]{0,8}\n\+after/);
    expect(redacted).not.toContain('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC');
    expect(redacted).not.toContain(wrapped.slice(4, 30));
    const file = parseDiffHunks(redacted).find((f) => f.path === 'deploy.txt');
    const numbered = file?.hunks.flatMap((h) => h.lines) ?? [];
    expect(numbered.find((line) => line.text === '+seven')?.n).toBe(7);
    expect(numbered.find((line) => line.text === '+after')?.n).toBe(10);
  });
});

describe('the new side of a real git diff', () => {
  it('files, hunks and new-side line numbers; quoted paths decoded; deleted files have no new side', async () => {
    const files = parseDiffHunks(await diffOf(featureRepo()));
    expect(files.map((f) => f.path)).toEqual(['src/a.ts', 'src/café é.ts', 'notes.txt']);
    const a = files[0]?.hunks.map((h) => [h.start, h.end]);
    expect(a).toEqual([
      [7, 13],
      [28, 34],
    ]);
    const first = files[0]?.hunks[0];
    expect(first?.lines.find((l) => l.text === '+line 10 CHANGED')).toEqual({
      n: 10,
      text: '+line 10 CHANGED',
    });
    expect(first?.lines.find((l) => l.text === '-line 10')).toEqual({ n: null, text: '-line 10' });
    expect(files[1]?.hunks.map((h) => [h.start, h.end])).toEqual([[1, 1]]);
    // The untracked file's section (no @@ header) still numbers its lines.
    expect(files[2]?.hunks[0]?.lines.slice(0, 2)).toEqual([
      { n: 1, text: '+first' },
      { n: 2, text: '+second' },
    ]);
  });

  it('the evidence lines reviewers read name the same decoded paths, quoted or not', async () => {
    const dir = featureRepo();
    // A hidden character in a file whose name git quotes, committed and untracked alike.
    writeFileSync(join(dir, 'src/café é.ts'), 'export const x = 1;\nconst y = "\u200b";\n');
    writeFileSync(join(dir, 'naïve.txt'), 'hi\u200b\n');
    const { sections, hidden } = prepareEvidence({
      diff: await diffOf(dir),
      diffBytes: 0,
      diffTruncated: false,
      files: [],
      notes: [],
    });
    const diff = sections.find((s) => s.source === 'diff');
    const located = diff?.lines.filter((l) => l.line !== null) ?? [];
    expect(new Set(located.map((l) => l.path))).toEqual(
      new Set(['src/a.ts', 'src/café é.ts', 'notes.txt', 'naïve.txt', 'old.txt']),
    );
    expect(located.find((l) => l.text.startsWith('+const y'))).toMatchObject({
      path: 'src/café é.ts',
      line: 2,
    });
    expect(hidden.map((h) => h.path).sort()).toEqual(['naïve.txt', 'src/café é.ts']);
  });

  it('is total: not a diff, or a diff cut mid-hunk, never throws', () => {
    expect(parseDiffHunks('hello\n@@ -1 +1 @@\n+x')).toEqual([]);
    const cut = parseDiffHunks('diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,5 +1,6 @@\n a\n+b\n c');
    expect(cut[0]?.hunks[0]).toMatchObject({ start: 1, end: 3 });
  });
});

describe('anchoring findings', () => {
  const anchor = async (location: string) => {
    const files = parseDiffHunks(await diffOf(repo));
    return anchorFindings([{ location, problem: 'wrong' }], files)[0] as Citation;
  };
  const repo = featureRepo();

  it.each([
    ['src/a.ts:10', 10, 10],
    ['src/a.ts:9-11', 9, 11],
    ['src/a.ts:L31', 31, 31],
    ['`src/a.ts:30-31`', 30, 31],
    ['./src//a.ts:12', 12, 12],
    ['b/src/a.ts:10', 10, 10],
    ['src/café é.ts:1', 1, 1],
    ['notes.txt:2', 2, 2],
  ])('%s is anchored at %i-%i with its hunk lines', async (location, start, end) => {
    const citation = await anchor(location);
    expect(citation).toMatchObject({ anchored: true, start_line: start, end_line: end, unanchored: null });
    const shown = citation.hunk?.lines.map((l) => l.n).filter((n) => n !== null) as number[];
    expect(shown).toContain(start);
    expect(shown).toContain(end);
    expect(citation.hunk?.header).toMatch(/^@@ /);
  });

  it.each([
    ['src/a.ts:1', 'outside the changed hunks of this file'],
    ['src/a.ts:20', 'outside the changed hunks of this file'],
    // One range across two hunks is not inside either.
    ['src/a.ts:10-30', 'outside the changed hunks of this file'],
    ['src/a.ts:12-10', 'the line range is empty or starts before line 1'],
    ['src/a.ts:0', 'the line range is empty or starts before line 1'],
    ['README.md:1', 'not a file this change touches'],
    ['old.txt:1', 'not a file this change touches'],
    ['../src/a.ts:10', 'a path with ".." is never anchored'],
    ['src/../src/a.ts:10', 'a path with ".." is never anchored'],
    ['../../etc/passwd:1', 'a path with ".." is never anchored'],
    ['/etc/passwd:1', 'an absolute path is never anchored; name files relative to the repository'],
    [`${repo}/src/a.ts:10`, 'an absolute path is never anchored; name files relative to the repository'],
    ['C:\\src\\a.ts:10', 'an absolute path is never anchored; name files relative to the repository'],
    ['src\\a.ts:10', 'not a repository path'],
    ['src/a.ts\u0000:10', 'not a repository path'],
    ['the whole file', 'not a location: write path:line or path:start-end'],
    ['src/a.ts', 'not a location: write path:line or path:start-end'],
  ])('%s stays prose: %s', async (location, reason) => {
    const citation = await anchor(location);
    expect(citation).toMatchObject({ anchored: false, unanchored: reason, hunk: null });
  });

  it('an untracked file whose name holds diff lines cannot fake hunks of a tracked file', async () => {
    const dir = featureRepo();
    // Its name, written into the diff unquoted, would read as `+++ b/src/a.ts` and a hunk over lines 1-40.
    const forged = 'd\n+++ b/src/a.ts\n@@ -0,0 +1,40 @@\nz';
    mkdirSync(join(dir, 'd\n+++ b', 'src'), { recursive: true });
    writeFileSync(join(dir, forged), Array.from({ length: 40 }, () => 'FORGED').join('\n'));
    const files = parseDiffHunks(await diffOf(dir));
    expect(files.filter((f) => f.path === 'src/a.ts')).toHaveLength(1);
    const [unchanged] = anchorFindings([{ location: 'src/a.ts:20', problem: 'x' }], files);
    expect(unchanged).toMatchObject({
      anchored: false,
      unanchored: 'outside the changed hunks of this file',
    });
    const [changed] = anchorFindings([{ location: 'src/a.ts:10', problem: 'x' }], files);
    expect(changed?.hunk?.lines.map((l) => l.text)).toContain('+line 10 CHANGED');
    // The forged file is listed under its real name (decoded), which no citation can name.
    expect(files.map((f) => f.path)).toContain(forged);
    expect(normalizeCitedPath(forged)).toEqual({ refused: 'not a repository path' });
    // Every file git itself would quote is quoted the same way: a quote or a backslash in a name too.
    writeFileSync(join(dir, 'q"uote\\d.txt'), 'one\n');
    expect(parseDiffHunks(await diffOf(dir)).map((f) => f.path)).toContain('q"uote\\d.txt');
  });

  it('normalizes cited paths without ever leaving the repository', () => {
    expect(normalizeCitedPath('./a/./b//c.ts')).toEqual({ path: 'a/b/c.ts' });
    expect(normalizeCitedPath('a/b/../../../x')).toHaveProperty('refused');
    expect(normalizeCitedPath('~/x')).toHaveProperty('refused');
    expect(normalizeCitedPath('.')).toHaveProperty('refused');
  });

  it('refuses a cited path with a bidi control or mark (it would display as another path)', () => {
    for (const ch of ['\u202A', '\u202E', '\u2066', '\u2069', '\u200E', '\u200F', '\u061C'])
      expect(normalizeCitedPath(`src/${ch}gnp.exe`)).toEqual({
        refused: 'a path with bidi control characters is never anchored (it can display as another)',
      });
    expect(normalizeCitedPath('docs/\u05D0\u05D1.md')).toEqual({ path: 'docs/\u05D0\u05D1.md' });
  });

  it('keeps at most MAX_FINDINGS and clips long text', () => {
    const many = Array.from({ length: MAX_FINDINGS + 5 }, () => ({
      location: 'x'.repeat(1000),
      problem: 'p'.repeat(5000),
    }));
    const cited = anchorFindings(many, []);
    expect(cited).toHaveLength(MAX_FINDINGS);
    expect(cited[0]?.location.length).toBeLessThanOrEqual(300);
    expect(cited[0]?.problem.length).toBeLessThanOrEqual(1000);
  });
});

describe('the diff the seats read shows new-side line numbers', () => {
  it('every added or unchanged line carries the number its citation is anchored by; removed lines and headers none', async () => {
    const dir = featureRepo();
    writeFileSync(join(dir, 'ctx.md'), 'context one\ncontext two\n');
    const evidence = await collectReviewEvidence({
      env: process.env,
      workdir: dir,
      git: await readGitInfo(dir, 'main'),
      contextFiles: ['ctx.md'],
    });
    const prompt = buildReviewPrompt({
      seat: 0,
      seats: 1,
      lens: LENSES[2] as (typeof LENSES)[number],
      intent: 'i',
      clause: 'c',
      evidence: prepareEvidence(evidence),
      nonce: () => 'n0nce0000',
    });
    const shown = (prompt.messages[1]?.content ?? '').split('\n');
    // Every numbered line, in order, is exactly a new-side hunk line with the number anchoring uses.
    const numbered = shown.flatMap((line) => {
      const m = /^ *(\d+) ([+ ].*)$/.exec(line);
      return m ? [{ n: Number(m[1]), text: m[2] as string }] : [];
    });
    const hunks = parseDiffHunks(evidence.diff);
    const expected = hunks.flatMap((f) => f.hunks.flatMap((h) => h.lines.filter((l) => l.n !== null)));
    expect(expected.length).toBeGreaterThan(10);
    expect(numbered).toEqual(expected);
    // Right-aligned in one column per section; a removed line has blanks there; headers unchanged.
    expect(shown).toContain('10 +line 10 CHANGED');
    expect(shown).toContain(' 9  line 9');
    expect(shown).toContain('   -line 10');
    expect(shown.some((line) => line.startsWith('@@ -7,7 +7,7 @@'))).toBe(true);
    expect(shown).toContain('diff --git a/src/a.ts b/src/a.ts');
    // reviewer_context files are not the diff: shown as they are.
    expect(shown).toContain('context one');
    // The number a seat reads in front of a line is the line its citation lands on.
    const read = shown.find((line) => line.endsWith('+line 30b ADDED'));
    const n = Number(/^ *(\d+) /.exec(read ?? '')?.[1]);
    const [cited] = anchorFindings([{ location: `src/a.ts:${n}`, problem: 'p' }], hunks);
    expect(cited?.hunk?.lines).toContainEqual({ n, text: '+line 30b ADDED' });
    expect(prompt.system).toContain('never count lines yourself');
  });
});

describe('a long cited path', () => {
  it('a path over the 300 recorded characters is still read and anchored; one past the bound says so', () => {
    const long = `${'deep/'.repeat(70)}a.ts`;
    const files = parseDiffHunks(
      `diff --git a/${long} b/${long}\n--- a/${long}\n+++ b/${long}\n@@ -1,2 +1,3 @@\n one\n+two\n three`,
    );
    const [cited] = anchorFindings([{ location: `${long}:2`, problem: 'p' }], files);
    expect(cited).toMatchObject({ path: long, start_line: 2, end_line: 2, anchored: true, unanchored: null });
    expect(cited?.location.length).toBeLessThanOrEqual(300);
    const [untouched] = anchorFindings([{ location: `${long}x:2`, problem: 'p' }], files);
    expect(untouched).toMatchObject({ anchored: false, unanchored: 'not a file this change touches' });
    const tooLong = `${'x/'.repeat(600)}a.ts:2`;
    const [over] = anchorFindings([{ location: tooLong, problem: 'p' }], files);
    expect(over).toMatchObject({ anchored: false, path: null });
    expect(over?.unanchored).toBe(
      `the location is ${tooLong.length} characters long; a path:line is read up to 1100 characters`,
    );
  });
});

describe('the vote answer asks for findings', () => {
  it('the prompt asks every seat to cite path:line or path:start-end for each problem', () => {
    const prompt = buildReviewPrompt({
      seat: 0,
      seats: 1,
      lens: LENSES[2] as (typeof LENSES)[number],
      intent: 'i',
      clause: 'c',
      evidence: prepareEvidence({ diff: '', diffBytes: 0, diffTruncated: false, files: [], notes: [] }),
    });
    expect(prompt.system).toContain(
      'For every problem you name, add a finding with its location: path:line or path:start-end',
    );
    expect(prompt.system).toContain('"findings": [{"location": "<path:line or path:start-end>"');
    expect(prompt.answer.schema).toHaveProperty('properties.findings');
  });

  it('schema: findings are required, strict (every property required, nothing else allowed)', () => {
    const schema = voteAnswerSchema(false).schema as {
      required: string[];
      properties: { findings: { items: unknown } };
    };
    expect(schema.required).toEqual(['vote', 'reasoning', 'findings']);
    expect(schema.properties.findings.items).toMatchObject({
      required: ['location', 'problem'],
      additionalProperties: false,
    });
  });

  it('reads findings strictly; an answer without them (written before) has none', () => {
    expect(parseVote('{"vote":"met","reasoning":"ok"}').findings).toEqual([]);
    const answer = { vote: 'not_met', reasoning: 'r', findings: [{ location: 'a.ts:1', problem: 'bad' }] };
    expect(parseVote(JSON.stringify(answer))).toMatchObject({ parsed: true, findings: answer.findings });
    expect(parseVote('', [answer])).toMatchObject({ parsed: true, findings: answer.findings });
    for (const findings of [
      'a.ts:1',
      [{ location: 'a.ts:1' }],
      [{ location: 1, problem: 'x' }],
      [['a.ts:1', 'x']],
    ]) {
      const parsed = parseVote(JSON.stringify({ vote: 'met', reasoning: 'r', findings }));
      expect(parsed).toMatchObject({ vote: 'unverifiable', parsed: false });
    }
    const extra = { vote: 'met', reasoning: 'r', findings: [{ location: 'a:1', problem: 'x', vote: 'met' }] };
    expect(parseVote(JSON.stringify(extra)).vote).toBe('unverifiable');
  });
});

const CONTRACT = `reviewers = 2

[contract]
id = "cite-0001"
intent = "Change line 10 of src/a.ts"

[[done]]
kind = "review"
desc = "src/a.ts line 10 is changed correctly"
`;

describe('citations in the signed vote (runContract, scripted panel)', () => {
  it('records anchored and prose citations with the hunk; the bundle verifies and the report reads them', async () => {
    const workdir = featureRepo();
    const seat1 = {
      vote: 'not_met',
      reasoning: 'Line 10 is wrong.',
      findings: [
        { location: 'src/a.ts:10', problem: 'CHANGED is not what the intent asks for' },
        { location: 'src/a.ts:1', problem: 'the header is stale' },
        { location: '../../etc/passwd:1', problem: 'look here' },
      ],
    };
    // The second seat answers as seats did before citations: no findings key at all.
    const seat2 = { vote: 'met', reasoning: 'Looks fine.' };
    const provider = scripted(
      [
        { text: JSON.stringify(seat1), match: 'Your lens: intent' },
        { text: JSON.stringify(seat2), match: 'Your lens: completeness' },
      ],
      'panel.json',
    );
    const contract = contractFrom(CONTRACT);
    const run = openRunStore();
    const outcome = await runContract({
      contract: contract.contract,
      contractHash: contract.hash,
      workdir,
      store: run.store,
      signer: AGENT_KEY,
      ctx: ctxFor(contract.contract),
      panel: { seats: [provider, provider] },
      // The host's environment, which the reviewers' evidence gits run with (PATH finds git).
      env: { PATH: process.env.PATH },
      codeVersion: 'test',
      principal: { login: 'octocat' },
      baseRef: 'main',
    });
    const entries = [...run.store.entries(outcome.sessionId)];
    const bundle = exportBundle(run.store, outcome.sessionId, createNodeCrypto());
    run.close();
    const votes = entries.filter((e) => e.kind === 'review_vote').map((e) => e.payload);
    expect(votes[0]).not.toHaveProperty('findings');
    expect(votes[0]?.citations).toEqual([
      expect.objectContaining({
        location: 'src/a.ts:10',
        path: 'src/a.ts',
        start_line: 10,
        end_line: 10,
        anchored: true,
        unanchored: null,
        hunk: expect.objectContaining({
          lines: expect.arrayContaining([{ n: 10, text: '+line 10 CHANGED' }]),
        }),
      }),
      expect.objectContaining({ path: 'src/a.ts', start_line: 1, anchored: false, hunk: null }),
      expect.objectContaining({
        path: null,
        anchored: false,
        unanchored: 'a path with ".." is never anchored',
      }),
    ]);
    expect(votes[1]?.citations).toEqual([]);
    expect(verifyBundle(bundle, { crypto: createNodeCrypto(), trusted: new Map() }).status).not.toBe(
      'failed',
    );
    const report = reportFromEntries(outcome.sessionId, entries);
    expect(report.clauses[0]?.votes[0]?.citations.map((c) => c.anchored)).toEqual([true, false, false]);
  });

  it('a secret a seat writes into a cited path is redacted in the signed vote, like its location', async () => {
    const workdir = featureRepo();
    const GH = `ghp_${'a1B2'.repeat(9)}`;
    const seat = {
      vote: 'not_met',
      reasoning: 'r',
      findings: [{ location: `config/${GH}.txt:3`, problem: 'the token file' }],
    };
    const provider = scripted([{ text: JSON.stringify(seat) }], 'panel.json');
    const contract = contractFrom(CONTRACT.replace('reviewers = 2', 'reviewers = 1'));
    const run = openRunStore();
    const outcome = await runContract({
      contract: contract.contract,
      contractHash: contract.hash,
      workdir,
      store: run.store,
      signer: AGENT_KEY,
      ctx: ctxFor(contract.contract),
      panel: { seats: [provider] },
      // The host's environment, which the reviewers' evidence gits run with (PATH finds git).
      env: { PATH: process.env.PATH },
      codeVersion: 'test',
      principal: { login: 'octocat' },
      baseRef: 'main',
    });
    const votes = [...run.store.entries(outcome.sessionId)].filter((e) => e.kind === 'review_vote');
    run.close();
    const [citation] = (votes[0]?.payload.citations ?? []) as Citation[];
    expect(citation).toMatchObject({ anchored: false, unanchored: 'not a file this change touches' });
    expect(citation?.location).toContain('[REDACTED');
    expect(JSON.stringify(votes[0]?.payload)).not.toContain(GH);
  });

  it('a vote signed without citations (an older ledger) still verifies and reads as none', () => {
    const store = LedgerStore.open(join(tempDir('old-vote').dir, 'ledger.db'));
    const { id } = store.createSession({ signer: AGENT_KEY, codeVersion: 'truss 0.0.9' });
    store.append(id, 'run_started', { session_id: id, contract: { contract: { id: 'old' } } }, AGENT_KEY);
    // The payload exactly as votes were signed before seats cited lines: no `citations` key.
    store.append(
      id,
      'review_vote',
      {
        clause: 0,
        seat: 0,
        lens: 'intent',
        provider: 'anthropic',
        model: 'm',
        vote: 'met',
        reasoning: 'ok',
        usage: { input_tokens: 1, output_tokens: 1, cost_usd: 0 },
        error: null,
        aimed_at_reviewers: null,
      },
      AGENT_KEY,
    );
    const clause = { clause: 0, kind: 'review', desc: 'd', status: 'met', reason: '1 of 1 seats voted met' };
    store.append(id, 'verdict', { overall: 'pass', clauses: [clause], forced: [] }, AGENT_KEY);
    const bundle = exportBundle(store, id, createNodeCrypto());
    const entries = [...store.entries(id)];
    store.close();
    expect(verifyBundle(bundle, { crypto: createNodeCrypto(), trusted: new Map() }).failure).toBeNull();
    expect(reportFromEntries(id, entries).clauses[0]?.votes[0]?.citations).toEqual([]);
    expect(citationsOf({ citations: [{ anchored: true, path: 'a' }, 'junk'] })).toEqual([
      expect.objectContaining({ anchored: false, unanchored: 'not anchored', hunk: null }),
    ]);
  });
});
