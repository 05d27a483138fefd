import { existsSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckClause, CheckClauseSchema } from '../../src/core/contract/schema.js';
import { BoundedCapture, decodeTail } from '../../src/core/process/bounded-capture.js';
import { GITHUB_CONTEXT_ENV } from '../../src/core/process/isolation-env.js';
import { SubstringScanner } from '../../src/core/process/stream-scan.js';
import { createCtx } from '../../src/core/runtime/ctx.js';
import {
  CHECK_ENV_ALLOWLIST,
  type CheckOutcome,
  DEFAULT_MAX_CAPTURE_BYTES,
  type RunCheckOptions,
  runCheck,
  scrubEnv,
} from '../../src/core/verify/check-runner.js';
import { isAlive, killQuietly, readPidFile } from '../helpers/processes.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Real `/bin/sh` child processes throughout; nothing is mocked. */

let root: string;
let counter = 0;
const escapees: number[] = [];

beforeAll(() => {
  root = tempDir('check').dir;
});

afterAll(() => {
  for (const pid of escapees) killQuietly(pid);
  rmSync(root, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = join(root, `w${++counter}`);
  mkdirSync(dir);
  return dir;
}

function check(run: string, extra: Partial<Omit<CheckClause, 'kind' | 'run'>> = {}): CheckClause {
  return CheckClauseSchema.parse({ kind: 'check', desc: 'test check', run, ...extra });
}

const hostEnv = { PATH: process.env.PATH, HOME: process.env.HOME };

function run(clause: CheckClause, overrides: Partial<RunCheckOptions> = {}): Promise<CheckOutcome> {
  return runCheck(clause, { workdir: freshDir(), env: hostEnv, ctx: createCtx({}), ...overrides });
}

function text(outcome: CheckOutcome): string {
  return outcome.stdout.bytes.toString('utf8');
}

async function readPid(file: string): Promise<number> {
  const pid = await readPidFile(file);
  expect(Number.isInteger(pid) && pid > 1).toBe(true);
  return pid;
}

describe('runCheck: exit codes', () => {
  it('is met when the command exits 0', async () => {
    const outcome = await run(check('echo hello'));
    expect(outcome).toMatchObject({
      met: true,
      exitCode: 0,
      signal: null,
      timedOut: false,
      cancelled: false,
      reasons: [],
    });
    expect(text(outcome)).toBe('hello\n');
    expect(outcome.durationMs).toBeGreaterThan(0);
  });

  it('is not met on a nonzero exit and says why', async () => {
    const outcome = await run(check('exit 1'));
    expect(outcome.met).toBe(false);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.reasons).toEqual(['exit code 1, expected 0']);
  });

  it('honours a nonzero expect_exit', async () => {
    expect((await run(check('exit 3', { expect_exit: 3 }))).met).toBe(true);
    const wrong = await run(check('true', { expect_exit: 3 }));
    expect(wrong.met).toBe(false);
    expect(wrong.reasons).toEqual(['exit code 0, expected 3']);
  });

  it('reports a shell killed by a signal', async () => {
    const outcome = await run(check('kill -9 $$'));
    expect(outcome).toMatchObject({ met: false, exitCode: null, signal: 'SIGKILL', timedOut: false });
    expect(outcome.reasons).toEqual(['killed by signal SIGKILL, expected exit code 0']);
  });

  it('keeps stderr apart from stdout', async () => {
    const outcome = await run(check('echo out; echo err >&2', { expect_not_contains: ['err'] }));
    expect(outcome.met).toBe(true);
    expect(text(outcome)).toBe('out\n');
    expect(outcome.stderr.bytes.toString()).toBe('err\n');
    expect(outcome.stderr.tail).toBe('err\n');
  });

  it('reports a check that cannot start (missing workdir)', async () => {
    const outcome = await runCheck(check('true'), {
      workdir: join(root, 'does-not-exist'),
      env: hostEnv,
      ctx: createCtx({}),
    });
    expect(outcome.met).toBe(false);
    expect(outcome.exitCode).toBeNull();
    expect(outcome.reasons).toHaveLength(1);
    expect(outcome.reasons[0]).toMatch(/^could not start the check: /);
  });
});

describe('runCheck: output expectations', () => {
  const script = "printf 'hello world\\nversion 1.2.3\\n'";

  it('is met when contains, not_contains and matches all hold', async () => {
    const outcome = await run(
      check(script, {
        expect_contains: ['hello', 'version 1.2'],
        expect_not_contains: ['error', 'HELLO'],
        expect_matches: ['^hello \\w+\\n', 'version \\d+\\.\\d+\\.\\d+'],
      }),
    );
    expect(outcome.reasons).toEqual([]);
    expect(outcome.met).toBe(true);
  });

  it('lists every unmet expectation', async () => {
    const outcome = await run(
      check(script, {
        expect_contains: ['hello', 'goodbye'],
        expect_not_contains: ['world'],
        expect_matches: ['^version$', 'hello'],
      }),
    );
    expect(outcome.met).toBe(false);
    expect(outcome.exitCode).toBe(0);
    expect(outcome.reasons).toEqual([
      'stdout does not contain "goodbye"',
      'stdout contains forbidden "world"',
      'stdout does not match /^version$/',
    ]);
  });

  it('combines an exit mismatch with output reasons', async () => {
    const outcome = await run(check('echo nope; exit 2', { expect_contains: ['yes'] }));
    expect(outcome.reasons).toEqual(['exit code 2, expected 0', 'stdout does not contain "yes"']);
  });

  it('never interprets contract text other than `run`, and passes run as the single sh -c argument', async () => {
    const workdir = freshDir();
    const hostile = '$(touch pwned1)`touch pwned2`;touch pwned3';
    const outcome = await runCheck(
      CheckClauseSchema.parse({
        kind: 'check',
        desc: hostile,
        run: 'echo "args:$#"',
        expect_contains: [hostile],
        expect_not_contains: [hostile],
        expect_matches: ['\\$\\(touch pwned4\\)'],
      }),
      { workdir, env: hostEnv, ctx: createCtx({}) },
    );
    expect(text(outcome)).toBe('args:0\n');
    expect(outcome.met).toBe(false);
    for (const name of ['pwned1', 'pwned2', 'pwned3', 'pwned4']) {
      expect(existsSync(join(workdir, name))).toBe(false);
    }
  });
});

describe('runCheck: process control', () => {
  it('times out and kills the whole process group', async () => {
    const workdir = freshDir();
    const pidFile = join(workdir, 'bg.pid');
    const outcome = await runCheck(
      check(`sleep 100 & echo $! > "${pidFile}"; sleep 30`, { timeout_sec: 0.5 }),
      { workdir, env: hostEnv, ctx: createCtx({}) },
    );
    expect(outcome).toMatchObject({ met: false, timedOut: true, cancelled: false, exitCode: null });
    expect(outcome.signal).toBe('SIGTERM');
    expect(outcome.reasons).toEqual(['timed out after 0.5s; process group killed']);
    expect(outcome.durationMs).toBeGreaterThanOrEqual(450);
    expect(outcome.durationMs).toBeLessThan(3000);
    expect(isAlive(await readPid(pidFile))).toBe(false);
  });

  it('escalates to SIGKILL when the group ignores SIGTERM', async () => {
    const outcome = await run(check("trap '' TERM; sleep 30", { timeout_sec: 0.3 }));
    expect(outcome).toMatchObject({ met: false, timedOut: true, signal: 'SIGKILL' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(1200);
    expect(outcome.durationMs).toBeLessThan(4000);
  });

  it('does not hang on a background sleeper holding the pipes, and kills it', async () => {
    const workdir = freshDir();
    const pidFile = join(workdir, 'sleeper.pid');
    const outcome = await runCheck(check(`sleep 1000 & echo $! > "${pidFile}"; echo started`), {
      workdir,
      env: hostEnv,
      ctx: createCtx({}),
    });
    expect(outcome.met).toBe(true);
    expect(text(outcome)).toBe('started\n');
    expect(outcome.durationMs).toBeLessThan(3000);
    expect(isAlive(await readPid(pidFile))).toBe(false);
  });

  it('also kills a leftover that ignores SIGTERM', async () => {
    const workdir = freshDir();
    const pidFile = join(workdir, 'stubborn.pid');
    const outcome = await runCheck(
      check(`(trap '' TERM; exec sleep 1000) & echo $! > "${pidFile}"; echo started`),
      { workdir, env: hostEnv, ctx: createCtx({}) },
    );
    expect(outcome.met).toBe(true);
    expect(outcome.durationMs).toBeLessThan(3000);
    expect(isAlive(await readPid(pidFile))).toBe(false);
  });

  it.skipIf(!existsSync('/usr/bin/setsid') && !existsSync('/bin/setsid'))(
    'finishes within the drain bound when an escapee from the group holds the pipe',
    async () => {
      const workdir = freshDir();
      const pidFile = join(workdir, 'escapee.pid');
      const outcome = await runCheck(
        check(
          `setsid sh -c 'echo $$ > "${pidFile}"; exec sleep 1000' & ` +
            `while [ ! -s "${pidFile}" ]; do sleep 0.01; done; echo started`,
        ),
        { workdir, env: hostEnv, ctx: createCtx({}) },
      );
      escapees.push(await readPid(pidFile));
      expect(outcome.met).toBe(true);
      expect(text(outcome)).toBe('started\n');
      expect(outcome.durationMs).toBeLessThan(3000);
    },
  );

  it('is cancelled when ctx.signal aborts mid-run', async () => {
    const workdir = freshDir();
    const pidFile = join(workdir, 'child.pid');
    const controller = new AbortController();
    const pending = runCheck(check(`sleep 100 & echo $! > "${pidFile}"; sleep 30`), {
      workdir,
      env: hostEnv,
      ctx: createCtx({ signal: controller.signal }),
    });
    setTimeout(() => controller.abort(), 200);
    const outcome = await pending;
    expect(outcome).toMatchObject({ met: false, cancelled: true, timedOut: false, reasons: ['cancelled'] });
    expect(outcome.durationMs).toBeLessThan(3000);
    expect(isAlive(await readPid(pidFile))).toBe(false);
  });

  it('does not start at all when ctx.signal is already aborted', async () => {
    const workdir = freshDir();
    const controller = new AbortController();
    controller.abort();
    const outcome = await runCheck(check('touch spawned'), {
      workdir,
      env: hostEnv,
      ctx: createCtx({ signal: controller.signal }),
    });
    expect(outcome).toMatchObject({ met: false, cancelled: true, exitCode: null, reasons: ['cancelled'] });
    await sleep(50);
    expect(existsSync(join(workdir, 'spawned'))).toBe(false);
  });

  it('closes stdin: cat returns at once with nothing', async () => {
    const outcome = await run(check('cat'));
    expect(outcome.met).toBe(true);
    expect(outcome.stdout.totalBytes).toBe(0);
    expect(outcome.durationMs).toBeLessThan(2000);
  });

  it('runs in the workdir', async () => {
    const workdir = freshDir();
    const outcome = await runCheck(check('pwd'), { workdir, env: hostEnv, ctx: createCtx({}) });
    expect(text(outcome)).toBe(`${realpathSync(workdir)}\n`);
  });
});

describe('runCheck: bounded capture', () => {
  it('caps memory on huge output but counts every byte and still sees the end', async () => {
    const outcome = await run(
      check('yes | head -c 50000000; printf END-MARKER', {
        expect_contains: ['END-MARKER'],
        expect_not_contains: ['n'],
        expect_matches: ['^y\\ny\\n'],
      }),
    );
    expect(outcome.reasons).toEqual([]);
    expect(outcome.met).toBe(true);
    expect(outcome.stdout.truncated).toBe(true);
    expect(outcome.stdout.totalBytes).toBe(50_000_000 + 'END-MARKER'.length);
    expect(outcome.stdout.bytes.length).toBe(DEFAULT_MAX_CAPTURE_BYTES);
    expect(outcome.stdout.tail.length).toBe(4096);
    expect(outcome.stdout.tail.endsWith('y\ny\nEND-MARKER')).toBe(true);
  });

  it('honours maxCaptureBytes and tailBytes', async () => {
    const outcome = await run(check("head -c 100000 /dev/zero | tr '\\0' a; printf XYZ"), {
      maxCaptureBytes: 1000,
      tailBytes: 5,
    });
    expect(outcome.stdout.bytes.length).toBe(1000);
    expect(outcome.stdout.totalBytes).toBe(100_003);
    expect(outcome.stdout.truncated).toBe(true);
    expect(outcome.stdout.tail).toBe('aaXYZ');
  });

  it('notes truncation when a regex fails on a capped stream', async () => {
    const outcome = await run(check('yes | head -c 5000; echo late'), {
      maxCaptureBytes: 100,
    });
    const strict = await run(check('yes | head -c 5000; echo late', { expect_matches: ['late'] }), {
      maxCaptureBytes: 100,
    });
    expect(outcome.met).toBe(true);
    expect(strict.reasons).toEqual([
      'stdout does not match /late/ (only the first 100 of 5005 bytes were searched)',
    ]);
  });

  it('survives random binary output', async () => {
    const outcome = await run(
      check('head -c 100000 /dev/urandom; head -c 3000 /dev/urandom >&2', {
        expect_not_contains: ['\u{1F600}never'],
        expect_matches: ['[\\s\\S]'],
      }),
    );
    expect(outcome.met).toBe(true);
    expect(outcome.stdout.totalBytes).toBe(100_000);
    expect(outcome.stdout.bytes.length).toBe(100_000);
    expect(outcome.stdout.truncated).toBe(false);
    expect(typeof outcome.stdout.tail).toBe('string');
    expect(outcome.stderr.totalBytes).toBe(3000);
  });

  it('replaces invalid UTF-8 with U+FFFD', async () => {
    const outcome = await run(check("printf '\\377\\376'", { expect_not_contains: ['x'] }));
    expect(outcome.met).toBe(true);
    expect([...outcome.stdout.bytes]).toEqual([0xff, 0xfe]);
    expect(outcome.stdout.tail).toBe('\uFFFD\uFFFD');
  });

  it('never starts a tail inside a multi-byte character', async () => {
    // "é" is 2 bytes, "€" 3, "😀" 4: a 5-byte tail of "é€😀" begins inside "€".
    const outcome = await run(check("printf 'aé€😀'"), { tailBytes: 5 });
    expect(outcome.stdout.tail).toBe('😀');
    const sample = Buffer.from('aé€😀b', 'utf8');
    for (let tail = 1; tail <= sample.length; tail++) {
      const capture = new BoundedCapture(4, tail);
      for (const byte of sample) capture.push(Buffer.from([byte]));
      const result = capture.result();
      expect(result.tail.includes('\uFFFD')).toBe(false);
      expect(sample.toString('utf8').endsWith(result.tail)).toBe(true);
      expect(result.bytes.length).toBe(4);
      expect(result.totalBytes).toBe(sample.length);
    }
    expect(decodeTail(Buffer.from([0x80, 0x80, 0x80, 0x80, 0x41]), true)).toBe('\uFFFDA');
  });

  it('finds strings that straddle chunk boundaries', () => {
    const scanner = new SubstringScanner(['needle', 'absent', '']);
    for (const piece of ['xxne', 'e', 'dlexx']) scanner.push(Buffer.from(piece));
    expect([scanner.found(0), scanner.found(1), scanner.found(2)]).toEqual([true, false, true]);
  });
});

describe('runCheck: environment', () => {
  it('passes only the allowlist, named variables and TRUSS_CHECK', async () => {
    process.env.TRUSS_TEST_LEAK_CANARY = 'canary-from-process-env';
    try {
      const outcome = await run(check('env', { env: ['MY_TEST_TOKEN'] }), {
        env: {
          ...hostEnv,
          OPENAI_API_KEY: 'sk-secret-openai',
          ANTHROPIC_API_KEY: 'sk-ant-secret',
          GITHUB_TOKEN: 'ghp_secret_token',
          TRUSS_SIGNING_KEY: 'signing-key-secret',
          AWS_SECRET_ACCESS_KEY: 'aws-secret-value',
          MY_TEST_TOKEN: 'named-in-clause',
          FROM_CONFIG: 'named-in-config',
          UNSET_BUT_NAMED: undefined,
        },
        extraEnvNames: ['FROM_CONFIG', 'UNSET_BUT_NAMED'],
      });
      const out = text(outcome);
      expect(outcome.met).toBe(true);
      for (const secret of [
        'sk-secret-openai',
        'sk-ant-secret',
        'ghp_secret_token',
        'signing-key-secret',
        'aws-secret-value',
        'canary-from-process-env',
        'OPENAI_API_KEY',
        'GITHUB_TOKEN',
        'TRUSS_SIGNING_KEY',
        'AWS_',
        'UNSET_BUT_NAMED',
      ]) {
        expect(out).not.toContain(secret);
      }
      expect(out).toContain(`PATH=${process.env.PATH}\n`);
      expect(out).toContain('MY_TEST_TOKEN=named-in-clause\n');
      expect(out).toContain('FROM_CONFIG=named-in-config\n');
      expect(out).toContain('TRUSS_CHECK=1\n');
    } finally {
      delete process.env.TRUSS_TEST_LEAK_CANARY;
    }
  });

  it('scrubEnv copies only allowlisted and named, defined variables', () => {
    expect(CHECK_ENV_ALLOWLIST).toEqual([
      'PATH',
      'HOME',
      'USER',
      'LOGNAME',
      'SHELL',
      'LANG',
      'LC_ALL',
      'LC_CTYPE',
      'TZ',
      'TERM',
      'TMPDIR',
      'CI',
      ...GITHUB_CONTEXT_ENV,
    ]);
    expect(GITHUB_CONTEXT_ENV.filter((name) => /TOKEN|ENV|OUTPUT|PATH|STATE|SUMMARY/.test(name))).toEqual([]);
    expect(
      scrubEnv({ PATH: '/bin', LANG: undefined, CI: 'true', GITHUB_TOKEN: 'x', NPM_TOKEN: 'y', EXTRA: 'z' }, [
        'EXTRA',
        'MISSING',
      ]),
    ).toEqual({ PATH: '/bin', CI: 'true', EXTRA: 'z' });
  });
});
