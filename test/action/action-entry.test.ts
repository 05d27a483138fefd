import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import examples from '@octokit/webhooks-examples/api.github.com/index.json' with { type: 'json' };
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SigningKey } from '../../src/core/ledger/index.js';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import { contentsFile, FakeGitHub } from '../helpers/fake-github.js';

const OWNER = 'Codertocat';
const REPO = 'Hello-World';
const API = `/repos/${OWNER}/${REPO}`;

const BASE_CONTRACT = `[contract]
id = "greeting-0001"
title = "Write a greeting file"
intent = "Create greeting.txt containing exactly: hello from the harness"

[[done]]
kind = "check"
desc = "greeting.txt has the exact line"
run = "printf 'hello from the harness\\\\n' | cmp - greeting.txt"
`;

// What a PR author would love to run instead: a check that always passes.
const HEAD_CONTRACT = `[contract]\nid = "greeting-0001"\nintent = "anything"\n\n[[done]]\nkind = "check"\ndesc = "always passes"\nrun = "true"\n`;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    },
  }).trim();
}

function pullRequestPayload(headSha: string, baseSha: string): Record<string, unknown> {
  const event = examples
    .find((e) => e.name === 'pull_request')
    ?.examples.find((x) => (x as { action: string }).action === 'opened');
  const payload = structuredClone(event) as {
    pull_request: { head: { sha: string }; base: { sha: string } };
  };
  payload.pull_request.head.sha = headSha;
  payload.pull_request.base.sha = baseSha;
  return payload as unknown as Record<string, unknown>;
}

function runChild(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string | undefined> },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const re = /^([\w-]+)<<(ghadelimiter_[\w-]+)\n([\s\S]*?)\n\2$/gm;
  for (const m of text.matchAll(re)) outputs[m[1] as string] = m[3] as string;
  return outputs;
}

