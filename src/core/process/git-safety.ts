import { execFile, spawnSync } from 'node:child_process';
import { isAbsolute, relative, resolve as resolvePath } from 'node:path';
import { untrustedConfigAdvice } from './git-config-advice.js';
import { gitConfigPlaces, type UntrustedConfig, untrustedGitConfig } from './git-config-trust.js';
import { pinnedGitEnv } from './git-metadata.js';
import { findGitHazards, type GitHazard, gitHazardAt } from './git-special-files.js';
import { harnessProgramEnv } from './trusted-path.js';

/**
 * `-c` settings for every git the harness itself runs on a working tree the judged work may have
 * changed (docs/security.md, "Git metadata"): hooks and the fsmonitor command are code from the
 * repository and must never run in the process that holds the keys — also where the sandbox could
 * not keep `.git/hooks` and `.git/config` read-only (`none`).
 */
export const HARNESS_GIT_CONFIG: readonly string[] = Object.freeze([
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  // A populated submodule is asked for its own status (`git status` run in it, with that
  // repository's config and attributes, so its clean filters) by status and diff; never from here.
  // `dirty` still shows a changed submodule commit (`all` would hide it from every diff). `git add`
  // ignores this setting: see stageAll. A `submodule.<name>.ignore` in the work's own `.gitmodules`
  // overrides it, so every status and diff also gets the flag itself (withSubmodulesUnasked).
  'diff.ignoreSubmodules=dirty',
  // `refs/replace/<id>` makes git read another object in place of `<id>`, and refs are the work's to
  // write: a check replaced the base's blob with the changed one, and the reviewers' diff came out
  // empty. The harness reads objects by their own names.
  'core.useReplaceRefs=false',
  // Loose objects are the work's to write: past 6,700 of them a commit started `git gc --auto`
  // detached from itself, a git with no deadline that outlived the call (and the run) as the harness
  // user. Housekeeping is left to the user's own git.
  'gc.auto=0',
  'maintenance.auto=false',
]);

/** HARNESS_GIT_CONFIG as git's arguments (`-c name=value` each), for every harness git started directly. */
export const HARNESS_GIT_ARGS: readonly string[] = Object.freeze(
  HARNESS_GIT_CONFIG.flatMap((setting) => ['-c', setting]),
);

/** Commands that look at a submodule's working tree unless told not to. */
const SUBMODULE_ASKING = new Set(['status', 'diff', 'diff-files', 'diff-index']);

/**
 * `args` with `--ignore-submodules=dirty` after the command when it is a status or a diff. The
 * `diff.ignoreSubmodules` setting alone is only a default: a `submodule.<name>.ignore = none` in the
 * work's own `.gitmodules` takes precedence over it (git's submodule config beats the diff default;
 * only the command-line flag beats both), and git then runs `git status` inside that nested
 * repository with its config, so its clean filter, as the harness.
 */
export function withSubmodulesUnasked(args: readonly string[]): string[] {
  const [command, ...rest] = args;
  if (command === undefined || !SUBMODULE_ASKING.has(command)) return [...args];
  return [command, '--ignore-submodules=dirty', ...rest];
}

/** Something that runs one git command in a directory and resolves with its stdout. */
export interface RawGit {
  raw(args: string[]): Promise<string>;
}

/**
 * Git pathspecs (`-- . :(exclude,literal)…`) leaving out the absolute `paths` that lie inside `root`,
 * taken literally; none when nothing lies inside. The run's own files in a working copy (its ledger,
 * what it withholds from the work) are not the work's changes.
 */
export function excludedPathspecs(root: string, paths: readonly string[]): string[] {
  const inside = paths
    .map((path) => relative(root, path))
    .filter((rel) => rel !== '' && !rel.startsWith('..') && !isAbsolute(rel));
  return inside.length > 0 ? ['--', '.', ...inside.map((rel) => `:(exclude,literal)${rel}`)] : [];
}

/**
 * What `git add --all -- SPECS` stages (new, modified and deleted files, ignore rules applied), staged
 * without asking any submodule for its status. `git add` runs `git status` inside every populated
 * submodule (gitlink) it looks at, whatever `diff.ignoreSubmodules` says, and that git reads the
 * submodule's own `.git/config` and `.gitattributes`: a check or agent that made a nested repository
 * with a `filter.X.clean` command and staged it as a gitlink had the harness run that command as its
 * user at the next snapshot (an attack pass, under uid isolation, as root). `diff-files` lists the
 * tracked changes (`--ignore-submodules=dirty`: a gitlink is compared at its HEAD, never asked its
 * status), `ls-files` the new files, and `update-index` stages them. A tracked path git reports
 * deleted is removed with `--force-remove`, as `git add` does: that includes a path beyond a
 * symbolic link (`dir/f` once `dir` became a link), which `update-index --remove` refuses outright —
 * one such path made every snapshot, patch and commit of the work fail.
 */
