/**
 * With --json a failed command is still one JSON document on stdout — `{"error": {"exit", "message"}}`
 * with the exit code the process returns — and the message a person reads stays on stderr. A command
 * that printed its own JSON before failing is not followed by a second document.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('errors under --json', () => {
  const dir = tempDir('json-errors').dir;
  writeFileSync(join(dir, 'bad.json'), '{"not": "a bundle"');

  it.each([
    ['an unreadable bundle (exit 3)', ['verify', 'missing.json', '--json'], 3, 'cannot read'],
    ['a malformed bundle (exit 3)', ['verify', 'bad.json', '--json'], 3, 'bad.json'],
    [
      'an unknown option (exit 64)',
      ['verify', 'bad.json', '--frobnicate', '--json'],
      64,
      'truss verify --help',
    ],
    ['an unknown subcommand (exit 64)', ['ledger', 'frobnicate', '--json'], 64, 'truss ledger --help'],
  ])('%s: one JSON error on stdout, the message on stderr', (_, args, exit, words) => {
    const result = runCli(args, { cwd: dir });
    expect(result.code).toBe(exit);
    const printed = JSON.parse(result.stdout);
    expect(printed).toEqual({ error: { exit, message: expect.stringContaining(words) } });
    expect(result.stderr).toContain(`truss: ${printed.error.message}`);
  });

  it('without --json stdout stays empty, and a -- before --json keeps it a positional', () => {
    for (const args of [
      ['verify', 'missing.json'],
      ['verify', 'missing.json', '--', '--json'],
    ]) {
      const result = runCli(args, { cwd: dir });
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
    }
  });
});
