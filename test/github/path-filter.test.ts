import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { decidePathFilter } from '../../src/core/contract/index.js';
import { lazyChangedFiles, mayBeGitlink, pullRequestChangedFiles } from '../../src/github/path-filter.js';
import { runAndReport } from '../../src/github/run-and-report.js';
import { makeWorkdir, openRunStore } from '../helpers/agent-kit.js';
import { otherApp } from '../helpers/comment-authors.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';
import { useNock } from '../helpers/nock-guard.js';
import {
  API,
  captureLog,
  nockPullHead,
  OWNER,
  pullRequestFile,
  REPO,
  recordCheckRunWrites,
  runAndReportOptions,
  testOctokit,
} from './helpers.js';

useNock();

const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';
const R = `/repos/${OWNER}/${REPO}`;
const PR = 7;

/** GET /pulls/7 after the listing: the pull request (real payload shape) with its head at `sha`. */
function headAfterListing(sha = HEAD) {
  nockPullHead(PR, sha);
}

/** One entry of GET /repos/{owner}/{repo}/pulls/{n}/files, as documented, at HEAD. */
function prFile(filename: string, extra: Record<string, unknown> = {}) {
  return pullRequestFile(filename, HEAD, extra);
}

/**
 * A submodule bump as GET /pulls/{n}/files lists it: the bare path, the submodule's new commit as
 * `sha`, and a patch of `Subproject commit` lines (`old` null: added, `next` null: removed).
 */
function gitlink(
  filename: string,
  old: string | null = '1f2e3d4c5b6a79880716253443526170819a0b1c',
  next: string | null = '9a8b7c6d5e4f30211203f4e5d6c7b8a990817263',
) {
  const lines = [old && `-Subproject commit ${old}`, next && `+Subproject commit ${next}`].filter(Boolean);
  const header = old === null ? '@@ -0,0 +1 @@' : next === null ? '@@ -1 +0,0 @@' : '@@ -1 +1 @@';
  return prFile(filename, {
    sha: next ?? old,
    status: old === null ? 'added' : next === null ? 'removed' : 'modified',
    additions: next ? 1 : 0,
    deletions: old ? 1 : 0,
    changes: lines.length,
    patch: [header, ...lines].join('\n'),
  });
}

function contract(id: string, filter: { paths?: string[]; paths_ignore?: string[] } = {}, name = id) {
  const text = contractToml({ id, intent: `run ${id}`, ...filter }, TRUE_CHECK);
  return { name, path: `.truss/contracts/${name}.toml`, source: { file: `${name}.toml`, text } };
}

/** runAndReport on `contracts` for PR #7, every check run request recorded. */
async function report(contracts: ReturnType<typeof contract>[], options: { filter: boolean }) {
  const run = openRunStore();
  const log = captureLog();
  const octokit = testOctokit(log);
  const repo = { owner: OWNER, repo: REPO };
  // What a filtered contract asks last, after its skip or verdict is written (skip-race.ts): here
  // nothing was written in between, so no check of it on the head hides another.
  nock(API)
    .get(`${R}/commits/${HEAD}/check-runs`)
    .query(true)
    .times(10)
    .optionally()
    .reply(200, { total_count: 0, check_runs: [] });
  try {
    const results = await runAndReport(
      runAndReportOptions({
        octokit,
        headSha: HEAD,
        prNumber: PR,
        workdir: makeWorkdir(),
        contracts,
        store: run.store,
        changedFiles: options.filter ? lazyChangedFiles(octokit, repo, PR, HEAD) : undefined,
        log,
      }),
    );
    return { results, log, sessions: run.store.sessions().length };
  } finally {
    run.close();
  }
}

/** The pull request changes only `filename`, and its head stays put while the files are listed. */
function listsOnly(filename: string) {
  nock(API)
    .get(`${R}/pulls/${PR}/files`)
    .query({ per_page: 100 })
    .reply(200, [prFile(filename)]);
  headAfterListing();
}