export async function stageAll(
  git: RawGit,
  specs: readonly string[],
  /** `git rev-parse --show-cdup` where git runs, when the caller asked it already. */
  cdup?: string,
): Promise<void> {
  // Both only read the index and the tree: asked side by side.
  const [trackedText, others] = await Promise.all([
    git.raw([
      'diff-files',
      '-z',
      '--name-status',
      '--no-renames',
      '--ignore-submodules=dirty',
      '--',
      ...specs,
    ]),
    git.raw(['ls-files', '-z', '--others', '--exclude-standard', '--', ...specs]),
  ]);
  const tracked = trackedText.split('\0');
  // diff-files names paths from the top of the tree, update-index from where git runs.
  const up = tracked.length > 1 ? (cdup ?? (await git.raw(['rev-parse', '--show-cdup']))).trim() : '';
  const gone: string[] = [];
  const changed: string[] = [];
  for (let at = 0; at + 1 < tracked.length; at += 2) {
    const path = tracked[at + 1] as string;
    if (path.length === 0) continue;
    (tracked[at] === 'D' ? gone : changed).push(`${up}${path}`);
  }
  // An untracked nested repository is listed as `dir/`; update-index takes it without the slash.
  const added = others
    .split('\0')
    .filter((path) => path.length > 0)
    .map((path) => (path.endsWith('/') ? path.slice(0, -1) : path));
  await updateIndex(git, ['--force-remove'], [...new Set(gone)]);
  await updateIndex(git, ['--add', '--remove', '--replace'], [...new Set([...changed, ...added])]);
}

/** `git update-index FLAGS -- PATHS` in batches, well inside the kernel's limit on one command line. */
async function updateIndex(git: RawGit, flags: readonly string[], paths: readonly string[]): Promise<void> {
  for (let start = 0, size = 0, end = 0; start < paths.length; start = end, size = 0) {
    while (end < paths.length && (end === start || size + (paths[end] as string).length < 64 * 1024))
      size += (paths[end++] as string).length + 1;
    await git.raw(['update-index', ...flags, '--', ...paths.slice(start, end)]);
  }
}

/** What one harness git call printed, and how it exited (never thrown: callers decide what a failure means). */
export interface GitOutput {
  code: number;
  stdout: string;
  stderr: string;
}

export interface HarnessGitOptions {
  /** The whole environment git runs with; default: this process's. */
  env?: Readonly<Record<string, string | undefined>>;
  /** `-c` settings after {@link HARNESS_GIT_CONFIG}. */
  config?: readonly string[];
  /** Written to git's stdin, which is then closed (`cat-file --batch-check` questions). */
  input?: string;
  /** How long git may take before it is killed and the call fails; default {@link HARNESS_GIT_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Stops git (killed) and fails the call when it fires: the agent's run was cancelled. */
  signal?: AbortSignal;
  /**
   * The caller made {@link checkHarnessGit} for this directory and environment, and nothing the judged
   * work runs can have changed `.git` or a config since (the in-loop agent's git tools: one check per
   * tool call, docs/security.md, "Git metadata"): the walk and config check are not made again.
   */
  checkedBefore?: boolean;
}

/**
 * The deadline of every harness git. The work can leave git waiting for ever (a FIFO where git opens
 * a file, or a link to one: the sandboxes sweep them away — git-special-files.ts — but not under
 * `none`, nor while the process that planted one still runs): a git that has not finished by then is
 * killed and its call fails, so the run ends unfinished instead of hanging until the CI job's own
 * timeout.
 */
export const HARNESS_GIT_TIMEOUT_MS = 300_000;

/** A path as a message may show it: a control character the work put in a name becomes `?`. */
function printable(path: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly what is replaced
  return path.replace(/[\u0000-\u001f\u007f]/g, '?');
}

