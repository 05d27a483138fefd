import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { commitFilesToBranch } from '../../src/github/ledger-branch.js';
import { MissingPermissionError } from '../../src/github/octokit.js';
import { useNock } from '../helpers/nock-guard.js';
import { API, captureLog, OWNER, REPO, recordingOctokit, testOctokit } from './helpers.js';

useNock();

const GIT = `/repos/${OWNER}/${REPO}/git`;
const BRANCH = 'truss-ledger';
const sha = (c: string) => c.repeat(40);
// Octokit percent-encodes the `{ref}` parameter, slash included; GitHub accepts that form.
const GET_REF = `${GIT}/ref/heads%2F${BRANCH}`;
const PATCH_REF = `${GIT}/refs/heads%2F${BRANCH}`;

const BUNDLE = '{"format":"truss.ledger.v1"}\n';
const DB = Buffer.from([0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x00, 0xff]);
const FILES = [
  { path: 'sessions/s-1.json', content: BUNDLE },
  { path: 'sessions/s-1.db', content: DB },
];

const refBody = (commit: string) => ({
  ref: `refs/heads/${BRANCH}`,
  node_id: 'MDM6UmVmcmVmcy9oZWFkcy9mZWF0dXJlQQ==',
  url: `${API}${GIT}/refs/heads/${BRANCH}`,
  object: { type: 'commit', sha: commit, url: `${API}${GIT}/commits/${commit}` },
});
const commitBody = (commit: string, tree: string, parents: string[] = []) => ({
  sha: commit,
  node_id: 'C_x',
  url: `${API}${GIT}/commits/${commit}`,
  html_url: `https://github.com/${OWNER}/${REPO}/commit/${commit}`,
  tree: { sha: tree, url: `${API}${GIT}/trees/${tree}` },
  parents: parents.map((p) => ({ sha: p, url: '', html_url: '' })),
  message: 'm',
});
const blobBody = (s: string) => ({ sha: s, url: `${API}${GIT}/blobs/${s}` });
const treeEntries = [
  { path: 'sessions/s-1.json', mode: '100644', type: 'blob', sha: sha('b') },
  { path: 'sessions/s-1.db', mode: '100644', type: 'blob', sha: sha('c') },
];

/** Blob uploads, asserting the exact base64 bytes. */
function mockBlobs(scope: nock.Scope): nock.Scope {
  return scope
    .post(`${GIT}/blobs`, { content: Buffer.from(BUNDLE).toString('base64'), encoding: 'base64' })
    .reply(201, blobBody(sha('b')))
    .post(`${GIT}/blobs`, { content: DB.toString('base64'), encoding: 'base64' })
    .reply(201, blobBody(sha('c')));
}

/**
 * One commit on top of head `head` (whose tree is `headTree`): read the ref and the head commit, post
 * tree `tree` and commit `commit`; returns the ref update (PATCH to `commit`) for the caller to answer.
 */
function commitOnHead(
  scope: nock.Scope,
  shas: { head: string; headTree: string; tree: string; commit: string },
): nock.Interceptor {
  const head = sha(shas.head);
  const headTree = sha(shas.headTree);
  const tree = sha(shas.tree);
  const commit = sha(shas.commit);
  return scope
    .get(GET_REF)
    .reply(200, refBody(head))
    .get(`${GIT}/commits/${head}`)
    .reply(200, commitBody(head, headTree))
    .post(`${GIT}/trees`, { base_tree: headTree, tree: treeEntries })
    .reply(201, { sha: tree, url: '', tree: [] })
    .post(`${GIT}/commits`, { message: 'truss: ledger for session s-1', tree, parents: [head] })
    .reply(201, commitBody(commit, tree, [head]))
    .patch(PATCH_REF, { sha: commit, force: false });
}

/** The first ledger commit, on no branch yet: tree `d`, orphan commit `e`; returns the branch creation (POST refs). */
function orphanCommit(scope: nock.Scope): nock.Interceptor {
  return scope
    .get(GET_REF)
    .reply(404, { message: 'Not Found' })
    .post(`${GIT}/trees`, { tree: treeEntries })
    .reply(201, { sha: sha('d'), url: '', tree: [] })
    .post(`${GIT}/commits`, { message: 'truss: ledger for session s-1', tree: sha('d'), parents: [] })
    .reply(201, commitBody(sha('e'), sha('d')))
    .post(`${GIT}/refs`, { ref: `refs/heads/${BRANCH}`, sha: sha('e') });
}

