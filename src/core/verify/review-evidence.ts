import { closeSync, fstatSync, readSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, relative, resolve } from 'node:path';
import {
  excludedPathspecs,
  GitCommandError,
  type HarnessGit,
  type HarnessGitOptions,
  harnessGit,
  runHarnessGitCapped,
} from '../process/git-safety.js';
import { openCheckedSync } from '../tools/held-path.js';
import { diffGitHeaderPath } from './diff-hunks.js';
import { evidenceIndex } from './evidence-index.js';
import { sensitivePathReason, sensitivePathspecExcludes } from './evidence-paths.js';
import type { GitInfo } from './git-info.js';

export interface EvidenceLimits {
  maxDiffBytes: number;
  maxFileBytes: number;
  maxTotalContextBytes: number;
}

export const DEFAULT_EVIDENCE_LIMITS: EvidenceLimits = {
  maxDiffBytes: 200_000,
  maxFileBytes: 64_000,
  maxTotalContextBytes: 256_000,
};

export interface ContextFile {
  path: string;
  /** Shown text (possibly truncated); null when the file could not be shown. */
  content: string | null;
  bytes: number;
  truncated: boolean;
  problem: string | null;
}

export interface ReviewEvidence {
  diff: string;
  diffBytes: number;
  diffTruncated: boolean;
  files: ContextFile[];
  /** Every limit hit or file refused, in words; shown to reviewers and journaled. */
  notes: string[];
}

/**
 * Gathers what reviewers see besides intent and clause: the diff base..working tree (plus untracked
 * files) and the clause's `reviewer_context` files, each bounded. Limits that cut evidence are
 * reported in `notes`, never silent; files outside the workdir (by `..` or symlink) are refused.
 * Ignored files never appear, and key or credential files (`.env*`, `*.key`, `*.pem`, SSH keys, …;
 * see evidence-paths.ts) are withheld by name even when tracked, with a note saying so. The caller
 * still runs the secret scan over everything returned before a model or a blob sees it.
 */
export async function collectReviewEvidence(options: {
  workdir: string;
  git: GitInfo | null;
  contextFiles: readonly string[];
  limits?: EvidenceLimits;
  /**
   * What the run withholds from the work (`Isolation.withheld`: the CLI's `.truss/`, a ledger kept
   * in the tree): untracked files there are Truss's own (earlier runs' ledger, bundles and reports),
   * not the work's, and are left out of the untracked files shown.
   */
  withheld?: readonly string[];
  /** Where the private index of the diff is made (the run's isolation's `tempDir`; docs/runtime.md). */
  scratchParent?: string | undefined;
  /** The host's environment, which the evidence's gits run with. */
  env: Readonly<Record<string, string | undefined>>;
}): Promise<ReviewEvidence> {
  const limits = options.limits ?? DEFAULT_EVIDENCE_LIMITS;
  const notes: string[] = [];
  let diff = '';
  // Held only up to one byte past what reviewers see: the work decides how large its diff is (a tracked
  // file grown to gigabytes, tens of thousands of new files), and holding it whole ran the harness out
  // of memory, or past the longest string Node can make, which crashed the run.
  const cap = limits.maxDiffBytes + 1;
  let cut = false;
  if (!options.git) {
    notes.push('the workdir is not a git repository: no diff is available');
  } else {
    const base = options.git.base_sha ?? 'HEAD';
    if (!options.git.base_sha)
      notes.push('no base commit found (pass --base REF): the diff shows only uncommitted changes');
    const index = await evidenceIndex(
      options.workdir,
      options.git.head_sha,
      options.git.base_sha,
      options.scratchParent ?? tmpdir(),
      options.env,
    );
    try {
      const git = harnessGit(options.workdir, index.options);
      const tracked = await gitDiff(options.workdir, index.options, base, notes, index.problem, cap);
      diff = tracked.text;
      cut = tracked.cut;
      for (const path of await changedPaths(git, base)) {
        const reason = sensitivePathReason(path);
        if (reason) notes.push(`${path}: ${reason}`);
      }
      if (!cut) {
        const untracked = await untrackedAsDiff(
          options.workdir,
          git,
          limits.maxFileBytes,
          notes,
          options.withheld ?? [],
          index.problem,
          cap - Buffer.byteLength(diff),
        );
        diff += untracked.text;
        cut = untracked.cut;
      }
    } finally {
      await index.dispose();
    }
  }
  const diffBytes = Buffer.byteLength(diff);
  const diffTruncated = diffBytes > limits.maxDiffBytes;
  if (diffTruncated) {
    diff = truncateUtf8(diff, limits.maxDiffBytes);
    notes.push(
      `the diff is ${cut ? `more than ${limits.maxDiffBytes}` : diffBytes} bytes; reviewers see the first ${limits.maxDiffBytes}`,
    );
  }
  const files: ContextFile[] = [];
  let budget = limits.maxTotalContextBytes;
  for (const path of options.contextFiles) {
    const file = readContextFile(options.workdir, path, Math.min(limits.maxFileBytes, budget));
    budget -= file.content ? Buffer.byteLength(file.content) : 0;
    if (file.problem) notes.push(`${path}: ${file.problem}`);
    else if (file.truncated)
      notes.push(
        `${path} is ${file.bytes} bytes; reviewers see the first ${Buffer.byteLength(file.content ?? '')}`,
      );
    files.push(file);
  }
  return { diff, diffBytes, diffTruncated, files, notes };
}