/** What to tell the user about `hazards`: each path, what it is, and how to remove it. */
function hazardAdvice(hazards: readonly GitHazard[]): string {
  const first = hazards.slice(0, 5);
  const shown = first.map(({ path, what }) => `${printable(path)} is ${printable(what)}`);
  const more = hazards.length > first.length ? ` (and ${hazards.length - first.length} more)` : '';
  const paths = first.map(({ path }) => `'${printable(path).replaceAll("'", "'\\''")}'`);
  return (
    `${shown.join('; ')}${more}. Git itself never makes one there: something the judged work ran (a check, ` +
    `an agent) may have planted it (docs/security.md, "Git metadata"). Remove it (\`rm ${paths.join(' ')}\`) and run again`
  );
}

/** The failure of a git the deadline killed: what it was doing, and where to look (also git-batch.ts). */
export function gitTimedOut(
  cwd: string,
  args: readonly string[],
  timeoutMs: number,
  env: NodeJS.ProcessEnv,
): GitCommandError {
  const { hazards } = gitRisks(cwd, env);
  return new GitCommandError(
    `git ${args[0] ?? ''} in ${cwd} did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped; ` +
      (hazards.length > 0
        ? hazardAdvice(hazards)
        : 'something in the working copy may keep git waiting (a FIFO in .git, or a link to one or to a directory holding one: `find .git ! -type f ! -type d` lists them)'),
    -1,
  );
}

/**
 * Refuses a git that would read a config the judged work can write, or whose git directory holds
 * something git could wait on for ever; the call fails at once, naming what and how to remove it.
 *
 * A config file the repository includes from its work tree (`[include] path = ../.gitconfig`), or
 * any other the work can write (git-config-trust.ts), is the work's to fill with a `filter.<name>.clean`
 * or a `diff.<name>.textconv`, which the next status, diff or add would run as the harness user,
 * outside every sandbox: an attack pass had a check copy the signing key that way, under `uid` as
 * root. No harness git runs while one is there, whatever the command: most of them read a filter.
 *
 * A FIFO, or a link to one or to `/dev/stdin` (git-special-files.ts), is asked about first (a config
 * included from the work tree and replaced by a FIFO is reported with the `rm` that removes it), and
 * fails the call at once instead
 * of at its deadline. The sandboxes sweep these away when each process ends, but a delegated CLI
 * calls Truss's git tools while it runs, and under `none` nothing is swept. A walk of `.git`: a few
 * milliseconds the first time for a repository with a thousand entries there, about one after it,
 * when only the directories git or the work changed are read again (git-walk-memory.ts).
 */
function refusedGit(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv): GitCommandError | null {
  const { hazards, untrusted } = gitRisks(cwd, env);
  if (hazards.length > 0)
    return new GitCommandError(`git ${args[0] ?? ''} in ${cwd} was not run: ${hazardAdvice(hazards)}`, -1);
  if (untrusted.length === 0) return null;
  return new UntrustedGitConfigError(
    `git ${args[0] ?? ''} in ${cwd} was not run: ${untrustedConfigAdvice(untrusted)}`,
    -1,
  );
}

/**
 * What one git in `cwd` would read that the work planted: hazards in the git directories git reads
 * for it (its own and, for a linked worktree or a submodule, the common one: each walked once) and
 * in the config files included, and the configs the work could write. Every config file is read
 * once, by the trust check, which asks each included path about hazards before judging or reading it.
 */
function gitRisks(
  cwd: string,
  env: NodeJS.ProcessEnv,
): { hazards: GitHazard[]; untrusted: UntrustedConfig[] } {
  const places = gitConfigPlaces(cwd, env, process.getuid?.());
  const hazards = places.gitDir ? findGitHazards(places.gitDir, places.commonDir ?? places.gitDir) : [];
  const untrusted = untrustedGitConfig(places, (path) => {
    const what = gitHazardAt(path);
    if (what) hazards.push({ path, what });
    return what !== null;
  });
  return { hazards, untrusted };
}

