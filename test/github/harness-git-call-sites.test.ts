/**
 * The attacker's seat against the git calls the hosts make themselves (docs/security.md, "Git
 * metadata"): the Action's checkout of a pull request head and its base-commit fetch, the publisher
 * of on-pass changes, the suspended run's patch, the stored-credential check, and the CLI's key and
 * repository lookups. The work ran as the harness user (`none`, or a self-hosted runner's checkout an
 * earlier run changed), so `.git` is its to write: a hook, an fsmonitor command, a FIFO or a link to
 * `/dev/stdin`. Each call site must run none of it and must not wait: it fails at once, naming the
 * path and how to remove it. Real repositories, real git, real child processes; no network.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkoutPullRequestHead } from '../../src/action/checkout-pr-head.js';
import { ensureBaseCommit } from '../../src/action/ensure-base-commit.js';
import { cliGitHubReader } from '../../src/cli/github-access.js';
import type { CliIo } from '../../src/cli/io.js';
import { excludeFromWorkTree } from '../../src/cli/key-path.js';
import { repoTrustedKeysProblem } from '../../src/cli/repo-trusted-keys.js';
import type { ResolvedContract } from '../../src/core/contract/index.js';
import { gitAuthEnvUnlessConfigured } from '../../src/github/git-auth.js';
import { gitChangesPublisher } from '../../src/github/git-changes-publisher.js';
import { createOctokit } from '../../src/github/octokit.js';
import { PersistedCredentialsError, persistedCredentials } from '../../src/github/persisted-credentials.js';
import { captureWorkdirPatch } from '../../src/github/workdir-patch.js';
import { WorkspaceGitFacts } from '../../src/github/workspace-git-facts.js';
import { commitFiles, git, makeRepo } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Far below the harness's own deadline (5 minutes): a call still waiting by then has hung. */
const AT_ONCE_MS = 5_000;

const silentLog = {
  info() {},
  warning() {},
  error() {},
  group: <T>(_: string, fn: () => Promise<T>) => fn(),
};

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

/** `on-pass-changes: push` onto `main` of `work`, asking GitHub nothing. */
function pushPublisher(work: string, options: { dryRun: boolean }) {
  return gitChangesPublisher({
    mode: 'push',
    workdir: work,
    octokit: createOctokit({ token: 'ghs_unused' }),
    repo: { owner: 'o', repo: 'r' },
    target: { prNumber: null, headRef: 'main', defaultBranch: 'main', fork: false },
    auth: undefined,
    dryRun: options.dryRun,
    log: silentLog,
  });
}

/** A repository with a bare origin holding `main` and a pull request head at refs/pull/7/head. */
function repoWithOrigin(): { work: string; origin: string; base: string; head: string } {
  const upstream = makeRepo({ 'a.txt': 'a\n' }, 'upstream');
  const base = git(upstream, 'rev-parse', 'HEAD');
  const head = commitFiles(upstream, { 'a.txt': 'b\n' }, 'head');
  git(upstream, 'update-ref', 'refs/pull/7/head', head);
  git(upstream, 'reset', '-q', '--hard', base);
  const origin = join(tempDir('origin').dir, 'origin.git');
  git(upstream, 'clone', '-q', '--bare', upstream, origin);
  git(origin, 'update-ref', 'refs/pull/7/head', head);
  const work = join(tempDir('work').dir, 'repo');
  git(origin, 'clone', '-q', `file://${origin}`, work);
  return { work, origin, base, head };
}

/** Hooks and an fsmonitor command the work wrote, each leaving a marker file when git runs it. */
function plantCommands(work: string): string {
  const marker = join(tempDir('marker').dir, 'ran');
  const hooks = join(work, '.git', 'hooks');
  mkdirSync(hooks, { recursive: true });
  for (const hook of ['post-checkout', 'reference-transaction', 'post-commit', 'pre-push']) {
    writeFileSync(join(hooks, hook), `#!/bin/sh\necho ${hook} >> '${marker}'\n`, { mode: 0o755 });
  }
  git(work, 'config', 'core.fsmonitor', `echo fsmonitor >> '${marker}'; false`);
  return marker;
}

/**
 * A FIFO in place of `.git/config`, which every git opens first: with nobody writing to it, git
 * waits for ever. (Under `uid` and `bwrap` the config is read-only and every FIFO in `.git` is swept
 * when each sandboxed process ends; under `none` nothing is.)
 */
function plantConfigFifo(work: string): string {
  const config = join(work, '.git', 'config');
  renameSync(config, `${config}.real`);
  execFileSync('mkfifo', [config]);
  return config;
}

/**
 * Opens `fifo` for writing after `ms`, and again each time a reader comes, so that every git waiting
 * on it (the code before the fix) finishes after that long instead of never, and the test fails on
 * its clock instead of hanging the suite.
 */
