/**
 * With no --key or --trusted-keys, the CLI pins the working copy's `.truss/trusted-keys` — but a
 * pull-request checkout is written by the pull request's author, who can add their own key there and
 * hand over a bundle they signed. The file counts only as the default branch has it (origin/HEAD, or
 * HEAD's committed copy without a remote). Real git repositories, a real clone, the real CLI.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createNodeCrypto,
  exportBundleToFile,
  LedgerStore,
  type SigningKey,
} from '../../src/core/ledger/index.js';
import { runCli } from '../helpers/cli.js';
import { commitFiles, git, makeRepo } from '../helpers/git.js';
import { keyFromByte } from '../helpers/keys.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * A home of its own, outside the checkout: a global git config inside the working tree is one the
 * judged work could write, and the harness's git refuses it (docs/security.md, "Git metadata").
 */
function ownHome(): string {
  return tempDir('home').dir;
}

const MAINTAINER = keyFromByte(0x31);
const ATTACKER = keyFromByte(0x32);
const pin = (key: SigningKey, label: string) => `${key.publicKeyHex} ${label}\n`;

/** A finished sample run signed by `key`, exported as a bundle file. */
function bundleSignedBy(key: SigningKey, name: string): string {
  const dir = tempDir(`trusted-${name}`);
  const store = LedgerStore.open(dir.path('ledger.db'));
  const id = appendSampleRun(store, key);
  const path = dir.path(`${name}.json`);
  exportBundleToFile(store, id, createNodeCrypto(), path);
  store.close();
  return path;
}

function verify(cwd: string, bundle: string, ...flags: string[]) {
  const run = runCli(['verify', bundle, '--json', ...flags], { cwd, env: { HOME: ownHome() } });
  return { ...run, report: JSON.parse(run.stdout || '{}') as { status?: string } };
}

