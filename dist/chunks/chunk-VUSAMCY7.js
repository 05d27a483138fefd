#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  GitCommandError,
  excludedPathspecs,
  harnessGit,
  runHarnessGit,
  runHarnessGitCapped,
  stageAll
} from "./chunk-OCGEL2BZ.js";

// src/core/verify/errors.ts
var GitRefError = class extends Error {
  name = "GitRefError";
};

// src/core/process/isolation-env.ts
var FORBIDDEN_EXACT = /* @__PURE__ */ new Set([
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "GITHUB_PAT",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_URL",
  "ACTIONS_RUNTIME_URL",
  "ACTIONS_RESULTS_URL",
  "ACTIONS_CACHE_URL",
  // Files the Actions runner reads back after the step: writing them would inject env/outputs later.
  "GITHUB_ENV",
  "GITHUB_OUTPUT",
  "GITHUB_PATH",
  "GITHUB_STATE",
  "GITHUB_STEP_SUMMARY"
]);
function isForbiddenEnvName(name) {
  const upper = name.toUpperCase();
  if (FORBIDDEN_EXACT.has(upper)) return true;
  if (upper.startsWith("INPUT_") || upper.startsWith("ACTIONS_")) return true;
  if (upper.startsWith("TRUSS_") && /(KEY|TOKEN|SECRET)/.test(upper)) return true;
  return false;
}
function forbiddenEnvReason(name) {
  return `${name} is never passed to checks, tools or agent CLIs: it carries the harness's own credentials (see docs/security.md). Remove it from env / check_env / executor.env; give the work a separate, narrowly scoped secret under another name instead.`;
}
var GITHUB_CONTEXT_ENV = Object.freeze([
  "GITHUB_ACTIONS",
  "GITHUB_REPOSITORY",
  "GITHUB_REPOSITORY_OWNER",
  "GITHUB_SHA",
  "GITHUB_REF",
  "GITHUB_REF_NAME",
  "GITHUB_REF_TYPE",
  "GITHUB_HEAD_REF",
  "GITHUB_BASE_REF",
  "GITHUB_EVENT_NAME",
  "GITHUB_RUN_ID",
  "GITHUB_RUN_NUMBER",
  "GITHUB_RUN_ATTEMPT",
  "GITHUB_SERVER_URL",
  "GITHUB_API_URL",
  "GITHUB_GRAPHQL_URL",
  "GITHUB_WORKFLOW",
  "GITHUB_JOB",
  "GITHUB_ACTOR",
  "RUNNER_OS",
  "RUNNER_ARCH"
]);
function dropForbiddenEnv(env) {
  const dropped = [];
  for (const name of Object.keys(env)) {
    if (isForbiddenEnvName(name)) {
      delete env[name];
      dropped.push(name);
    }
  }
  return dropped.sort();
}

// src/core/process/isolation-none.ts
function noIsolation(report) {
  return {
    report,
    async prepare(request) {
      const env = { ...request.env };
      const droppedEnv = dropForbiddenEnv(env);
      return { ...request, args: [...request.args], env, droppedEnv, dispose: async () => {
      } };
    },
    async addWorkdir() {
    }
  };
}
var NO_ISOLATION = noIsolation({
  level: "none",
  requested: "none",
  network: "open",
  network_enforced: false,
  egress: null,
  notes: ["no isolation was configured by the host"]
});

// src/core/process/env-scrub.ts
var CHECK_ENV_ALLOWLIST = Object.freeze([
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "LANG",
  "LC_ALL",
  "LC_CTYPE",
  "TZ",
  "TERM",
  "TMPDIR",
  "CI",
  // Run context that carries no token (docs/security.md, "Environment").
  ...GITHUB_CONTEXT_ENV
]);
function scrubEnv(source, extraNames = []) {
  const env = {};
  for (const name of [...CHECK_ENV_ALLOWLIST, ...extraNames]) {
    if (!Object.hasOwn(source, name)) continue;
    const value = source[name];
    if (value !== void 0) env[name] = value;
  }
  return env;
}

