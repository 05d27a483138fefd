import { chmodSync, chownSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitMetadataGuard } from '../../src/core/process/git-metadata.js';
import { GitCommandError, runHarnessGit } from '../../src/core/process/git-safety.js';
import { git, makeRepo } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * Every config git would read that the judged work can write refuses the harness's git at once
 * (docs/security.md, "Git metadata"), however the include is spelled and wherever it is made: the
 * repository's config, a file it includes, `config.worktree`, the environment. Each case puts a
 * clean filter that drops a marker file in the untrusted config and changes a tracked file without
 * changing its size, so a `git status` that ran would have run the filter.
 */

interface Case {
  repo: string;
  marker: string;
  env: Record<string, string | undefined>;
}

function setup(): Case {
  const repo = makeRepo({ 'README.md': 'work\n' }, 'config-trust');
  const marker = join(repo, '.ran');
  writeFileSync(join(repo, '.f.sh'), `#!/bin/sh\necho ran >> '${marker}'\ncat\n`, { mode: 0o755 });
  writeFileSync(join(repo, '.gitattributes'), '* filter=x\n');
  writeFileSync(join(repo, 'README.md'), 'WORK\n');
  return { repo, marker, env: { ...process.env, HOME: tempDir('config-trust-home').dir } };
}

/** A config that sets the filter the marker comes from. */
const filterConfig = (c: Case) => `[filter "x"]\n\tclean = ${join(c.repo, '.f.sh')}\n`;

async function refusal(c: Case): Promise<string> {
  const failure = await runHarnessGit(c.repo, ['status', '--porcelain'], { env: c.env }).catch(
    (error: unknown) => error,
  );
  expect(existsSync(c.marker)).toBe(false);
  expect(failure).toBeInstanceOf(GitCommandError);
  return (failure as Error).message;
}

async function ran(c: Case): Promise<void> {
  const result = await runHarnessGit(c.repo, ['status', '--porcelain'], { env: c.env });
  expect(result.code, result.stderr).toBe(0);
}

