import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listRepoDir, RepoContentTypeError, readRepoFile } from '../../src/github/repo-files.js';
import { API, OWNER, REPO, testOctokit } from './helpers.js';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

const BASE = 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e';
const CONTRACT = '[contract]\nid = "greeting-0001"\nintent = "Say hëllo 👋"\n';

/** GitHub wraps base64 content at 60 columns with "\n"; reproduce that. */
function wrappedBase64(text: string): string {
  return (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,60}/g)
      ?.join('\n') ?? ''
  );
}

function fileBody(path: string, text: string, overrides: Record<string, unknown> = {}) {
  const name = path.split('/').pop();
  return {
    type: 'file',
    encoding: 'base64',
    size: Buffer.byteLength(text),
    name,
    path,
    content: `${wrappedBase64(text)}\n`,
    sha: '3d21ec53a331a6f037a91c368710b99387d012c1',
    url: `${API}/repos/${OWNER}/${REPO}/contents/${path}?ref=${BASE}`,
    git_url: `${API}/repos/${OWNER}/${REPO}/git/blobs/3d21ec53a331a6f037a91c368710b99387d012c1`,
    html_url: `https://github.com/${OWNER}/${REPO}/blob/${BASE}/${path}`,
    download_url: `https://raw.githubusercontent.com/${OWNER}/${REPO}/${BASE}/${path}`,
    _links: {},
    ...overrides,
  };
}

function dirEntry(name: string, type: 'file' | 'dir') {
  return {
    type,
    size: type === 'dir' ? 0 : 42,
    name,
    path: `.truss/contracts/${name}`,
    sha: 'abc',
    url: '',
    git_url: '',
    html_url: '',
    download_url: null,
    _links: {},
  };
}

const contentsPath = (path: string) => `/repos/${OWNER}/${REPO}/contents/${encodeURIComponent(path)}`;

describe('readRepoFile', () => {
  it('decodes the base64 content of a file at the given ref', async () => {
    const path = '.truss/contracts/greeting-0001.toml';
    nock(API).get(contentsPath(path)).query({ ref: BASE }).reply(200, fileBody(path, CONTRACT));
    const text = await readRepoFile({ octokit: testOctokit(), owner: OWNER, repo: REPO, path, ref: BASE });
    expect(text).toBe(CONTRACT);
    expect(nock.isDone()).toBe(true);
  });

  it('returns null for a 404', async () => {
    nock(API).get(contentsPath('.truss/config.toml')).query({ ref: BASE }).reply(404, {
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest/repos/contents#get-repository-content',
      status: '404',
    });
    expect(
      await readRepoFile({
        octokit: testOctokit(),
        owner: OWNER,
        repo: REPO,
        path: '.truss/config.toml',
        ref: BASE,
      }),
    ).toBeNull();
    expect(nock.isDone()).toBe(true);
  });

  it('throws RepoContentTypeError for a directory', async () => {
    nock(API)
      .get(contentsPath('.truss/contracts'))
      .query({ ref: BASE })
      .reply(200, [dirEntry('a.toml', 'file')]);
    await expect(
      readRepoFile({ octokit: testOctokit(), owner: OWNER, repo: REPO, path: '.truss/contracts', ref: BASE }),
    ).rejects.toBeInstanceOf(RepoContentTypeError);
    expect(nock.isDone()).toBe(true);
  });

  it('reads a large file (encoding "none") through the blob API', async () => {
    const path = 'big.toml';
    nock(API)
      .get(contentsPath(path))
      .query({ ref: BASE })
      .reply(200, fileBody(path, '', { encoding: 'none', content: '', size: 2_000_000 }))
      .get(`/repos/${OWNER}/${REPO}/git/blobs/3d21ec53a331a6f037a91c368710b99387d012c1`)
      .reply(200, {
        sha: '3d21ec53a331a6f037a91c368710b99387d012c1',
        size: 12,
        encoding: 'base64',
        content: wrappedBase64('large = true'),
      });
    expect(await readRepoFile({ octokit: testOctokit(), owner: OWNER, repo: REPO, path, ref: BASE })).toBe(
      'large = true',
    );
    expect(nock.isDone()).toBe(true);
  });

  it('propagates other errors and refuses ".." paths without a request', async () => {
    nock(API).get(contentsPath('x.toml')).query({ ref: BASE }).reply(403, { message: 'Forbidden' });
    await expect(
      readRepoFile({ octokit: testOctokit(), owner: OWNER, repo: REPO, path: 'x.toml', ref: BASE }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      readRepoFile({
        octokit: testOctokit(),
        owner: OWNER,
        repo: REPO,
        path: '.truss/../../etc/passwd',
        ref: BASE,
      }),
    ).rejects.toThrow(/must not contain/);
    expect(nock.isDone()).toBe(true);
  });
});

describe('listRepoDir', () => {
  it('returns sorted entry names, optionally only files', async () => {
    const listing = [dirEntry('b.toml', 'file'), dirEntry('a.toml', 'file'), dirEntry('drafts', 'dir')];
    nock(API).get(contentsPath('.truss/contracts')).query({ ref: BASE }).twice().reply(200, listing);
    const octokit = testOctokit();
    const args = { octokit, owner: OWNER, repo: REPO, path: '.truss/contracts/', ref: BASE };
    expect(await listRepoDir(args)).toEqual(['a.toml', 'b.toml', 'drafts']);
    expect(await listRepoDir({ ...args, type: 'file' })).toEqual(['a.toml', 'b.toml']);
    expect(nock.isDone()).toBe(true);
  });

  it('returns [] for a 404 and throws for a file', async () => {
    nock(API)
      .get(contentsPath('.truss/contracts'))
      .query({ ref: BASE })
      .reply(404, { message: 'Not Found' })
      .get(contentsPath('README.md'))
      .query({ ref: BASE })
      .reply(200, fileBody('README.md', '# hi'));
    const octokit = testOctokit();
    expect(
      await listRepoDir({ octokit, owner: OWNER, repo: REPO, path: '.truss/contracts', ref: BASE }),
    ).toEqual([]);
    await expect(
      listRepoDir({ octokit, owner: OWNER, repo: REPO, path: 'README.md', ref: BASE }),
    ).rejects.toBeInstanceOf(RepoContentTypeError);
    expect(nock.isDone()).toBe(true);
  });
});
