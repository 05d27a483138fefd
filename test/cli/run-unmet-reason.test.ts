/**
 * `truss run` says why every clause that is not met is not met, on stdout beside the verdict: also
 * when its check never ran because `[checks] setup` failed (docs/contracts.md, "Where checks run"),
 * where the output used to show "? unverifiable" with no reason at all. The real CLI in a child
 * process, a real checks-only contract in a temp directory.
 */
import { describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';

describe('truss run: a clause that is not met says why', () => {
  it('a failed [checks] setup: each check clause gives the reason, the setup output is shown once', () => {
    const cli = cliHome('unmet-reason');
    const contract = cli.write(
      'c.toml',
      contractToml(
        { id: 'setup-fails', intent: 'Checks that need a setup which fails' },
        [
          { kind: 'check', desc: 'first check', run: 'true' },
          { kind: 'check', desc: 'second check', run: 'true' },
        ],
        { checks: { setup: 'echo the-setup-said-this >&2; exit 7' } },
      ),
    );
    const run = runCli(['run', contract, ...cli.runFlags, '--isolation', 'none'], { env: cli.env });
    expect(run.code, run.stderr).toBe(2);
    const stdout = run.stdout;
    expect(stdout).toContain('VERDICT: UNVERIFIABLE');
    const reason = '[checks] setup `echo the-setup-said-this >&2; exit 7` failed (exit code 7, expected 0)';
    // Under each of the two clauses, not only in --json.
    expect(stdout.split(reason).length - 1, stdout).toBe(2);
    expect(stdout.indexOf(reason)).toBeGreaterThan(stdout.indexOf('[1] check'));
    expect(stdout.lastIndexOf(reason)).toBeGreaterThan(stdout.indexOf('[2] check'));
    // What the setup printed, once.
    expect(stdout.split('│ the-setup-said-this').length - 1, stdout).toBe(1);
  });
});