function releaseLater(fifo: string, ms: number): () => void {
  const writer = spawn('sh', ['-c', `sleep ${ms / 1000}; while :; do : > '${fifo}'; done`], {
    stdio: 'ignore',
  });
  return () => writer.kill('SIGKILL');
}

async function timed<T>(
  call: () => Promise<T> | T,
): Promise<{ ms: number; value: T | null; error: Error | null }> {
  const started = Date.now();
  try {
    const value = await call();
    return { ms: Date.now() - started, value, error: null };
  } catch (error) {
    return { ms: Date.now() - started, value: null, error: error as Error };
  }
}

function expectRefusedNaming(outcome: { ms: number; error: Error | null }, path: string): void {
  expect(outcome.error?.message).toContain(`${path} is a FIFO`);
  expect(outcome.error?.message).toContain('rm ');
  expect(outcome.ms).toBeLessThan(AT_ONCE_MS);
}

describe("the Action's own git runs no hook or fsmonitor command the work planted", () => {
  it('checking out a pull request head (comment commands, workflow_dispatch)', async () => {
    const { work, head } = repoWithOrigin();
    const marker = plantCommands(work);
    // Plain git, as the call sites ran it before: the planted commands run (the test can fail).
    git(work, 'checkout', '-q', '--detach', 'HEAD');
    expect(existsSync(marker)).toBe(true);
    execFileSync('rm', [marker]);

    await checkoutPullRequestHead({ workdir: work, prNumber: 7, headSha: head });
    expect(git(work, 'rev-parse', 'HEAD')).toBe(head);
    expect(existsSync(marker)).toBe(false);
  });

  it('fetching the base commit a shallow checkout lacks', async () => {
    const upstream = makeRepo({ 'a.txt': 'a\n' }, 'upstream');
    const base = git(upstream, 'rev-parse', 'HEAD');
    commitFiles(upstream, { 'a.txt': 'b\n' }, 'head');
    const work = join(tempDir('work').dir, 'repo');
    git(upstream, 'clone', '-q', '--depth=1', `file://${upstream}`, work);
    const marker = plantCommands(work);
    const warnings: string[] = [];
    const facts = await WorkspaceGitFacts.ask(work, base);
    expect(await ensureBaseCommit(facts, (m) => warnings.push(m))).toBe(base);
    expect(warnings).toEqual([]);
    expect(existsSync(marker)).toBe(false);
  });

  it('committing and pushing on-pass changes (and asking GitHub nothing in push mode)', async () => {
    const { work, origin, base } = repoWithOrigin();
    const marker = plantCommands(work);
    writeFileSync(join(work, 'done.txt'), 'done\n');
    const publisher = pushPublisher(work, { dryRun: false });
    const result = await publisher.publish({
      sessionId: 's'.repeat(16),
      contractId: 'c',
      title: null,
      startSha: base,
      verdictHash: 'v'.repeat(64),
    });
    expect(result).toMatchObject({ status: 'pushed', branch: 'main' });
    expect(git(origin, 'show', 'main:done.txt')).toBe('done');
    expect(existsSync(marker)).toBe(false);
  });

  it('pushing on-pass changes without an origin remote: no push into an origin/ the work made', async () => {
    const { work, origin, base } = repoWithOrigin();
    git(work, 'remote', 'remove', 'origin');
    // What the work left: a bare repository where git would take the path `origin` to be.
    git(work, 'clone', '-q', '--bare', origin, join(work, 'origin'));
    writeFileSync(join(work, 'done.txt'), 'done\n');
    const publisher = pushPublisher(work, { dryRun: false });
    const run = {
      sessionId: 's'.repeat(16),
      contractId: 'c',
      title: null,
      startSha: base,
      verdictHash: 'v'.repeat(64),
    };
    await expect(publisher.publish(run)).rejects.toThrow(/has no origin remote to push main to/);
    expect(git(join(work, 'origin'), 'rev-parse', 'main')).toBe(base);
  });
});

