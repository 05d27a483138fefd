import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harnessGit } from '../../src/core/process/git-safety.js';
import { readGitInfo } from '../../src/core/verify/git-info.js';
import { git, makeRepo } from '../helpers/git.js';

/**
 * The harness runs git on trees the agent could write: an fsmonitor command and hooks planted in
 * .git must not run in the process that holds the keys (docs/security.md).
 */
function plantedRepo(): { dir: string; marker: string } {
  const dir = makeRepo({ 'a.txt': 'a\n' }, 'git-safety');
  const marker = join(dir, 'PWNED');
  // What an agent's bash could write after the fact.
  const hook = `#!/bin/sh\ntouch '${marker}'\n`;
  for (const name of ['post-checkout', 'pre-commit', 'post-index-change', 'reference-transaction']) {
    writeFileSync(join(dir, '.git/hooks', name), hook);
    chmodSync(join(dir, '.git/hooks', name), 0o755);
  }
  git(dir, 'config', 'core.fsmonitor', `touch '${marker}'; false`);
  writeFileSync(join(dir, 'a.txt'), 'changed\n');
  return { dir, marker };
}

describe('harness git on an agent-written tree', () => {
  it('plain git would run the planted fsmonitor command (the test can fail)', () => {
    const { dir, marker } = plantedRepo();
    execFileSync('git', ['status', '--porcelain'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: dir },
    });
    expect(existsSync(marker)).toBe(true);
  });

  it('harnessGit and readGitInfo run neither the fsmonitor command nor hooks', async () => {
    const { dir, marker } = plantedRepo();
    await harnessGit(dir).raw(['status', '--porcelain']);
    await harnessGit(dir).raw(['diff', '--no-ext-diff']);
    await harnessGit(dir).raw(['update-ref', 'refs/heads/x', 'HEAD']);
    const info = await readGitInfo(dir);
    expect(info?.dirty).toBe(true);
    expect(existsSync(marker)).toBe(false);
  });
});
