import type { TomlSource } from '../core/contract/index.js';
import { CONFIG_FILE, CONTRACTS_DIR, ContractError } from '../core/contract/index.js';
import type { Octokit } from './octokit.js';
import { listRepoDir, readRepoFile } from './repo-files.js';
import { appReviewComments, parseContractToml } from './settings.js';

export interface RepoRef {
  owner: string;
  repo: string;
}

export interface ContractToRun {
  name: string;
  /** Repository-relative path, for annotations. */
  path: string;
  source: TomlSource;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * The contract names (`.truss/contracts/<name>.toml`) at a trusted ref, sorted: one listing for the
 * Action's loader and the App's dispatcher, which needs the names only (one request, no file reads).
 */
export async function listContractNames(options: {
  octokit: Octokit;
  repo: RepoRef;
  ref: string;
}): Promise<string[]> {
  const { octokit, repo, ref } = options;
  return (
    await listRepoDir({ octokit, owner: repo.owner, repo: repo.repo, path: CONTRACTS_DIR, ref, type: 'file' })
  )
    .filter((name) => name.endsWith('.toml'))
    .map((name) => name.slice(0, -'.toml'.length))
    .sort();
}

/**
 * Reads contracts and `.truss/config.toml` from a trusted ref (the PR's BASE, never its head) through
 * the API, so a pull request cannot change what it is judged by. No names → every contract there.
 */
export async function loadContractsAtRef(options: {
  octokit: Octokit;
  repo: RepoRef;
  ref: string;
  names: readonly string[];
}): Promise<{ config: TomlSource | undefined; contracts: ContractToRun[] }> {
  const { octokit, repo, ref } = options;
  const read = (path: string) => readRepoFile({ octokit, owner: repo.owner, repo: repo.repo, path, ref });
  // Independent reads, asked side by side: each is a round trip to the API.
  const [configText, available] = await Promise.all([
    read(CONFIG_FILE),
    listContractNames({ octokit, repo, ref }),
  ]);
  const names = options.names.length > 0 ? options.names : available;
  if (names.length === 0) {
    throw notFound(
      `no contracts in ${CONTRACTS_DIR}/ at ${ref.slice(0, 12)}; add one (see docs/contracts.md) or set the contract input`,
    );
  }
  for (const name of names)
    if (!NAME.test(name))
      throw notFound(
        `"${name}" is not a contract name (letters, digits, ".", "_" and "-")${nameHint(name, available)}`,
      );
  const texts = await Promise.all(names.map((name) => read(`${CONTRACTS_DIR}/${name}.toml`)));
  const contracts: ContractToRun[] = [];
  for (const [i, name] of names.entries()) {
    const path = `${CONTRACTS_DIR}/${name}.toml`;
    const text = texts[i] ?? null;
    if (text === null) {
      const list =
        available.length > 0
          ? `available: ${available.join(', ')}`
          : `no contracts exist in ${CONTRACTS_DIR}/`;
      throw notFound(
        `contract "${name}" is not in ${CONTRACTS_DIR}/ on the base branch (${ref.slice(0, 12)}); ${list}${nameHint(name, available)}`,
      );
    }
    contracts.push({ name, path, source: { file: path, text } });
  }
  return { config: configText === null ? undefined : { file: CONFIG_FILE, text: configText }, contracts };
}

/**
 * What to write instead, for a name given as the file's path (`.truss/contracts/tests.toml`, `tests.toml`)
 * or as a pattern (`*`): contracts are named by their file name without the directory and `.toml`.
 */
function nameHint(name: string, available: readonly string[]): string {
  const stripped = name.replace(/^(\.\/)?\.truss\/contracts\//, '').replace(/\.toml$/, '');
  if (stripped !== name && available.includes(stripped))
    return `; write "${stripped}": a contract is named by its file name in ${CONTRACTS_DIR}/, without .toml`;
  if (/[*?[]/.test(name))
    return '; patterns are not expanded: name each contract, or leave the input empty to run every one';
  return '';
}

function notFound(message: string): ContractError {
  return new ContractError([{ file: CONTRACTS_DIR, line: 0, col: 0, path: '', message }], 'not_found');
}

/**
 * Contract id → file name for every contract at `ref` that parses; one read per contract. Check runs
 * and sticky comments name ids, and `/truss run` takes file names: a reply that tells a user what to
 * run must name the file (`with-review.toml` has the id `readme-quickstart`).
 */
export async function contractFilesById(
  octokit: Octokit,
  repo: RepoRef,
  ref: string,
  /** The contract names at `ref` when the caller listed them already. */
  listed?: readonly string[],
): Promise<Map<string, string>> {
  const byId = new Map<string, string>();
  for (const name of listed ?? (await listContractNames({ octokit, repo, ref }))) {
    const path = `${CONTRACTS_DIR}/${name}.toml`;
    const text = await readRepoFile({ octokit, ...repo, path, ref });
    if (text === null) continue;
    try {
      byId.set(parseContractToml(text, path).contract.id, name);
    } catch {
      // A contract that does not parse has no id to match; its run reported that error itself.
    }
  }
  return byId;
}

/**
 * `[app] review_comments` of `.truss/config.toml` at a trusted ref, for a job that does not load the
 * contracts (a resumed run, whose contract is the one its ledger recorded).
 */
export async function appReviewCommentsAt(options: {
  octokit: Octokit;
  repo: RepoRef;
  ref: string;
}): Promise<boolean> {
  const { octokit, repo, ref } = options;
  const text = await readRepoFile({ octokit, owner: repo.owner, repo: repo.repo, path: CONFIG_FILE, ref });
  return appReviewComments(text === null ? undefined : { file: CONFIG_FILE, text });
}
