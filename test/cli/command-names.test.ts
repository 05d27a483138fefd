/**
 * Command and subcommand names are looked up among truss's own commands only: a name that is a
 * property every JavaScript object has (`constructor`, `toString`, `__proto__`) is an unknown
 * command, exit 64, like any other. `truss constructor` was an "unexpected error", `truss memory
 * constructor` crashed Node with a stack trace, and `truss review constructor` went on to sign.
 * A usage error points at the command's own help. Each name goes through the CLI's entry function in
 * this process (runCliInProcess); the built CLI in a child process shows one of them end to end, and
 * the usage errors' pointers.
 */
import { describe, expect, it } from 'vitest';
import { cliHome, runCli, runCliInProcess } from '../helpers/cli.js';

const INHERITED = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('inherited property names are unknown commands', () => {
  it('at the top level and for every command with subcommands: 64 and a usage message', async () => {
    const cli = cliHome('command-names');
    for (const name of INHERITED) {
      for (const args of [
        [name],
        ...['ledger', 'memory', 'playbook', 'lesson', 'anchor', 'mcp'].map((group) => [group, name]),
        ['review', name, 'some-session', '--db', cli.db, '--key', cli.keyFile],
      ]) {
        const result = await runCliInProcess(args, { cwd: cli.home, env: cli.env });
        const said = `${args.join(' ')}: ${result.stderr}`;
        expect(result.code, said).toBe(64);
        expect(result.stderr, said).toMatch(/unknown (command|decision|subcommand|\w+ command)/);
        expect(result.stderr, said).not.toContain('unexpected error');
        expect(result.stderr, said).not.toContain('    at ');
      }
    }
    // The built CLI gives the same answer as the entry function, exit code and all.
    const args = ['memory', 'constructor'];
    const shipped = runCli(args, { cwd: cli.home, env: cli.env });
    expect(shipped).toEqual(await runCliInProcess(args, { cwd: cli.home, env: cli.env }));
    expect(shipped.code, shipped.stderr).toBe(64);
  });

  it('a usage error names the command’s own --help', () => {
    const result = runCli(['run', 'c.toml', '--no-such-flag']);
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('Run `truss run --help` for usage.');
    const unknown = runCli(['no-such-command']);
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toContain('Run `truss --help` for usage.');
  });
});
