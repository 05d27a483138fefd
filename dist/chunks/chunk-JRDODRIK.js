#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  loadKeyFile,
  parseSeedBase64
} from "./chunk-P2CFU6IE.js";
import {
  harnessProgramEnv
} from "./chunk-OCGEL2BZ.js";

// src/cli/key-path.ts
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
function perInstallKeyPath(env) {
  const configHome = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config");
  return join(configHome, "truss", "signing.key");
}
function existingSigningKey(io, keyFile) {
  if (keyFile) return loadKeyFile(resolve(io.cwd, keyFile));
  if (io.env.TRUSS_SIGNING_KEY) return parseSeedBase64(io.env.TRUSS_SIGNING_KEY, "TRUSS_SIGNING_KEY");
  const path = perInstallKeyPath(io.env);
  return existsSync(path) ? loadKeyFile(path) : null;
}
function excludeFromWorkTree(file) {
  let top;
  let exclude;
  try {
    const cwd = dirname(file);
    const run = (...args) => execFileSync("git", args, {
      cwd,
      env: harnessProgramEnv(process.env, cwd),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"]
    }).trim();
    if (run("rev-parse", "--is-inside-work-tree") !== "true") return null;
    top = run("rev-parse", "--show-toplevel");
    const gitPath = run("rev-parse", "--git-path", "info/exclude");
    exclude = isAbsolute(gitPath) ? gitPath : resolve(cwd, gitPath);
  } catch {
    return null;
  }
  const entry = `/${relative(top, file).split("\\").join("/")}`;
  const current = existsSync(exclude) ? readFileSync(exclude, "utf8") : "";
  if (!current.split("\n").includes(entry)) {
    const separator = current === "" || current.endsWith("\n") ? "" : "\n";
    appendFileSync(
      exclude,
      `${separator}# added by truss keygen: a signing key must never be committed
${entry}
`
    );
  }
  return top;
}

export {
  perInstallKeyPath,
  existingSigningKey,
  excludeFromWorkTree
};
