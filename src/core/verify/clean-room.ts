import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { scrubEnv } from '../process/env-scrub.js';
import { damagedObjectMessage, objectDamage } from '../process/git-object-damage.js';
import { HARNESS_GIT_TIMEOUT_MS } from '../process/git-safety.js';
import { holdsRedactionMark } from '../process/redact.js';
import { removeUntrustedTree } from '../process/remove-tree.js';
import { harnessProgramEnv } from '../process/trusted-path.js';

/**
 * Where checks run after an executor (docs/contracts.md, `[sandbox] checkout`): `clean-room` is a
 * fresh copy of the base commit plus exactly the executor's recorded diff; `in-place` is the
 * executor's own working directory (an explicit opt-out, recorded in the ledger).
 */
export type CheckoutMode = 'clean-room' | 'in-place';

/** The clean copy could not be made; the checks cannot run, so the verdict is UNVERIFIABLE. */
export class CleanRoomError extends Error {
  override name = 'CleanRoomError';
}

export interface MaterializeOptions {
  /** Top level of the repository the executor worked in (its objects are read, never written). */
  repoRoot: string;
  /** The commit the executor started from (recorded before it ran). */
  baseSha: string;
  /**
   * HEAD after the executor (its commits on top of `baseSha`), or null. The copy's HEAD and index
   * point there so history checks (`git log`, `git diff HEAD`) see what the executor left; the
   * files still come from the base commit plus the diff. Ignored unless it descends from the base.
   */
  headSha?: string | null | undefined;
  /** The executor's recorded diff (`git diff --binary` from its start to its end); may be empty. */
  diff: Uint8Array;
  /** Host environment: only the check allowlist (PATH, HOME, …) reaches git. */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * Parent of the clean copy and of its scratch (default: the OS temp dir); a run passes its
   * isolation's `tempDir`, which the next run sweeps if this one is killed. It must not be the
   * harness's private temp dir holding the ledger or keys: the copy is handed to untrusted check
   * processes.
   */
  parentDir?: string | undefined;
  /**
   * Called with the finished copy before anything runs in it: the hook where an isolation layer
   * makes the copy writable by its sandbox user (e.g. chown -R). The copy is created mode 0700 for
   * the harness user; nothing else of the harness lives under it.
   */
  prepare?: ((dir: string) => Promise<void>) | undefined;
  /** Name prefix of the copy's directory (default `truss-cleanroom-`; a fan-out attempt's copy says so). */
  prefix?: string | undefined;
}

export interface CleanRoom {
  /** The clean working copy; checks run here. */
  dir: string;
  baseSha: string;
  /** What HEAD points at in the copy: the executor's last commit, or the base. */
  headSha: string;
  /** The base commit's tree, re-hashed from the files actually checked out. */
  baseTree: string;
  /** sha256 hex of the diff bytes that were applied. */
  diffSha256: string;
  diffBytes: number;
  /** The tree of the copy after the diff (every file as the checks first see it). */
  tree: string;
  durationMs: number;
  /** Removes the copy. */
  dispose(): Promise<void>;
}

/**
 * Materializes a clean working copy for the checks: a new repository with no hooks and a fresh
 * config (nothing the executor could have planted in `.git/hooks` or `.git/config` carries over),
 * the base commit's files checked out from the executor's repository's objects (read through
 * `objects/info/alternates`, nothing copied), the checkout re-hashed and compared with the base tree
 * (so objects an executor rewrote on disk are caught), then the recorded diff applied with
 * `git apply`. Untracked and ignored leftovers of the executor (build outputs, `node_modules`
 * shims, `.env` files) do not exist here unless the recorded diff created them.
 *
 * Throws {@link CleanRoomError} when a step fails (the diff does not apply, the base commit is
 * missing or damaged, the checkout does not re-hash to the base tree); the partial copy is removed.
 */