/**
 * `git diff` settings that change the format diff-hunks.ts and evidence-lines.ts read, pinned so a
 * user's `~/.gitconfig` cannot change it: with `diff.noprefix` or `diff.mnemonicPrefix` no `+++ b/`
 * header names a file (no citation was ever anchored), with `diff.suppressBlankEmpty` a blank context
 * line is written as an empty line and every line after it was numbered one too low (a citation
 * anchored to, and showing, the line above the one cited: docs/contracts.md "Findings on the lines
 * they are about"), `diff.relative` names files from the working directory, not the repository.
 */
const DIFF_FORMAT_CONFIG = [
  'diff.noprefix=false',
  'diff.mnemonicPrefix=false',
  'diff.suppressBlankEmpty=false',
  'diff.relative=false',
];

/** How every review-evidence diff is written (see gitDiff and DIFF_FORMAT_CONFIG). */
const DIFF_FORMAT_ARGS = [
  '--no-color',
  '--no-ext-diff',
  '--no-textconv',
  '--src-prefix=a/',
  '--dst-prefix=b/',
];

/**
 * The tracked changes since `base`. A git that fails (a check can corrupt `.git/index`, which the work
 * may write) is said in `notes`: an empty diff with no word used to look like a change with nothing in it.
 * Lines are the files' own (`--no-textconv`: a textconv filter's output is numbered differently, and
 * `.gitattributes`, the work's to write, picks the filter), with `a/` and `b/` prefixes whatever the
 * user's config says (DIFF_FORMAT_CONFIG); a text file the attributes call binary is shown as text
 * (revealTextShownAsBinary).
 */
async function gitDiff(
  workdir: string,
  options: HarnessGitOptions,
  base: string,
  notes: string[],
  indexProblem: string | null,
  cap: number,
): Promise<{ text: string; cut: boolean }> {
  const pinned: HarnessGitOptions = {
    ...options,
    config: [...(options.config ?? []), ...DIFF_FORMAT_CONFIG],
  };
  let diff: { text: string; cut: boolean };
  try {
    if (indexProblem !== null) throw new Error(indexProblem);
    const args = ['diff', ...DIFF_FORMAT_ARGS, base, '--', '.', ...sensitivePathspecExcludes()];
    // Git is stopped once it printed more than `cap` (runHarnessGitCapped, docs/security.md "Bounded tool output").
    const out = await runHarnessGitCapped(workdir, args, cap, pinned);
    if (!out.truncated && out.code !== 0 && out.stderr.trim() !== '')
      throw new GitCommandError(out.stderr.trim(), out.code);
    diff = { text: out.stdout.toString('utf8'), cut: out.truncated };
  } catch (error) {
    const why = (error as Error).message.split('\n')[0] ?? '';
    notes.push(
      `the diff from the base could not be read (git: ${why}): the tracked changes are NOT shown, so this evidence cannot show the clause is met`,
    );
    return { text: '', cut: false };
  }
  return revealTextShownAsBinary(workdir, pinned, base, diff, notes, cap);
}

