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
function repoTrustedKeysProblem(path) {
  const known = vetted.get(path);
  if (known !== void 0) return known;
  const problem = compareWithDefaultBranch(path);
  vetted.set(path, problem);
  return problem;
}
function compareWithDefaultBranch(path) {
  const cwd = dirname(dirname(path));
  const requests = [
    "refs/remotes/origin/HEAD",
    "refs/remotes/origin/HEAD:./.truss/trusted-keys",
    "HEAD:./.truss/trusted-keys"
  ];
  const result = spawnSync("git", ["cat-file", "--batch"], {
    cwd,
    input: `${requests.join("\n")}
`,
    maxBuffer: 16 * 1024 * 1024,
    stdio: ["pipe", "pipe", "ignore"]
  });
  if (result.status !== 0 || !result.stdout) return null;
  const [originHead, atOrigin, atHead] = batchObjects(result.stdout, requests.length);
  const local = readFileSync(path);
  if (originHead !== void 0 && originHead !== null) {
    if (atOrigin === null || atOrigin === void 0)
      return "the default branch (origin/HEAD) has no such file";
    return local.equals(atOrigin) ? null : "it differs from the default branch's copy (origin/HEAD)";
  }
  if (atHead === null || atHead === void 0) return "it is not committed";
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
  return resolveTrustedKeys({
    ...options,
    onWarning: (message) => io.stderr(`warning: ${message}
`),
    vetRepoFile: repoTrustedKeysProblem
  });
}

export {
  cliTrustedKeys
};