export async function materializeCleanRoom(options: MaterializeOptions): Promise<CleanRoom> {
  const started = performance.now();
  const env = cleanRoomGitEnv(options.env);
  const parent = options.parentDir ?? tmpdir();
  const dir = await mkdtemp(join(parent, options.prefix ?? 'truss-cleanroom-'));
  // Scratch (template dir, private indexes, the patch file) never lives inside the copy; beside it,
  // mode 0700, so a killed run's is swept with its copy.
  const scratch = await mkdtemp(join(parent, 'truss-cleanroom-scratch-'));
  // The copy is a working copy of the run's isolation, writable by every sandboxed process of the
  // run (a sibling fan-out attempt still running): removed without following a link swapped in.
  const dispose = () => removeUntrustedTree(dir, harnessProgramEnv(env, options.repoRoot));
  try {
    const template = join(scratch, 'template');
    await mkdir(template);
    // Independent questions, started together: where the source's objects are, and the new repository.
    const [source] = await Promise.all([
      sourceObjects(options.repoRoot, env),
      git(['init', '-q', `--template=${template}`, dir], { cwd: scratch, env }),
    ]);
    await writeFile(join(dir, '.git', 'objects', 'info', 'alternates'), `${source}\n`);
    const missing = (error: Error) => {
      // Present but damaged (the work can write .git/objects) is not missing: fetching will not fix it.
      const damage = objectDamage(error.message);
      throw new CleanRoomError(
        damage
          ? damagedObjectMessage(`the base commit ${options.baseSha}`, options.repoRoot, damage)
          : `the base commit ${options.baseSha} is not in ${options.repoRoot}; fetch it (e.g. actions/checkout with fetch-depth: 0) or set [sandbox] checkout = "in-place"`,
      );
    };
    const [base, recordedTree] = await Promise.all([
      git(['rev-parse', '--verify', '--quiet', `${options.baseSha}^{commit}`], { cwd: dir, env }).catch(
        missing,
      ),
      git(['rev-parse', '--verify', '--quiet', `${options.baseSha}^{tree}`], { cwd: dir, env }).catch(
        () => '',
      ),
    ]);
    const baseSha = base.trim();
    const expectedTree = recordedTree.trim();
    // HEAD (its unborn branch), the index and every file of the base commit, in one git: what
    // update-ref, read-tree and checkout-index did in three (the copy has no hooks to run).
    await git(['reset', '-q', '--hard', baseSha], { cwd: dir, env });

    const baseTree = await treeOf(dir, env, join(scratch, 'base-index'));
    if (baseTree !== expectedTree) {
      throw new CleanRoomError(
        `the checked-out base commit ${baseSha} re-hashes to tree ${baseTree}, not its recorded tree ${expectedTree}: the repository's objects were altered, or checkout filters (.gitattributes eol/filter, submodules) change files; run \`git fsck\` or set [sandbox] checkout = "in-place"`,
      );
    }

    const diff = Buffer.from(options.diff);
    if (diff.length > 0) {
      const patch = join(scratch, 'executor.patch');
      await writeFile(patch, diff);
      await git(['apply', '--whitespace=nowarn', patch], { cwd: dir, env }).catch((error: Error) => {
        const why = error.message.replace(/\s+/g, ' ').trim();
        // The recorded diff is the journaled one, after the secret scan: a line it replaced whole (a
        // seed-shaped value alone on its line, a key block) loses its diff marker and breaks the patch.
        throw new CleanRoomError(
          holdsRedactionMark(diff.toString('utf8'))
            ? `the executor's recorded diff does not apply to base commit ${baseSha}: the secret scan replaced text in it (a key, a token, or a line holding only a 32-byte base64 value, the shape of a signing seed), so it no longer rebuilds the work (${why}). Keep keys out of the change, or set [sandbox] checkout = "in-place"`
            : `the executor's recorded diff does not apply to base commit ${baseSha}: ${why}. If the workdir had uncommitted changes before the run, commit them first, or set [sandbox] checkout = "in-place"`,
        );
      });
    }
    const tree = await treeOf(dir, env, join(scratch, 'after-index'));
    const headSha = await executorHead(dir, env, baseSha, options.headSha ?? null);
    // HEAD and the index to the executor's commit, the files left as the diff made them.
    if (headSha !== baseSha) await git(['reset', '-q', '--mixed', headSha], { cwd: dir, env });
    if (options.prepare) await options.prepare(dir);
    return {
      dir,
      baseSha,
      headSha,
      baseTree,
      diffSha256: createHash('sha256').update(diff).digest('hex'),
      diffBytes: diff.length,
      tree,
      durationMs: performance.now() - started,
      dispose,
    };
  } catch (error) {
    await dispose();
    if (error instanceof CleanRoomError) throw error;
    const damage = objectDamage((error as Error).message);
    if (damage)
      throw new CleanRoomError(
        damagedObjectMessage(`an object of the base commit ${options.baseSha}`, options.repoRoot, damage),
      );
    throw new CleanRoomError(
      `could not materialize the clean copy for the checks: ${(error as Error).message}`,
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Git for the clean room: the check allowlist plus a config that ignores the user's global and the
 * system config (no hooksPath, filters or aliases from outside), with a fixed locale.
 */
export function cleanRoomGitEnv(host: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return {
    ...scrubEnv(host),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
  };
}

/** The executor's HEAD when it is a commit descending from the base, else the base. */
async function executorHead(
  dir: string,
  env: Record<string, string>,
  baseSha: string,
  headSha: string | null,
): Promise<string> {
  if (!headSha || headSha === baseSha) return baseSha;
  try {
    await git(['merge-base', '--is-ancestor', baseSha, headSha], { cwd: dir, env });
    return (await git(['rev-parse', '--verify', `${headSha}^{commit}`], { cwd: dir, env })).trim();
  } catch {
    return baseSha;
  }
}

/** The executor repository's object directory (shared by its worktrees). */
async function sourceObjects(repoRoot: string, env: Record<string, string>): Promise<string> {
  // safe.directory is a global setting; this read is of a repository the harness itself chose.
  const common = (
    await git(['-c', `safe.directory=${repoRoot}`, 'rev-parse', '--git-common-dir'], { cwd: repoRoot, env })
  ).trim();
  const dir = isAbsolute(common) ? common : resolve(repoRoot, common);
  return join(dir, 'objects');
}

/** Every file under `dir` hashed into a tree through a private index (ignore rules do not apply). */
async function treeOf(dir: string, env: Record<string, string>, indexFile: string): Promise<string> {
  const scoped = { cwd: dir, env: { ...env, GIT_INDEX_FILE: indexFile } };
  await git(['add', '-A', '-f', '--', '.'], scoped);
  return (await git(['write-tree'], scoped)).trim();
}

function git(args: string[], options: { cwd: string; env: Record<string, string> }): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('git', args, {
      cwd: options.cwd,
      env: harnessProgramEnv(options.env, options.cwd),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: HARNESS_GIT_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise(Buffer.concat(out).toString('utf8'));
      else
        reject(
          new Error(
            `git ${args[0] === '-c' ? args[2] : args[0]} failed (exit ${code}): ${Buffer.concat(err).toString('utf8').slice(0, 2000)}`,
          ),
        );
    });
  });
}
