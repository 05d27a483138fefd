import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executorSchema } from '../../src/core/contract/schema.js';
import {
  ALWAYS_CLEARED_ENV,
  buildDelegatedEnv,
  buildDelegatedPrompt,
  DEFAULT_DELEGATED_TIMEOUT_SEC,
  DelegatedCliConfigError,
  DelegatedCliError,
  DelegatedCommandNotFoundError,
  type DelegatedResult,
  type RunDelegatedCliOptions,
  runDelegatedCli,
} from '../../src/core/executors/delegated-cli.js';
import { delegatedOutcome, delegatedStep } from '../../src/core/executors/delegated-result.js';
import { snapshotState } from '../../src/core/executors/in-loop.js';
import { secretRedactor } from '../../src/core/process/redact.js';
import { createCtx } from '../../src/core/runtime/ctx.js';
import { git, initRepo, README } from '../helpers/git.js';
import { isAlive, killQuietly, readPidFile } from '../helpers/processes.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Real child processes and real git repositories throughout; nothing is mocked. */

const FAKE_AGENT = fileURLToPath(new URL('../fixtures/fake-agent-cli/fake-agent.mjs', import.meta.url));
const NODE = process.execPath;

let root: string;
let counter = 0;
const escapees: number[] = [];

beforeAll(() => {
  root = tempDir('delegated').dir;
});

afterAll(() => {
  for (const pid of escapees) killQuietly(pid);
  rmSync(root, { recursive: true, force: true });
});

function freshDir(name = 'w'): string {
  const dir = join(root, `${name}${++counter}`);
  mkdirSync(dir);
  return dir;
}

/** A repository with one commit: README.md, other.txt and a .gitignore that ignores ignored.txt. */
function freshRepo(): string {
  const dir = initRepo(
    freshDir('repo'),
    { ...README, 'other.txt': 'other\n', '.gitignore': 'ignored.txt\n' },
    'initial',
  );
  // The delegated CLI commits in this repository with an identity of its own.
  git(dir, 'config', 'user.name', 'Test');
  git(dir, 'config', 'user.email', 'test@example.invalid');
  git(dir, 'config', 'commit.gpgsign', 'false');
  return dir;
}

function executor(flags: string[], extra: Record<string, unknown> = {}) {
  return executorSchema().parse({
    kind: 'delegated-cli',
    command: NODE,
    args: [FAKE_AGENT, ...flags],
    ...extra,
  });
}

const hostEnv: Record<string, string | undefined> = { ...process.env };

function run(
  flags: string[],
  overrides: Partial<RunDelegatedCliOptions> & { extra?: Record<string, unknown> } = {},
): Promise<DelegatedResult> {
  const { extra, ...rest } = overrides;
  return runDelegatedCli({
    executor: executor(flags, extra),
    intent: 'Create greeting.txt containing hello.',
    contractTitle: 'Greeting',
    done: ['greeting.txt exists', 'it says hello'],
    workdir: freshDir(),
    env: hostEnv,
    ctx: createCtx({}),
    ...rest,
  });
}

function stdoutText(result: DelegatedResult): string {
  return result.stdout.bytes.toString('utf8');
}

function envNamesSeen(result: DelegatedResult): string[] {
  const line = stdoutText(result)
    .split('\n')
    .find((l) => l.startsWith('ENV '));
  if (!line) throw new Error(`no ENV line in stdout: ${stdoutText(result)}`);
  return JSON.parse(line.slice(4)) as string[];
}

async function eventuallyDead(pid: number, withinMs = 2000): Promise<boolean> {
  for (const start = Date.now(); Date.now() - start < withinMs; await sleep(20)) {
    if (!isAlive(pid)) return true;
  }
  return !isAlive(pid);
}

async function readPid(file: string): Promise<number> {
  const pid = await readPidFile(file, 5000);
  escapees.push(pid);
  return pid;
}

