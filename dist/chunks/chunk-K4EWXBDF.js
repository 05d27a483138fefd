#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  resolveTrustedKeys
} from "./chunk-P2CFU6IE.js";
import {
  harnessProgramEnv
} from "./chunk-OCGEL2BZ.js";

// src/cli/repo-trusted-keys.ts
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
var vetted = /* @__PURE__ */ new Map();
function repoTrustedKeysProblem(path, baseRef) {
  const key = `${path}\0${baseRef ?? ""}`;
  const known = vetted.get(key);
  if (known !== void 0) return known;
  const problem = compareWithBaseline(path, baseRef);
  vetted.set(key, problem);
  return problem;
}
function compareWithBaseline(path, baseRef) {
  const cwd = dirname(dirname(path));
  if (!insideGitRepository(cwd)) return null;
  if (baseRef !== void 0 && !(/^[A-Za-z0-9._/-]{1,200}$/.test(baseRef) && !baseRef.includes("..")))
    return `GITHUB_BASE_REF ${JSON.stringify(baseRef.slice(0, 60))} is not a branch name to compare with`;
  const baseline = baseRef ? `refs/remotes/origin/${baseRef}` : "refs/remotes/origin/HEAD";
  const requests = [baseline, `${baseline}:./.truss/trusted-keys`, "HEAD:./.truss/trusted-keys"];
  const git = (args, input) => spawnSync("git", args, {
    cwd,
    env: harnessProgramEnv(process.env, cwd),
    ...input === void 0 ? {} : { input },
    maxBuffer: 16 * 1024 * 1024,
    stdio: ["pipe", "pipe", "ignore"]
  });
  const result = git(["cat-file", "--batch"], `${requests.join("\n")}
`);
  if (result.status !== 0 || !result.stdout) return "git could not read the repository to compare it";
  const [baseCommit, atBase, atHead] = batchObjects(result.stdout, requests.length);
  const local = readFileSync(path);
  const where = baseRef ? `origin/${baseRef}` : "origin/HEAD";
  if (baseCommit) {
    if (!atBase) return `the base branch (${where}) has no such file`;
    return local.equals(atBase) ? null : `it differs from the base branch's copy (${where})`;
  }
  if (baseRef)
    return `this is a pull-request job into ${baseRef}, and ${where} is not fetched to compare with (fetch it, or pass --trusted-keys / --key from a trusted source)`;
  const remotes = git(["remote"]);
  if (remotes.status !== 0 || remotes.stdout.toString().trim() !== "")
    return "origin/HEAD is not set, so the default branch is unknown (run `git remote set-head origin --auto`, or pass --trusted-keys / --key)";
  if (!atHead) return "it is not committed";
  return local.equals(atHead) ? null : "it has uncommitted changes";
}
function insideGitRepository(dir) {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (existsSync(join(at, ".git"))) return true;
    if (dirname(at) === at) return false;
  }
}
function batchObjects(out, count) {
  const objects = [];
  let at = 0;
  while (objects.length < count && at < out.length) {
    const end = out.indexOf(10, at);
    if (end === -1) break;
    const header = out.subarray(at, end).toString("utf8");
    const match = /^[0-9a-f]{40,64} \S+ (\d+)$/.exec(header);
    if (!match) {
      objects.push(null);
      at = end + 1;
      continue;
    }
    const size = Number(match[1]);
    objects.push(out.subarray(end + 1, end + 1 + size));
    at = end + 1 + size + 1;
  }
  return objects;
}
function cliTrustedKeys(io, options) {
  const baseRef = io.env.GITHUB_BASE_REF || void 0;
  return resolveTrustedKeys({
    ...options,
    onWarning: (message) => io.stderr(`warning: ${message}
`),
    vetRepoFile: (path) => repoTrustedKeysProblem(path, baseRef)
  });
}

export {
  cliTrustedKeys
};
