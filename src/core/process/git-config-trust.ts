import { closeSync, fstatSync, lstatSync, openSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { type GitConfigEntry, isIncludeName, parseGitConfig } from './git-config-parse.js';
import { within } from './mount-table.js';
import { safeChain } from './trusted-path.js';

/** Where one harness git reads its config from, and who it runs as. */
export interface GitConfigPlaces {
  /** The git directory (`GIT_DIR`, or what `.git` names); null outside any repository. */
  gitDir: string | null;
  /** Where the repository's own config lives: the git directory, or a linked worktree's common one. */
  commonDir: string | null;
  /** The working tree: the judged work's to write, whoever owns it. */
  workTree: string | null;
  /** The environment git runs with: HOME, XDG_CONFIG_HOME, TMPDIR, GIT_CONFIG_*. */
  env: Readonly<Record<string, string | undefined>>;
  /** The harness's uid: besides root, the only owner a trusted config file may have. */
  uid: number | undefined;
}

/** A config file git would read (included, or named by the environment) that the judged work could write. */
export interface UntrustedConfig {
  /** The file that includes it, or the environment variable that names it. */
  from: string;
  /** The variable that includes it (`include.path`, `includeif.<condition>.path`), or '' for a variable. */
  key: string;
  /** The file git would read. */
  path: string;
  /** Why it is the work's to write. */
  why: string;
}

/** Git's own limit on nested includes; a deeper chain is refused by git itself. */
const INCLUDE_DEPTH = 10;

/** The largest config file read for its includes; a larger one is refused, not skipped. */
const CONFIG_LIMIT = 1024 * 1024;

/** Linux's `O_PATH`: a descriptor that names a file without opening it (node:fs does not export it). */
const O_PATH = 0o10000000;

/**
 * Entries of a repository's own `.git` the sandboxes keep read-only, and always have (git-metadata.ts
 * makes `info/` and `hooks/` when missing): a config included from there cannot be changed by the
 * judged work under `uid` or `bwrap`. Not `modules/`, which is guarded only when it already exists,
 * nor anything in a linked worktree's own git directory (`.git/worktrees/<name>/`), which is not.
 */
const GUARDED = ['config', 'config.worktree', 'info', 'hooks'];

/** File systems whose paths mean something else to each process (or are no files at all). */
const VIRTUAL = ['/proc', '/dev', '/sys'];

/** Names of the directories the run's scratch lives in, inside the temp dir (private-dirs.ts, process-scratch.ts). */
const SCRATCH_PREFIXES = ['truss-sandbox-', 'truss-sbx-'];

/**
 * A config file's bytes (as latin1, one character per byte, as git's parser reads them) when it is a
 * regular file; '' when it is missing or no regular file (a FIFO is findGitHazards' to report), null
 * when it is too large to check. Held first through `O_PATH` (which opens nothing, so no FIFO waits),
 * asked its kind through that descriptor, and read through the same one: the path is the work's to
 * swap between a look and a read.
 */
export function configFileText(path: string): string | null {
  let held: number;
  try {
    held = openSync(path, O_PATH);
  } catch {
    return '';
  }
  try {
    const stat = fstatSync(held);
    if (!stat.isFile()) return '';
    if (stat.size > CONFIG_LIMIT) return null;
    return readFileSync(`/proc/self/fd/${held}`).toString('latin1');
  } catch {
    return '';
  } finally {
    closeSync(held);
  }
}

/** A latin1 string of bytes as the UTF-8 path node:fs takes; null when the bytes are no UTF-8. */
function pathOfBytes(bytes: string): string | null {
  const buffer = Buffer.from(bytes, 'latin1');
  const text = buffer.toString('utf8');
  return Buffer.from(text, 'utf8').equals(buffer) ? text : null;
}

/**
 * Where git reads an include's value from, as git's interpolate_path and handle_path_include do: `~`
 * and `~/` from HOME, a relative path from the including file's directory (as git names that file).
 * Joined, never normalised: git hands the kernel `dir/../x` as it is, and a `..` after a link the
 * work planted leads where the link leads, not where the text says. The reason instead when it
 * cannot be told here (`~user/`, `%(prefix)/`).
 */
function includedPath(
  value: string,
  from: string | null,
  env: GitConfigPlaces['env'],
): { path: string } | { unknown: string } {
  if (value === '~' || value.startsWith('~/')) {
    if (!env.HOME) return { unknown: 'it starts with ~ and HOME is not set' };
    return { path: value.length > 2 ? `${env.HOME}/${value.slice(2)}` : env.HOME };
  }
  if (value.startsWith('~'))
    return { unknown: "it names another user's home (~user/), which is not checked" };
  if (value.startsWith('%(prefix)/'))
    return { unknown: "it names git's install prefix (%(prefix)/), which is not checked" };
  if (isAbsolute(value)) return { path: value };
  if (from === null) return { unknown: 'it is relative and does not come from a file (git refuses it too)' };
  return { path: `${dirname(from)}/${value}` };
}

/** `path` with every link resolved, as far as it exists, and the rest as named. */
function realOrNearest(path: string): string {
  let rest = '';
  for (let at = path; ; at = dirname(at)) {
    try {
      const real = realpathSync.native(at);
      return rest ? join(real, rest) : real;
    } catch {}
    if (dirname(at) === at) return path;
    rest = rest ? join(basename(at), rest) : basename(at);
  }
}

/** The nearest of `path` and the directories above it that exists (a missing file can be made there). */
function nearestExisting(path: string): string {
  for (let at = path; ; at = dirname(at)) {
    try {
      lstatSync(at);
      return at;
    } catch {}
    if (dirname(at) === at) return at;
  }
}

/** Where the judged work writes, each as named and with its links resolved: asked once per harness git. */
interface Zones {
  /** The git directories. */
  dirs: string[];
  /** The repository's own git directory (the common one), whose guarded entries are trusted. */
  common: string[];
  /** The work trees: this one, and a linked worktree's repository's own. */
  trees: string[];
  /** The temp dirs the run's scratch lies in: git's own TMPDIR and the shared ones. */
  temps: string[];
}

function zonesOf(places: GitConfigPlaces): Zones {
  const dirs = [places.gitDir, places.commonDir].filter((dir): dir is string => dir !== null);
  // A linked worktree's repository has a work tree of its own, as much the work's as this one.
  const trees = [places.workTree, ...dirs.filter((dir) => basename(dir) === '.git').map(dirname)].filter(
    (tree): tree is string => tree !== null,
  );
  const temps = [places.env.TMPDIR, '/tmp', '/var/tmp', '/dev/shm'].filter(Boolean) as string[];
  const both = (paths: string[]) => [...new Set([...paths, ...paths.map(realOrNearest)])];
  const common = places.commonDir === null ? [] : [places.commonDir];
  return { dirs: both(dirs), common: both(common), trees: both(trees), temps: both(temps) };
}

/** Whether `path` lies in the run's scratch (private-dirs.ts, process-scratch.ts) in one of the temp dirs. */
function inScratch(path: string, zones: Zones): boolean {
  return zones.temps.some((temp) => SCRATCH_PREFIXES.some((prefix) => path.startsWith(join(temp, prefix))));
}

/**
 * Why the judged work could write the config file at `path` (which may not exist yet: git skips a
 * missing include, and the work may create it), or null when it cannot: inside a git directory's
 * entries the sandbox keeps read-only; else nowhere in the working tree or the git directory, not
 * in the run's scratch, and (as far as it exists) owned, with every directory above it, by root or
 * the harness user and writable by nobody else. The path is checked as named and with its links
 * resolved: a link kept in a trusted place may lead into the work tree.
 */
function untrustedBecause(
  path: string,
  zones: Zones,
  uid: number | undefined,
  included: boolean,
): string | null {
  for (const candidate of new Set([resolve(path), realOrNearest(path)])) {
    // `/proc/self/cwd/.gitconfig` is the work tree's file to git, and this process's own cwd here.
    if (VIRTUAL.some((dir) => within(candidate, dir)))
      return 'in /proc, /dev or /sys, whose files depend on the process that reads them';
    if (zones.common.some((dir) => GUARDED.some((entry) => within(candidate, join(dir, entry))))) continue;
    if (zones.dirs.some((dir) => within(candidate, dir)))
      return 'inside the git directory, where the judged work writes objects and refs (only its config, config.worktree, info/ and hooks/ are kept read-only)';
    if (zones.trees.some((tree) => within(candidate, tree)))
      return 'inside the working tree, which the judged work writes';
    if (included && inScratch(candidate, zones))
      return "in the run's scratch directory, which sandboxed processes write";
    const existing = nearestExisting(candidate);
    if (!safeChain(existing, uid))
      return existing === candidate
        ? 'owned by another user, or writable by others (or a directory above it is)'
        : `missing, and ${existing} (where it could be made) is owned by another user or writable by others`;
  }
  // The link itself, where one was followed: its directory must be as safe as the file.
  if (isLink(path) && !safeChain(dirname(resolve(path)), uid))
    return 'a link in a directory owned by another user or writable by others';
  return null;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Whether the repository config at `config` turns on `extensions.worktreeConfig`, so that git also
 * reads `config.worktree` in the git directory.
 */
export function worktreeConfigOn(config: string): boolean {
  return worktreeConfigIn(configFileText(config) ?? '');
}

function worktreeConfigIn(text: string): boolean {
  if (!/worktreeconfig/i.test(text)) return false;
  return parseGitConfig(text).entries.some(
    ({ name, value }) => name === 'extensions.worktreeconfig' && gitTrue(value),
  );
}

/**
 * The include entries of a config file's text, each once, as any git version reads them: a tab inside
 * an unquoted value is a tab to git 2.45 and later and a blank to the versions before.
 */
function includeEntries(text: string): GitConfigEntry[] {
  const all = [...parseGitConfig(text).entries, ...parseGitConfig(text, { spacesAsBlanks: true }).entries];
  const seen = new Set<string>();
  return all.filter(({ name, value }) => {
    const id = `${name}\0${value}`;
    if (!isIncludeName(name) || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Whether a config value is git's boolean true. */
function gitTrue(value: string | null): boolean {
  return value === null || ['true', 'yes', 'on', '1'].includes(value.trim().toLowerCase());
}

/** Where a command-line config pair came from, its name and its value. */
type EnvironmentPair = [variable: string, name: string, value: string];

/**
 * The `name=value` pairs git takes from GIT_CONFIG_COUNT/KEY_n/VALUE_n and GIT_CONFIG_PARAMETERS
 * (git's sq_quote: each word in '…', a quote inside as '\'' and ! as '\!'; `'key'='value'` or
 * `'key=value'`); null when one of them cannot be read.
 */
function environmentConfig(env: GitConfigPlaces['env']): EnvironmentPair[] | null {
  const pairs: EnvironmentPair[] = [];
  const count = Number(env.GIT_CONFIG_COUNT ?? 0);
  if (!Number.isInteger(count) || count < 0) return null;
  for (let i = 0; i < count; i++)
    pairs.push(['GIT_CONFIG_COUNT', env[`GIT_CONFIG_KEY_${i}`] ?? '', env[`GIT_CONFIG_VALUE_${i}`] ?? '']);
  const text = env.GIT_CONFIG_PARAMETERS ?? '';
  let at = 0;
  const word = (): string | null => {
    if (text[at] !== "'") return null;
    let out = '';
    at++;
    for (;;) {
      const end = text.indexOf("'", at);
      if (end < 0) return null;
      out += text.slice(at, end);
      at = end + 1;
      const escaped = text[at + 1];
      if (text[at] !== '\\' || (escaped !== "'" && escaped !== '!') || text[at + 2] !== "'") return out;
      out += escaped;
      at += 3;
    }
  };
  for (;;) {
    while (at < text.length && /\s/.test(text[at] as string)) at++;
    if (at >= text.length) return pairs;
    const key = word();
    if (key === null) return null;
    if (text[at] === '=') {
      at++;
      const value = word();
      if (value === null) return null;
      pairs.push(['GIT_CONFIG_PARAMETERS', key, value]);
    } else {
      const eq = key.indexOf('=');
      pairs.push(['GIT_CONFIG_PARAMETERS', eq < 0 ? key : key.slice(0, eq), eq < 0 ? '' : key.slice(eq + 1)]);
    }
  }
}

/** A config variable's name as git canonicalises a command-line one: section and key lower-cased. */
function canonicalName(name: string): string {
  const first = name.indexOf('.');
  const last = name.lastIndexOf('.');
  if (first < 0) return name.toLowerCase();
  return `${name.slice(0, first).toLowerCase()}${name.slice(first, last)}${name.slice(last).toLowerCase()}`;
}

/**
 * Every config file a harness git would read (docs/security.md, "Git metadata") that the judged work
 * could write: files included — transitively, `includeIf` conditions not evaluated — from the
 * repository's config, from `config.worktree`, from the global and system configs and from
 * `GIT_CONFIG_PARAMETERS`/`GIT_CONFIG_COUNT`; and the global or system config itself when it lies
 * there (`GIT_CONFIG_GLOBAL` pointing into the checkout). One such file is enough for the work to
 * set `filter.<name>.clean`, `diff.<name>.textconv`, `core.pager` or `core.sshCommand`, which the
 * harness's next `git status`, `diff` or `add` runs as the harness user; and the repository's own
 * config where its git directory lies in the work tree ({@link untrustedGitDir}). Reads a few small
 * files, each once, and asks a few `lstat`s: cheap enough before every harness git. `isHazard` is
 * asked about each included path first (git-safety.ts reports a FIFO there, which git would wait on):
 * one it answers true for is neither judged nor read.
 */
export function untrustedGitConfig(
  places: GitConfigPlaces,
  isHazard: (path: string) => boolean = () => false,
): UntrustedConfig[] {
  const found: UntrustedConfig[] = [];
  const seen = new Set<string>();
  const env = places.env;
  let known: Zones | undefined;
  const zones = () => {
    known ??= zonesOf(places);
    return known;
  };
  const follow = (from: string | null, label: string, key: string, value: string, depth: number) => {
    const where = includedPath(value, from, env);
    if ('unknown' in where) {
      found.push({ from: label, key, path: value, why: `it cannot be checked: ${where.unknown}` });
      return;
    }
    if (isHazard(where.path)) return;
    const why = untrustedBecause(where.path, zones(), places.uid, true);
    if (why) found.push({ from: label, key, path: resolve(where.path), why });
    else read(where.path, depth + 1);
  };
  const read = (file: string, depth: number, known?: string | null) => {
    if (depth > INCLUDE_DEPTH || seen.has(file)) return;
    seen.add(file);
    const text = known === undefined ? configFileText(file) : known;
    if (text === null) {
      found.push({
        from: file,
        key: '',
        path: file,
        why: `larger than ${CONFIG_LIMIT} bytes, too large to check`,
      });
      return;
    }
    if (!/include/i.test(text)) return;
    for (const { name, value } of includeEntries(text)) {
      if (!isIncludeName(name) || value === null || value === '') continue;
      const path = pathOfBytes(value);
      if (path === null) {
        found.push({ from: file, key: name, path: value, why: 'it cannot be checked: the path is no UTF-8' });
        continue;
      }
      follow(file, file, name, path, depth);
    }
  };
  // The system and global configs: the harness user's own, unless they lie where the work writes.
  const roots: Array<[string, string]> = [];
  if (!gitTrue(env.GIT_CONFIG_NOSYSTEM ?? 'false'))
    roots.push([env.GIT_CONFIG_SYSTEM ?? '/etc/gitconfig', env.GIT_CONFIG_SYSTEM ? 'GIT_CONFIG_SYSTEM' : '']);
  if (env.GIT_CONFIG_GLOBAL !== undefined) roots.push([env.GIT_CONFIG_GLOBAL, 'GIT_CONFIG_GLOBAL']);
  else if (env.HOME) {
    const xdg = env.XDG_CONFIG_HOME || join(env.HOME, '.config');
    roots.push([join(xdg, 'git', 'config'), ''], [join(env.HOME, '.gitconfig'), '']);
  }
  for (const [file, variable] of roots) {
    if (file === '' || file === '/dev/null') continue;
    const path = resolve(file);
    const why = untrustedBecause(path, zones(), places.uid, false);
    if (why) found.push({ from: variable || path, key: '', path, why });
    else read(path, 0);
  }
  // The repository's own config, kept read-only by the sandbox (git-metadata.ts); and its
  // per-worktree one, read when extensions.worktreeConfig is on.
  const config = places.commonDir === null ? null : join(places.commonDir, 'config');
  const placed = config === null ? null : untrustedGitDir(places);
  if (config !== null && placed !== null)
    found.push({ from: join(places.workTree ?? '', '.git'), key: 'gitdir', path: config, why: placed });
  const text = config === null || placed !== null ? null : configFileText(config);
  if (config !== null) read(config, 0, text);
  if (config !== null && places.gitDir !== null && worktreeConfigIn(text ?? '')) {
    const worktreeConfig = join(places.gitDir, 'config.worktree');
    const why = untrustedBecause(worktreeConfig, zones(), places.uid, false);
    if (why) found.push({ from: config, key: 'extensions.worktreeconfig', path: worktreeConfig, why });
    else read(worktreeConfig, 0);
  }
  const pairs = environmentConfig(env);
  if (pairs === null)
    found.push({
      from: 'GIT_CONFIG_PARAMETERS',
      key: '',
      path: '(the environment)',
      why: 'it cannot be read to check its includes',
    });
  for (const [variable, name, value] of pairs ?? []) {
    const canonical = canonicalName(name);
    if (isIncludeName(canonical) && value !== '') follow(null, variable, canonical, value, 0);
  }
  return found;
}

/**
 * Why the repository's own config (in the common git directory) is the judged work's to write, or
 * null: the sandbox keeps only a work tree's own `.git` directory's config read-only
 * (git-metadata.ts). A `.git` file pointing at a git directory elsewhere in the work tree (`git init
 * --separate-git-dir tree/.store`), or at an admin directory whose `commondir` leads there, makes
 * that config a file the work fills with a `filter.<name>.clean`, which the
 * next harness git would run. A linked worktree's repository outside the tree (`<main>/.git`) and a
 * submodule's `<super>/.git/modules/<name>` are not in it. Checked as named and with links resolved.
 */
function untrustedGitDir(places: GitConfigPlaces): string | null {
  const { commonDir, workTree } = places;
  if (commonDir === null || workTree === null) return null;
  const trees = new Set([resolve(workTree), realOrNearest(workTree)]);
  for (const dir of new Set([resolve(commonDir), realOrNearest(commonDir)])) {
    const own = [...trees].some((tree) => dir === join(tree, '.git'));
    if (!own && [...trees].some((tree) => within(dir, tree)))
      return `in the git directory ${dir}, which lies inside the working tree the judged work writes`;
  }
  return null;
}

/** What a `.git` file (a linked worktree's, a submodule's) points at, from the directory holding it; null: unreadable. */
function gitFileTarget(file: string): string | null {
  const text = configFileText(file);
  const pointer = text ? /^gitdir: (.*?)\r?\n?$/.exec(text) : null;
  const target = pointer ? pathOfBytes(pointer[1] as string) : null;
  return target === null ? null : resolve(dirname(file), target);
}

/**
 * The places one harness git in `cwd` reads its config from, as git finds them: the git directory
 * and work tree the environment names (`GIT_DIR`, `GIT_COMMON_DIR`, `GIT_WORK_TREE`: the harness
 * names its own, git-metadata.ts), else the nearest `.git` above `cwd` — a directory, or a file
 * pointing at a linked worktree's git directory, whose `commondir` names the repository's.
 */
export function gitConfigPlaces(
  cwd: string,
  env: GitConfigPlaces['env'],
  uid: number | undefined,
): GitConfigPlaces {
  const commonOf = (gitDir: string) => {
    if (env.GIT_COMMON_DIR) return resolve(cwd, env.GIT_COMMON_DIR);
    const named = configFileText(join(gitDir, 'commondir'))?.replace(/\r?\n$/, '');
    const path = named ? pathOfBytes(named) : null;
    return path ? resolve(gitDir, path) : gitDir;
  };
  if (env.GIT_DIR) {
    const gitDir = resolve(cwd, env.GIT_DIR);
    const workTree = env.GIT_WORK_TREE ? resolve(cwd, env.GIT_WORK_TREE) : dirname(gitDir);
    return { gitDir, commonDir: commonOf(gitDir), workTree, env, uid };
  }
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    let kind: 'dir' | 'file' | null = null;
    try {
      const stat = lstatSync(dotGit);
      kind = stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : null;
    } catch {}
    const gitDir = kind === 'dir' ? dotGit : kind === 'file' ? gitFileTarget(dotGit) : null;
    if (gitDir !== null) return { gitDir, commonDir: commonOf(gitDir), workTree: dir, env, uid };
    if (dirname(dir) === dir) return { gitDir: null, commonDir: null, workTree: null, env, uid };
  }
}
