#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  resolveTrustedKeys
} from "./chunk-7PZVV7UJ.js";

// src/cli/repo-trusted-keys.ts
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
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
  const base = baseRef && /^[A-Za-z0-9._/-]{1,200}$/.test(baseRef) && !baseRef.includes("..") ? baseRef : null;
  const baseline = base ? `refs/remotes/origin/${base}` : "refs/remotes/origin/HEAD";
  const requests = [baseline, `${baseline}:./.truss/trusted-keys`, "HEAD:./.truss/trusted-keys"];
  const result = spawnSync("git", ["cat-file", "--batch"], {
    cwd,
    input: `${requests.join("\n")}
`,
    maxBuffer: 16 * 1024 * 1024,
    stdio: ["pipe", "pipe", "ignore"]
  });
  if (result.status !== 0 || !result.stdout) return null;
  const [baseCommit, atBase, atHead] = batchObjects(result.stdout, requests.length);
  const local = readFileSync(path);
  const where = base ? `origin/${base}` : "origin/HEAD";
  if (baseCommit) {
    if (!atBase) return `the base branch (${where}) has no such file`;
    return local.equals(atBase) ? null : `it differs from the base branch's copy (${where})`;
  }
  if (base)
    return `this is a pull-request job into ${base}, and ${where} is not fetched to compare with (fetch it, or pass --trusted-keys / --key from a trusted source)`;
  if (!atHead) return "it is not committed";
  return local.equals(atHead) ? null : "it has uncommitted changes";
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
