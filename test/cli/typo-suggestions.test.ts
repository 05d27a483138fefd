/**
 * A typo on the command line is answered with the word the user most likely meant: an unknown
 * command, subcommand, decision or flag close to a real one says `did you mean "…"?` (exit 64,
 * pointing at the command's --help), and a word close to nothing gets no guess. Before, `truss rnu`
 * and `truss run --jsn` only said "unknown". Real CLI, child processes.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

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
  it.each(CASES)('truss $args → did you mean $meant', ({ args, meant }) => {
    const result = runCli(args);
    expect(result.code, result.stderr).toBe(64);
    expect(result.stderr).toContain(`(did you mean "${meant}"?)`);
    expect(result.stderr).toMatch(/Run `truss( [a-z-]+)? --help` for usage\./);
    expect(result.stderr).not.toContain('    at ');
  });

  it('no guess for a word close to nothing, and no doubled pointer to --help', () => {
    for (const args of [['zzzzzz'], ['run', 'c.toml', '--qqqqqqqq'], ['ledger', 'zzzzzz']]) {
      const result = runCli(args);
      expect(result.code, result.stderr).toBe(64);
      expect(result.stderr).not.toContain('did you mean');
      expect(result.stderr.match(/--help/g)?.length, result.stderr).toBe(1);
    }
  });
});