const options = (overrides: Partial<Parameters<typeof commitFilesToBranch>[0]> = {}) => ({
  octokit: testOctokit(),
  owner: OWNER,
  repo: REPO,
  branch: BRANCH,
  files: FILES,
  message: 'truss: ledger for session s-1',
  dryRun: false,
  ...overrides,
});

describe('commitFilesToBranch', () => {
  it('creates the branch as an orphan commit when it does not exist', async () => {
    orphanCommit(mockBlobs(nock(API))).reply(201, refBody(sha('e')));
    const result = await commitFilesToBranch(options());
    expect(result).toEqual({
      commitSha: sha('e'),
      url: `https://github.com/${OWNER}/${REPO}/commit/${sha('e')}`,
    });
    expect(nock.isDone()).toBe(true);
  });

  it('adds a commit on top of the existing head, keeping its tree', async () => {
    commitOnHead(mockBlobs(nock(API)), { head: '1', headTree: '2', tree: '3', commit: '4' }).reply(
      200,
      refBody(sha('4')),
    );
    const result = await commitFilesToBranch(options({ branch: `refs/heads/${BRANCH}` }));
    expect(result?.commitSha).toBe(sha('4'));
    expect(nock.isDone()).toBe(true);
  });

  it('re-reads the ref and retries once when the update is not a fast-forward (422)', async () => {
    const log = captureLog();
    // First attempt, on head 1.
    const moved = commitOnHead(mockBlobs(nock(API)), {
      head: '1',
      headTree: '2',
      tree: '3',
      commit: '4',
    }).reply(422, { message: 'Update is not a fast forward', documentation_url: '', status: '422' });
    // Another job moved the branch to head 5; the blobs are reused.
    commitOnHead(moved, { head: '5', headTree: '6', tree: '7', commit: '8' }).reply(200, refBody(sha('8')));
    const result = await commitFilesToBranch(options({ octokit: testOctokit(log) }));
    expect(result?.commitSha).toBe(sha('8'));
    expect(log.text()).toMatch(/moved while committing the ledger \(HTTP 422\); retrying once/);
    expect(nock.isDone()).toBe(true);
  });

  it('gives up after the one retry', async () => {
    const scope = mockBlobs(nock(API));
    for (const head of ['1', '5']) {
      scope
        .get(GET_REF)
        .reply(200, refBody(sha(head)))
        .get(`${GIT}/commits/${sha(head)}`)
        .reply(200, commitBody(sha(head), sha('2')))
        .post(`${GIT}/trees`)
        .reply(201, { sha: sha('3'), url: '', tree: [] })
        .post(`${GIT}/commits`)
        .reply(201, commitBody(sha('4'), sha('3')))
        .patch(PATCH_REF)
        .reply(422, { message: 'Update is not a fast forward' });
    }
    await expect(commitFilesToBranch(options())).rejects.toMatchObject({ status: 422 });
    expect(nock.isDone()).toBe(true);
  });

  it('retries when a concurrent job created the branch first (422 on POST refs)', async () => {
    const raced = orphanCommit(mockBlobs(nock(API))).reply(422, { message: 'Reference already exists' });
    commitOnHead(raced, { head: '1', headTree: '2', tree: '3', commit: '4' }).reply(200, refBody(sha('4')));
    expect((await commitFilesToBranch(options()))?.commitSha).toBe(sha('4'));
    expect(nock.isDone()).toBe(true);
  });

  it('maps a 403 to MissingPermissionError naming contents: write', async () => {
    nock(API).post(`${GIT}/blobs`).reply(403, { message: 'Resource not accessible by integration' });
    const error = await commitFilesToBranch(options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingPermissionError);
    expect((error as Error).message).toContain('`contents: write`');
    expect(nock.isDone()).toBe(true);
  });

  it('makes no request on a dry run', async () => {
    const log = captureLog();
    const { octokit, calls } = recordingOctokit(log);
    expect(await commitFilesToBranch(options({ octokit, dryRun: true }))).toBeNull();
    expect(calls).toEqual([]);
    expect(log.text()).toMatch(/dry run: would commit sessions\/s-1.json, sessions\/s-1.db to truss-ledger/);
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('refuses bad branch names and paths before any request', async () => {
    await expect(commitFilesToBranch(options({ branch: 'a..b' }))).rejects.toThrow(/not a valid branch name/);
    await expect(commitFilesToBranch(options({ files: [{ path: '../x', content: 'x' }] }))).rejects.toThrow(
      /not a valid file path/,
    );
    await expect(commitFilesToBranch(options({ files: [] }))).rejects.toThrow(/at least one file/);
  });
});