describe("the working copy's .truss/trusted-keys", () => {
  let upstream: string;
  let maintainerBundle: string;
  let attackerBundle: string;
  beforeAll(() => {
    upstream = makeRepo(
      { 'README.md': '# project\n', '.truss/trusted-keys': pin(MAINTAINER, 'ci') },
      'upstream',
    );
    maintainerBundle = bundleSignedBy(MAINTAINER, 'maintainer');
    attackerBundle = bundleSignedBy(ATTACKER, 'attacker');
  });

  const clone = () => {
    const dir = join(tempDir('pr-checkout').dir, 'repo');
    git(upstream, 'clone', '-q', upstream, dir);
    return dir;
  };

  it('as the default branch has it: pins the maintainer key', () => {
    const checkout = clone();
    const ok = verify(checkout, maintainerBundle);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.report.status).toBe('verified');
    expect(ok.stderr).not.toContain('not trusting');
  });

  it("a pull request's branch that adds its author's key: not trusted, the attacker's bundle is integrity only", () => {
    const checkout = clone();
    git(checkout, 'checkout', '-q', '-b', 'pr-branch');
    commitFiles(
      checkout,
      { '.truss/trusted-keys': pin(MAINTAINER, 'ci') + pin(ATTACKER, 'org-ci-key') },
      'pin',
    );
    const forged = verify(checkout, attackerBundle);
    expect(forged.code).toBe(4);
    expect(forged.report.status).toBe('integrity_only');
    expect(forged.stderr).toContain(
      `not trusting the keys in ${join(checkout, '.truss/trusted-keys')}: it differs from the base branch's copy (origin/HEAD)`,
    );
    // Naming the file is the user's decision, and then it counts.
    const explicit = verify(checkout, attackerBundle, '--trusted-keys', '.truss/trusted-keys');
    expect(explicit.report.status).toBe('verified');
  });

  it('a file the base branch does not have, or an edit not committed, is refused the same way', () => {
    const bare = makeRepo({ 'README.md': '# no remote\n' }, 'local-only');
    mkdirSync(join(bare, '.truss'), { recursive: true });
    writeFileSync(join(bare, '.truss/trusted-keys'), pin(ATTACKER, 'untracked'));
    expect(verify(bare, attackerBundle).stderr).toContain('it is not committed');
    commitFiles(bare, {}, 'commit the pin');
    expect(verify(bare, attackerBundle).report.status).toBe('verified');
    writeFileSync(join(bare, '.truss/trusted-keys'), pin(MAINTAINER, 'edited'));
    const edited = verify(bare, maintainerBundle);
    expect(edited.stderr).toContain('it has uncommitted changes');
    expect(edited.report.status).toBe('integrity_only');

    // A project whose default branch pins nothing: a checkout that adds the file is not trusted.
    const unpinned = makeRepo({ 'README.md': '# no pins\n' }, 'upstream-unpinned');
    const checkout = join(tempDir('pr-checkout').dir, 'repo');
    git(unpinned, 'clone', '-q', unpinned, checkout);
    mkdirSync(join(checkout, '.truss'), { recursive: true });
    writeFileSync(join(checkout, '.truss/trusted-keys'), pin(ATTACKER, 'new'));
    expect(verify(checkout, attackerBundle).stderr).toContain(
      'the base branch (origin/HEAD) has no such file',
    );
  });

  it('in a pull-request job (GITHUB_BASE_REF), the copy on origin/<base> decides; without it fetched, nothing is pinned', () => {
    // actions/checkout of a pull request: HEAD holds the PR's commits, origin/HEAD is not set.
    const checkout = clone();
    git(checkout, 'checkout', '-q', '-b', 'pr-branch');
    commitFiles(checkout, { '.truss/trusted-keys': pin(ATTACKER, 'org-ci-key') }, 'pin');
    git(checkout, 'remote', 'set-head', 'origin', '--delete');
    const env = { HOME: ownHome(), GITHUB_BASE_REF: 'main' };
    const run = (...flags: string[]) =>
      runCli(['verify', attackerBundle, '--json', ...flags], { cwd: checkout, env });
    const againstMain = run();
    expect(againstMain.code).toBe(4);
    expect(againstMain.stderr).toContain("it differs from the base branch's copy (origin/main)");
    git(checkout, 'update-ref', '-d', 'refs/remotes/origin/main');
    const unfetched = run();
    expect(unfetched.code).toBe(4);
    expect(unfetched.stderr).toContain('origin/main is not fetched to compare with');
  });

  it('a checkout without origin/HEAD (actions/checkout of a branch) or where git fails pins nothing', () => {
    // What actions/checkout makes for a push or workflow_dispatch job on a branch: no origin/HEAD.
    const checkout = join(tempDir('actions-checkout').dir, 'repo');
    const source = clone();
    git(source, 'checkout', '-q', '-b', 'pr-branch');
    commitFiles(source, { '.truss/trusted-keys': pin(ATTACKER, 'org-ci-key') }, 'pin');
    git(source, 'init', '-q', checkout);
    git(checkout, 'remote', 'add', 'origin', source);
    git(
      checkout,
      'fetch',
      '-q',
      '--depth=1',
      'origin',
      '+refs/heads/pr-branch:refs/remotes/origin/pr-branch',
    );
    git(checkout, 'checkout', '-q', 'origin/pr-branch');
    const noDefault = verify(checkout, attackerBundle);
    expect(noDefault.code).toBe(4);
    expect(noDefault.stderr).toContain('origin/HEAD is not set, so the default branch is unknown');
    // git missing (or refusing the repository): never a pass.
    const noGit = runCli(['verify', attackerBundle, '--json'], {
      cwd: checkout,
      env: { HOME: ownHome(), PATH: '/nonexistent' },
    });
    expect(noGit.code).toBe(4);
    expect(noGit.stderr).toContain('git could not read the repository to compare it');
    // A GITHUB_BASE_REF that is not a branch name is not quietly replaced by another baseline.
    const odd = runCli(['verify', attackerBundle, '--json'], {
      cwd: checkout,
      env: { HOME: ownHome(), GITHUB_BASE_REF: 'main..x' },
    });
    expect(odd.stderr).toContain('is not a branch name to compare with');
  });

  it('outside a git repository there is nothing to compare with: the file is used as before', () => {
    const plain = tempDir('no-git').dir;
    mkdirSync(join(plain, '.truss'));
    writeFileSync(join(plain, '.truss/trusted-keys'), pin(MAINTAINER, 'ci'));
    const ok = verify(plain, maintainerBundle);
    expect(ok.report.status).toBe('verified');
  });
});
