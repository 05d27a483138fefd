import type { ResolvedContract } from '../core/contract/index.js';
import { runHarnessGitSync } from '../core/process/index.js';
import type { GitHubReader } from '../core/tools/index.js';
import type { Logger } from '../github/logger.js';
import type { Octokit } from '../github/octokit.js';
import type { CliIo } from './io.js';

/**
 * The GitHub tools' reader for `truss run` and `truss resume` (docs/tools.md): when the contract
 * turns the tools on (`[tools] github = true`), one built on `GITHUB_TOKEN` for the repository named
 * by `GITHUB_REPOSITORY` or the workdir's GitHub `origin` remote, announced on stderr. Without a
 * token or a repository the run goes on and the tools refuse each call, saying why. The token stays
 * in this process's Octokit: the sandbox, the agent's processes and the ledger never see it.
 */
export async function cliGitHubReader(
  contract: ResolvedContract,
  io: CliIo,
  workdir: string,
): Promise<GitHubReader | undefined> {
  if (!contract.tools?.github) return undefined;
  const token = io.env.GITHUB_TOKEN;
  if (!token) {
    io.stderr(
      'truss: [tools] github = true, but GITHUB_TOKEN is not set: the GitHub tools will refuse every call\n',
    );
    return undefined;
  }
  let repository: { owner: string; repo: string } | null;
  try {
    repository = repositoryOf(io.env.GITHUB_REPOSITORY) ?? originRepository(workdir, io.env);
  } catch (error) {
    io.stderr(
      `truss: [tools] github = true, but the workdir's origin remote could not be read (${(error as Error).message}): the GitHub tools will refuse every call\n`,
    );
    return undefined;
  }
  if (!repository) {
    io.stderr(
      'truss: [tools] github = true, but the repository is unknown (no GITHUB_REPOSITORY=owner/name and no ' +
        'GitHub origin remote in the workdir): the GitHub tools will refuse every call\n',
    );
    return undefined;
  }
  const [octokit, { octokitGitHubReader }] = await Promise.all([
    cliOctokit(io, token),
    import('../github/github-reader.js'),
  ]);
  io.stderr(
    `truss: GitHub tools read ${repository.owner}/${repository.repo} with GITHUB_TOKEN (read-only; the token stays in truss)\n`,
  );
  return octokitGitHubReader(octokit, repository);
}

/**
 * The CLI's GitHub client: the shared factory with `GITHUB_API_URL` (GitHub Enterprise Server) and
 * the shell's proxy settings. Octokit is loaded here, only by commands that reach GitHub.
 */
export async function cliOctokit(io: CliIo, token: string, log?: Logger): Promise<Octokit> {
  const { createOctokit } = await import('../github/octokit.js');
  const baseUrl = io.env.GITHUB_API_URL;
  return createOctokit({ token, ...(baseUrl ? { baseUrl } : {}), ...(log ? { log } : {}), proxyEnv: io.env });
}

/** `owner/name` (GITHUB_REPOSITORY, `--repo`) as its two parts, or null when it is not that shape. */
export function repositoryOf(text: string | undefined): { owner: string; repo: string } | null {
  const match = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(text ?? '');
  return match ? { owner: match[1] as string, repo: (match[2] as string).replace(/\.git$/, '') } : null;
}

/**
 * `owner/name` of the workdir's `origin` remote on github.com (or GITHUB_SERVER_URL's host), or null.
 * Its git runs the harness's safe path (src/core/process/git-safety.ts): `truss resume` reads a
 * workdir judged work already changed. A git that path refuses (a FIFO in `.git`) throws, naming it.
 */
function originRepository(
  workdir: string,
  env: Readonly<Record<string, string | undefined>>,
): { owner: string; repo: string } | null {
  const { code, stdout } = runHarnessGitSync(workdir, ['config', '--get', 'remote.origin.url'], {
    env: { PATH: env.PATH ?? '/usr/bin:/bin', HOME: env.HOME ?? '/' },
  });
  if (code !== 0) return null;
  const url = stdout.toString('utf8').trim();
  const hosts = new Set(['github.com']);
  try {
    if (env.GITHUB_SERVER_URL) hosts.add(new URL(env.GITHUB_SERVER_URL).hostname);
  } catch {}
  const match = /^(?:[a-z+]+:\/\/)?(?:[^@/]+@)?([^/:]+)(?::\d+)?[:/]([^/]+\/[^/]+?)(?:\.git)?\/?$/i.exec(url);
  if (!match || !hosts.has((match[1] as string).toLowerCase())) return null;
  return repositoryOf(match[2]);
}
