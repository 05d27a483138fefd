import { realpathSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { z } from 'zod';
import { scrubEnv } from '../process/env-scrub.js';
import {
  checkHarnessGit,
  type GitOutput,
  type HarnessGit,
  type HarnessGitOptions,
  harnessGit,
  runHarnessGit,
  stageAll,
} from '../process/git-safety.js';
import { CappedGitError, type CappedGitOutput, runCappedGit } from './git-capped.js';
import { checkReadPath, checkWritePath, isWithin, PolicyViolation } from './policy.js';
import type { Tool, ToolContext, ToolOutcome } from './tool.js';
import { errorOutcome, fail, ok, parseInput, ToolInputError } from './tool-kit.js';

/** The author used when the repository's git config names none. Set per call with `-c`. */
export const DEFAULT_GIT_AUTHOR = Object.freeze({ name: 'Truss Agent', email: 'truss@localhost' });
/** The most diff text one git_diff call returns (bytes). */
export const GIT_DIFF_MAX_BYTES = 256 * 1024;
/** The most status text one git_status call reads (bytes). */
export const GIT_STATUS_MAX_BYTES = 256 * 1024;
/** The most of the staged file list git_commit reads (bytes): it reports a count and 100 names. */
export const GIT_COMMIT_NAMES_MAX_BYTES = 1024 * 1024;
/** The most of the branch list one git_branch call reads (bytes). */
export const GIT_BRANCH_LIST_MAX_BYTES = 256 * 1024;
/**
 * A git process printing nothing for this long is killed; a command whose output is not read as it
 * comes (a commit, a switch, the staging) is killed this long after it started.
 */
export const GIT_SILENCE_TIMEOUT_MS = 60_000;

/**
 * Set on every git the tools run, after the settings every harness git gets (git-safety.ts: no hooks,
 * no fsmonitor command, no submodule asked for its status, no replace refs): no commit signing, no
 * colour. (No pager runs: stdout is a pipe.)
 */
const TOOL_CONFIG: readonly string[] = Object.freeze(['commit.gpgSign=false', 'color.ui=false']);

export interface GitToolsOptions {
  /** The host environment to scrub for git (default `process.env`); HOME keeps global config readable. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Author when the repository's config has none (default {@link DEFAULT_GIT_AUTHOR}). */
  defaultAuthor?: { name: string; email: string };
}

interface Repo {
  /** Realpath of the repository's top level. */
  root: string;
  git(extraConfig?: readonly string[]): HarnessGit;
  /** One git command, its exit code returned for the caller to judge (a refusal or a deadline still throws). */
  run(args: readonly string[]): Promise<GitOutput>;
  /** A literal, top-relative pathspec for an absolute path inside the repository. */
  pathspec(real: string): string;
  /** Pathspecs for the parts of the given scopes inside the repository (empty when none overlap). */
  scopeSpecs(scopes: readonly string[]): string[];
  /** A git command whose output the judged code decides, read up to `maxBytes` (git-capped.ts). */
  capped(args: readonly string[], maxBytes: number): Promise<CappedGitOutput>;
}

/**
 * The repository around the workdir, every git in it run as the harness runs its own (git-safety.ts):
 * the agent's bash and file tools write the work tree, and `.git` too where the policy lets them, so
 * each call is refused at once when `.git` holds a FIFO or a link git could wait on, or when a config
 * git would read is the agent's to write (a `filter.<name>.clean` there would run as the harness user,
 * outside every sandbox) — a tool error that names what to remove (docs/security.md, "Git metadata").
 */
async function openRepo(context: ToolContext, options: GitToolsOptions): Promise<Repo> {
  const cwd = context.policy.workdir;
  const env = scrubEnv(options.env ?? process.env);
  const checkedBefore = context.workIdle === true;
  if (checkedBefore) checkHarnessGit(cwd, ['rev-parse'], { env });
  const settings = (extraConfig: readonly string[] = []): HarnessGitOptions => ({
    env,
    config: [...TOOL_CONFIG, ...extraConfig],
    timeoutMs: GIT_SILENCE_TIMEOUT_MS,
    signal: context.ctx.signal,
    checkedBefore,
  });
  const make = (extraConfig?: readonly string[]): HarnessGit => harnessGit(cwd, settings(extraConfig));
  const run = (args: readonly string[]): Promise<GitOutput> => runHarnessGit(cwd, args, settings());
  const root = await locate(make(), context);
  const pathspec = (real: string): string => {
    if (!isWithin(real, root)) {
      throw new PolicyViolation('outside_scope', real, `${real} is outside the git repository at ${root}`);
    }
    const rel = relative(root, real).split(sep).join('/');
    return rel === '' ? ':(top)' : `:(top,literal)${rel}`;
  };
  const scopeSpecs = (scopes: readonly string[]): string[] => {
    const specs: string[] = [];
    for (const scope of scopes) {
      if (isWithin(root, scope)) return [':(top)']; // the scope holds the whole repository
      if (isWithin(scope, root)) specs.push(pathspec(scope));
    }
    return specs;
  };
  const capped = (args: readonly string[], maxBytes: number): Promise<CappedGitOutput> =>
    runCappedGit({
      cwd,
      env,
      config: TOOL_CONFIG,
      args,
      maxBytes,
      silenceMs: GIT_SILENCE_TIMEOUT_MS,
      signal: context.ctx.signal,
      checkedBefore,
    });
  return { root, git: make, run, pathspec, scopeSpecs, capped };
}

/** The complete lines of a capped read: a line the cap cut is dropped. */
function wholeLines(read: CappedGitOutput): string[] {
  const text = read.stdout.toString('utf8');
  const lines = text.split('\n');
  if (read.truncated) lines.pop();
  return lines;
}

async function locate(git: HarnessGit, context: ToolContext): Promise<string> {
  let top: string;
  try {
    top = (await git.raw(['rev-parse', '--show-toplevel'])).trim();
  } catch (error) {
    if (/not a git repository/i.test(String((error as Error)?.message))) {
      throw new GitToolError(`${context.policy.workdir} is not inside a git repository`);
    }
    throw error;
  }
  return realpathSync(top);
}

class GitToolError extends Error {
  override readonly name = 'GitToolError';
}

function gitError(tool: string, error: unknown): ToolOutcome {
  if (error instanceof GitToolError) return fail(error.message);
  if (error instanceof CappedGitError) return fail(`${tool} failed: ${error.message}`);
  if (error instanceof PolicyViolation || error instanceof ToolInputError) return errorOutcome(tool, error);
  const message = error instanceof Error ? error.message.trim() : String(error);
  return fail(`${tool} failed: ${message}`);
}

function noScope(mode: 'read' | 'write', root: string): PolicyViolation {
  return new PolicyViolation(
    'outside_scope',
    root,
    `refused: the git repository at ${root} does not overlap the ${mode} scope`,
  );
}

const StatusInput = z.object({});
const DiffInput = z.object({ staged: z.boolean().optional(), path: z.string().optional() });
const BranchInput = z.object({ name: z.string().min(1).optional(), create: z.boolean().optional() });
const CommitInput = z.object({
  message: z
    .string()
    .refine((text) => text.trim().length > 0, 'must not be empty')
    .refine((text) => !text.includes('\0'), 'must not contain a NUL byte'),
  paths: z.array(z.string()).min(1).optional(),
});

export function createGitTools(options: GitToolsOptions = {}): Tool[] {
  const author = options.defaultAuthor ?? DEFAULT_GIT_AUTHOR;

  const gitStatus: Tool = {
    name: 'git_status',
    description:
      'Show the git status of the working tree (porcelain v1 with the branch line): staged, unstaged and ' +
      'untracked files within the readable scope. Paths are relative to the repository root.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    sideEffect: false,
    readOnly: true,
    async run(input, context) {
      try {
        parseInput('git_status', StatusInput, input);
        const repo = await openRepo(context, options);
        const specs = repo.scopeSpecs(context.policy.readScope);
        if (specs.length === 0) throw noScope('read', repo.root);
        const read = await repo.capped(
          ['status', '--porcelain=v1', '--branch', '--untracked-files=all', '--', ...specs],
          GIT_STATUS_MAX_BYTES,
        );
        const lines = wholeLines(read).filter((line) => line.length > 0);
        const branchLine = lines[0]?.startsWith('## ') ? lines.shift() : undefined;
        const branch = branchLine?.slice(3) ?? 'unknown';
        const content = [
          `## ${branch}`,
          ...(lines.length === 0 ? ['(clean: nothing to commit)'] : lines),
          ...(read.truncated
            ? [
                `[status truncated: showing the first ${lines.length} changes (${GIT_STATUS_MAX_BYTES} bytes); ` +
                  'git was stopped there. Use bash (git status -- <path>) to look at one directory]',
              ]
            : []),
        ].join('\n');
        return ok(content, {
          branch,
          clean: lines.length === 0,
          changes: lines.length,
          truncated: read.truncated,
        });
      } catch (error) {
        return gitError('git_status', error);
      }
    },
  };

  const gitDiff: Tool = {
    name: 'git_diff',
    description:
      'Show changes as a unified diff: working tree against the index, or the index against HEAD with ' +
      'staged=true. Optionally limited to one path. Untracked files are not included (see git_status).',
    inputSchema: {
      type: 'object',
      properties: {
        staged: { type: 'boolean', description: 'Diff the staged changes (index vs HEAD) instead.' },
        path: { type: 'string', description: 'Limit the diff to this file or directory.' },
      },
      additionalProperties: false,
    },
    sideEffect: false,
    readOnly: true,
    async run(input, context) {
      try {
        const args = parseInput('git_diff', DiffInput, input);
        const repo = await openRepo(context, options);
        let specs: string[];
        if (args.path !== undefined) {
          specs = [repo.pathspec(checkReadPath(context.policy, args.path))];
        } else {
          specs = repo.scopeSpecs(context.policy.readScope);
          if (specs.length === 0) throw noScope('read', repo.root);
        }
        const read = await repo.capped(
          [
            'diff',
            '--no-color',
            '--no-ext-diff',
            '--no-textconv',
            ...(args.staged === true ? ['--cached'] : []),
            '--',
            ...specs,
          ],
          GIT_DIFF_MAX_BYTES,
        );
        const bytes = read.stdout.length;
        if (bytes === 0) {
          return ok(args.staged === true ? '(no staged changes)' : '(no unstaged changes to tracked files)', {
            bytes: 0,
            truncated: false,
          });
        }
        if (!read.truncated) return ok(read.stdout.toString('utf8'), { bytes, truncated: false });
        const head = read.stdout.toString('utf8').replace(/\uFFFD+$/, '');
        return ok(
          `${head}\n[diff truncated: showing the first ${bytes} bytes; git was stopped there. Pass a path to narrow it]`,
          { bytes, truncated: true },
        );
      } catch (error) {
        return gitError('git_diff', error);
      }
    },
  };

  const gitBranch: Tool = {
    name: 'git_branch',
    description:
      'Without arguments, list local branches (the current one marked "*"). With name and create=true, ' +
      'create that branch at HEAD and switch to it. With name alone, switch to an existing branch.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Branch name.' },
        create: { type: 'boolean', description: 'Create the branch at HEAD (and switch to it).' },
      },
      additionalProperties: false,
    },
    // Creating or switching mutates the repository; memoised so a resume never repeats it.
    sideEffect: true,
    async run(input, context) {
      try {
        const args = parseInput('git_branch', BranchInput, input);
        const repo = await openRepo(context, options);
        const git = repo.git();
        if (args.name === undefined) {
          if (args.create === true) return fail('git_branch: create=true needs a name');
          if (repo.scopeSpecs(context.policy.readScope).length === 0) throw noScope('read', repo.root);
          // Refs are the judged code's to make (a million branches cost seconds): read up to a cap.
          // lstrip=2 names a branch as `git branch` does; refname:short would also look each name up
          // for ambiguity with every other ref, several times the cost on a planted ref list.
          const read = await repo.capped(
            ['for-each-ref', '--format=%(HEAD) %(refname:lstrip=2)', 'refs/heads/'],
            GIT_BRANCH_LIST_MAX_BYTES,
          );
          const lines = wholeLines(read).filter((line) => line.length > 2);
          const marked = lines.find((line) => line.startsWith('* '));
          const current = marked?.slice(2) ?? (await git.raw(['branch', '--show-current'])).trim();
          if (read.truncated) {
            lines.push(
              `[truncated: showing the first ${lines.length} branches (${GIT_BRANCH_LIST_MAX_BYTES} bytes); ` +
                `git was stopped there. The current branch is ${current || 'none (a detached HEAD)'}]`,
            );
          }
          const content =
            lines.length === 0 ? `(no branches yet; on ${current || 'an unborn branch'})` : lines.join('\n');
          return ok(content, {
            current,
            branches: lines.length - (read.truncated ? 1 : 0),
            truncated: read.truncated,
          });
        }

        const name = await validBranchName(repo, args.name);
        if (args.create === true) {
          if (repo.scopeSpecs(context.policy.writeScope).length === 0) throw noScope('write', repo.root);
          await git.raw(['switch', '--quiet', '--create', name]);
          return ok(`created branch ${name} and switched to it`, { branch: name, created: true });
        }
        // Switching rewrites tracked files anywhere in the tree: the whole repository must be writable.
        if (!context.policy.writeScope.some((scope) => isWithin(repo.root, scope))) {
          throw new PolicyViolation(
            'outside_scope',
            name,
            `git_branch refused: switching branches rewrites files across the repository at ${repo.root}, ` +
              'which is not entirely inside the write scope',
          );
        }
        // Quiet: a switch otherwise lists the local changes left, a diff whose submodule handling
        // follows the work's .gitmodules (withSubmodulesUnasked), running git inside a nested repository.
        await git.raw(['switch', '--quiet', name]);
        return ok(`switched to branch ${name}`, { branch: name, created: false });
      } catch (error) {
        return gitError('git_branch', error);
      }
    },
  };

  const gitCommit: Tool = {
    name: 'git_commit',
    description:
      'Stage and commit changes: the given paths, or every change inside the writable scope when no paths ' +
      'are given (new, modified and deleted files). Returns the new commit SHA. Refuses an empty commit.',
    inputSchema: {
      type: 'object',
      properties: {
        message: { type: 'string', description: 'The commit message.' },
        paths: {
          type: 'array',
          items: { type: 'string' },
          minItems: 1,
          description: 'Files or directories to commit (default: everything changed in the write scope).',
        },
      },
      required: ['message'],
      additionalProperties: false,
    },
    sideEffect: true,
    async run(input, context) {
      try {
        const args = parseInput('git_commit', CommitInput, input);
        const repo = await openRepo(context, options);
        let specs: string[];
        if (args.paths !== undefined) {
          specs = args.paths.map((path) => repo.pathspec(checkWritePath(context.policy, path)));
        } else {
          specs = repo.scopeSpecs(context.policy.writeScope);
          if (specs.length === 0) throw noScope('write', repo.root);
          // Truss's own state (the ledger DB, bundles) lives in .truss/; an agent's default commit never takes it.
          specs.push(':(top,exclude).truss');
        }

        const identity = await commitIdentity(repo, author);
        const git = repo.git(identity.config);
        await stageAll(git, specs);
        const names = await repo.capped(
          ['diff', '--cached', '--name-only', '--no-renames', '--', ...specs],
          GIT_COMMIT_NAMES_MAX_BYTES,
        );
        const staged = wholeLines(names).filter((line) => line.length > 0);
        if (staged.length === 0) {
          const where = args.paths !== undefined ? args.paths.join(', ') : 'the write scope';
          return fail(
            `nothing to commit: no changes in ${where} (the files there match HEAD). ` +
              'Write a change first; empty commits are refused.',
            { empty: true },
          );
        }
        await git.raw(['commit', '--no-verify', '--quiet', '--message', args.message, '--', ...specs]);
        const sha = (await git.raw(['rev-parse', 'HEAD'])).trim();
        const branch = (await git.raw(['branch', '--show-current'])).trim();
        const count = `${staged.length}${names.truncated ? ' or more' : ''}`;
        return ok(`committed ${sha} on ${branch || 'a detached HEAD'}: ${count} file(s) changed`, {
          sha,
          branch,
          files: staged.slice(0, 100),
          fileCount: staged.length,
          fileCountTruncated: names.truncated,
          author: `${identity.name} <${identity.email}>`,
        });
      } catch (error) {
        return gitError('git_commit', error);
      }
    },
  };

  return [gitStatus, gitDiff, gitBranch, gitCommit];
}