const SHOWN_AS_BINARY = /^Binary files .* differ$/m;

/**
 * `git diff` writes "Binary files … differ" for any file `.gitattributes` marks binary (`-diff`,
 * `binary`, `diff=<driver>` whose driver says `binary = true`), whatever it holds, and the attributes
 * are the work's to write: `*.ts -diff` hid every change to the code from the panel, and no finding
 * could be placed on its lines (docs/contracts.md "Findings on the lines they are about"). Each such
 * file whose working copy is text is diffed again with `--text` and shown, said in `notes`; it stays
 * one line when the diff holds a NUL byte (git's own test for binary) or cannot be read.
 */
async function revealTextShownAsBinary(
  workdir: string,
  pinned: HarnessGitOptions,
  base: string,
  diff: { text: string; cut: boolean },
  notes: string[],
  cap: number,
): Promise<{ text: string; cut: boolean }> {
  if (!SHOWN_AS_BINARY.test(diff.text)) return diff;
  const sections = diff.text.split(/(?=^diff --git )/m);
  const out: string[] = [];
  let held = 0;
  let cut = diff.cut;
  const keep = (text: string) => {
    out.push(text);
    held += Buffer.byteLength(text);
  };
  for (const section of sections) {
    const header = section.split('\n', 1)[0] ?? '';
    const path =
      header.startsWith('diff --git ') && SHOWN_AS_BINARY.test(section) ? diffGitHeaderPath(header) : null;
    // A cheap first look (the first 8,000 bytes): a real image or archive is not diffed again. Past
    // the cap nothing more is shown, so nothing more is read.
    if (cut || path === null || readContextFile(workdir, path, 0).content === null) {
      keep(section);
      continue;
    }
    let text = '';
    try {
      const shown = await runHarnessGitCapped(
        workdir,
        ['diff', ...DIFF_FORMAT_ARGS, '--text', base, '--', `:(top,literal)${path}`],
        Math.max(cap - held, 1),
        pinned,
      );
      if (shown.code === 0 || shown.truncated) {
        text = shown.stdout.toString('utf8');
        cut = shown.truncated;
      }
    } catch {}
    if (text === '' || text.includes('\0')) {
      keep(section);
      continue;
    }
    notes.push(`${path}: .gitattributes marks it binary, but it is text: its diff is shown`);
    keep(text);
  }
  return { text: out.join(''), cut };
}