describe('the action entry, run the way a runner runs it', () => {
  let fake: FakeGitHub;
  let workspace: string;
  let runnerTemp: string;
  let seed: string;
  let key: SigningKey;
  let comments: { id: number; body: string; user: { login: string; type: string }; html_url: string }[];

  beforeEach(() => {
    comments = [];
    const generated = SigningKey.generate();
    seed = generated.seedBase64;
    key = generated.key;
    workspace = mkdtempSync(join(tmpdir(), 'truss-ws-'));
    runnerTemp = mkdtempSync(join(tmpdir(), 'truss-runner-'));
    git(workspace, 'init', '-q', '-b', 'main');
    writeFileSync(join(workspace, 'README.md'), '# hello\n');
    git(workspace, 'add', '.');
    git(workspace, 'commit', '-qm', 'base');
    git(workspace, 'checkout', '-qb', 'feature');
    writeFileSync(join(workspace, 'greeting.txt'), 'hello from the harness\n');
    mkdirSync(join(workspace, '.truss/contracts'), { recursive: true });
    writeFileSync(join(workspace, '.truss/contracts/greeting.toml'), HEAD_CONTRACT);
    git(workspace, 'add', '.');
    git(workspace, 'commit', '-qm', 'add greeting');

    fake = new FakeGitHub()
      .on('GET', new RegExp(`^${API}/contents/\\.truss/config\\.toml$`), () => ({
        status: 404,
        body: { message: 'Not Found' },
      }))
      .on('GET', new RegExp(`^${API}/contents/\\.truss/contracts$`), () => ({
        body: [
          {
            name: 'greeting.toml',
            path: '.truss/contracts/greeting.toml',
            type: 'file',
            sha: 'a'.repeat(40),
            size: 10,
          },
        ],
      }))
      .on('GET', new RegExp(`^${API}/contents/\\.truss/contracts/greeting\\.toml$`), () => ({
        body: contentsFile('.truss/contracts/greeting.toml', BASE_CONTRACT),
      }))
      .on('POST', new RegExp(`^${API}/check-runs$`), () => ({
        status: 201,
        body: { id: 4242, html_url: `https://github.com/${OWNER}/${REPO}/runs/4242` },
      }))
      .on('PATCH', new RegExp(`^${API}/check-runs/4242$`), () => ({ body: { id: 4242 } }))
      .on('GET', new RegExp(`^${API}/issues/2/comments$`), () => ({ body: comments }))
      .on('POST', new RegExp(`^${API}/issues/2/comments$`), (req) => {
        const comment = {
          id: 7001,
          body: (req.body as { body: string }).body,
          user: { login: 'github-actions[bot]', type: 'Bot' },
          html_url: `https://github.com/${OWNER}/${REPO}/pull/2#issuecomment-7001`,
        };
        comments.push(comment);
        return { status: 201, body: comment };
      })
      .on('PATCH', new RegExp(`^${API}/issues/comments/7001$`), (req) => ({
        body: { ...comments[0], body: (req.body as { body: string }).body },
      }));
  });

  afterEach(async () => {
    await fake.stop();
  });

  async function runAction(extraEnv: Record<string, string> = {}) {
    const api = await fake.start().catch(() => fakeUrl);
    fakeUrl = api;
    const headSha = git(workspace, 'rev-parse', 'HEAD');
    const baseSha = git(workspace, 'rev-parse', 'main');
    const eventPath = join(runnerTemp, 'event.json');
    writeFileSync(eventPath, JSON.stringify(pullRequestPayload(headSha, baseSha)));
    const outputFile = join(runnerTemp, `output-${Date.now()}`);
    const summaryFile = join(runnerTemp, `summary-${Date.now()}`);
    writeFileSync(outputFile, '');
    writeFileSync(summaryFile, '');
    // Async spawn: the fake API server lives in this process and must keep serving.
    const result = await runChild(process.execPath, [join(REPO_ROOT, 'dist/action.js')], {
      cwd: workspace,
      env: {
        PATH: process.env.PATH,
        HOME: runnerTemp,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
        GITHUB_SHA: headSha,
        GITHUB_ACTOR: 'Codertocat',
        GITHUB_RUN_ID: '987654',
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_API_URL: api,
        GITHUB_WORKSPACE: workspace,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        RUNNER_TEMP: runnerTemp,
        INPUT_GITHUB_TOKEN: 'ghs_faketoken000000000000000000000000',
        INPUT_SIGNING_KEY: seed,
        ...extraEnv,
      },
    });
    return {
      code: result.status,
      stdout: result.stdout,
      stderr: result.stderr,
      outputs: parseOutputs(readFileSync(outputFile, 'utf8')),
      summary: readFileSync(summaryFile, 'utf8'),
      headSha,
    };
  }
  let fakeUrl = '';

  it('runs the base-branch contract on a real pull_request payload: check run, sticky comment, summary, outputs, verifiable bundle', async () => {
    const run = await runAction();
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    expect(run.outputs['public-key']).toBe(key.publicKeyHex);
    expect(run.outputs['check-run-url']).toBe(`https://github.com/${OWNER}/${REPO}/runs/4242`);
    expect(run.outputs['comment-url']).toContain('issuecomment-7001');

    const [created] = fake.calls('POST', /\/check-runs$/);
    expect(created?.body).toMatchObject({
      name: 'truss / greeting-0001',
      head_sha: run.headSha,
      status: 'in_progress',
    });
    const completes = fake.calls('PATCH', /\/check-runs\/4242$/);
    expect(completes[0]?.body).toMatchObject({ status: 'completed', conclusion: 'success' });
    const summary = (completes[0]?.body as { output: { summary: string } }).output.summary;
    expect(summary).toContain('greeting.txt has the exact line');
    expect(summary).toContain(
      `npx truss verify truss-ledger-${run.outputs['session-id']}.json --key ${key.publicKeyHex}`,
    );

    const [comment] = fake.calls('POST', /\/issues\/2\/comments$/);
    expect(
      (comment?.body as { body: string }).body.startsWith('<!-- truss:sticky contract=greeting-0001 -->'),
    ).toBe(true);
    expect(run.summary).toContain('greeting-0001');

    // The base contract ran, not the always-passing one on the PR head.
    const bundle = JSON.parse(readFileSync(run.outputs['bundle-path'] as string, 'utf8'));
    expect(bundle.contract.done[0].desc).toBe('greeting.txt has the exact line');
    const verify = runCli(['verify', run.outputs['bundle-path'] as string, '--key', key.publicKeyHex]);
    expect(verify.code, verify.stdout).toBe(0);

    // Secrets never reach the outputs, summary, bundle or logs (`::add-mask::` lines are how the
    // runner learns what to hide; it never prints them).
    const logs = run.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n');
    expect(run.stdout).toContain(`::add-mask::${seed}`);
    for (const text of [
      logs,
      run.stderr,
      run.summary,
      JSON.stringify(run.outputs),
      readFileSync(run.outputs['bundle-path'] as string, 'utf8'),
    ]) {
      expect(text).not.toContain(seed);
      expect(text).not.toContain('ghs_faketoken');
    }
  });

  it('a second run updates the sticky comment in place instead of posting a new one', async () => {
    const first = await runAction();
    expect(first.code, first.stderr).toBe(0);
    await fake.stop();
    const second = await runAction();
    expect(second.code, second.stderr).toBe(0);
    expect(fake.calls('POST', /\/issues\/2\/comments$/)).toHaveLength(1);
    expect(fake.calls('PATCH', /\/issues\/comments\/7001$/)).toHaveLength(1);
  });

  it('a failing verdict completes the check as failure and fails the step with the reason', async () => {
    writeFileSync(join(workspace, 'greeting.txt'), 'goodbye\n');
    git(workspace, 'commit', '-qam', 'break it');
    const run = await runAction();
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBe('fail');
    expect(fake.calls('PATCH', /\/check-runs\/4242$/)[0]?.body).toMatchObject({ conclusion: 'failure' });
    expect(run.stdout).toContain('greeting-0001 FAIL');
  });

  it('without a signing key (fork PRs) it signs with a one-time key and says so, instead of crashing', async () => {
    const run = await runAction({ INPUT_SIGNING_KEY: '' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('no signing-key');
    expect(run.outputs['public-key']).not.toBe(key.publicKeyHex);
  });

  it('bad inputs fail the step with an actionable message', async () => {
    const run = await runAction({ INPUT_FAIL_ON: 'sometimes' });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('input fail-on: got "sometimes", expected one of fail, unverifiable, never');
    expect(fake.requests).toHaveLength(0);
  });
});