/** A harness git command failed: git's own message (its stderr), for the caller to report or match. */
export class GitCommandError extends Error {
  override name = 'GitCommandError';
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/**
 * A harness git refused because a config it would read is the judged work's to write
 * (git-config-trust.ts): the repository's setup is what must change, so hosts report it as bad
 * input with this message, which says how, rather than as a fault of Truss.
 */
export class UntrustedGitConfigError extends GitCommandError {
  override name = 'UntrustedGitConfigError';
}

/**
 * Runs one git command for harness bookkeeping on an untrusted tree, with {@link HARNESS_GIT_CONFIG}.
 * A plain child process rather than a git library: a run asks git several questions before its first
 * check, and the library's scheduling and completion detection cost more than git itself (up to 50 ms
 * for a command that exits non-zero without output).
 */
export function runHarnessGit(
  cwd: string,
  args: readonly string[],
  options: HarnessGitOptions = {},
): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    const { argv, env } = preparedHarnessGit(cwd, args, options);
    const child = execFile(
      'git',
      argv,
      {
        cwd,
        encoding: 'utf8',
        // Whole: its callers need all of it (a status to parse, a tree to name); the diffs the
        // judged code decides the size of are read with runHarnessGitCapped.
        maxBuffer: Number.POSITIVE_INFINITY,
        env,
        timeout: options.timeoutMs ?? HARNESS_GIT_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (error, stdout, stderr) => {
        if (error && options.signal?.aborted)
          reject(new GitCommandError('cancelled: the run was stopped', -1));
        else if (error?.killed)
          reject(gitTimedOut(cwd, args, options.timeoutMs ?? HARNESS_GIT_TIMEOUT_MS, env));
        else if (error && typeof error.code !== 'number')
          reject(error); // git missing, cwd gone
        else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
    // Closed even without input: a link to `/dev/stdin` planted where git opens a file reads end-of-file.
    child.stdin?.on('error', () => {}); // git may exit before reading everything
    child.stdin?.end(options.input);
  });
}

/** What a capped harness git call printed: at most the cap of stdout, and whether git printed more. */
export interface CappedGitOutput {
  code: number;
  stdout: Buffer;
  stderr: string;
  /** Git printed more than the cap and was stopped there (killed); `code` then means nothing. */
  truncated: boolean;
}

/**
 * {@link runHarnessGit} for output the judged code decides the size of (the diff of its work): at
 * most `maxBytes` of stdout are held, and git is stopped as soon as it prints more, instead of
 * buffering a diff of gigabytes and cutting it afterwards (docs/security.md, "Bounded tool output").
 */
export function runHarnessGitCapped(
  cwd: string,
  args: readonly string[],
  maxBytes: number,
  options: HarnessGitOptions = {},
): Promise<CappedGitOutput> {
  return new Promise((resolve, reject) => {
    const { argv, env } = preparedHarnessGit(cwd, args, options);
    const child = execFile(
      'git',
      argv,
      {
        cwd,
        encoding: 'buffer',
        maxBuffer: maxBytes,
        env,
        timeout: options.timeoutMs ?? HARNESS_GIT_TIMEOUT_MS,
        killSignal: 'SIGKILL',
      },
      (error, stdout, stderr) => {
        const overflow = (error as { code?: unknown } | null)?.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER';
        const text = stderr.toString('utf8');
        if (error?.killed && !overflow) {
          reject(gitTimedOut(cwd, args, options.timeoutMs ?? HARNESS_GIT_TIMEOUT_MS, env));
        } else if (overflow && stdout.length >= maxBytes) {
          resolve({ code: 0, stdout, stderr: text, truncated: true });
        } else if (overflow) {
          reject(new GitCommandError(`git printed more than ${maxBytes} bytes of errors`, -1));
        } else if (error && typeof error.code !== 'number') {
          reject(error); // git missing, cwd gone, killed
        } else {
          resolve({ code: error ? (error.code as number) : 0, stdout, stderr: text, truncated: false });
        }
      },
    );
    child.stdin?.on('error', () => {});
    child.stdin?.end();
  });
}

/**
 * {@link runHarnessGit} for a caller that must resolve with a plain value (git commands the CLI runs
 * while it resolves its trusted keys or excludes a new key from a work tree): the same arguments,
 * environment, refusal of a `.git` holding a FIFO and deadline, blocking. Stdout as bytes
 * (`cat-file --batch` prints blobs). Throws GitCommandError when git was refused or stopped, and the
 * spawn's own error when git could not start; a non-zero exit is returned, for the caller to judge.
 */
export function runHarnessGitSync(
  cwd: string,
  args: readonly string[],
  options: HarnessGitOptions = {},
): { code: number; stdout: Buffer; stderr: string } {
  const { argv, env } = preparedHarnessGit(cwd, args, options);
  const timeoutMs = options.timeoutMs ?? HARNESS_GIT_TIMEOUT_MS;
  const result = spawnSync('git', argv, {
    cwd,
    env,
    // Closed even without input, as runHarnessGit's.
    input: options.input ?? '',
    maxBuffer: 256 * 1024 * 1024,
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  if (result.signal === 'SIGKILL' || (result.error as { code?: string } | undefined)?.code === 'ETIMEDOUT')
    throw gitTimedOut(cwd, args, timeoutMs, env);
  if (result.error) throw result.error; // git missing, cwd gone
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr.toString('utf8') };
}

/**
 * {@link runHarnessGit} for a step that must not go on when git failed (a commit, a push, a patch
 * applied): resolves with stdout only when git exited 0, and otherwise fails with git's own message,
 * never an empty success.
 */
export async function checkedHarnessGit(
  cwd: string,
  args: readonly string[],
  options: HarnessGitOptions = {},
): Promise<string> {
  const { code, stdout, stderr } = await runHarnessGit(cwd, args, options);
  if (code !== 0)
    throw new GitCommandError(stderr.trim() || `git ${args[0] ?? ''} exited with ${code}`, code);
  return stdout;
}

/**
 * The argv and environment of one harness git in `cwd`, after the refusals every harness git gets
 * (a hazard in `.git`, a config the work can write: thrown as GitCommandError). Exported for a
 * runner that must start git itself (the agent's git tools read capped output through the process
 * supervisor, git-capped.ts): one place decides how git is run on a tree the judged work changed.
 */
export function preparedHarnessGit(
  cwd: string,
  args: readonly string[],
  options: Pick<HarnessGitOptions, 'env' | 'config' | 'checkedBefore'> = {},
): { argv: string[]; env: NodeJS.ProcessEnv } {
  const env = harnessGitEnv(cwd, options);
  const refused = options.checkedBefore ? null : refusedGit(cwd, args, env);
  if (refused) throw refused;
  return { argv: harnessGitArgv(args, options), env };
}

/** {@link preparedHarnessGit}'s argv alone: for more gits in the same directory and environment. */
export function harnessGitArgv(
  args: readonly string[],
  options: Pick<HarnessGitOptions, 'config'> = {},
): string[] {
  const config = [...HARNESS_GIT_ARGS, ...(options.config ?? []).flatMap((setting) => ['-c', setting])];
  return [...config, ...withSubmodulesUnasked(args)];
}

/**
 * The refusals of {@link preparedHarnessGit} alone (a hazard git could wait on, a config the work can
 * write), thrown as its GitCommandError naming `args[0]`: for a caller that runs several gits in a row
 * while nothing of the judged work runs, and passes `checkedBefore` to them.
 */
export function checkHarnessGit(
  cwd: string,
  args: readonly string[],
  options: Pick<HarnessGitOptions, 'env'> = {},
): void {
  const refused = refusedGit(cwd, args, harnessGitEnv(cwd, options));
  if (refused) throw refused;
}

function harnessGitEnv(cwd: string, options: Pick<HarnessGitOptions, 'env'>): NodeJS.ProcessEnv {
  return {
    ...harnessProgramEnv(options.env ?? process.env, resolvePath(cwd)),
    // Git's messages in English whatever the host's locale (LANG, LC_*, LANGUAGE; gettext ignores
    // LANGUAGE in the C locale): callers read them (a damaged object, git-object-damage.ts; "not a
    // git repository"; a push rejected because the branch moved). Under a translated git a damaged
    // object was advised to be fetched (docs/security.md, "Git metadata").
    LC_ALL: 'C',
    // Never a commondir an untrusted process planted in the repository's .git (git-metadata.ts).
    ...(options.env?.GIT_DIR ? {} : pinnedGitEnv(resolvePath(cwd))),
  };
}

/** Harness git bound to one directory; `raw` resolves with stdout. */
export interface HarnessGit {
  /**
   * Fails (GitCommandError) when git exits non-zero and printed an error; a non-zero exit without
   * one (`rev-parse --verify --quiet` of a missing ref) resolves with what it printed, usually ''.
   */
  raw(args: readonly string[]): Promise<string>;
}

/** Git for harness bookkeeping in `baseDir`, with {@link HARNESS_GIT_CONFIG}. */
export function harnessGit(baseDir: string, options: HarnessGitOptions = {}): HarnessGit {
  return {
    async raw(args) {
      const { code, stdout, stderr } = await runHarnessGit(baseDir, args, options);
      if (code !== 0 && stderr.trim() !== '') throw new GitCommandError(stderr.trim(), code);
      return stdout;
    },
  };
}