describe('environment', () => {
  it('removes clear_env names and the signing keys, and passes everything else through', async () => {
    const env = {
      ...hostEnv,
      FAKE_VENDOR_API_KEY: 'sk-should-not-leak',
      FAKE_VENDOR_OAUTH_TOKEN: 'also-secret',
      TRUSS_SIGNING_KEY: 'signing-secret',
      TRUSS_REVIEW_SIGNING_KEY: 'review-secret',
      KEEP_ME: 'kept',
    };
    const result = await run(['--print-env'], {
      env,
      extra: { clear_env: ['FAKE_VENDOR_API_KEY', 'FAKE_VENDOR_OAUTH_TOKEN', 'NOT_SET_ANYWAY'] },
    });
    expect(result.exitCode).toBe(0);
    const seen = envNamesSeen(result);
    expect(seen).not.toContain('FAKE_VENDOR_API_KEY');
    expect(seen).not.toContain('FAKE_VENDOR_OAUTH_TOKEN');
    expect(seen).not.toContain('TRUSS_SIGNING_KEY');
    expect(seen).not.toContain('TRUSS_REVIEW_SIGNING_KEY');
    // Unlike a check, a delegated CLI gets the rest of the host environment.
    expect(seen).toEqual(expect.arrayContaining(['KEEP_ME', 'PATH']));
    if (hostEnv.HOME !== undefined) expect(seen).toContain('HOME');
    expect(result.clearedEnv).toEqual([
      'FAKE_VENDOR_API_KEY',
      'FAKE_VENDOR_OAUTH_TOKEN',
      'TRUSS_REVIEW_SIGNING_KEY',
      'TRUSS_SIGNING_KEY',
    ]);
    expect(JSON.stringify(result)).not.toContain('sk-should-not-leak');
  });

  it('buildDelegatedEnv is a denylist over the host env', () => {
    const { env, cleared } = buildDelegatedEnv({ A: '1', B: '2', TRUSS_SIGNING_KEY: 'k', UNSET: undefined }, [
      'B',
      'MISSING',
    ]);
    expect(env).toEqual({ A: '1' });
    expect(cleared).toEqual(['B', 'TRUSS_SIGNING_KEY']);
    expect(ALWAYS_CLEARED_ENV).toContain('TRUSS_SIGNING_KEY');
  });
});

describe('prompt', () => {
  const tricky =
    'Use $(rm -rf /) and `backticks`; \'quotes\' "double" | pipes > redirects\nünïcødé ✓ — line two';

  it('pipes the prompt to stdin exactly, then closes stdin', async () => {
    const out = join(freshDir('out'), 'prompt.txt');
    const result = await run([`--prompt-out=${out}`], { intent: tricky });
    expect(result.exitCode).toBe(0);
    const received = readFileSync(out);
    expect(received.toString('utf8')).toBe(result.prompt);
    expect(createHash('sha256').update(received).digest('hex')).toBe(result.promptSha256);
    expect(result.prompt).toContain(tricky);
    expect(result.promptVia).toBe('stdin');
  });

  it('passes the prompt as the last argument with prompt_via = "arg" (no shell)', async () => {
    const out = join(freshDir('out'), 'prompt.txt');
    const result = await run(['--prompt-from=arg', `--prompt-out=${out}`], {
      intent: tricky,
      extra: { prompt_via: 'arg' },
    });
    expect(result.exitCode).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(result.prompt);
    expect(result.promptVia).toBe('arg');
    // The recorded args are the configured ones; the prompt is identified by its hash.
    expect(result.args).toEqual([FAKE_AGENT, '--prompt-from=arg', `--prompt-out=${out}`]);
  });

  it('states the title, the intent and every definition-of-done criterion', () => {
    const prompt = buildDelegatedPrompt({
      intent: 'Add GET /health returning 200.',
      contractTitle: 'Health endpoint',
      done: ['health endpoint test passes', 'handler follows the routing style'],
    });
    expect(prompt).toContain('# Task: Health endpoint');
    expect(prompt).toContain('Add GET /health returning 200.');
    expect(prompt).toContain('1. health endpoint test passes');
    expect(prompt).toContain('2. handler follows the routing style');
    expect(prompt).toBe(
      buildDelegatedPrompt({
        intent: 'Add GET /health returning 200.',
        contractTitle: 'Health endpoint',
        done: ['health endpoint test passes', 'handler follows the routing style'],
      }),
    );
    const untitled = buildDelegatedPrompt({ intent: 'x', done: [] });
    expect(untitled).toContain('# Task\n');
    expect(untitled).not.toContain('Definition of done');
  });
});