// src/core/process/worktree-snapshot.ts
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
var EMPTY_STAT = { filesChanged: 0, insertions: 0, deletions: 0, binaryFiles: 0 };
var EMPTY_DIFF = Object.freeze({
  diff: "",
  diffTruncated: false,
  diffStat: EMPTY_STAT,
  changedFiles: []
});
function git(baseDir, env, indexFile) {
  return harnessGit(baseDir, gitOptions(env, indexFile));
}
function gitOptions(env, indexFile) {
  const base = scrubEnv(env, ["XDG_CONFIG_HOME"]);
  return {
    config: ["core.quotePath=false"],
    env: { ...base, LC_ALL: "C", ...indexFile ? { GIT_INDEX_FILE: indexFile } : {} }
  };
}
async function findRepoRoot(workdir, env) {
  try {
    const top = (await git(workdir, env).raw(["rev-parse", "--show-toplevel"])).trim();
    return top || null;
  } catch (error) {
    if (error instanceof Error && /not a git repository/i.test(error.message)) return null;
    throw error;
  }
}
async function snapshotWorktree(root, env) {
  const plain = git(root, env);
  const head = await plain.raw(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]).then((sha) => sha.trim() || null).catch(() => null);
  const scratch = await mkdtemp(join(tmpdir(), "truss-snapshot-"));
  const indexFile = join(scratch, "index");
  try {
    const realIndex = (await plain.raw(["rev-parse", "--git-path", "index"])).trim();
    const realIndexPath = isAbsolute(realIndex) ? realIndex : resolve(root, realIndex);
    const seeded = await copyFile(realIndexPath, indexFile).then(
      () => true,
      () => false
    );
    const scoped = git(root, env, indexFile);
    const fresh = () => scoped.raw(head ? ["read-tree", head] : ["read-tree", "--empty"]);
    const addAll = () => stageAll({ raw: (args) => scoped.raw(args) }, [":/"]);
    if (!seeded) await fresh();
    try {
      await addAll();
    } catch (error) {
      if (!seeded) throw error;
      await fresh();
      await addAll();
    }
    const tree = (await scoped.raw(["write-tree"])).trim();
    return { root, head, tree };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
async function diffSnapshots(before, after, env, maxBytes, exclude = []) {
  if (before.tree === after.tree) return { ...EMPTY_DIFF, diffStat: { ...EMPTY_STAT }, changedFiles: [] };
  const g = git(before.root, env);
  const range = [before.tree, after.tree];
  const common = ["--no-color", "--no-ext-diff", "--no-textconv", "--no-renames"];
  const scope = excludedPathspecs(before.root, exclude);
  const [read, numstat] = await Promise.all([
    runHarnessGitCapped(
      before.root,
      ["diff", ...common, "--binary", ...range, ...scope],
      maxBytes + 1,
      gitOptions(env)
    ),
    g.raw(["diff", ...common, "--numstat", "-z", ...range, ...scope])
  ]);
  if (!read.truncated && read.code !== 0 && read.stderr.trim() !== "") {
    throw new GitCommandError(read.stderr.trim(), read.code);
  }
  const stat = { ...EMPTY_STAT };
  const changedFiles = [];
  for (const record of numstat.split("\0")) {
    if (!record) continue;
    const first = record.indexOf("	");
    const second = record.indexOf("	", first + 1);
    if (first < 0 || second < 0) continue;
    const added = record.slice(0, first);
    const deleted = record.slice(first + 1, second);
    changedFiles.push(record.slice(second + 1));
    stat.filesChanged++;
    if (added === "-" || deleted === "-") {
      stat.binaryFiles++;
    } else {
      stat.insertions += Number(added);
      stat.deletions += Number(deleted);
    }
  }
  const truncated = read.stdout.length > maxBytes;
  return {
    diff: truncated ? truncateUtf8(read.stdout, maxBytes) : read.stdout.toString("utf8"),
    diffTruncated: truncated,
    diffStat: stat,
    changedFiles
  };
}
function truncateUtf8(read, maxBytes) {
  const bytes = read.subarray(0, maxBytes);
  let end = bytes.length;
  let back = 0;
  while (back < 4 && end - back - 1 >= 0 && ((bytes[end - back - 1] ?? 0) & 192) === 128) back++;
  const lead = bytes[end - back - 1];
  if (lead !== void 0 && lead >= 192) {
    const need = lead >= 240 ? 4 : lead >= 224 ? 3 : 2;
    if (back + 1 < need) end -= back + 1;
  }
  return bytes.subarray(0, end).toString("utf8");
}

// src/core/verify/git-info.ts
function recordedGitInfo(git2) {
  if (!git2) return null;
  return {
    repo: git2.repo ?? null,
    base_ref: git2.base_ref ?? null,
    base_sha: git2.base_sha ?? null,
    head_sha: git2.head_sha ?? null,
    dirty: git2.dirty ?? false
  };
}
var DEFAULT_BRANCH_CANDIDATES = ["origin/HEAD", "origin/main", "origin/master", "main", "master"];
async function readGitInfo(workdir, baseRef) {
  const git2 = (args, input) => runHarnessGit(workdir, args, input === void 0 ? {} : { input });
  const [status, remote, explicitBase, tips] = await Promise.all([
    git2(["status", "--porcelain=v2", "--branch", "--no-ahead-behind", "-u"]),
    git2(["remote", "get-url", "origin"]),
    baseRef ? revParse(workdir, `${baseRef}^{commit}`) : null,
    baseRef ? null : git2(
      ["cat-file", "--batch-check=%(objectname)"],
      DEFAULT_BRANCH_CANDIDATES.map((ref) => `${ref}^{commit}
`).join("")
    )
  ]);
  if (status.code !== 0) return null;
  const head = statusHead(status.stdout);
  let base = null;
  if (baseRef) {
    if (!explicitBase)
      throw new GitRefError(
        `--base ${baseRef} is not a commit in ${workdir}; fetch it first (git fetch origin ${baseRef})`
      );
    base = { ref: baseRef, sha: explicitBase };
  } else if (tips && head) {
    const answers = tips.stdout.split("\n");
    for (const [i, candidate] of DEFAULT_BRANCH_CANDIDATES.entries()) {
      const tip = answers[i]?.trim() ?? "";
      if (!/^[0-9a-f]{40,64}$/.test(tip)) continue;
      const mergeBase = await git2(["merge-base", "HEAD", tip]);
      if (mergeBase.code === 0 && mergeBase.stdout.trim()) {
        base = { ref: candidate, sha: mergeBase.stdout.trim() };
        break;
      }
    }
  }
  return {
    repo: remote.code === 0 && remote.stdout.trim() ? redactUrl(remote.stdout.trim()) : null,
    base_ref: base?.ref ?? null,
    base_sha: base?.sha ?? null,
    head_sha: head,
    dirty: status.stdout.split("\n").some((line) => line !== "" && !line.startsWith("# "))
  };
}
function statusHead(porcelain) {
  const oid = /^# branch\.oid ([0-9a-f]{40,64})$/m.exec(porcelain);
  return oid ? oid[1] : null;
}
async function revParse(workdir, ref) {
  const { code, stdout } = await runHarnessGit(workdir, ["rev-parse", "--verify", "--quiet", ref]);
  return code === 0 && stdout.trim() ? stdout.trim() : null;
}
function redactUrl(url) {
  return url.replace(/^(\w+:\/\/)[^/@]+@/, "$1");
}

export {
  isForbiddenEnvName,
  forbiddenEnvReason,
  dropForbiddenEnv,
  noIsolation,
  NO_ISOLATION,
  scrubEnv,
  EMPTY_DIFF,
  findRepoRoot,
  snapshotWorktree,
  diffSnapshots,
  GitRefError,
  recordedGitInfo,
  readGitInfo
};
