/**
 * How hosts give the GitHub tools their reader (docs/tools.md): the Action's runAndReport passes the
 * job's own Octokit (GitHub faked with nock; the request must carry that client's token and no
 * other), and the CLI builds one from GITHUB_TOKEN, saying so on stderr — or says why it cannot.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { cliGitHubReader } from '../../src/cli/github-access.js';
import type { CliIo } from '../../src/cli/io.js';
import { runAndReport } from '../../src/github/run-and-report.js';
import { API, captureLog, OWNER, REPO, testOctokit } from '../github/helpers.js';
import { contractFrom, makeWorkdir, openRunStore } from '../helpers/agent-kit.js';
import { git, initRepo, README } from '../helpers/git.js';
import { SESSION_KEY } from '../helpers/ledger-kit.js';
import { useNock } from '../helpers/nock-guard.js';
import { tempDir } from '../helpers/temp-dir.js';
import { entriesOf } from '../mcp/mcp-kit.js';
import { outsideContractText } from './outside-kit.js';

useNock();

const CONTRACT = outsideContractText(
  'allow_tools = ["write_file", "github_pr_view"]',
  'github = true',
  '\n[provider]\nkind = "scripted"\nscript = "agent.json"\n',
);

const AGENT = {
  responses: [
    { content: [{ type: 'tool_use', name: 'github_pr_view', input: { number: 2 } }] },
    { content: [{ type: 'tool_use', name: 'write_file', input: { path: 'out.txt', content: 'done\n' } }] },
    { content: [{ type: 'text', text: 'done' }] },
  ],
};

describe('the Action passes its Octokit to the GitHub tools', () => {
  it('runAndReport: the tool reads the run’s repository with the job’s client; the call is signed in the run', async () => {
    const run = openRunStore();
    const workdir = makeWorkdir();
    writeFileSync(join(workdir, 'agent.json'), JSON.stringify(AGENT));
    const checkRun = { id: 81, html_url: `https://github.com/${OWNER}/${REPO}/runs/81` };
    const github = nock(API, { reqheaders: { authorization: 'token ghs_test_token' } });
    github.post(`/repos/${OWNER}/${REPO}/check-runs`).reply(201, checkRun);
    github.get(`/repos/${OWNER}/${REPO}/pulls/2`).reply(200, {
      number: 2,
      title: 'Update the README',
      state: 'open',
      head: { ref: 'changes', sha: 'e'.repeat(40) },
      base: { ref: 'main', sha: 'f'.repeat(40) },
      html_url: 'https://github.com/x/y/pull/2',
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    });
    github.get(`/repos/${OWNER}/${REPO}/pulls/2/files`).query({ per_page: 100 }).reply(200, []);
    github.patch(`/repos/${OWNER}/${REPO}/check-runs/81`).reply(200, checkRun);
    const log = captureLog();
    try {
      const [result] = await runAndReport({
        octokit: testOctokit(log),
        repo: { owner: OWNER, repo: REPO },
        headSha: 'e'.repeat(40),
        prNumber: null,
        workdir,
        contracts: [
          {
            name: 'reads-ci',
            path: '.truss/contracts/reads-ci.toml',
            source: { file: 'reads-ci.toml', text: CONTRACT },
          },
        ],
        config: undefined,
        overrides: {},
        store: run.store,
        signer: SESSION_KEY,
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        codeVersion: 'test',
        principal: { login: 'test' },
        outDir: mkdtempSync(join(tmpdir(), 'truss-gh-tools-out-')),
        runUrl: null,
        check: true,
        comment: false,
        commentAuthors: ['github-actions[bot]'],
        dryRun: false,
        publishSteps: [],
        log,
      });
      expect(result?.overall).toBe('pass');
      const [call] = entriesOf(run.store, result?.sessionId as string, 'github_tool_call');
      expect(call?.payload).toMatchObject({
        name: 'github_pr_view',
        repository: `${OWNER}/${REPO}`,
        input: { repository: `${OWNER}/${REPO}`, number: 2 },
        error: null,
      });
      expect(log.text()).toContain(`GitHub tools read ${OWNER}/${REPO} with this job's token (read-only)`);
    } finally {
      run.close();
    }
  });
});

function io(env: Record<string, string | undefined>): CliIo & { err: string[] } {
  const err: string[] = [];
  return {
    err,
    stdout: () => {},
    stderr: (text) => err.push(text),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    cwd: process.cwd(),
    interactive: false,
  };
}

const WITH_GITHUB = contractFrom(CONTRACT).contract;

describe('the CLI builds its reader from GITHUB_TOKEN and says so', () => {
  it('a contract without [tools] github gets no reader and no message', async () => {
    const none = contractFrom(CONTRACT.replace('github = true', 'web = false')).contract;
    const out = io({ GITHUB_TOKEN: 'ghp_x', GITHUB_REPOSITORY: 'octo/hello' });
    expect(await cliGitHubReader(none, out, makeWorkdir())).toBeUndefined();
    expect(out.err).toEqual([]);
  });

  it('no GITHUB_TOKEN: no reader, and stderr says the tools will refuse', async () => {
    const out = io({ GITHUB_REPOSITORY: 'octo/hello' });
    expect(await cliGitHubReader(WITH_GITHUB, out, makeWorkdir())).toBeUndefined();
    expect(out.err.join('')).toContain('GITHUB_TOKEN is not set: the GitHub tools will refuse every call');
  });

  it('GITHUB_TOKEN and GITHUB_REPOSITORY: a reader for that repository, announced without the token', async () => {
    const out = io({ GITHUB_TOKEN: 'ghp_secretvalue123456', GITHUB_REPOSITORY: 'octo/hello' });
    const reader = await cliGitHubReader(WITH_GITHUB, out, makeWorkdir());
    expect(reader?.repository).toBe('octo/hello');
    const said = out.err.join('');
    expect(said).toContain('GitHub tools read octo/hello with GITHUB_TOKEN');
    expect(said).not.toContain('ghp_secretvalue123456');
    // It reads with that token.
    nock(API, { reqheaders: { authorization: 'token ghp_secretvalue123456' } })
      .get('/repos/octo/hello/issues/3')
      .reply(200, {
        number: 3,
        title: 't',
        state: 'open',
        user: { login: 'a' },
        labels: [],
        body: null,
        comments: 0,
        html_url: 'https://github.com/octo/hello/issues/3',
        created_at: '2024-01-01T00:00:00Z',
        updated_at: '2024-01-01T00:00:00Z',
      });
    expect(await reader?.issue(3)).toMatchObject({ number: 3, is_pull_request: false });
  });

  it('the repository comes from the workdir’s github.com origin remote when GITHUB_REPOSITORY is unset', async () => {
    const workdir = initRepo(tempDir('gh-origin').dir, README);
    git(workdir, 'remote', 'add', 'origin', 'git@github.com:someone/their-repo.git');
    const out = io({ GITHUB_TOKEN: 'ghp_x' });
    expect((await cliGitHubReader(WITH_GITHUB, out, workdir))?.repository).toBe('someone/their-repo');

    const elsewhere = initRepo(tempDir('gh-origin-other').dir, README);
    git(elsewhere, 'remote', 'add', 'origin', 'https://gitlab.com/someone/their-repo.git');
    const unknown = io({ GITHUB_TOKEN: 'ghp_x' });
    expect(await cliGitHubReader(WITH_GITHUB, unknown, elsewhere)).toBeUndefined();
    expect(unknown.err.join('')).toContain('the repository is unknown');
  });
});
