import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { snapshotWorktree } from '../core/process/index.js';
import { WORKDIR_PATCH_FILE_NAME } from './names.js';

const execGit = promisify(execFile);
const OUTSIDE_TRUSS = ['--', '.', ':(top,exclude).truss'];

/**
 * Everything the run changed since `baseSha` — commits, staged, unstaged and new files, binary
 * included, never `.truss/` — as one patch, built in a throwaway index so the workspace and its
 * real index are untouched. A suspended run's later job applies it on a fresh checkout of `baseSha`
 * so the replayed journal and the files agree again. Empty when nothing changed.
 */
export async function captureWorkdirPatch(workdir: string, baseSha: string): Promise<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'truss-index-'));
  const env = { ...process.env, GIT_INDEX_FILE: join(scratch, 'index') };
  const git = async (args: string[]) =>
    (await execGit('git', args, { cwd: workdir, env, maxBuffer: 256 << 20 })).stdout;
  try {
    await git(['read-tree', 'HEAD']);
    await git(['add', '--all', ...OUTSIDE_TRUSS]);
    return await git(['diff', '--cached', '--binary', '--full-index', baseSha, ...OUTSIDE_TRUSS]);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Applies a patch from `captureWorkdirPatch` to a checkout of the same base; refuses one that does
 * not apply cleanly. First it snapshots the checkout as it is: the in-loop executor recorded the
 * run-start working tree as a tree object in the first job's repository, and writing the same tree
 * here (a clean checkout of the same commit hashes the same) lets the resumed run take its work
 * diff — without it the diff fails and the clean-room checks are unverifiable.
 */
export async function applyWorkdirPatch(
  workdir: string,
  patch: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<void> {
  await snapshotWorktree(workdir, env).catch(() => undefined);
  if (!patch.trim()) return;
  const scratch = mkdtempSync(join(tmpdir(), 'truss-patch-'));
  const file = join(scratch, WORKDIR_PATCH_FILE_NAME);
  writeFileSync(file, patch);
  try {
    await execGit('git', ['apply', '--binary', '--whitespace=nowarn', file], { cwd: workdir });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new Error(
      `the suspended run's workspace changes do not apply to this checkout: ${stderr || (error as Error).message}`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