describe('exit, timeout and cancellation', () => {
  it('returns a non-zero exit as a result, with both streams captured', async () => {
    const result = await run(['--stderr=boom on stderr', '--exit=3']);
    expect(result.exitCode).toBe(3);
    expect(result.signal).toBeNull();
    expect(result.timedOut).toBe(false);
    expect(result.cancelled).toBe(false);
    expect(stdoutText(result)).toContain('fake agent done');
    expect(result.stderr.tail).toContain('boom on stderr');
  });

  it('kills the whole process group on timeout, including a forked sleeper', async () => {
    const pidFile = join(freshDir('pid'), 'sleeper.pid');
    const started = Date.now();
    const resultPromise = run([`--fork-sleeper=${pidFile}`, '--sleep=60000'], {
      extra: { timeout_sec: 1 },
    });
    const sleeper = await readPid(pidFile);
    expect(isAlive(sleeper)).toBe(true);
    const result = await resultPromise;
    expect(result.timedOut).toBe(true);
    expect(result.cancelled).toBe(false);
    expect(result.exitCode).toBeNull();
    expect(result.signal).toBe('SIGTERM');
    expect(result.timeoutSec).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await eventuallyDead(sleeper)).toBe(true);
  });

  it('escalates to SIGKILL when the CLI ignores SIGTERM', async () => {
    // A shell ignores SIGTERM within a millisecond of starting; a node fake could still be starting
    // when the 0.3 s deadline fires under load, and die of the SIGTERM it had not yet ignored.
    const result = await run([], {
      extra: { command: '/bin/sh', args: ['-c', 'trap "" TERM; sleep 60 & wait'], timeout_sec: 0.3 },
      killGraceMs: 200,
    });
    expect(result.timedOut).toBe(true);
    expect(result.signal).toBe('SIGKILL');
  });

  it('honours the ctx deadline when it comes before timeout_sec', async () => {
    const result = await run(['--sleep=60000'], { ctx: createCtx({ deadline: Date.now() + 300 }) });
    expect(result.timedOut).toBe(true);
    expect(result.timeoutSec).toBe(DEFAULT_DELEGATED_TIMEOUT_SEC);
  });

  it('kills the whole process group when ctx.signal aborts', async () => {
    const pidFile = join(freshDir('pid'), 'sleeper.pid');
    const controller = new AbortController();
    const resultPromise = run([`--fork-sleeper=${pidFile}`, '--sleep=60000'], {
      ctx: createCtx({ signal: controller.signal }),
    });
    const sleeper = await readPid(pidFile);
    controller.abort();
    const result = await resultPromise;
    expect(result.cancelled).toBe(true);
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBeNull();
    expect(await eventuallyDead(sleeper)).toBe(true);
  });

  it('does not start the CLI when ctx.signal is already aborted', async () => {
    const workdir = freshDir();
    const controller = new AbortController();
    controller.abort();
    const result = await run(['--write=should-not-exist.txt'], {
      workdir,
      ctx: createCtx({ signal: controller.signal }),
    });
    expect(result.cancelled).toBe(true);
    expect(result.exitCode).toBeNull();
    expect(existsSync(join(workdir, 'should-not-exist.txt'))).toBe(false);
  });

  it('kills what the CLI left running when it exits, without waiting on the held pipes', async () => {
    const pidFile = join(freshDir('pid'), 'sleeper.pid');
    const started = Date.now();
    const result = await run([`--fork-sleeper=${pidFile}`]);
    expect(result.exitCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    const sleeper = await readPid(pidFile);
    expect(await eventuallyDead(sleeper)).toBe(true);
  });
});

