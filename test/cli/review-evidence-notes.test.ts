/**
 * What the panel of a review clause was not shown is told to the person running too, not only to the
 * reviewers and the journal: a `reviewer_context` file that does not exist (a typo in the contract)
 * and a workdir without git (no diff) each print a note under the review's progress line. Before,
 * the run passed on the scripted panel's votes and nothing on the terminal said the file was missing.
 * Real CLI, a real child process; the panel is the scripted provider (no model).
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, REPO_ROOT, runCli } from '../helpers/cli.js';

describe('review evidence notes reach the terminal', () => {
  it('a missing reviewer_context file and a workdir without git are named under the review', () => {
    const cli = cliHome('review-notes');
    copyFileSync(join(REPO_ROOT, 'examples/providers/panel-met.json'), join(cli.workdir, 'panel.json'));
    writeFileSync(join(cli.workdir, 'README.md'), '# hello\n');
    const contract = join(cli.workdir, 'review.toml');
    writeFileSync(
      contract,
      [
        'reviewers = 3',
        '[contract]',
        'id = "notes"',
        'intent = "README.md greets"',
        '[[done]]',
        'kind = "review"',
        'desc = "the README greets"',
        'reviewer_context = ["README.md", "READNE.md"]',
        '[provider]',
        'kind = "scripted"',
        'script = "panel.json"',
        '',
      ].join('\n'),
    );
    const result = runCli(['run', contract, ...cli.runFlags, '--isolation', 'none'], { env: cli.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('      note: READNE.md: not found (the panel was told)');
    expect(result.stderr).toContain('      note: the workdir is not a git repository: no diff is available');
    expect(result.stderr).not.toContain('note: README.md');
    const review = result.stderr.indexOf('… review [1] the README greets');
    expect(review).toBeGreaterThanOrEqual(0);
    expect(result.stderr.indexOf('note: READNE.md')).toBeGreaterThan(review);
  });
});
