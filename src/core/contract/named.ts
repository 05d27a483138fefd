import { type Dirent, lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { closestName } from '../closest-name.js';
import { ContractError } from './errors.js';

/** Where named contracts live, relative to the repository root. */
export const CONTRACTS_DIR = '.truss/contracts';
/** The repository's layered defaults, relative to the repository root. */
export const CONFIG_FILE = '.truss/config.toml';
/** The contract `/truss run` uses when no name is given; free text after `--` becomes its intent. */
export const DEFAULT_CONTRACT = 'default';

const CONTRACT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface FindContractOptions {
  /**
   * Accept explicit `.toml` paths (default true: the CLI user names their own files). Hosts that
   * take the name from untrusted input, such as a PR comment, should pass false.
   */
  allowPaths?: boolean;
}

/**
 * Resolves what follows `/truss run` (or `truss run`) to a contract file:
 * - empty → `.truss/contracts/default.toml`;
 * - a name matching `^[A-Za-z0-9][A-Za-z0-9._-]*$` → `.truss/contracts/NAME.toml`, which must be a
 *   regular file whose real path (after symlinks) stays inside `.truss/contracts/` of the repo;
 * - anything ending in `.toml` → that path (relative to `cwd`), unrestricted unless `allowPaths` is false.
 * Any other input (`../x`, `/etc/x`, `a/b`) is refused. Failures are `ContractError`s; a missing name
 * lists the contracts that do exist. Returns the path of the file to load.
 */
export function findContract(
  name: string | undefined,
  repoRoot: string,
  cwd: string = process.cwd(),
  options: FindContractOptions = {},
): string {
  const wanted = (name ?? '').trim() || DEFAULT_CONTRACT;

  if (wanted.endsWith('.toml')) {
    if (options.allowPaths === false) {
      throw fail(wanted, 'invalid', 'paths are not accepted here; name a contract from .truss/contracts/');
    }
    const path = isAbsolute(wanted) ? wanted : resolve(cwd, wanted);
    const info = tryFs(() => statSync(path));
    if (!info)
      throw fail(
        wanted,
        'not_found',
        `${unreadablePath(path)}${inRepoHint(wanted, repoRoot, cwd)}${namedHint(wanted, repoRoot)}`,
      );
    if (info.isDirectory())
      throw fail(wanted, 'not_found', 'is a directory; pass the path of a contract .toml file in it');
    if (!info.isFile()) throw fail(wanted, 'not_found', 'is not a regular file');
    return path;
  }

  if (!CONTRACT_NAME.test(wanted)) {
    throw fail(
      wanted,
      'invalid',
      `is not a contract name; use letters, digits, ".", "_" and "-", starting with a letter or digit (a name from .truss/contracts/) or a path ending in .toml${options.allowPaths === false ? '' : tomlFileHint(wanted, cwd)}`,
    );
  }

  const dir = join(repoRoot, CONTRACTS_DIR);
  const path = join(dir, `${wanted}.toml`);
  const label = join(CONTRACTS_DIR, `${wanted}.toml`);
  const real = tryFs(() => realpathSync(path));
  // A link there is the contract, unreadable: not "no contract named X; did you mean X?".
  if (real === undefined && tryFs(() => lstatSync(path)))
    throw fail(label, 'not_found', unreadablePath(path));
  if (real === undefined) {
    const available = listContracts(repoRoot);
    const suggestion = closestName(wanted, available);
    const list =
      available.length > 0
        ? `${suggestion ? `did you mean "${suggestion}"? ` : ''}available contracts: ${available.join(', ')}`
        : `there are no contracts yet; create ${CONTRACTS_DIR}/${wanted}.toml`;
    const file = options.allowPaths === false ? '' : tomlFileHint(wanted, cwd);
    throw fail(label, 'not_found', `no contract named "${wanted}"; ${list}${file}`);
  }
  const realRoot = realpathSync(repoRoot);
  const realDir = realpathSync(dir);
  if (!isInside(realDir, realRoot) || !isInside(real, realDir)) {
    throw fail(label, 'invalid', `resolves outside ${CONTRACTS_DIR}/ (symlink); refusing to read it`);
  }
  const info = statSync(real);
  if (!info.isFile()) throw fail(label, 'invalid', 'is not a regular file');
  return path;
}

/**
 * `; did you mean X.toml?` when the user left `.toml` off a contract file that exists (relative to
 * `cwd`), as in `truss run examples/contracts/repo-health`: a name is looked up in .truss/contracts/
 * only, so the file beside them would otherwise go unmentioned. Likewise when what they named is
 * itself a directory or a file not ending in `.toml` (`truss run contracts/`, `truss run C.TOML`):
 * the message says what it is rather than only to create .truss/contracts/NAME.toml.
 */
function tomlFileHint(wanted: string, cwd: string): string {
  const file = `${wanted}.toml`;
  const info = tryFs(() => statSync(isAbsolute(file) ? file : resolve(cwd, file)));
  if (info?.isFile()) return `; did you mean the file ${file}?`;
  const named = tryFs(() => statSync(isAbsolute(wanted) ? wanted : resolve(cwd, wanted)));
  if (named?.isDirectory())
    return `; ${wanted} here is a directory: pass the path of a contract .toml file in it`;
  if (named?.isFile())
    return `; ${wanted} here is a file, but truss reads a contract file only by a path ending in .toml (in lowercase)`;
  return '';
}

/**
 * Why a `.toml` path cannot be opened, when "file not found" would mislead: a symbolic link that
 * loops or points nowhere is there (`ls` lists it).
 */
function unreadablePath(path: string): string {
  const link = tryFs(() => readlinkSync(path));
  if (link === undefined) return 'file not found';
  const loops = (() => {
    try {
      statSync(path);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ELOOP';
    }
  })();
  return loops
    ? `is a symbolic link (to ${link}) that loops back on itself; point it at the file`
    : `is a symbolic link to ${link}, which does not exist; point it at the file`;
}

/** `; did you mean the contract NAME?` when `NAME.toml` is missing here but is a contract of the repository. */
function namedHint(wanted: string, repoRoot: string): string {
  if (/[\\/]/.test(wanted)) return '';
  const stem = wanted.slice(0, -'.toml'.length);
  return CONTRACT_NAME.test(stem) && listContracts(repoRoot).includes(stem)
    ? `; did you mean the contract ${stem} (${CONTRACTS_DIR}/${wanted}): truss run ${stem}`
    : '';
}

/**
 * A relative contract path is read from where truss started, not from the workdir: when the file
 * exists under the workdir instead (`truss run c.toml --workdir ../repo`), say which path to pass.
 */
function inRepoHint(wanted: string, repoRoot: string, cwd: string): string {
  if (isAbsolute(wanted) || resolve(repoRoot) === resolve(cwd)) return '';
  const inRepo = join(repoRoot, wanted);
  const info = tryFs(() => statSync(inRepo));
  return info?.isFile()
    ? `; a relative path is read from the current directory, not the workdir: pass ${relative(cwd, inRepo) || inRepo}`
    : '';
}

/** Names of the contracts in `.truss/contracts/` (files `NAME.toml` with a valid NAME), sorted. */
export function listContracts(repoRoot: string): string[] {
  const entries: Dirent[] =
    tryFs(() => readdirSync(join(repoRoot, CONTRACTS_DIR), { withFileTypes: true })) ?? [];
  return entries
    .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.toml'))
    .map((entry) => entry.name.slice(0, -'.toml'.length))
    .filter((stem) => CONTRACT_NAME.test(stem))
    .sort();
}

/**
 * `.truss/config.toml` if the repository has one (undefined otherwise). Like named contracts, it
 * must really live inside the repository: a symlink pointing elsewhere is refused.
 */
export function findConfig(repoRoot: string): string | undefined {
  const path = join(repoRoot, CONFIG_FILE);
  const real = tryFs(() => realpathSync(path));
  if (real === undefined) return undefined;
  if (!isInside(real, realpathSync(repoRoot))) {
    throw fail(CONFIG_FILE, 'invalid', 'resolves outside the repository (symlink); refusing to read it');
  }
  return path;
}

/**
 * The CLI's `.truss/config.toml` in `workdir`: its path when there is one, undefined when there is
 * none. A symbolic link there that loops or points nowhere (a config linked into a submodule that is
 * not checked out) is refused, not read as no configuration: the run would go on without the
 * repository's [provider], [constraints] and [sandbox] (docs/contracts.md, "Where contracts live").
 */
export function workdirConfig(workdir: string): string | undefined {
  const path = join(workdir, CONFIG_FILE);
  if (!tryFs(() => lstatSync(path))) return undefined;
  if (tryFs(() => statSync(path))) return path;
  throw fail(path, 'invalid', `${unreadablePath(path)}; or remove it to run without repository defaults`);
}

function isInside(child: string, parent: string): boolean {
  if (child === parent) return true;
  const rel = relative(parent, child);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

function fail(file: string, code: 'invalid' | 'not_found', message: string): ContractError {
  return new ContractError([{ file, line: 0, col: 0, path: '', message }], code);
}

function tryFs<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}