describe('working-tree diff', () => {
  it('captures a new file and a modified tracked file, not earlier edits or ignored files', async () => {
    const repo = freshRepo();
    // An uncommitted edit that predates the run is not the agent's work.
    writeFileSync(join(repo, 'other.txt'), 'other, edited by the user\n');
    const head = git(repo, 'rev-parse', 'HEAD').trim();

    const result = await run(
      [
        '--write=new.txt:hello from the agent',
        '--append=README.md:a line from the agent',
        '--write=ignored.txt',
      ],
      { workdir: repo },
    );
    expect(result.exitCode).toBe(0);
    expect(result.gitError).toBeNull();
    expect(result.headBefore).toBe(head);
    expect(result.headAfter).toBe(head);
    expect(result.changedFiles.sort()).toEqual(['README.md', 'new.txt']);
    expect(result.diffStat).toEqual({ filesChanged: 2, insertions: 2, deletions: 0, binaryFiles: 0 });
    expect(result.diff).toContain('diff --git a/new.txt b/new.txt');
    expect(result.diff).toContain('new file mode');
    expect(result.diff).toContain('+hello from the agent');
    expect(result.diff).toContain('+a line from the agent');
    expect(result.diff).not.toContain('other.txt');
    expect(result.diffTruncated).toBe(false);

    // The diff is a real patch of this run: it reverses cleanly on the current tree.
    const patch = join(freshDir('patch'), 'run.patch');
    writeFileSync(patch, result.diff);
    git(repo, 'apply', '--check', '-R', patch);
    // The user's index was not touched: the new file is still untracked, nothing is staged.
    const status = git(repo, 'status', '--porcelain');
    expect(status).toContain('?? new.txt');
    expect(status).toMatch(/^ M README.md$/m);
  });

  it('records a diff the secret scan had to change with diff_error naming the file; a secret of the run in the work fails the run', async () => {
    const publicKey = Buffer.alloc(32, 9).toString('base64');
    const secret = 'plain-deploy-secret-value-0123456789';
    const repo = freshRepo();
    const result = await run([`--write=release.pub:${publicKey}`, `--write=notes.txt:${secret}`], {
      workdir: repo,
    });
    expect(result.exitCode).toBe(0);
    // The same diff where the run does not hold the value: only the key's shape is found.
    const shapeOnly = delegatedStep(result, secretRedactor({}));
    expect(shapeOnly.payload.diff_error).toMatch(/shaped like a credential in release\.pub \(truss_seed\)/);
    expect(shapeOnly.payload.diff_error).not.toContain('notes.txt');
    expect(delegatedOutcome(shapeOnly.payload, 'fake').failure).toBeNull();
    const step = delegatedStep(result, secretRedactor({ DEPLOY_SECRET: secret }));
    const diff = Buffer.from(step.blobs[2] as Uint8Array).toString('utf8');
    expect(diff).not.toContain(secret);
    expect(diff).not.toContain(publicKey);
    expect(step.payload.diff_error).toMatch(
      /the value of the environment variable DEPLOY_SECRET, .* in notes\.txt \(run_secret\), release\.pub \(truss_seed\)/,
    );
    expect(delegatedOutcome(step.payload, 'fake').failure).toBe(step.payload.diff_error);
    const clean = delegatedStep(
      await run(['--write=new.txt:hello'], { workdir: freshRepo() }),
      secretRedactor({}),
    );
    expect(clean.payload.diff_error).toBeUndefined();
  });

  it("git's error quoting a run secret (a value the CLI wrote into .git/config) reaches the ledger redacted", async () => {
    const secret = 'plain-deploy-secret-value-0123456789';
    const repo = freshRepo();
    // Git quotes a config value it cannot parse: the snapshot after the run fails saying it.
    const result = await runDelegatedCli({
      executor: executorSchema().parse({
        kind: 'delegated-cli',
        command: '/bin/sh',
        args: ['-c', 'cat > /dev/null; git config core.bigFileThreshold "$DEPLOY_SECRET"'],
      }),
      intent: 'Tune git.',
      contractTitle: 'Config',
      done: ['git is tuned'],
      workdir: repo,
      env: { ...hostEnv, DEPLOY_SECRET: secret },
      ctx: createCtx({}),
    });
    expect(result.exitCode).toBe(0);
    expect(result.gitError).toContain(secret);
    const step = delegatedStep(result, secretRedactor({ DEPLOY_SECRET: secret }));
    expect(step.payload.git_error).toMatch(/^could not capture the working-tree diff after the run: /);
    expect(step.payload.git_error).toContain('bad numeric config value');
    expect(JSON.stringify(step.payload)).not.toContain(secret);
    expect(step.payload.redactions).toMatchObject({ run_secret: 2 });
    // The snapshot before a run (the in-loop executor's and the journaled CLI's executor_started) too.
    const before = await snapshotState(repo, hostEnv, undefined, secretRedactor({ DEPLOY_SECRET: secret }));
    expect(before.git_error).toContain('bad numeric config value');
    expect(before.git_error).not.toContain(secret);
  });

  it('includes changes the CLI commits itself, and deletions', async () => {
    const repo = freshRepo();
    const head = git(repo, 'rev-parse', 'HEAD').trim();
    const result = await run(['--write=committed.txt:done', '--delete=other.txt', '--commit'], {
      workdir: repo,
    });
    expect(result.exitCode).toBe(0);
    expect(result.headBefore).toBe(head);
    expect(result.headAfter).not.toBe(head);
    expect(result.changedFiles.sort()).toEqual(['committed.txt', 'other.txt']);
    expect(result.diff).toContain('deleted file mode');
    expect(result.diffStat).toMatchObject({ filesChanged: 2, insertions: 1, deletions: 1 });
  });

  it('reports an empty diff when nothing changed', async () => {
    const repo = freshRepo();
    const result = await run([], { workdir: repo });
    expect(result.diff).toBe('');
    expect(result.changedFiles).toEqual([]);
    expect(result.diffStat.filesChanged).toBe(0);
    expect(result.gitError).toBeNull();
  });

  it('works in a repository without commits', async () => {
    const dir = freshDir('unborn');
    git(dir, 'init', '-q');
    const result = await run(['--write=first.txt'], { workdir: dir });
    expect(result.headBefore).toBeNull();
    expect(result.changedFiles).toEqual(['first.txt']);
  });

  it('still runs outside a git repository, with the reason the diff is missing', async () => {
    const events: unknown[] = [];
    const dir = freshDir('plain');
    const result = await run(['--write=a.txt'], {
      workdir: dir,
      ctx: createCtx({ events: (e) => events.push(e) }),
    });
    expect(result.exitCode).toBe(0);
    expect(existsSync(join(dir, 'a.txt'))).toBe(true);
    expect(result.diff).toBe('');
    expect(result.gitError).toBe('not a git repository');
    expect(events).toContainEqual({ type: 'warning', message: 'delegated-cli: not a git repository' });
  });

  it('reports a git failure other than "not a repository" instead of hiding it', async () => {
    const repo = freshRepo();
    // No git on PATH; the CLI itself is an absolute path and does not need it.
    const result = await run(['--write=a.txt'], { workdir: repo, env: { ...hostEnv, PATH: '/nonexistent' } });
    expect(result.exitCode).toBe(0);
    expect(result.gitError).toMatch(/^could not snapshot the working tree before the run: /);
    expect(result.diff).toBe('');
  });

  it('cuts an oversized diff at maxDiffBytes but keeps the full stat', async () => {
    const repo = freshRepo();
    const result = await run(['--write=big.txt:0123456789'.padEnd(3000, 'x')], {
      workdir: repo,
      maxDiffBytes: 100,
    });
    expect(result.diffTruncated).toBe(true);
    expect(Buffer.byteLength(result.diff)).toBeLessThanOrEqual(100);
    expect(result.changedFiles).toEqual(['big.txt']);
  });
});

