import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HARNESS_GIT_ARGS } from '../../src/core/process/index.js';
import { parseCommand } from '../../src/github/commands.js';
import { TRUSS_CHECK_ID } from '../../src/github/external-id.js';
import {
  ActionHarness,
  createdCheckRuns,
  expectRequestSequence,
  git,
  HUMAN_REVIEW,
  issueCommentPayload,
  OWNER,
  PR_NUMBER,
  pullRequestObject,
  queryOf,
  REPO,
  RUN_URL,
  requestLines,
  TOKEN,
} from '../helpers/action-harness.js';
import { runCli } from '../helpers/cli.js';
import { otherApp } from '../helpers/comment-authors.js';
import { gitSpy, withoutSettings } from '../helpers/git-spy.js';

/** The comment id in the issue_comment.created example. */
const COMMENT_ID = 492700400;
const REACTIONS = `POST /issues/comments/${COMMENT_ID}/reactions`;
/** The requests of a command answered by a reply alone: permission, 👀, the reply, the outcome reaction. */
const ANSWERED_BY_A_REPLY = [
  'GET /collaborators/Codertocat/permission',
  REACTIONS,
  `POST /issues/${PR_NUMBER}/comments`,
  REACTIONS,
];

describe('comment mode (/truss commands on issue_comment), through the built entry', () => {
  let harness: ActionHarness;
  let workspace: string;

  beforeEach(() => {
    harness = new ActionHarness();
    workspace = harness.cloneWorkspace();
  });

  afterEach(async () => {
    await harness.stop();
  });

  function comment(
    body: string,
    options: {
      user?: { login: string; type: 'User' | 'Bot'; id?: number };
      onPullRequest?: boolean;
      env?: Record<string, string>;
    } = {},
  ) {
    const login = options.user?.login ?? 'Codertocat';
    return harness.run({
      eventName: 'issue_comment',
      payload: issueCommentPayload(body, options),
      workspace,
      actor: login,
      env: options.env ?? {},
    });
  }

  const reactions = () =>
    harness.fake
      .calls('POST', /\/issues\/comments\/\d+\/reactions$/)
      .map((r) => (r.body as { content: string }).content);
  const replies = () =>
    harness.fake.calls('POST', /\/issues\/2\/comments$/).map((r) => (r.body as { body: string }).body);
  const fetchedPrHead = () => {
    try {
      git(workspace, 'rev-parse', '--verify', '--quiet', `refs/remotes/truss/pr-${PR_NUMBER}`);
      return true;
    } catch {
      return false;
    }
  };

  /** Everything a permitted `/truss run` asks GitHub, in order. */
  function expectFullRun(login: string) {
    const base = harness.baseSha;
    expectRequestSequence(requestLines(harness.fake), [
      `GET /collaborators/${login}/permission`,
      REACTIONS,
      `GET /pulls/${PR_NUMBER}`,
      // The configuration and the contract listing are read side by side.
      [`GET /contents/.truss/config.toml?ref=${base}`, `GET /contents/.truss/contracts?ref=${base}`],
      `GET /contents/.truss/contracts/greeting.toml?ref=${base}`,
      'POST /check-runs',
      // The check run is completed while the sticky comment is looked up and written.
      [
        'PATCH /check-runs/4242',
        `GET /issues/${PR_NUMBER}/comments?per_page=100`,
        `POST /issues/${PR_NUMBER}/comments`,
      ],
      // The new verdict resets the human review check (4243) before the closing reaction.
      'POST /check-runs',
      REACTIONS,
    ]);
    expect(reactions()).toEqual(['eyes', 'rocket']);
    expect(createdCheckRuns(harness.fake, 'truss / greeting-0001')).toEqual([
      expect.objectContaining({
        name: 'truss / greeting-0001',
        head_sha: harness.headSha,
        status: 'in_progress',
        // How /truss run failed and /truss status tell it from a fork's job of the same name.
        external_id: TRUSS_CHECK_ID,
      }),
    ]);
    expect(createdCheckRuns(harness.fake, HUMAN_REVIEW)).toEqual([
      {
        name: HUMAN_REVIEW,
        head_sha: harness.headSha,
        external_id: TRUSS_CHECK_ID,
        status: 'completed',
        conclusion: 'action_required',
        completed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
        details_url: RUN_URL,
        output: {
          title: 'Awaiting sign-off on the new verdict',
          summary:
            'A new truss run (greeting-0001: PASS) replaced the evidence; approve the pull request to sign off on it.',
        },
      },
    ]);
    expect(harness.checkRuns.map((r) => [r.id, r.name, r.status, r.conclusion])).toEqual([
      [4242, 'truss / greeting-0001', 'completed', 'success'],
      [4243, HUMAN_REVIEW, 'completed', 'action_required'],
    ]);
    expect(harness.fake.calls('PATCH', /\/check-runs\/4242$/)[0]?.body).toMatchObject({
      status: 'completed',
      conclusion: 'success',
    });
    const [sticky] = replies();
    expect(sticky?.startsWith('<!-- truss:sticky contract=greeting-0001 -->')).toBe(true);
    // The PR head was fetched from origin and checked out; the base was the default checkout.
    expect(fetchedPrHead()).toBe(true);
    expect(git(workspace, 'rev-parse', 'HEAD')).toBe(harness.headSha);
  }

  /** A denied or ignored command: the comment is answered (or not) and nothing else happens. */
  function expectNothingRan() {
    expect(harness.fake.calls('POST', /\/check-runs$/)).toHaveLength(0);
    expect(harness.fake.calls('GET', /\/contents\//)).toHaveLength(0);
    expect(harness.fake.calls('GET', /\/pulls\//)).toHaveLength(0);
    expect(fetchedPrHead()).toBe(false);
    expect(git(workspace, 'rev-parse', 'HEAD')).toBe(harness.baseSha);
  }

  describe('who may run it', () => {
    // One full run, at write: which permissions and roles count as write (admin, maintain, a custom
    // role) is authorizeActor's (test/github/permissions.test.ts); after it allows, the run is the same.
    it('permission write runs the base-branch contract on the checked-out PR head', async () => {
      harness.allow('Codertocat', 'write');
      const run = await comment('/truss run greeting');
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expectFullRun('Codertocat');
      expect(run.outputs.verdict).toBe('pass');
      // The contract that ran is the base one (the PR head carries an always-passing one).
      const bundle = JSON.parse(readFileSync(run.outputs['bundle-path'] as string, 'utf8'));
      expect(bundle.contract.done[0].desc).toBe('greeting.txt has the exact line');
      expect(bundle.contract.contract.intent).toBe(
        'Create greeting.txt containing exactly: hello from the harness',
      );
      expect(bundle.ledger.entries[0].payload.principal).toMatchObject({
        login: 'Codertocat',
        via: 'issue_comment',
      });
      expect(bundle.ledger.entries[0].payload.git.head_sha).toBe(harness.headSha);
      expect(bundle.verdict.git.head_sha).toBe(harness.headSha);
    });

    it.each([
      ['read', 'read', 'has read access'],
      ['read', 'triage', 'has triage access'],
      ['none', 'none', 'has no access'],
      [404, 404, 'has no access'],
    ] as const)(
      'permission %s (role %s) gets a polite reply and nothing else',
      async (permission, role, why) => {
        if (permission === 404) harness.permissions.set('Codertocat', 404);
        else harness.allow('Codertocat', permission, role);
        const run = await comment('/truss run greeting');
        expect(run.code, run.stdout + run.stderr).toBe(0);
        expect(requestLines(harness.fake)).toEqual([
          'GET /collaborators/Codertocat/permission',
          `GET /issues/${PR_NUMBER}/comments?per_page=100`,
          `POST /issues/${PR_NUMBER}/comments`,
        ]);
        const [reply] = replies();
        expect(reply).toContain('Hi @Codertocat');
        expect(reply).toContain(`Codertocat ${why} to ${OWNER}/${REPO}; write access is required`);
        expect(reply).toContain('A maintainer can run it for you.');
        expect(reactions()).toEqual([]);
        expectNothingRan();
      },
    );

    // Anyone can comment: one reply per refused comment let one account make the bot post without end.
    it('a second refused command on the pull request gets 😕, not another reply', async () => {
      harness.allow('Codertocat', 'read');
      const first = await comment('/truss run greeting');
      expect(first.code).toBe(0);
      expect(replies()).toHaveLength(1);
      harness.fake.requests.length = 0;
      const again = await comment('/truss run greeting');
      expect(again.code, again.stdout + again.stderr).toBe(0);
      expect(requestLines(harness.fake)).toEqual([
        'GET /collaborators/Codertocat/permission',
        `GET /issues/${PR_NUMBER}/comments?per_page=100`,
        expect.stringMatching(/^POST \/issues\/comments\/\d+\/reactions$/),
      ]);
      expect(replies()).toEqual([]);
      expect(reactions()).toEqual(['confused']);
      // Another account still gets its own explanation.
      harness.allow('octocat', 'read');
      expect((await comment('/truss run greeting', { user: { login: 'octocat', type: 'User' } })).code).toBe(
        0,
      );
      expect(replies()).toEqual([expect.stringContaining('Hi @octocat')]);
      expectNothingRan();
    });

    it('a bot is denied even with write access, unless allowed-bots lists it', async () => {
      const bot = { login: 'dependabot[bot]', type: 'Bot' } as const;
      harness.allow('dependabot[bot]', 'write');
      const denied = await comment('/truss run greeting', { user: bot });
      expect(denied.code, denied.stderr).toBe(0);
      expect(requestLines(harness.fake)).toEqual([
        'GET /collaborators/dependabot[bot]/permission',
        `GET /issues/${PR_NUMBER}/comments?per_page=100`,
        `POST /issues/${PR_NUMBER}/comments`,
      ]);
      expect(replies()[0]).toContain('bots may trigger Truss only when listed in allowed-bots');
      expectNothingRan();

      harness.fake.requests.length = 0;
      harness.comments.length = 0;
      const allowed = await comment('/truss run greeting', {
        user: bot,
        env: { INPUT_ALLOWED_BOTS: 'renovate, dependabot' },
      });
      expect(allowed.code, allowed.stdout + allowed.stderr).toBe(0);
      expectFullRun('dependabot[bot]');
    });

    // The issue_comment example's commenter is Codertocat, account id 21031067.
    it('an allowed-users entry pinned to the account id lets the account run after it is renamed', async () => {
      harness.allow('codertocat-renamed', 'read');
      const run = await comment('/truss run greeting', {
        user: { login: 'codertocat-renamed', type: 'User', id: 21031067 },
        env: { INPUT_ALLOWED_USERS: 'Codertocat:21031067' },
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expectFullRun('codertocat-renamed');
      expect(run.stdout).toContain('listed in allowed-users as Codertocat:21031067');
    });

    it('another account that registered a pinned login gets the polite refusal and nothing runs', async () => {
      harness.allow('Codertocat', 'read');
      const run = await comment('/truss run greeting', {
        user: { login: 'Codertocat', type: 'User', id: 99_000_001 },
        env: { INPUT_ALLOWED_USERS: 'Codertocat:21031067' },
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(requestLines(harness.fake)).toEqual([
        'GET /collaborators/Codertocat/permission',
        `GET /issues/${PR_NUMBER}/comments?per_page=100`,
        `POST /issues/${PR_NUMBER}/comments`,
      ]);
      expect(replies()).toEqual([
        expect.stringContaining(`Codertocat has read access to ${OWNER}/${REPO}; write access is required`),
      ]);
      expectNothingRan();
    });

    // dependabot[bot]'s account id is 49699333; an App renamed (a new slug) keeps its bot account's id.
    it('allowed-bots: an id-pinned entry refuses another bot holding the listed login and lets the pinned bot run after a rename', async () => {
      const pinned = { INPUT_ALLOWED_BOTS: 'dependabot[bot]:49699333' };
      harness.allow('dependabot[bot]', 'write');
      const other = await comment('/truss run greeting', {
        user: { login: 'dependabot[bot]', type: 'Bot', id: 99_000_003 },
        env: pinned,
      });
      expect(other.code, other.stdout + other.stderr).toBe(0);
      expect(requestLines(harness.fake)).toEqual([
        'GET /collaborators/dependabot[bot]/permission',
        `GET /issues/${PR_NUMBER}/comments?per_page=100`,
        `POST /issues/${PR_NUMBER}/comments`,
      ]);
      expect(replies()).toEqual([
        expect.stringContaining(
          'dependabot[bot] is a bot; bots may trigger Truss only when listed in allowed-bots',
        ),
      ]);
      expectNothingRan();

      harness.fake.requests.length = 0;
      harness.comments.length = 0;
      harness.allow('deps-renamed[bot]', 'write');
      const renamed = await comment('/truss run greeting', {
        user: { login: 'deps-renamed[bot]', type: 'Bot', id: 49699333 },
        env: pinned,
      });
      expect(renamed.code, renamed.stdout + renamed.stderr).toBe(0);
      expectFullRun('deps-renamed[bot]');
      expect(renamed.stdout).toContain('is a bot listed in allowed-bots as dependabot[bot]:49699333');
    });

    it('allowed-bots: * still lets any bot run, whatever its id', async () => {
      harness.allow('dependabot[bot]', 'write');
      const run = await comment('/truss run greeting', {
        user: { login: 'dependabot[bot]', type: 'Bot', id: 99_000_003 },
        env: { INPUT_ALLOWED_BOTS: '*' },
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expectFullRun('dependabot[bot]');
      expect(run.stdout).toContain('dependabot[bot] is a bot listed in allowed-bots as *');
    });

    it('a malformed allowed-bots entry fails the step by name before anything is asked of GitHub', async () => {
      harness.allow('Codertocat', 'write');
      const run = await comment('/truss run greeting', { env: { INPUT_ALLOWED_BOTS: 'renovate :49699333' } });
      expect(run.code).not.toBe(0);
      expect(run.stdout + run.stderr).toContain(
        'input allowed-bots: allowed-bots entry ":49699333" has no login before ":"',
      );
      expect(harness.fake.requests).toEqual([]);
      expectNothingRan();
    });

    it('a malformed allowed-users entry fails the step by name before anything is asked of GitHub', async () => {
      harness.allow('Codertocat', 'read');
      const run = await comment('/truss run greeting', {
        env: { INPUT_ALLOWED_USERS: 'someone, Codertocat:12x' },
      });
      expect(run.code).not.toBe(0);
      expect(run.stdout + run.stderr).toContain(
        'input allowed-users: allowed-users entry "Codertocat:12x" has "12x" where the account\'s numeric id belongs',
      );
      expect(harness.fake.requests).toEqual([]);
      expectNothingRan();
    });

    it('allowed-users lets a user with read access run', async () => {
      harness.allow('octocat', 'read');
      const user = { login: 'octocat', type: 'User' } as const;
      const run = await comment('/truss run greeting', {
        user,
        env: { INPUT_ALLOWED_USERS: 'someone-else\nOctoCat' },
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expectFullRun('octocat');
    });
  });

  it('free text after -- becomes the intent verbatim and never reaches a shell', async () => {
    harness.allow('Codertocat', 'admin');
    const marker = `/tmp/pwned-${randomBytes(8).toString('hex')}`;
    rmSync(marker, { force: true });
    const intent = `$(touch ${marker}); \`id\``;
    const run = await comment(`/truss run greeting -- ${intent}`);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expectFullRun('Codertocat');
    expect(existsSync(marker)).toBe(false);

    const bundle = JSON.parse(readFileSync(run.outputs['bundle-path'] as string, 'utf8'));
    const started = bundle.ledger.entries[0];
    expect(started.kind).toBe('run_started');
    expect(started.payload.contract.contract.intent).toBe(intent);
    // The rest of the contract is still the base one.
    expect(started.payload.contract.done[0].run).toBe(
      "printf 'hello from the harness\\n' | cmp - greeting.txt",
    );
    const verify = runCli([
      'verify',
      run.outputs['bundle-path'] as string,
      '--key',
      harness.key.publicKeyHex,
    ]);
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
  });

  it('/truss help replies with the command list', async () => {
    harness.allow('Codertocat', 'write');
    const run = await comment('/truss help');
    expect(run.code, run.stderr).toBe(0);
    expect(requestLines(harness.fake)).toEqual(ANSWERED_BY_A_REPLY);
    expect(reactions()).toEqual(['eyes', 'rocket']);
    const [reply] = replies();
    expect(reply).toContain('**Truss commands**');
    expect(reply).toContain('| `/truss run <contract>` |');
    expectNothingRan();
  });

  it('/truss status replies with the truss check runs on the PR head only', async () => {
    harness.allow('Codertocat', 'write');
    harness.checkRuns.push(
      {
        id: 11,
        name: 'truss / greeting-0001',
        head_sha: harness.headSha,
        status: 'completed',
        conclusion: 'success',
        html_url: 'https://github.com/Codertocat/Hello-World/runs/11',
        external_id: TRUSS_CHECK_ID,
        output: null,
      },
      {
        id: 12,
        name: 'ci / build',
        head_sha: harness.headSha,
        status: 'completed',
        conclusion: 'failure',
        html_url: 'https://github.com/Codertocat/Hello-World/runs/12',
        output: null,
      },
      {
        id: 13,
        name: 'truss / human review',
        head_sha: harness.headSha,
        status: 'in_progress',
        conclusion: null,
        html_url: 'https://github.com/Codertocat/Hello-World/runs/13',
        external_id: TRUSS_CHECK_ID,
        output: null,
      },
      // A fork's own workflow job may call itself anything: not Truss's, never listed.
      {
        id: 14,
        name: 'truss / x](https://evil.example) ✅ PASS @org/team',
        head_sha: harness.headSha,
        status: 'completed',
        conclusion: 'success',
        html_url: 'https://github.com/Codertocat/Hello-World/runs/14',
        external_id: '2f1c0c6e-0000-4000-8000-forks-own-job',
        output: null,
      },
      // Another installed App can set any external_id: its check is not Truss's either.
      {
        id: 15,
        name: 'truss / greeting-0001',
        head_sha: harness.headSha,
        status: 'completed',
        conclusion: 'failure',
        html_url: 'https://github.com/Codertocat/Hello-World/runs/15',
        external_id: TRUSS_CHECK_ID,
        output: null,
        app: otherApp('echo-bot'),
      },
    );
    const run = await comment('/truss status');
    expect(run.code, run.stderr).toBe(0);
    expect(requestLines(harness.fake)).toEqual([
      'GET /collaborators/Codertocat/permission',
      REACTIONS,
      `GET /pulls/${PR_NUMBER}`,
      `GET /commits/${harness.headSha}/check-runs?filter=all&per_page=100`,
      `POST /issues/${PR_NUMBER}/comments`,
      REACTIONS,
    ]);
    const [reply] = replies();
    expect(reply).toContain(`**truss status** for ${harness.headSha.slice(0, 7)}`);
    // Never a command itself, whatever word the trigger is: a poster whose comments start workflows
    // (a user's token in comment-authors) would otherwise answer its own answer without end.
    for (const trigger of ['truss', 'Truss', 'status', 'check'])
      expect(parseCommand(reply ?? '', trigger), trigger).toBeNull();
    expect(reply).toContain(
      '| [`truss / greeting-0001`](https://github.com/Codertocat/Hello-World/runs/11) | `completed` | `success` |',
    );
    expect(reply).toContain(
      '| [`truss / human review`](https://github.com/Codertocat/Hello-World/runs/13) | `in_progress` | `—` |',
    );
    expect(reply).not.toContain('ci / build');
    expect(reply).not.toContain('evil.example');
    expect(reply).not.toContain('runs/15');
    expect(harness.fake.calls('POST', /\/check-runs$/)).toHaveLength(0);
  });

  it('a comment without the trigger makes no request at all', async () => {
    harness.allow('Codertocat', 'admin');
    for (const body of [
      'LGTM, thanks!',
      'please /truss run later',
      '> /truss run greeting',
      '```\n/truss run\n```',
    ]) {
      const run = await comment(body);
      expect(run.code, run.stderr).toBe(0);
    }
    expect(harness.fake.requests).toEqual([]);
    expectNothingRan();
  });

  it('a command on a plain issue (not a pull request) does nothing', async () => {
    harness.allow('Codertocat', 'admin');
    const run = await comment('/truss run greeting', { onPullRequest: false });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('not a pull request');
    expect(harness.fake.requests).toEqual([]);
    expectNothingRan();
  });

  it('an invalid contract name gets an explanation and nothing runs', async () => {
    harness.allow('Codertocat', 'admin');
    const run = await comment('/truss run ../etc');
    expect(run.code, run.stderr).toBe(0);
    expect(requestLines(harness.fake)).toEqual(ANSWERED_BY_A_REPLY);
    expect(reactions()).toEqual(['eyes', 'confused']);
    const [reply] = replies();
    expect(reply).toContain('"../etc" is not a contract name');
    expect(reply).toContain('**Truss commands**');
    expectNothingRan();
  });

  it('echoed command text cannot mention anyone or hide the reply; an unknown command is named', async () => {
    harness.allow('Codertocat', 'admin');
    const invalid = await comment('/truss run @Codertocat/admins<!--');
    expect(invalid.code, invalid.stderr).toBe(0);
    const unknown = await comment('/truss deploy @octocat');
    expect(unknown.code, unknown.stderr).toBe(0);
    const [first, second] = replies();
    expect(first).toContain('is not a contract name');
    expect(first).not.toMatch(/@Codertocat/);
    expect(first).not.toContain('<!--');
    expect(second).toContain('"deploy" is not a truss command');
    expect(second).toContain('**Truss commands**');
    expect(reactions()).toEqual(['eyes', 'confused', 'eyes', 'confused']);
    expectNothingRan();
  });

  it('a PR that moved while starting is explained on the PR and nothing runs', async () => {
    harness.allow('Codertocat', 'admin');
    // The API already reports a newer head than refs/pull/2/head holds.
    const moved = 'e'.repeat(40);
    harness.fake.prepend('GET', /\/pulls\/2$/, () => ({
      body: { ...pullRequestObject(moved, harness.baseSha) },
    }));
    const run = await comment('/truss run greeting');
    expect(run.code).toBe(1);
    expect(requestLines(harness.fake)).toEqual([
      'GET /collaborators/Codertocat/permission',
      REACTIONS,
      `GET /pulls/${PR_NUMBER}`,
      REACTIONS,
      `POST /issues/${PR_NUMBER}/comments`,
    ]);
    expect(reactions()).toEqual(['eyes', 'confused']);
    expect(replies()[0]).toContain('truss could not run: the pull request moved while starting');
    expect(run.stdout).toContain('::error::the pull request moved while starting');
    expect(git(workspace, 'rev-parse', 'HEAD')).toBe(harness.baseSha);
  });

  it('a contract missing on the base branch is explained and fails the step', async () => {
    harness.allow('Codertocat', 'admin');
    const run = await comment('/truss run nope');
    expect(run.code).toBe(1);
    expect(reactions()).toEqual(['eyes', 'confused']);
    const reply = replies().at(-1) ?? '';
    expect(reply).toContain('truss could not run');
    expect(reply).toContain('contract "nope" is not in .truss/contracts/ on the base branch');
    expect(harness.fake.calls('POST', /\/check-runs$/)).toHaveLength(0);
    for (const read of harness.fake.calls('GET', /\/contents\//))
      expect(queryOf(read).get('ref')).toBe(harness.baseSha);
  });

  it('the PR head is fetched with the token in GIT_CONFIG_* variables, never in argv or .git/config', async () => {
    harness.allow('Codertocat', 'admin');
    const spy = gitSpy(harness.runnerTemp);
    const run = await comment('/truss run greeting', { env: spy.env });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expectFullRun('Codertocat');
    const basic = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');
    // The Action's own git runs the harness's safe path: its -c settings come first.
    const all = spy.invocations();
    for (const command of ['fetch', 'checkout']) {
      const call = all.find((c) => withoutSettings(c.argv)[0] === command);
      expect(call?.argv.slice(0, HARNESS_GIT_ARGS.length)).toEqual(HARNESS_GIT_ARGS);
    }
    const calls = all.map((c) => ({ ...c, argv: withoutSettings(c.argv) }));
    expect(calls.map((c) => c.argv[0])).toEqual(expect.arrayContaining(['fetch', 'rev-parse', 'checkout']));
    expect(calls.filter((c) => c.argv[0] === 'fetch')).toEqual([
      {
        argv: [
          'fetch',
          '--no-tags',
          '--depth=1',
          'origin',
          `+refs/pull/${PR_NUMBER}/head:refs/remotes/truss/pr-${PR_NUMBER}`,
        ],
        env: {
          count: '1',
          key: 'http.https://github.com/.extraheader',
          value: `AUTHORIZATION: basic ${basic}`,
          prompt: '0',
        },
      },
    ]);
    for (const call of calls) {
      if (call.argv[0] !== 'fetch') expect(call.env).toEqual({ count: '', key: '', value: '', prompt: '' });
      expect(call.argv.join(' ')).not.toContain(TOKEN);
      expect(call.argv.join(' ')).not.toContain(basic);
    }
    expect(git(workspace, 'config', '--list', '--local')).not.toContain('extraheader');
  });
});
