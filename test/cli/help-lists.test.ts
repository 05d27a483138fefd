/**
 * `truss --help` lists each command's subcommands (`memory list|show|…`); that list is the one the
 * command's own `--help` documents under "Commands:", no more and no fewer (docs/cli.md lists the
 * same). `memory approve` and `playbook approve` were missing from the top-level list. Real CLI.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/** The words at the start of each entry of the "Commands:" section of a help text. */
function commandsSection(help: string): string[] {
  const lines = help.split('\n');
  const start = lines.indexOf('Commands:');
  if (start < 0) return [];
  const words: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') break;
    const match = /^ {2}([a-z][a-z-]*)(?:\s|$)/.exec(line);
    if (match) words.push(match[1] as string);
  }
  return words;
}

describe('truss --help lists the subcommands each command has', () => {
  it('memory, playbook, ledger and anchor: the same set as their own --help', () => {
    const main = runCli(['--help']);
    expect(main.code).toBe(0);
    for (const command of ['memory', 'playbook', 'ledger', 'anchor']) {
      const line = main.stdout.split('\n').find((l) => l.startsWith(`  ${command} `));
      expect(line, command).toBeDefined();
      const listed = ((line as string).trim().split(/\s+/)[1] as string).split('|');
      const sub = runCli([command, '--help']);
      expect(sub.code, sub.stderr).toBe(0);
      const own = commandsSection(sub.stdout);
      expect(own.length, command).toBeGreaterThan(1);
      expect([...listed].sort(), command).toEqual([...own].sort());
    }
  });
});
