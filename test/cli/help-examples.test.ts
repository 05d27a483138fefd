/**
 * Every command's --help says what it does and shows how to call it: an "Examples:" section and its
 * exit codes. Each example is run with --help appended, so its flags are checked by the command's own
 * strict parser (a flag the command does not take would exit 64): an example cannot drift from the
 * command. `truss help CMD` is `truss CMD --help`. Before, only `eval` and `keygen` showed a call,
 * and `keygen`, `review`, `lesson` and `playbook` gave no exit codes. The texts and the examples'
 * parses go through the CLI's entry function in this process (runCliInProcess); the built CLI in a
 * child process shows `truss --help`, `truss help CMD` and the unknown topic, and that its help is
 * the same text.
 */
import { describe, expect, it } from 'vitest';
import { runCli, runCliInProcess } from '../helpers/cli.js';

const COMMANDS = [
  'run',
  'resume',
  'signal',
  'eval',
  'bench-verdicts',
  'keygen',
  'verify',
  'attest',
  'verify-attestation',
  'report',
  'ledger',
  'review',
  'anchor',
  'mcp',
  'mcp serve',
  'memory',
  'lesson',
  'playbook',
];

/** The example command lines of a help text: `truss …` lines of its "Examples:" section. */
function examples(help: string): string[] {
  const lines = help.split('\n');
  const start = lines.indexOf('Examples:');
  const found: string[] = [];
  for (const line of start < 0 ? [] : lines.slice(start + 1)) {
    if (line.trim() === '') break;
    if (line.startsWith('  truss ')) found.push(line.trim());
  }
  return found;
}

/**
 * Shell words of one example up to a comment, pipe or redirection (quotes removed), with --help put
 * before any `--` (after it, words are the run's intent).
 */
function words(line: string): string[] {
  const out: string[] = [];
  for (const match of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    const bare = match[3];
    if (bare === '#' || bare === '|' || bare === '>' || bare?.startsWith('#')) break;
    out.push(match[1] ?? match[2] ?? (bare as string));
  }
  const args = out.slice(1);
  const end = args.indexOf('--');
  return end < 0 ? [...args, '--help'] : [...args.slice(0, end), '--help'];
}

describe('every command shows what it does, examples and exit codes', () => {
  it.each(COMMANDS)('truss %s --help', async (command) => {
    const result = await runCliInProcess([...command.split(' '), '--help']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Usage: truss /);
    expect(result.stdout).toContain('\nExit codes');
    const shown = examples(result.stdout);
    expect(shown.length, result.stdout).toBeGreaterThan(0);
    for (const example of shown) {
      const args = words(example);
      expect(args.slice(0, command.split(' ').length).join(' '), example).toBe(command);
      const parsed = await runCliInProcess(args);
      expect(parsed.code, `${example}: ${parsed.stderr}`).toBe(0);
    }
  });

  it('truss --help shows examples; truss help CMD is CMD --help; an unknown topic is a usage error', async () => {
    const main = runCli(['--help']);
    expect(examples(main.stdout).length).toBeGreaterThan(0);
    for (const example of examples(main.stdout)) expect((await runCliInProcess(words(example))).code).toBe(0);
    const viaHelp = runCli(['help', 'verify']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(runCli(['verify', '--help']).stdout);
    expect(viaHelp.stdout).toBe((await runCliInProcess(['verify', '--help'])).stdout);
    const typo = runCli(['help', 'verfy']);
    expect(typo.code).toBe(64);
    expect(typo.stderr).toContain('did you mean "verify"?');
  });
});