async function changedPaths(git: HarnessGit, base: string): Promise<string[]> {
  try {
    const listing = await git.raw(['diff', '--name-only', '-z', base, '--']);
    return listing.split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

async function untrackedAsDiff(
  workdir: string,
  git: HarnessGit,
  maxFileBytes: number,
  notes: string[],
  withheld: readonly string[],
  indexProblem: string | null,
  budget: number,
): Promise<{ text: string; cut: boolean }> {
  let root = workdir;
  try {
    root = realpathSync(workdir);
  } catch {}
  let listing = '';
  try {
    if (indexProblem !== null) throw new Error(indexProblem);
    listing = await git.raw([
      'ls-files',
      '--others',
      '--exclude-standard',
      '-z',
      ...excludedPathspecs(root, withheld),
    ]);
  } catch (error) {
    const why = (error as Error).message.split('\n')[0] ?? '';
    notes.push(`the untracked files could not be listed (git: ${why}): new files are NOT shown`);
    return { text: '', cut: false };
  }
  let out = '';
  let bytes = 0;
  for (const path of listing.split('\0').filter(Boolean)) {
    // Past what reviewers can see, no more files are read: the caller says the diff was cut.
    if (bytes > budget) return { text: out, cut: true };
    const sensitive = sensitivePathReason(path);
    if (sensitive) {
      notes.push(`untracked ${path}: ${sensitive}`);
      continue;
    }
    const file = readContextFile(workdir, path, maxFileBytes);
    if (file.content === null) {
      notes.push(`untracked ${path}: ${file.problem}`);
      continue;
    }
    const [a, b] = [diffPath('a/', path), diffPath('b/', path)];
    const shown = `diff --git ${a} ${b}\nnew file (untracked)\n--- /dev/null\n+++ ${b}\n${file.content
      .split('\n')
      .map((line) => `+${line}`)
      .join('\n')}\n`;
    out += shown;
    bytes += Buffer.byteLength(shown);
    if (file.truncated)
      notes.push(`untracked ${path} is ${file.bytes} bytes; reviewers see the first ${maxFileBytes}`);
  }
  return { text: out, cut: false };
}

/**
 * A path as git writes it in a diff header: C-quoted (`"b/caf\\303\\251"`) when it holds a control
 * character, a quote, a backslash or a byte outside ASCII. Written as is, an untracked file named
 * `d\n+++ b/src/a.ts\n@@ -0,0 +1,40 @@` would add a header and a hunk of a tracked file to the
 * diff, and a reviewer's citation would be anchored to lines the change never touched, showing the
 * forged lines as that file's (diff-hunks.ts decodes the quoting).
 */
function diffPath(prefix: 'a/' | 'b/', path: string): string {
  const raw = `${prefix}${path}`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: quoting control characters is the point
  if (!/[\u0000-\u001f"\\\u007f-\uffff]/.test(raw)) return raw;
  const named: Record<number, string> = {
    7: 'a',
    8: 'b',
    9: 't',
    10: 'n',
    11: 'v',
    12: 'f',
    13: 'r',
    34: '"',
    92: '\\',
  };
  let out = '';
  for (const byte of Buffer.from(raw, 'utf8')) {
    const name = named[byte];
    if (name !== undefined) out += `\\${name}`;
    else if (byte < 0x20 || byte >= 0x7f) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `"${out}"`;
}

function readContextFile(workdir: string, path: string, maxBytes: number): ContextFile {
  const refuse = (problem: string): ContextFile => ({
    path,
    content: null,
    bytes: 0,
    truncated: false,
    problem,
  });
  if (isAbsolute(path)) return refuse('absolute paths are refused; name files relative to the workdir');
  const sensitive = sensitivePathReason(path);
  if (sensitive) return refuse(sensitive);
  let real: string;
  try {
    real = realpathSync(resolve(workdir, path));
  } catch {
    return refuse('not found');
  }
  const rel = relative(realpathSync(workdir), real);
  if (rel.startsWith('..') || isAbsolute(rel)) return refuse('resolves outside the workdir; refused');
  const sensitiveTarget = sensitivePathReason(rel);
  if (sensitiveTarget) return refuse(`links to ${rel}, ${sensitiveTarget}`);
  // Read through the directories just checked, never a link: the work (a sibling fan-out attempt)
  // may swap one in meanwhile, and this process reads as the harness.
  let fd: number;
  try {
    fd = openCheckedSync(real);
  } catch {
    return refuse('changed while it was being read; refused');
  }
  let bytes: Buffer;
  let size: number;
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return refuse('not a regular file');
    // Only what can be shown (and the binary sniff): a sparse file of gigabytes the work made costs
    // nothing to make, and reading it whole held it in the harness's memory (past 2 GiB, threw).
    bytes = readPrefix(fd, Math.max(maxBytes, 8000) + 1);
    size = Math.max(info.size, bytes.length);
  } finally {
    closeSync(fd);
  }
  if (bytes.subarray(0, 8000).includes(0))
    return { path, content: null, bytes: size, truncated: false, problem: 'binary file, not shown' };
  const truncated = size > maxBytes;
  const content = truncateUtf8(bytes.toString('utf8'), maxBytes);
  return { path, content, bytes: size, truncated, problem: null };
}

/** At most `limit` bytes from the start of `fd`. */
function readPrefix(fd: number, limit: number): Buffer {
  const buffer = Buffer.alloc(limit);
  let length = 0;
  while (length < limit) {
    const read = readSync(fd, buffer, length, limit - length, null);
    if (read === 0) break;
    length += read;
  }
  return buffer.subarray(0, length);
}

function truncateUtf8(text: string, maxBytes: number): string {
  const buffer = Buffer.from(text);
  if (buffer.length <= maxBytes) return text;
  return buffer
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}
