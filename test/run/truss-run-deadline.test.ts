/**
 * A run's wall-clock deadline (docs/contracts.md "[budget]", docs/cli.md --timeout): the real CLI in
 * a child process, a real repository, real SQLite ledger and signatures. At the deadline what the
 * run started is killed (the check's whole process group; with uid isolation its whole namespace,
 * `setsid` included), and the run ends with a signed verdict forced to FAIL that names the deadline.
 */
import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SigningKey } from '../../src/core/ledger/index.js';
import { runCli } from '../helpers/cli.js';
import { type Clause, contractToml } from '../helpers/contract-toml.js';
import { makeRepo, README } from '../helpers/git.js';
import { writeKeyFile } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';
import { mechanismAvailable, survivors } from '../process/isolation-kit.js';

const uidUnavailable = await mechanismAvailable('uid');

/** A `sleep` argument no other process on the machine has: `survivors` finds what is left of it. */
const marker = () => `1000.${randomInt(100_000, 999_999)}`;

function slowCheck(run: string): Clause {
  return { kind: 'check', desc: 'a check that outlives the deadline', run };
}

describe('truss run: wall-clock deadline', () => {
  let repo: string;
  let home: string;
  let keyFile: string;
  let key: SigningKey;

  beforeEach(() => {
    repo = makeRepo(README, 'deadline');
    home = tempDir('home').dir;
    const generated = SigningKey.generate();
    key = generated.key;
    keyFile = writeKeyFile(join(home, 'ci.key'), generated.seedBase64);
  });

  function writeContract(clause: Clause, budget?: Record<string, string>): string {
    mkdirSync(join(repo, '.truss/contracts'), { recursive: true });
    const path = join(repo, '.truss/contracts/slow.toml');
    writeFileSync(
      path,
      contractToml({ id: 'slow', intent: 'Finish in time' }, clause, budget ? { budget } : {}),
    );
    return path;
  }

  function run(...flags: string[]) {
    const started = Date.now();
    const result = runCli(['run', 'slow', '--key', keyFile, '--json', ...flags], {
      cwd: repo,
      env: { HOME: home },
    });
    return { ...result, ms: Date.now() - started };
  }

  /** The bundle verifies against the pinned key and ends in the signed, forced verdict. */
  function expectVerifiedBundle(
    bundlePath: string,
  ): Array<{ kind: string; payload: Record<string, unknown> }> {
    const verify = runCli(['verify', bundlePath, '--key', key.publicKeyHex, '--json']);
    expect(verify.code, verify.stdout).toBe(0);
    expect(JSON.parse(verify.stdout).status).toBe('verified');
    return JSON.parse(readFileSync(bundlePath, 'utf8')).ledger.entries;
  }

  it('max_duration "1s": a check running `sleep 30` is stopped within seconds, its background process dies, the verdict is a signed FAIL naming the deadline', () => {
    const left = marker();
    writeContract(slowCheck(`sleep ${left} & echo started > started.txt; sleep 30`), { max_duration: '1s' });
    const result = run('--isolation', 'none');
    expect(result.code, result.stderr).toBe(1);
    expect(result.ms).toBeLessThan(10_000);
    // The check really ran (and started its background sleep) before the deadline stopped it.
    expect(existsSync(join(repo, 'started.txt'))).toBe(true);
    expect(survivors(left)).toEqual([]);
    expect(result.stderr).toContain('deadline 1s ([budget] max_duration)');
    const outcome = JSON.parse(result.stdout);
    expect(outcome.verdict).toBe('fail');
    expect(outcome.deadline).toMatchObject({ limit: '1s', source: '[budget] max_duration', reached: true });
    expect(outcome.forced).toHaveLength(1);
    expect(outcome.forced[0]).toMatch(/^wall-clock deadline of 1s reached \(\[budget\] max_duration\)/);
    expect(outcome.forced[0]).toContain('raise [budget] max_duration');
    expect(outcome.forced[0]).toContain('--timeout');
    expect(outcome.clauses).toEqual([
      expect.objectContaining({
        status: 'unverifiable',
        reason: expect.stringMatching(/wall-clock deadline/),
      }),
    ]);
    const entries = expectVerifiedBundle(outcome.bundle);
    expect(entries.map((e) => e.kind)).toEqual(['run_started', 'verdict', 'run_completed']);
    expect(entries[1]?.payload).toMatchObject({
      overall: 'fail',
      deadline: { limit: '1s', source: '[budget] max_duration' },
    });
  });

  it.skipIf(uidUnavailable !== null)(
    'under uid isolation a `setsid` child of the check is killed at the deadline too',
    () => {
      const escaped = marker();
      const grouped = marker();
      writeContract(
        slowCheck(
          `setsid sleep ${escaped} >/dev/null 2>&1 & sleep ${grouped} & echo started > started.txt; sleep 30`,
        ),
        { max_duration: '2s' },
      );
      const result = run('--isolation', 'uid');
      expect(result.code, result.stderr).toBe(1);
      expect(result.ms).toBeLessThan(15_000);
      expect(existsSync(join(repo, 'started.txt'))).toBe(true);
      expect(survivors(escaped)).toEqual([]);
      expect(survivors(grouped)).toEqual([]);
      const outcome = JSON.parse(result.stdout);
      expect(outcome.isolation).toMatchObject({ level: 'uid' });
      expect(outcome.verdict).toBe('fail');
      expect(outcome.forced[0]).toMatch(/^wall-clock deadline of 2s reached/);
      expectVerifiedBundle(outcome.bundle);
    },
  );

  it('--timeout tighter than the contract wins and is named in the reason', () => {
    writeContract(slowCheck('sleep 30'), { max_duration: '1h' });
    const result = run('--isolation', 'none', '--timeout', '500ms');
    expect(result.code, result.stderr).toBe(1);
    expect(result.ms).toBeLessThan(10_000);
    const outcome = JSON.parse(result.stdout);
    expect(outcome.deadline).toMatchObject({ limit: '500ms', source: '--timeout', reached: true });
    expect(outcome.forced[0]).toMatch(/^wall-clock deadline of 500ms reached \(--timeout\)/);
    expectVerifiedBundle(outcome.bundle);
  });

  it('a contract tighter than --timeout wins', () => {
    writeContract(slowCheck('sleep 30'), { max_duration: '500ms' });
    const result = run('--isolation', 'none', '--timeout', '1h');
    expect(result.code, result.stderr).toBe(1);
    expect(JSON.parse(result.stdout).deadline).toMatchObject({
      limit: '500ms',
      source: '[budget] max_duration',
      reached: true,
    });
  });

  it('a run that finishes in time PASSes and reports its deadline as not reached', () => {
    writeContract({ kind: 'check', desc: 'quick', run: 'true' }, { max_duration: '1h' });
    const result = run('--isolation', 'none', '--timeout', '20m');
    expect(result.code, result.stderr).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome).toMatchObject({ verdict: 'pass', forced: [] });
    expect(outcome.deadline).toMatchObject({ limit: '20m', source: '--timeout', reached: false });
  });

  it('a bad max_duration is a contract error at its file:line:col; nothing runs', () => {
    const path = writeContract(slowCheck('touch ran.txt'), { max_duration: '20 minutes' });
    const line =
      readFileSync(path, 'utf8')
        .split('\n')
        .findIndex((l) => l.startsWith('max_duration')) + 1;
    const result = run('--isolation', 'none');
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      `slow.toml:${line}:1: budget.max_duration: "20 minutes" is not a duration such as "90s", "20m", "1h30m" or "500ms"`,
    );
    expect(existsSync(join(repo, 'ran.txt'))).toBe(false);
    expect(existsSync(join(repo, '.truss/ledger.db'))).toBe(false);
  });

  it('a bad --timeout is a usage error', () => {
    writeContract(slowCheck('true'));
    const result = runCli(['run', 'slow', '--key', keyFile, '--timeout', '5 minutes'], {
      cwd: repo,
      env: { HOME: home },
    });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('run: --timeout "5 minutes" is not a duration');
  });

  it('a session stopped at its deadline cannot be resumed (nothing is appended)', () => {
    writeContract(slowCheck('sleep 30'), { max_duration: '300ms' });
    const outcome = JSON.parse(run('--isolation', 'none').stdout);
    const resumed = runCli(['resume', outcome.session_id, '--key', keyFile, '--isolation', 'none'], {
      cwd: repo,
      env: { HOME: home },
    });
    expect(resumed.code).toBe(1);
    expect(resumed.stderr).toContain('was stopped at its wall-clock deadline of 300ms');
    expect(resumed.stderr).toContain('nothing was appended to the ledger');
  });
});