describe('errors', () => {
  it('throws a clear typed error when the command is not on PATH', async () => {
    const attempt = runDelegatedCli({
      executor: executorSchema().parse({ kind: 'delegated-cli', command: 'truss-no-such-agent-cli' }),
      intent: 'x',
      done: [],
      workdir: freshDir(),
      env: hostEnv,
      ctx: createCtx({}),
    });
    await expect(attempt).rejects.toBeInstanceOf(DelegatedCommandNotFoundError);
    await expect(attempt).rejects.toBeInstanceOf(DelegatedCliError);
    await expect(attempt).rejects.toThrow(
      'command truss-no-such-agent-cli not found on PATH; install it or change executor.command',
    );
  });

  it('rejects a path that does not exist or is not executable', async () => {
    const workdir = freshDir();
    writeFileSync(join(workdir, 'not-exec.sh'), '#!/bin/sh\n');
    chmodSync(join(workdir, 'not-exec.sh'), 0o644);
    for (const command of ['./missing-agent', './not-exec.sh']) {
      await expect(
        runDelegatedCli({
          executor: executorSchema().parse({ kind: 'delegated-cli', command }),
          intent: 'x',
          done: [],
          workdir,
          env: hostEnv,
          ctx: createCtx({}),
        }),
      ).rejects.toThrow(new RegExp(`command \\./${command.slice(2)} not found .*change executor\\.command`));
    }
  });

  it('finds a bare command name on the child PATH', async () => {
    const result = await run([], {
      executor: executorSchema().parse({ kind: 'delegated-cli', command: 'node', args: [FAKE_AGENT] }),
      env: { ...hostEnv, PATH: `${dirname(NODE)}:${hostEnv.PATH ?? ''}` },
    });
    expect(result.exitCode).toBe(0);
    expect(result.command).toBe('node');
    expect(result.resolvedCommand).toBe(NODE);
  });

  it('rejects an executor that is not a delegated CLI', async () => {
    for (const raw of [{ kind: 'none' }, { kind: 'delegated-cli' }]) {
      await expect(
        runDelegatedCli({
          executor: executorSchema().parse(raw),
          intent: 'x',
          done: [],
          workdir: freshDir(),
          env: hostEnv,
          ctx: createCtx({}),
        }),
      ).rejects.toBeInstanceOf(DelegatedCliConfigError);
    }
  });
});

describe('executorSchema().timeout_sec', () => {
  it('is optional, positive, and defaults to 1800 in the executor', async () => {
    expect(executorSchema().parse({ kind: 'delegated-cli', command: 'claude' }).timeout_sec).toBeUndefined();
    expect(executorSchema().parse({ kind: 'delegated-cli', timeout_sec: 90 }).timeout_sec).toBe(90);
    expect(executorSchema().safeParse({ timeout_sec: 0 }).success).toBe(false);
    expect(executorSchema().safeParse({ timeout_sec: -5 }).success).toBe(false);
    const result = await run([]);
    expect(result.timeoutSec).toBe(1800);
  });
});