describe('a config the judged work can write', () => {
  const spellings: Array<[string, string]> = [
    ['[include] path = ../.gitconfig', '[include]\n\tpath = ../.gitconfig\n'],
    ['[include]path=… on one line', '[include]path=../.gitconfig\n'],
    ['[Include] PATH', '[Include]\n\tPATH = "../.gitconfig" ; comment\n'],
    ['a value continued on the next line', '[include]\n\tpath = ../.git\\\nconfig\n'],
    ['an escaped quote in a quoted value', '[include]\n\tpath = "../.git"config\n'],
    ['includeIf, its condition not evaluated', '[includeIf "onbranch:nowhere"]\n\tpath = ../.gitconfig\n'],
    ['after a CRLF and a comment', '# shared\r\n[include]\r\n\tpath = ../.gitconfig\r\n'],
  ];
  for (const [name, include] of spellings) {
    it(`included from the work tree (${name}): refused, naming the including file, the path and the fix`, async () => {
      const c = setup();
      writeFileSync(join(c.repo, '.gitconfig'), filterConfig(c));
      const config = join(c.repo, '.git/config');
      writeFileSync(config, `[core]\n\trepositoryformatversion = 0\n${include}`);
      const message = await refusal(c);
      expect(message).toContain(`${config} (`);
      expect(message).toContain(
        `makes git read ${join(c.repo, '.gitconfig')}, which is inside the working tree`,
      );
      expect(message).toContain(`git config --file '${config}' --unset-all '`);
    });
  }

  it('included from a trusted file that includes the work tree: refused, naming that file', async () => {
    const c = setup();
    writeFileSync(join(c.repo, '.gitconfig'), filterConfig(c));
    writeFileSync(join(c.repo, '.git/info/shared'), '[include]\n\tpath = ../../.gitconfig\n');
    git(c.repo, 'config', 'include.path', 'info/shared');
    const message = await refusal(c);
    expect(message).toContain(
      `${join(c.repo, '.git/info/shared')} (include.path) makes git read ${join(c.repo, '.gitconfig')}`,
    );
  });

  it('kept in .git/info/ as a link into the work tree: refused (the link is followed)', async () => {
    const c = setup();
    writeFileSync(join(c.repo, '.gitconfig'), filterConfig(c));
    symlinkSync('../../.gitconfig', join(c.repo, '.git/info/shared'));
    git(c.repo, 'config', 'include.path', 'info/shared');
    expect(await refusal(c)).toContain('which is inside the working tree');
  });

  it('named through a link the work planted, with a `..` after it: refused where the kernel leads, not where the text says', async () => {
    const c = setup();
    // Lexically <parent>/<name>/x.conf, a trusted place; through the work's link, <repo>/<name>/x.conf.
    const parent = join(c.repo, '..');
    const name = `safe-${basename(c.repo)}`;
    mkdirSync(join(parent, name));
    writeFileSync(join(parent, name, 'x.conf'), '[core]\n\tquotePath = false\n');
    mkdirSync(join(c.repo, 'a/b'), { recursive: true });
    mkdirSync(join(c.repo, name));
    writeFileSync(join(c.repo, name, 'x.conf'), filterConfig(c));
    symlinkSync(join(c.repo, 'a/b'), join(c.repo, 'link'));
    git(c.repo, 'config', 'include.path', `../link/../../${name}/x.conf`);
    expect(await refusal(c)).toContain('which is inside the working tree');
  });

  it("through /proc/self/cwd (the work tree to git, this process's cwd to the check): refused", async () => {
    const c = setup();
    writeFileSync(join(c.repo, '.gitconfig'), filterConfig(c));
    git(c.repo, 'config', 'include.path', '/proc/self/cwd/.gitconfig');
    expect(await refusal(c)).toContain('in /proc, /dev or /sys');
  });

  it("from a linked worktree, included from its repository's work tree: refused", async () => {
    const c = setup();
    writeFileSync(join(c.repo, '.gitconfig'), filterConfig(c));
    git(c.repo, 'config', 'include.path', '../.gitconfig');
    const linked = join(tempDir('config-trust-wt').dir, 'wt');
    git(c.repo, 'worktree', 'add', '-q', linked);
    writeFileSync(join(linked, '.gitattributes'), '* filter=x\n');
    writeFileSync(join(linked, 'README.md'), 'WORK\n');
    expect(await refusal({ ...c, repo: linked })).toContain(
      `${join(c.repo, '.gitconfig')}, which is inside the working tree`,
    );
  });

  it('in .git outside its read-only entries (a loose ref directory): refused', async () => {
    const c = setup();
    writeFileSync(join(c.repo, '.git/refs/shared'), filterConfig(c));
    git(c.repo, 'config', 'include.path', 'refs/shared');
    expect(await refusal(c)).toContain('which is inside the git directory');
  });

  it("in the run's scratch, or missing in a directory anyone can write: refused", async () => {
    const c = setup();
    git(c.repo, 'config', 'include.path', `/tmp/truss-sandbox-${process.getuid?.()}/keep/x/home/.gitconfig`);
    expect(await refusal(c)).toContain('which is in the run');
    git(c.repo, 'config', 'include.path', `/tmp/truss-no-such-${Date.now()}`);
    expect(await refusal(c)).toContain('missing, and /tmp (where it could be made)');
  });

  it.skipIf(process.getuid?.() !== 0)('owned by another user: refused', async () => {
    const c = setup();
    const elsewhere = tempDir('config-trust-other').dir;
    chmodSync(elsewhere, 0o755);
    const file = join(elsewhere, 'shared');
    writeFileSync(file, filterConfig(c));
    chownSync(file, 65534, 65534);
    git(c.repo, 'config', 'include.path', file);
    expect(await refusal(c)).toContain('owned by another user');
  });

  it('config.worktree, read with extensions.worktreeConfig, including the work tree: refused', async () => {
    const c = setup();
    writeFileSync(join(c.repo, '.gitconfig'), filterConfig(c));
    git(c.repo, 'config', 'core.repositoryformatversion', '1');
    git(c.repo, 'config', 'extensions.worktreeConfig', 'true');
    writeFileSync(join(c.repo, '.git/config.worktree'), '[include]\n\tpath = ../.gitconfig\n');
    expect(await refusal(c)).toContain(`${join(c.repo, '.git/config.worktree')} (include.path)`);
  });

  it('GIT_CONFIG_GLOBAL in the work tree, or an include in GIT_CONFIG_PARAMETERS or GIT_CONFIG_COUNT: refused', async () => {
    const c = setup();
    writeFileSync(join(c.repo, '.gitconfig'), filterConfig(c));
    const path = join(c.repo, '.gitconfig');
    expect(await refusal({ ...c, env: { ...c.env, GIT_CONFIG_GLOBAL: path } })).toContain(
      'GIT_CONFIG_GLOBAL makes git read',
    );
    expect(
      await refusal({
        ...c,
        env: { ...c.env, GIT_CONFIG_PARAMETERS: `'core.x'='1' 'Include.Path'='${path}'` },
      }),
    ).toContain('GIT_CONFIG_PARAMETERS (include.path)');
    expect(
      await refusal({
        ...c,
        env: { ...c.env, GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'include.path', GIT_CONFIG_VALUE_0: path },
      }),
    ).toContain('unset GIT_CONFIG_COUNT');
  });

  it('a ~/ include (the harness user home) and one kept in .git/info/ run', async () => {
    const c = setup();
    const home = c.env.HOME as string;
    mkdirSync(join(home, 'conf'));
    writeFileSync(join(home, 'conf/shared'), '[core]\n\tquotePath = false\n');
    writeFileSync(join(c.repo, '.git/info/shared'), '[include]\n\tpath = ~/conf/shared\n');
    git(c.repo, 'config', 'include.path', 'info/shared');
    await ran(c);
    // The work's filter is not in any of them: nothing ran.
    expect(existsSync(c.marker)).toBe(false);
  });

  it('with extensions.worktreeConfig on, the sandboxes keep config.worktree read-only (made when missing)', () => {
    const c = setup();
    git(c.repo, 'config', 'core.repositoryformatversion', '1');
    git(c.repo, 'config', 'extensions.worktreeConfig', 'true');
    const guard = gitMetadataGuard([c.repo]);
    expect(guard.readOnly).toContain(join(c.repo, '.git/config.worktree'));
    expect(existsSync(join(c.repo, '.git/config.worktree'))).toBe(true);
  });
});