async function validBranchName(repo: Repo, name: string): Promise<string> {
  const invalid = new GitToolError(`git_branch: ${JSON.stringify(name)} is not a valid branch name`);
  if (name.startsWith('-') || name.includes('\0')) throw invalid;
  const checked = await repo.run(['check-ref-format', '--branch', name]);
  if (checked.code !== 0) throw invalid;
  return checked.stdout.trim();
}

/**
 * The author for a commit: the repository's effective `user.name` / `user.email` when set, else the
 * default — passed as `-c` for this one call, never written to any config file.
 */
async function commitIdentity(
  repo: Repo,
  fallback: { name: string; email: string },
): Promise<{ name: string; email: string; config: string[] }> {
  const read = async (key: string): Promise<string | null> => {
    const got = await repo.run(['config', '--get', key]);
    if (got.code === 1) return null; // not set
    if (got.code !== 0) throw new GitToolError(`git_commit: reading ${key} failed: ${got.stderr.trim()}`);
    const value = got.stdout.trim();
    return value.length > 0 ? value : null;
  };
  const name = await read('user.name');
  const email = await read('user.email');
  const config: string[] = [];
  if (name === null) config.push(`user.name=${fallback.name}`);
  if (email === null) config.push(`user.email=${fallback.email}`);
  return { name: name ?? fallback.name, email: email ?? fallback.email, config };
}
