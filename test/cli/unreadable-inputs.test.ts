/**
 * Every file a command reads that is missing, or is a directory, is refused with exit 3 and a message
 * that says what is wrong in words and what to pass instead — never a bare `(ENOENT)`, which is what
 * `truss verify nope.json`, `--trusted-keys nope`, `verify-attestation`, `attest BUNDLE` and
 * `bench-verdicts` printed. Each command goes through the CLI's entry function in this process
 * (runCliInProcess); the built CLI in a child process answers one of them the same way.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli, runCliInProcess } from '../helpers/cli.js';

const HEX = 'a'.repeat(64);

function commandsReading(
  path: string,
  keyFile: string,
): Array<{ args: string[]; next: RegExp; onlyDirectory?: boolean }> {
  return [
    { args: ['verify', path], next: /pass the bundle JSON/ },
    { args: ['verify', 'examples/bundles/valid.json', '--trusted-keys', path], next: /--key HEX/ },
    { args: ['report', path, '-o', '/tmp/never.html'], next: /pass the bundle JSON/ },
    {
      args: ['attest', path, '-o', `${path}.out`, '--key', keyFile],
      next: /pass a SESSION of --db or the bundle JSON/,
      onlyDirectory: true, // a missing path is answered earlier: "does not exist (give a bundle file or a session id with --db)",
    },
    { args: ['verify-attestation', path, '--key', HEX], next: /pass the file `truss attest` wrote/ },
    { args: ['bench-verdicts', path], next: /check the path/ },
  ];
}

describe('an unreadable input says why and what to pass', () => {
  const cli = cliHome('unreadable-inputs');

  it('`-` is not read as stdin, and says so instead of only "no such file"', async () => {
    for (const { args, next, onlyDirectory } of commandsReading('-', cli.keyFile)) {
      if (onlyDirectory || args[0] === 'bench-verdicts') continue;
      const result = await runCliInProcess(args, { cwd: cli.home, env: cli.env });
      const said = `${args.join(' ')}: ${result.stderr}`;
      expect(result.code, said).toBe(3);
      expect(result.stderr, said).toContain(
        'truss reads no input from stdin: save it to a file and pass its path',
      );
      expect(result.stderr, said).toMatch(next);
    }
  });

  it.each([
    ['missing', join(cli.home, 'missing.json'), 'no such file'],
    ['a directory', join(cli.home, 'a-dir.json'), 'it is a directory, not a file'],
  ])('%s', async (_, path, reason) => {
    mkdirSync(join(cli.home, 'a-dir.json'), { recursive: true });
    for (const { args, next, onlyDirectory } of commandsReading(path, cli.keyFile)) {
      if (onlyDirectory && reason === 'no such file') continue;
      const result = await runCliInProcess(args, { env: cli.env });
      const said = `${args.join(' ')}: ${result.stderr}`;
      expect(result.code, said).toBe(3);
      expect(result.stderr, said).toContain(`${path}: ${reason} (`);
      expect(result.stderr, said).toMatch(next);
      expect(result.stderr, said).not.toContain('unexpected error');
    }
    const [shipped] = commandsReading(path, cli.keyFile);
    const args = shipped?.args as string[];
    expect(runCli(args, { env: cli.env })).toEqual(await runCliInProcess(args, { env: cli.env }));
  });
});
