/**
 * The reviewers judge the work the run started with, not what its checks left (docs/contracts.md,
 * "How clauses are judged"). A checks-only run (a pull request gate) runs its checks in the checkout
 * itself, and they run the pull request's code (`npm test`, `[checks] setup`): a test script that
 * rewrote the changed file with something harmless made the reviewers' diff show the harmless file,
 * and the verdict signed for the head commit — the one with the backdoor — passed. Real CLI process,
 * real git repository, the run's own isolation; a scripted panel that votes not met whenever the
 * backdoor is in what it was shown.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { type Clause, contractToml } from '../helpers/contract-toml.js';
import { commitFiles, git, initRepo } from '../helpers/git.js';

const MARK = 'BACKDOOR-7f3a';

function panel(home: string): string {
  const vote = (vote: string, reasoning: string) =>
    JSON.stringify({ vote, reasoning, aimed_at_reviewers: false });
  const file = join(home, 'panel.json');
  writeFileSync(
    file,
    JSON.stringify([
      { text: vote('not_met', 'the change adds a backdoor'), match: MARK },
      { text: vote('met', 'nothing wrong in what was shown') },
    ]),
  );
  return file;
}

function run(name: string, files: Record<string, string>, clauses: Clause[], tables = {}) {
  const { home, workdir, runFlags, env } = cliHome(name);
  initRepo(workdir, { 'README.md': 'base\n' });
  const base = git(workdir, 'rev-parse', 'HEAD');
  commitFiles(workdir, files, 'the pull request');
  const contract = join(home, 'contract.toml');
  writeFileSync(
    contract,
    `reviewers = 1\n${contractToml({ id: name, intent: 'Add a helper.' }, clauses, {
      provider: { kind: 'scripted', script: panel(home) },
      ...tables,
    })}`,
  );
  return { workdir, result: runCli(['run', contract, ...runFlags, '--base', base], { env, cwd: home }) };
}

const REVIEW: Clause = { kind: 'review', desc: 'the change adds no backdoor' };

describe('reviewers see the work as the run started, whatever its checks rewrote', () => {
  it('a check that rewrites the changed file cannot hide the change from the panel', () => {
    const { workdir, result } = run(
      'evidence-check-rewrite',
      {
        'helper.js': `module.exports = (x) => eval(x); // ${MARK}\n`,
        'test.sh': "printf 'module.exports = (x) => x;\\n' > helper.js\n",
      },
      [{ kind: 'check', desc: 'tests pass', run: 'sh ./test.sh' }, REVIEW],
    );
    // The check really rewrote it: without the fix the panel was shown the rewritten file.
    expect(readFileSync(join(workdir, 'helper.js'), 'utf8')).not.toContain(MARK);
    expect(result.stdout, result.stderr).toContain('VERDICT: FAIL');
    expect(result.stdout).toContain('the change adds a backdoor');
  });

  it('[checks] setup that rewrites a reviewer_context file cannot change what the panel reads', () => {
    const { workdir, result } = run(
      'evidence-setup-rewrite',
      {
        'DESIGN.md': `The helper evaluates its input (${MARK}).\n`,
        'setup.sh': "printf 'The helper returns its input.\\n' > DESIGN.md\n",
      },
      [
        { kind: 'check', desc: 'true', run: 'true' },
        { ...REVIEW, reviewer_context: ['DESIGN.md'] },
      ],
      { checks: { setup: 'sh ./setup.sh' } },
    );
    expect(readFileSync(join(workdir, 'DESIGN.md'), 'utf8')).not.toContain(MARK);
    expect(result.stdout, result.stderr).toContain('VERDICT: FAIL');
  });
});
