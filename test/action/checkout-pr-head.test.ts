/**
 * The PR-head fetch of comment-triggered and dispatched runs authenticates the way actions/checkout
 * does (an `http.<server>/.extraheader`), but only for that one git process and only through
 * GIT_CONFIG_* variables: never in argv (which error messages and process listings show), never in
 * .git/config. The harness origin is a plain path, so here a real smart-HTTP origin
 * (`git http-backend` behind a local server) refuses every request without the right header.
 */

import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkoutPullRequestHead, ensurePullRequestHead } from '../../src/action/checkout-pr-head.js';
import { HARNESS_GIT_ARGS } from '../../src/core/process/index.js';
import { gitAuthEnv } from '../../src/github/git-auth.js';
import { ActionHarness, git, PR_NUMBER } from '../helpers/action-harness.js';
import { type GitInvocation, gitSpy, REAL_GIT, withoutSettings } from '../helpers/git-spy.js';

const TOKEN = 'ghs_privaterepotoken0000000000000000000';
const basic = (token: string) => Buffer.from(`x-access-token:${token}`).toString('base64');

describe('gitAuthEnv', () => {
  it('is the header actions/checkout configures, scoped to the server URL, with prompts off', () => {
    expect(gitAuthEnv({ token: TOKEN, serverUrl: 'https://github.com' })).toEqual({
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'http.https://github.com/.extraheader',
      GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic(TOKEN)}`,
      GIT_TERMINAL_PROMPT: '0',
    });
  });

  it('scopes a GHES server URL, trailing slashes and all, to that server', () => {
    const env = gitAuthEnv({ token: TOKEN, serverUrl: 'https://ghe.example.com//' });
    expect(env.GIT_CONFIG_KEY_0).toBe('http.https://ghe.example.com/.extraheader');
  });

  it('never carries the token in clear text', () => {
    for (const value of Object.values(gitAuthEnv({ token: TOKEN, serverUrl: 'https://github.com' })))
      expect(value).not.toContain(TOKEN);
  });
});

describe('fetching the PR head from an origin that requires the token', () => {
  let harness: ActionHarness;
  let server: Server;
  let serverUrl: string;
  /** The Authorization header of every request the origin received (null when absent). */
  let seen: (string | null)[];
  let spy: ReturnType<typeof gitSpy>;
  const saved: Record<string, string | undefined> = {};
  // No credential helper, askpass or prompt may answer for git: only the header can authenticate.
  const isolation = {
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
  };

  beforeAll(() => {
    for (const name of ['PATH', 'TRUSS_GIT_SPY_LOG', ...Object.keys(isolation)])
      saved[name] = process.env[name];
  });

  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  beforeEach(async () => {
    harness = new ActionHarness();
    seen = [];
    server = createServer((req, res) => {
      const auth = req.headers.authorization ?? null;
      seen.push(auth);
      if (auth?.toLowerCase() !== `basic ${basic(TOKEN)}`.toLowerCase()) {
        req.resume();
        res.writeHead(401, { 'www-authenticate': 'Basic realm="fake github"' });
        res.end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://origin');
      const cgi = spawn(REAL_GIT, ['http-backend'], {
        env: {
          PATH: saved.PATH,
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_CONFIG_GLOBAL: '/dev/null',
          GIT_PROJECT_ROOT: harness.root,
          GIT_HTTP_EXPORT_ALL: '1',
          REQUEST_METHOD: req.method ?? 'GET',
          PATH_INFO: url.pathname,
          QUERY_STRING: url.search.slice(1),
          CONTENT_TYPE: req.headers['content-type'] ?? '',
          HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
          HTTP_GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
          REMOTE_USER: 'x-access-token',
          REMOTE_ADDR: '127.0.0.1',
        },
      });
      req.pipe(cgi.stdin);
      const out: Buffer[] = [];
      cgi.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      cgi.on('close', () => {
        const all = Buffer.concat(out);
        const end = all.indexOf('\r\n\r\n');
        const headers = all.subarray(0, end).toString('latin1').split('\r\n');
        let status = 200;
        const fields: Record<string, string> = {};
        for (const line of headers) {
          const colon = line.indexOf(':');
          const name = line.slice(0, colon).trim();
          const value = line.slice(colon + 1).trim();
          if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
          else fields[name] = value;
        }
        res.writeHead(status, fields);
        res.end(all.subarray(end + 4));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    spy = gitSpy(harness.runnerTemp);
    Object.assign(process.env, isolation, spy.env);
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    process.env.PATH = saved.PATH;
    await harness.stop();
  });

  /** A default-branch workspace whose origin is the HTTP server. */
  function workspace(): string {
    const dir = harness.cloneWorkspace();
    git(dir, 'remote', 'set-url', 'origin', `${serverUrl}/origin.git`);
    return dir;
  }

  const expectNoTokenAnywhere = (calls: GitInvocation[], dir: string) => {
    for (const call of calls) {
      expect(call.argv.join(' ')).not.toContain(TOKEN);
      expect(call.argv.join(' ')).not.toContain(basic(TOKEN));
    }
    expect(git(dir, 'config', '--list', '--local')).not.toMatch(/extraheader|x-access-token/i);
  };

  it('with auth: the fetch sends the header (and only the fetch gets it), the head is checked out', async () => {
    const dir = workspace();
    const before = spy.invocations().length;
    await checkoutPullRequestHead({
      workdir: dir,
      prNumber: PR_NUMBER,
      headSha: harness.headSha,
      auth: { token: TOKEN, serverUrl },
    });
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(harness.headSha);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((h) => h === `basic ${basic(TOKEN)}`)).toBe(true);

    const all = spy.invocations();
    // Every git of the harness's runs the safe path: its -c settings first (HARNESS_GIT_ARGS).
    for (const call of all.slice(before, -1))
      expect(call.argv.slice(0, HARNESS_GIT_ARGS.length)).toEqual(HARNESS_GIT_ARGS);
    const calls = all
      .map((c) => ({ ...c, argv: withoutSettings(c.argv) }))
      .filter((c) => ['fetch', 'rev-parse', 'checkout'].includes(c.argv[0] ?? ''));
    expect(calls.map((c) => c.argv)).toEqual([
      [
        'fetch',
        '--no-tags',
        '--depth=1',
        'origin',
        `+refs/pull/${PR_NUMBER}/head:refs/remotes/truss/pr-${PR_NUMBER}`,
      ],
      ['rev-parse', `refs/remotes/truss/pr-${PR_NUMBER}`],
      ['checkout', '--force', '--detach', harness.headSha],
      // The test's own read of HEAD above.
      ['rev-parse', 'HEAD'],
    ]);
    expect(calls[0]?.env).toEqual({
      count: '1',
      key: `http.${serverUrl}/.extraheader`,
      value: `AUTHORIZATION: basic ${basic(TOKEN)}`,
      prompt: '0',
    });
    // The harness's later gits carry no config of the fetch's (the last call is the test's own).
    for (const call of calls.slice(1, -1)) expect(call.env.count).toBe('');
    expectNoTokenAnywhere(spy.invocations(), dir);
  });

  it('without auth the private origin refuses the fetch and the workspace stays on the base', async () => {
    const dir = workspace();
    await expect(
      checkoutPullRequestHead({ workdir: dir, prNumber: PR_NUMBER, headSha: harness.headSha }),
    ).rejects.toThrow(/Authentication failed|could not read Username|401/);
    expect(seen).toEqual([null]);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(harness.baseSha);
  });

  it('a wrong token is refused, and the error (which quotes argv) does not contain it', async () => {
    const dir = workspace();
    const wrong = 'ghs_wrongtoken111111111111111111111111';
    const error = await checkoutPullRequestHead({
      workdir: dir,
      prNumber: PR_NUMBER,
      headSha: harness.headSha,
      auth: { token: wrong, serverUrl },
    }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain('git fetch --no-tags --depth=1 origin refs/pull/');
    expect(error?.message).not.toContain(wrong);
    expect(error?.message).not.toContain(basic(wrong));
    expect(seen).toEqual([`basic ${basic(wrong)}`]);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(harness.baseSha);
  });

  it('ensurePullRequestHead (run mode, workflow_dispatch) passes the auth through to the fetch', async () => {
    const dir = workspace();
    const warnings: string[] = [];
    await ensurePullRequestHead({
      workdir: dir,
      prNumber: PR_NUMBER,
      headSha: harness.headSha,
      auth: { token: TOKEN, serverUrl },
      warn: (m) => warnings.push(m),
    });
    expect(warnings).toEqual([]);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(harness.headSha);
    expect(seen.length).toBeGreaterThan(0);
    expect(spy.invocations().filter((c) => withoutSettings(c.argv)[0] === 'fetch')).toEqual([
      expect.objectContaining({
        env: expect.objectContaining({ count: '1', key: `http.${serverUrl}/.extraheader` }),
      }),
    ]);
    expectNoTokenAnywhere(spy.invocations(), dir);
  });
});