describe('a FIFO the work left in .git: every host git call fails at once, naming it, instead of waiting', () => {
  let release: () => void = () => {};
  afterEach(() => release());

  const planted = () => {
    const { work, base } = repoWithOrigin();
    writeFileSync(join(work, 'done.txt'), 'done\n');
    const fifo = plantConfigFifo(work);
    // Before the fix each call below waited here; the writer lets it finish late instead of never.
    release = releaseLater(fifo, AT_ONCE_MS + 3_000);
    return { work, base, fifo };
  };

  it('the suspended run’s workspace patch', async () => {
    const { work, base, fifo } = planted();
    expectRefusedNaming(await timed(() => captureWorkdirPatch(work, base)), fifo);
  }, 20_000);

  it('the on-pass changes publisher', async () => {
    const { work, base, fifo } = planted();
    const publisher = pushPublisher(work, { dryRun: true });
    const run = { sessionId: 's'.repeat(16), contractId: 'c', title: null, startSha: base, verdictHash: 'v' };
    expectRefusedNaming(await timed(() => publisher.publish(run)), fifo);
  }, 20_000);

  it('the check for credentials stored in the working copy (never taken as "none stored")', async () => {
    const { work, fifo } = planted();
    const outcome = await timed(() => persistedCredentials(work));
    expect(outcome.error).toBeInstanceOf(PersistedCredentialsError);
    expectRefusedNaming(outcome, fifo);
  }, 20_000);

  it('the credentials for a fetch or push', async () => {
    const { work, fifo } = planted();
    const auth = { token: 'ghs_secret0000000000000000000000000000', serverUrl: 'https://github.com' };
    const outcome = await timed(() => gitAuthEnvUnlessConfigured(work, auth));
    expectRefusedNaming(outcome, fifo);
    expect(outcome.error?.message).not.toContain(auth.token);
  }, 20_000);

  it('the base-commit fetch', async () => {
    const { work } = repoWithOrigin();
    // The start's questions were asked before the FIFO was planted (nothing of the work runs between
    // them, workspace-git-facts.ts): a base the checkout lacks, and an origin to fetch it from.
    const facts = await WorkspaceGitFacts.ask(work, 'f'.repeat(40));
    expect(await facts.hasOriginRemote()).toBe(true);
    const fifo = plantConfigFifo(work);
    release = releaseLater(fifo, AT_ONCE_MS + 3_000);
    expectRefusedNaming(await timed(() => ensureBaseCommit(facts, () => {})), fifo);
  }, 20_000);

  it("the run's one question for HEAD, the base and the default branch", async () => {
    const { work, base, fifo } = planted();
    expectRefusedNaming(await timed(() => WorkspaceGitFacts.ask(work, base)), fifo);
  }, 20_000);

  it('truss keygen --out inside the work tree', async () => {
    const { work, fifo } = planted();
    mkdirSync(join(work, 'keys')); // keygen has written the key there when it asks git
    expectRefusedNaming(await timed(() => excludeFromWorkTree(join(work, 'keys', 'ci.key'))), fifo);
  }, 20_000);

  it("the vetting of the working copy's .truss/trusted-keys pins nothing, saying why", async () => {
    const { work, fifo } = planted();
    const keys = join(work, '.truss', 'trusted-keys');
    mkdirSync(join(work, '.truss'));
    writeFileSync(keys, `${'ab'.repeat(32)} ci\n`);
    const outcome = await timed(() => repoTrustedKeysProblem(keys));
    expect(outcome.value).toContain('git could not read the repository to compare it');
    expect(outcome.value).toContain(`${fifo} is a FIFO`);
    expect(outcome.ms).toBeLessThan(AT_ONCE_MS);
  }, 20_000);

  it("the CLI's GitHub tools, finding the repository from the origin remote", async () => {
    const { work, fifo } = planted();
    const stderr: string[] = [];
    const io = {
      env: { PATH: process.env.PATH, HOME: tempDir('home').dir, GITHUB_TOKEN: 'ghs_x' },
      stderr: (text: string) => stderr.push(text),
    } as unknown as CliIo;
    const contract = { tools: { github: true } } as unknown as ResolvedContract;
    const outcome = await timed(() => cliGitHubReader(contract, io, work));
    expect(outcome.value).toBeUndefined();
    expect(stderr.join('')).toContain(`${fifo} is a FIFO`);
    expect(outcome.ms).toBeLessThan(AT_ONCE_MS);
  }, 20_000);
});

describe('a link to /dev/stdin the work left in .git', () => {
  // Before the safe path the commit failed on its own, with a message that named nothing planted.
  it('in place of the branch HEAD names: the publisher fails at once, naming it and how to remove it', async () => {
    const { work, base } = repoWithOrigin();
    writeFileSync(join(work, 'done.txt'), 'done\n');
    const branch = join(work, '.git', 'refs', 'heads', 'main');
    git(work, 'pack-refs', '--all', '--prune');
    symlinkSync('/dev/stdin', branch);
    const publisher = pushPublisher(work, { dryRun: true });
    const run = { sessionId: 's'.repeat(16), contractId: 'c', title: null, startSha: base, verdictHash: 'v' };
    const outcome = await timed(() => publisher.publish(run));
    expect(outcome.error?.message).toContain(`${branch} is a link to a FIFO, socket or device (/dev/stdin)`);
    expect(outcome.ms).toBeLessThan(AT_ONCE_MS);
  }, 20_000);
});
