/**
 * A long check is not silence: `truss run` names a check still running after 5 s, with how long it
 * has run, before its result line; a quick check prints only its result. Before, a check printed
 * nothing until it finished, so a long test suite looked like a hang. Real CLI, a real child process.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';

describe('progress on long checks', () => {
  it('a check running past 5 s is named while it runs; a quick one is not', () => {
    const cli = cliHome('check-progress');
    const contract = join(cli.workdir, 'slow.toml');
    writeFileSync(
      contract,
      [
        '[contract]',
        'id = "slow"',
        'intent = "one slow and one quick check"',
        '[[done]]',
        'kind = "check"',
        'desc = "the slow suite"',
        'run = "sleep 6"',
        '[[done]]',
        'kind = "check"',
        'desc = "the quick one"',
        'run = "true"',
        '',
      ].join('\n'),
    );
    const result = runCli(['run', contract, ...cli.runFlags, '--isolation', 'none'], { env: cli.env });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stderr.split('\n');
    const still = lines.findIndex((line) =>
      line.includes('… check  [1] the slow suite (still running after 5 s)'),
    );
    const done = lines.findIndex((line) => line.includes('✔ check  [1] the slow suite'));
    expect(still, result.stderr).toBeGreaterThanOrEqual(0);
    expect(still).toBeLessThan(done);
    expect(result.stderr).not.toContain('[2] the quick one (still running');
  }, 30_000);
});
