#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  harnessProgramEnv
} from "./chunk-OCGEL2BZ.js";

// src/cli/github-access.ts
import { execFileSync } from "node:child_process";
async function cliGitHubReader(contract, io, workdir) {
  if (!contract.tools?.github) return void 0;
  const token = io.env.GITHUB_TOKEN;
  if (!token) {
    io.stderr(
      "truss: [tools] github = true, but GITHUB_TOKEN is not set: the GitHub tools will refuse every call\n"
    );
    return void 0;
  }
  const repository = repositoryOf(io.env.GITHUB_REPOSITORY) ?? originRepository(workdir, io.env);
  if (!repository) {
    io.stderr(
      "truss: [tools] github = true, but the repository is unknown (no GITHUB_REPOSITORY=owner/name and no GitHub origin remote in the workdir): the GitHub tools will refuse every call\n"
    );
    return void 0;
  }
  const [octokit, { octokitGitHubReader }] = await Promise.all([
    cliOctokit(io, token),
    import("./github-reader-R4ZFUCR3.js")
  ]);
  io.stderr(
    `truss: GitHub tools read ${repository.owner}/${repository.repo} with GITHUB_TOKEN (read-only; the token stays in truss)
`
  );
  return octokitGitHubReader(octokit, repository);
}
async function cliOctokit(io, token, log) {
  const { createOctokit } = await import("./octokit-2CYL2WUH.js");
  const baseUrl = io.env.GITHUB_API_URL;
  return createOctokit({ token, ...baseUrl ? { baseUrl } : {}, ...log ? { log } : {}, proxyEnv: io.env });
}
function repositoryOf(text) {
  const match = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(text ?? "");
  return match ? { owner: match[1], repo: match[2].replace(/\.git$/, "") } : null;
}
function originRepository(workdir, env) {
  let url;
  try {
    url = execFileSync("git", ["-C", workdir, "config", "--get", "remote.origin.url"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      env: harnessProgramEnv({ PATH: env.PATH ?? "/usr/bin:/bin", HOME: env.HOME ?? "/" }, workdir)
    }).trim();
  } catch {
    return null;
  }
  const hosts = /* @__PURE__ */ new Set(["github.com"]);
  try {
    if (env.GITHUB_SERVER_URL) hosts.add(new URL(env.GITHUB_SERVER_URL).hostname);
  } catch {
  }
  const match = /^(?:[a-z+]+:\/\/)?(?:[^@/]+@)?([^/:]+)(?::\d+)?[:/]([^/]+\/[^/]+?)(?:\.git)?\/?$/i.exec(url);
  if (!match || !hosts.has(match[1].toLowerCase())) return null;
  return repositoryOf(match[2]);
}

export {
  cliGitHubReader,
  cliOctokit,
  repositoryOf
};
