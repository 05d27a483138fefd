/**
 * A typo on the command line is answered with the word the user most likely meant: an unknown
 * command, subcommand, decision or flag close to a real one says `did you mean "…"?` (exit 64,
 * pointing at the command's --help), and a word close to nothing gets no guess. Before, `truss rnu`
 * and `truss run --jsn` only said "unknown". Each line goes through the CLI's entry function in this
 * process (runCliInProcess); the built CLI in a child process answers one typo end to end.
 */
import { describe, expect, it } from 'vitest';
import { runCli, runCliInProcess } from '../helpers/cli.js';

const CASES: Array<{ args: string[]; meant: string }> = [
  { args: ['rnu', 'c.toml'], meant: 'run' },
  { args: ['verfy', 'b.json'], meant: 'verify' },
  { args: ['run', 'c.toml', '--jsn'], meant: '--json' },
  { args: ['run', 'c.toml', '--workdri=.'], meant: '--workdir' },
  { args: ['verify', 'b.json', '--trusted-key', 'k'], meant: '--trusted-keys' },
  { args: ['ledger', 'lst'], meant: 'list' },
  { args: ['ledger', 'list', '--jsno'], meant: '--json' },
  { args: ['anchor', 'verify-lg', 'dir'], meant: 'verify-log' },
  { args: ['mcp', 'lsit'], meant: 'list' },
  { args: ['memory', 'promte', 'x'], meant: 'promote' },
  { args: ['playbook', 'improt', 'x'], meant: 'import' },
  { args: ['review', 'aprove', 's'], meant: 'approve' },
];

describe('typos get a suggestion', () => {
  it.each(CASES)('truss $args → did you mean $meant', async ({ args, meant }) => {
    const result = await runCliInProcess(args);
    expect(result.code, result.stderr).toBe(64);
    expect(result.stderr).toContain(`(did you mean "${meant}"?)`);
    expect(result.stderr).toMatch(/Run `truss( [a-z-]+)? --help` for usage\./);
    expect(result.stderr).not.toContain('    at ');
  });

  it('the built CLI answers a typo the same way', () => {
    const result = runCli(['run', 'c.toml', '--jsn']);
    expect(result.code, result.stderr).toBe(64);
    expect(result.stderr).toContain('(did you mean "--json"?)');
    expect(result.stderr).toContain('Run `truss run --help` for usage.');
  });

  it('no guess for a word close to nothing, and no doubled pointer to --help', async () => {
    for (const args of [['zzzzzz'], ['run', 'c.toml', '--qqqqqqqq'], ['ledger', 'zzzzzz']]) {
      const result = await runCliInProcess(args);
      expect(result.code, result.stderr).toBe(64);
      expect(result.stderr).not.toContain('did you mean');
      expect(result.stderr.match(/--help/g)?.length, result.stderr).toBe(1);
    }
  });
});
