/**
 * The harness reads git's messages (a damaged object, git-object-damage.ts; "not a git repository";
 * a push rejected because the branch moved), which git prints in the host's language when its
 * translations are installed. Every harness git runs in the C locale whatever the host's LANG,
 * LC_ALL or LANGUAGE: under a German git a damaged commit was read as a missing one and the user was
 * told to fetch it (docs/security.md, "Git metadata"). A real git, speaking German through a text
 * domain made here (helpers/translated-git.ts), on real repositories.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureBaseCommit } from '../../src/action/ensure-base-commit.js';
import { runHarnessGits } from '../../src/core/process/git-batch.js';
import {
  harnessGit,
  preparedHarnessGit,
  runHarnessGit,
  runHarnessGitCapped,
  runHarnessGitSync,
} from '../../src/core/process/git-safety.js';
import { objectDamage } from '../../src/core/process/index.js';
import { readGitInfo } from '../../src/core/verify/index.js';
import { WorkspaceGitFacts } from '../../src/github/workspace-git-facts.js';
import { commitFiles, git, makeRepo } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';
import { germanGitEnv } from '../helpers/translated-git.js';

const GERMAN = germanGitEnv();
const saved = { ...process.env };
afterEach(() => {
  for (const name of Object.keys(GERMAN)) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});
/** From here on this process (and every git it starts with its environment) speaks German. */
const speakGerman = () => Object.assign(process.env, GERMAN);

/** A repository whose HEAD commit's loose object holds another commit. */
function damagedHead(): { dir: string; head: string } {
  const dir = makeRepo({ 'a.txt': 'a\n' }, 'git-locale');
  const head = commitFiles(dir, { 'b.txt': 'b\n' }, 'head');
  const other = git(dir, 'commit-tree', `${head}^{tree}`, '-m', 'other');
  const object = (sha: string) => join(dir, '.git/objects', sha.slice(0, 2), sha.slice(2));
  chmodSync(object(head), 0o644);
  copyFileSync(object(other), object(head));
  return { dir, head };
}

const question = (head: string) => ['cat-file', '-e', `${head}^{commit}`];

describe('harness git under a translated git', () => {
  it('the test git does speak German when run with the host environment (else nothing here could fail)', () => {
    const { dir, head } = damagedHead();
    speakGerman();
    let stderr = '';
    try {
      execFileSync('git', question(head), { cwd: dir, env: process.env, stdio: 'pipe' });
    } catch (error) {
      stderr = String((error as { stderr: Buffer }).stderr);
    }
    expect(stderr).toContain(`Hash stimmt nicht mit ${head} überein.`);
    expect(objectDamage(stderr)).toBeNull();
  });

  it("every way the harness starts git gets git's English words, from the host's or the given environment", async () => {
    const { dir, head } = damagedHead();
    speakGerman();
    const said: Record<string, string> = {};
    said.runHarnessGit = (await runHarnessGit(dir, question(head))).stderr;
    said['runHarnessGit with env'] = (
      await runHarnessGit(dir, question(head), { env: { ...process.env } })
    ).stderr;
    said.runHarnessGitCapped = (await runHarnessGitCapped(dir, question(head), 1024)).stderr;
    said.runHarnessGitSync = runHarnessGitSync(dir, question(head)).stderr;
    const batch = await runHarnessGits(dir, [{ args: question(head) }, { args: ['status', '--porcelain'] }]);
    said.runHarnessGits = (batch[0] as { stderr: string }).stderr;
    said['harnessGit().raw'] = await harnessGit(dir)
      .raw(question(head))
      .then(
        () => '',
        (error: Error) => error.message,
      );
    const { argv, env } = preparedHarnessGit(dir, question(head));
    said.preparedHarnessGit = '';
    try {
      execFileSync('git', argv, { cwd: dir, env, stdio: 'pipe' });
    } catch (error) {
      said.preparedHarnessGit = String((error as { stderr: Buffer }).stderr);
    }
    for (const [how, stderr] of Object.entries(said))
      expect([how, objectDamage(stderr)]).toEqual([how, `hash mismatch ${head}`]);
  });

  it('readGitInfo says a damaged --base is damaged, never that it is to be fetched', async () => {
    const { dir, head } = damagedHead();
    speakGerman();
    const error = await readGitInfo(dir, head).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(
      new RegExp(`^--base ${head} in .* is damaged: .*\\(git: hash mismatch ${head}\\)`),
    );
    expect((error as Error).message).not.toMatch(/git fetch/);
  });

  it('the Action says the PR base is damaged, not that it could not be fetched (use fetch-depth: 0)', async () => {
    const upstream = makeRepo({ 'a.txt': 'a\n' }, 'git-locale-upstream');
    const base = git(upstream, 'rev-parse', 'HEAD');
    const head = commitFiles(upstream, { 'a.txt': 'b\n' }, 'head');
    git(upstream, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
    const work = join(tempDir('git-locale-work').dir, 'repo');
    git(upstream, 'clone', '-q', '--depth=1', `file://${upstream}`, work);
    git(work, 'fetch', '-q', '--depth=1', 'origin', base);
    const other = git(work, 'commit-tree', `${head}^{tree}`, '-m', 'other');
    const object = (sha: string) => join(work, '.git/objects', sha.slice(0, 2), sha.slice(2));
    chmodSync(object(base), 0o644);
    copyFileSync(object(other), object(base));
    speakGerman();
    const warnings: string[] = [];
    expect(
      await ensureBaseCommit(await WorkspaceGitFacts.ask(work, base), (m) => warnings.push(m)),
    ).toBeNull();
    expect(warnings.join('\n')).toMatch(
      new RegExp(`the base commit ${base.slice(0, 12)} in .* is damaged: .*\\(git: hash mismatch ${base}\\)`),
    );
    expect(warnings.join('\n')).not.toMatch(/fetch-depth|could not be fetched/);
  });
});