/** GET the `truss / <id>` check runs already on the head (asked before a skip is reported). */
function checksOnHead(id: string, runs: Array<Record<string, unknown>> = []) {
  nock(API)
    .get(`${R}/commits/${HEAD}/check-runs`)
    .query({ check_name: `truss / ${id}`, filter: 'all', per_page: 100 })
    .reply(200, {
      total_count: runs.length,
      check_runs: runs.map((run, i) => ({
        id: 900 + i,
        name: `truss / ${id}`,
        head_sha: HEAD,
        status: 'completed',
        conclusion: 'failure',
        external_id: 'truss/v1',
        started_at: '2026-12-01T10:00:00Z',
        output: { title: 'FAIL · 0/1 clauses met', summary: '' },
        ...run,
      })),
    });
}

describe('[contract] paths on a pull request (the Action)', () => {
  it('a paths miss is not run: its check is created completed skipped with the reason', async () => {
    nock(API)
      .get(`${R}/pulls/${PR}/files`)
      .query({ per_page: 100 })
      .reply(200, [prFile('README.md'), prFile('docs/guide.md')]);
    headAfterListing();
    checksOnHead('src-only');
    const checks = recordCheckRunWrites();
    const { results, sessions, log } = await report([contract('src-only', { paths: ['src/**'] })], {
      filter: true,
    });
    expect(results).toEqual([]);
    expect(sessions).toBe(0);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({
      method: 'POST',
      body: {
        name: 'truss / src-only',
        head_sha: HEAD,
        status: 'completed',
        conclusion: 'skipped',
        output: { title: 'Skipped: the change touches none of its paths' },
      },
    });
    const summary = String((checks[0]?.body.output as { summary?: string } | undefined)?.summary);
    expect(summary).toContain('no changed file (of 2) is selected by paths ["src/**"]');
    expect(summary).toContain('`/truss run src-only` to run it anyway');
    expect(log.text()).toContain('truss / src-only: skipped, no changed file (of 2)');
  });

  it('the skipped check says to run the contract by its file name, which the command takes, not its id', async () => {
    listsOnly('README.md');
    checksOnHead('api-tests');
    checksOnHead('api');
    const checks = recordCheckRunWrites();
    const { results } = await report([contract('api-tests', { paths: ['src/**'] }, 'api')], { filter: true });
    expect(results).toEqual([]);
    expect(checks.map((c) => [c.body.name, c.body.conclusion])).toEqual([['truss / api-tests', 'skipped']]);
    const summary = String((checks[0]?.body.output as { summary?: string } | undefined)?.summary);
    expect(summary).toContain('Comment `/truss run api` to run it anyway');
  });

  it('a skip never replaces a check Truss already has on the head: the contract runs instead', async () => {
    // An explicit `/truss run src-only` failed on this head; a later run of every contract would
    // otherwise complete a newer `skipped` check, which a required check counts as passing.
    for (const earlier of [
      { conclusion: 'failure' },
      { status: 'in_progress', conclusion: null },
      { conclusion: 'action_required' },
    ]) {
      listsOnly('package.json');
      checksOnHead('src-only', [
        // A lookalike (a fork's job of that name, no external id) and an earlier skip do not count.
        { id: 800, external_id: null, conclusion: 'success' },
        { id: 801, conclusion: 'skipped' },
        earlier,
      ]);
      const checks = recordCheckRunWrites();
      const { results, sessions, log } = await report([contract('src-only', { paths: ['src/**'] })], {
        filter: true,
      });
      expect(results.map((r) => [r.contractId, r.overall])).toEqual([['src-only', 'pass']]);
      expect(sessions).toBe(1);
      expect(checks.map((c) => c.body.conclusion ?? c.body.status)).toEqual(['in_progress', 'success']);
      expect(log.text()).toContain('truss / src-only: runs although no changed file (of 1)');
      // The next round records into its own list.
      nock.cleanAll();
    }
  });

  it('a check the App queued under the file name (not yet renamed to the id) keeps the skip from replacing it', async () => {
    // `/truss run api` queues `truss / api`; the dispatched run renames it `truss / api-tests` when it
    // starts. A skip created meanwhile would be the newer check of that name and hide its verdict.
    listsOnly('README.md');
    checksOnHead('api-tests');
    nock(API)
      .get(`${R}/commits/${HEAD}/check-runs`)
      .query({ check_name: 'truss / api', filter: 'all', per_page: 100 })
      .reply(200, {
        total_count: 1,
        check_runs: [
          {
            id: 700,
            name: 'truss / api',
            head_sha: HEAD,
            status: 'queued',
            conclusion: null,
            external_id: JSON.stringify({ v: 1, d: 'delivery-1', c: 5, p: PR, n: 'api', s: HEAD, m: 'run' }),
            started_at: '2026-12-01T10:00:00Z',
            output: { title: 'Queued: run requested by @octocat', summary: '' },
          },
        ],
      });
    const checks = recordCheckRunWrites();
    const { results } = await report([contract('api-tests', { paths: ['src/**'] }, 'api')], { filter: true });
    expect(results.map((r) => [r.contractId, r.overall])).toEqual([['api-tests', 'pass']]);
    expect(checks.map((c) => c.body.conclusion ?? c.body.status)).toEqual(['in_progress', 'success']);
  });

  it("a check with Truss's external_id made by any app keeps the skip from replacing it: a doubt runs the contract", async () => {
    // Unlike a lookup that decides "already handled" (request-run.ts), here a wrong "Truss's" only
    // costs a run; a wrong "not Truss's" would let a skip turn a FAIL another token wrote green.
    listsOnly('package.json');
    checksOnHead('src-only', [{ id: 803, app: otherApp('another-truss-token', 424242) }]);
    const checks = recordCheckRunWrites();
    const { results } = await report([contract('src-only', { paths: ['src/**'] })], { filter: true });
    expect(results.map((r) => [r.contractId, r.overall])).toEqual([['src-only', 'pass']]);
    expect(checks.map((c) => c.body.conclusion ?? c.body.status)).toEqual(['in_progress', 'success']);
  });

  it('only a lookalike or an earlier skip on the head: the skip stands', async () => {
    listsOnly('package.json');
    checksOnHead('src-only', [
      { id: 800, external_id: null },
      { id: 801, conclusion: 'skipped' },
      // Another commit's verdict (listed for a ref that moved) is not this head's.
      { id: 802, head_sha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e' },
    ]);
    const checks = recordCheckRunWrites();
    const { results } = await report([contract('src-only', { paths: ['src/**'] })], { filter: true });
    expect(results).toEqual([]);
    expect(checks.map((c) => c.body.conclusion)).toEqual(['skipped']);
  });

  it('one listing serves every contract; a touched contract runs, a missed one is skipped', async () => {
    nock(API)
      .get(`${R}/pulls/${PR}/files`)
      .query({ per_page: 100 })
      .reply(200, [prFile('src/new.ts', { status: 'renamed', previous_filename: 'lib/old.ts' })]);
    headAfterListing();
    checksOnHead('docs');
    const checks = recordCheckRunWrites();
    const { results, sessions } = await report(
      [
        contract('docs', { paths: ['docs/**'] }),
        // The rename's old name counts: moving a file out of lib/ touches lib/.
        contract('lib', { paths: ['lib/**'] }),
        contract('not-tests', { paths_ignore: ['**/*.test.ts'] }),
      ],
      { filter: true },
    );
    expect(results.map((r) => [r.contractId, r.overall])).toEqual([
      ['lib', 'pass'],
      ['not-tests', 'pass'],
    ]);
    expect(sessions).toBe(2);
    expect(
      checks.map((c) => [c.method, c.body.name ?? '', c.body.status, c.body.conclusion ?? null]),
    ).toEqual([
      ['POST', 'truss / docs', 'completed', 'skipped'],
      ['POST', 'truss / lib', 'in_progress', null],
      ['PATCH', '', 'completed', 'success'],
      ['POST', 'truss / not-tests', 'in_progress', null],
      ['PATCH', '', 'completed', 'success'],
    ]);
  });

  it('contracts without a filter never list the changed files; a named run ignores the filter', async () => {
    recordCheckRunWrites();
    const plain = await report([contract('plain')], { filter: true });
    expect(plain.results.map((r) => r.overall)).toEqual(['pass']);
    // No GET /pulls/7/files interceptor exists: nock would refuse the request had one been made.
    recordCheckRunWrites();
    const named = await report([contract('src-only', { paths: ['src/**'] })], { filter: false });
    expect(named.results.map((r) => r.overall)).toEqual(['pass']);
  });

  it('a change GitHub cannot list in full (3000 files) is never skipped', async () => {
    const page = (start: number) => Array.from({ length: 100 }, (_, i) => prFile(`docs/f${start + i}.md`));
    const scope = nock(API);
    for (let p = 1; p <= 30; p++) {
      const next: Record<string, string> =
        p < 30
          ? { Link: `<https://api.github.com${R}/pulls/${PR}/files?per_page=100&page=${p + 1}>; rel="next"` }
          : {};
      scope
        .get(`${R}/pulls/${PR}/files`)
        .query(p === 1 ? { per_page: 100 } : { per_page: 100, page: p })
        .reply(200, page((p - 1) * 100), next);
    }
    recordCheckRunWrites();
    const { results } = await report([contract('src-only', { paths: ['src/**'] })], { filter: true });
    expect(results.map((r) => r.overall)).toEqual(['pass']);
  });

  it("a head that moved while the files were listed is never skipped: the listing may be the new head's", async () => {
    nock(API)
      .get(`${R}/pulls/${PR}/files`)
      .query({ per_page: 100 })
      .reply(200, [prFile('README.md')]);
    headAfterListing('1111111111111111111111111111111111111111');
    const checks = recordCheckRunWrites();
    const { results } = await report([contract('src-only', { paths: ['src/**'] })], { filter: true });
    expect(results.map((r) => r.overall)).toEqual(['pass']);
    expect(checks.map((c) => c.body.conclusion ?? c.body.status)).toEqual(['in_progress', 'success']);
  });

  it("a listing of another commit (GitHub's diff not yet updated for this head) is never skipped", async () => {
    const OLDER = '2222222222222222222222222222222222222222';
    const stale = (filename: string, status = 'modified') =>
      prFile(filename, {
        status,
        blob_url: `https://github.com/${OWNER}/${REPO}/blob/${OLDER}/${filename}`,
        raw_url: `https://github.com/${OWNER}/${REPO}/raw/${OLDER}/${filename}`,
        contents_url: `https://api.github.com${R}/contents/${filename}?ref=${OLDER}`,
      });
    nock(API)
      .get(`${R}/pulls/${PR}/files`)
      .query({ per_page: 100 })
      .reply(200, [prFile('README.md'), stale('docs/old.md')]);
    const octokit = testOctokit(captureLog());
    const repo = { owner: OWNER, repo: REPO };
    expect(await pullRequestChangedFiles(octokit, repo, PR, HEAD)).toBeNull();
    // A removed file names the commit it was removed from: that alone says nothing about the head.
    nock(API)
      .get(`${R}/pulls/${PR}/files`)
      .query({ per_page: 100 })
      .reply(200, [prFile('README.md'), stale('docs/gone.md', 'removed')]);
    headAfterListing();
    expect(await pullRequestChangedFiles(octokit, repo, PR, HEAD)).toEqual([
      { path: 'README.md', mayBeDirectory: false },
      { path: 'docs/gone.md', mayBeDirectory: false },
    ]);
  });
  it('a listing in which no file names the head (none at all, or removed files only) is never skipped', async () => {
    // GitHub computes the listing apart from the pull request: right after a push it can still be the
    // previous head's. Only a listed file that is still there links the commit its diff was computed
    // for; a removed file links the commit it was removed from, and an empty listing links nothing.
    const OLDER = '2222222222222222222222222222222222222222';
    const removed = prFile('docs/gone.md', {
      status: 'removed',
      additions: 0,
      deletions: 1,
      patch: '@@ -1 +0,0 @@\n-gone',
      blob_url: `https://github.com/${OWNER}/${REPO}/blob/${OLDER}/docs/gone.md`,
      raw_url: `https://github.com/${OWNER}/${REPO}/raw/${OLDER}/docs/gone.md`,
      contents_url: `https://api.github.com${R}/contents/docs/gone.md?ref=${OLDER}`,
    });
    const octokit = testOctokit(captureLog());
    const repo = { owner: OWNER, repo: REPO };
    for (const listing of [
      [],
      [removed],
      [prFile('docs/a.md', { blob_url: undefined, contents_url: undefined })],
    ]) {
      nock(API).get(`${R}/pulls/${PR}/files`).query({ per_page: 100 }).reply(200, listing);
      expect(await pullRequestChangedFiles(octokit, repo, PR, HEAD)).toBeNull();
    }
    // The contract runs: its check is never completed skipped on such a listing.
    nock(API).get(`${R}/pulls/${PR}/files`).query({ per_page: 100 }).reply(200, [removed]);
    const checks = recordCheckRunWrites();
    const { results } = await report([contract('src-only', { paths: ['src/**'] })], { filter: true });
    expect(results.map((r) => r.overall)).toEqual(['pass']);
    expect(checks.map((c) => c.body.conclusion ?? c.body.status)).toEqual(['in_progress', 'success']);
    // One file of the head among removed ones proves the listing: the removed names count as before.
    nock(API)
      .get(`${R}/pulls/${PR}/files`)
      .query({ per_page: 100 })
      .reply(200, [prFile('README.md'), removed]);
    headAfterListing();
    expect(await pullRequestChangedFiles(octokit, repo, PR, HEAD)).toEqual([
      { path: 'README.md', mayBeDirectory: false },
      { path: 'docs/gone.md', mayBeDirectory: false },
    ]);
  });
});

describe('a submodule bump in the listing (GitHub lists it as its bare path)', () => {
  it('a contract whose paths reach below the submodule runs; one that reaches nowhere near is skipped', async () => {
    nock(API)
      .get(`${R}/pulls/${PR}/files`)
      .query({ per_page: 100 })
      .reply(200, [gitlink('third_party/zlib'), prFile('README.md')]);
    headAfterListing();
    checksOnHead('docs');
    checksOnHead('not-docs-or-zlib');
    const checks = recordCheckRunWrites();
    const { results } = await report(
      [
        contract('docs', { paths: ['docs/**'] }),
        contract('zlib', { paths: ['third_party/zlib/**'] }),
        contract('c-files', { paths: ['third_party/**/*.c'] }),
        contract('no-vendored-files', { paths_ignore: ['third_party/*', '**.md'] }),
        // README.md shows its text lines: a file, ignored by **.md as always; the submodule is
        // ignored with everything below it.
        contract('not-docs-or-zlib', { paths_ignore: ['**.md', 'third_party/zlib', 'third_party/zlib/**'] }),
      ],
      { filter: true },
    );
    expect(results.map((r) => [r.contractId, r.overall])).toEqual([
      ['zlib', 'pass'],
      ['c-files', 'pass'],
      ['no-vendored-files', 'pass'],
    ]);
    expect(checks.filter((c) => c.body.conclusion === 'skipped').map((c) => c.body.name)).toEqual([
      'truss / docs',
      'truss / not-docs-or-zlib',
    ]);
  });

  it('marks each listed path that may be a submodule; the decision treats only those as directories', async () => {
    const listing = [
      gitlink('third_party/zlib'),
      gitlink('third_party/new', null),
      gitlink('third_party/gone', '1f2e3d4c5b6a79880716253443526170819a0b1c', null),
      // Binary, or too large to show: no patch, so it may be anything.
      prFile('assets/logo.png', { patch: undefined, additions: 0, deletions: 0, changes: 0 }),
      prFile('README.md', { patch: '@@ -1 +1 @@\n-# Old\n+# New' }),
      prFile('src/a/b.test.ts'),
      // Moved without changes: no patch lines, both names unknown.
      prFile('lib/moved', {
        status: 'renamed',
        previous_filename: 'vendor/moved',
        patch: undefined,
        changes: 0,
      }),
    ];
    nock(API).get(`${R}/pulls/${PR}/files`).query({ per_page: 100 }).reply(200, listing);
    headAfterListing();
    const octokit = testOctokit(captureLog());
    const files = await pullRequestChangedFiles(octokit, { owner: OWNER, repo: REPO }, PR, HEAD);
    expect(files).toEqual([
      { path: 'third_party/zlib', mayBeDirectory: true },
      { path: 'third_party/new', mayBeDirectory: true },
      { path: 'third_party/gone', mayBeDirectory: true },
      { path: 'assets/logo.png', mayBeDirectory: true },
      { path: 'README.md', mayBeDirectory: false },
      { path: 'src/a/b.test.ts', mayBeDirectory: false },
      { path: 'lib/moved', mayBeDirectory: true },
      { path: 'vendor/moved', mayBeDirectory: true },
    ]);
    const only = (...paths: string[]) => (files ?? []).filter((file) => paths.includes(file.path));
    const runs = (filter: { paths?: string[]; paths_ignore?: string[] }, ...paths: string[]) =>
      decidePathFilter(filter, only(...paths)).run;
    expect(runs({ paths: ['third_party/zlib/**'] }, 'third_party/zlib')).toBe(true);
    expect(runs({ paths: ['third_party/**/*.c'] }, 'third_party/zlib')).toBe(true);
    expect(runs({ paths: ['third_party/**/*.c'] }, 'third_party/new', 'third_party/gone')).toBe(true);
    expect(runs({ paths_ignore: ['third_party/zlib/*.md'] }, 'third_party/zlib')).toBe(true);
    expect(runs({ paths_ignore: ['third_party/*'] }, 'third_party/zlib')).toBe(true);
    expect(runs({ paths: ['assets/logo.png/**'] }, 'assets/logo.png')).toBe(true);
    expect(runs({ paths_ignore: ['**.png'] }, 'assets/logo.png')).toBe(true);
    expect(runs({ paths: ['vendor/moved/**'] }, 'lib/moved', 'vendor/moved')).toBe(true);
    // Ordinary files, as before.
    expect(runs({ paths_ignore: ['**.md'] }, 'README.md')).toBe(false);
    expect(runs({ paths: ['src/**', '!src/**/*.test.ts'] }, 'src/a/b.test.ts')).toBe(false);
    expect(runs({ paths: ['src/**'] }, 'third_party/zlib', 'assets/logo.png', 'README.md')).toBe(false);
  });

  it('a patch is proof of a file only when it shows text lines that are not a submodule commit', () => {
    expect(
      mayBeGitlink({ patch: '@@ -1 +1 @@\n-Subproject commit 1f2e3d4\n+Subproject commit 9a8b7c6' }),
    ).toBe(true);
    expect(mayBeGitlink({ patch: '@@ -0,0 +1 @@\n+Subproject commit 9a8b7c6' })).toBe(true);
    expect(mayBeGitlink({})).toBe(true);
    expect(mayBeGitlink({ patch: '' })).toBe(true);
    // A file replaced by a submodule shows both; a crafted text line only runs more.
    expect(mayBeGitlink({ patch: '@@ -1,2 +1 @@\n-int x;\n-int y;\n+Subproject commit 9a8b7c6' })).toBe(true);
    expect(mayBeGitlink({ patch: '@@ -1 +1,2 @@\n a\n+b' })).toBe(false);
    expect(mayBeGitlink({ patch: '@@ -1 +1 @@\n-Subproject commit is how git shows it\n+see below' })).toBe(
      true,
    );
    expect(
      mayBeGitlink({ patch: '@@ -1 +1 @@\n- Subproject commit 1f2e3d4\n+ Subproject commit 9a8b7c6' }),
    ).toBe(false);
  });
});
