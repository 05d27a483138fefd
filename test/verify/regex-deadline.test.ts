/**
 * ReDoS: `expect_matches = ["^(a+)+$"]` on 34 characters backtracks for minutes in JavaScript's
 * engine. The match runs in a worker bounded by the check's deadline: `truss run` finishes within
 * about `timeout_sec`, the clause is not met with the reason, and the journaled duration includes
 * the time spent matching. Real CLI process, real ledger.
 */
import { describe, expect, it } from 'vitest';
import { matchWithDeadline } from '../../src/core/verify/regex-match.js';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';

const EVIL = contractToml(
  { id: 'redos', intent: 'A pattern with catastrophic backtracking' },
  {
    kind: 'check',
    desc: "prints a's then a bang",
    run: "printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'",
    expect_matches: ['^(a+)+$'],
    timeout_sec: 2,
  },
);

describe('expect_matches is bounded by the check deadline', () => {
  it('a catastrophic pattern is stopped at timeout_sec: FAIL with the reason, duration includes it', () => {
    const { db, env, runFlags, write } = cliHome('redos');
    const contract = write('redos.toml', EVIL);
    const started = Date.now();
    const run = runCli(['run', contract, ...runFlags, '--json'], { env });
    const wall = Date.now() - started;
    expect(run.code, run.stderr).toBe(1);
    expect(wall).toBeLessThan(20_000);
    const outcome = JSON.parse(run.stdout);
    expect(outcome.clauses[0].status).toBe('not_met');
    expect(outcome.clauses[0].reason).toContain("did not finish within the check's timeout of 2s");
    const session = outcome.session_id as string;
    const entries = JSON.parse(runCli(['ledger', 'show', session, '--db', db, '--json']).stdout).entries as {
      kind: string;
      payload: { duration_ms: number };
    }[];
    const check = entries.find((e) => e.kind === 'check_result');
    expect(check?.payload.duration_ms).toBeGreaterThanOrEqual(1_500);
  });

  it('matchWithDeadline: ordinary patterns answer, invalid ones say so, a hung one times out', async () => {
    expect(await matchWithDeadline(['^ok$', 'nope', '('], 'ok', 5_000)).toEqual([
      'match',
      'no_match',
      'invalid',
    ]);
    const t0 = performance.now();
    expect(await matchWithDeadline(['^(a+)+$', 'a'], `${'a'.repeat(40)}!`, 300)).toEqual([
      'timeout',
      'timeout',
    ]);
    expect(performance.now() - t0).toBeLessThan(3_000);
  });
});
