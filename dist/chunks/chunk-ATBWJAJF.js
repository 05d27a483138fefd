#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  ContractError
} from "./chunk-IB6JNNPN.js";

// src/core/contract/named.ts
import { readdirSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
var CONTRACTS_DIR = ".truss/contracts";
var CONFIG_FILE = ".truss/config.toml";
var DEFAULT_CONTRACT = "default";
var CONTRACT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
function findContract(name, repoRoot, cwd = process.cwd(), options = {}) {
  const wanted = (name ?? "").trim() || DEFAULT_CONTRACT;
  if (wanted.endsWith(".toml")) {
    if (options.allowPaths === false) {
      throw fail(wanted, "invalid", "paths are not accepted here; name a contract from .truss/contracts/");
    }
    const path2 = isAbsolute(wanted) ? wanted : resolve(cwd, wanted);
    const info2 = tryFs(() => statSync(path2));
    if (!info2) throw fail(wanted, "not_found", "file not found");
    if (!info2.isFile()) throw fail(wanted, "not_found", "is not a regular file");
    return path2;
  }
  if (!CONTRACT_NAME.test(wanted)) {
    throw fail(
      wanted,
      "invalid",
      'is not a contract name; use letters, digits, ".", "_" and "-" (a name from .truss/contracts/) or a path ending in .toml'
    );
  }
  const dir = join(repoRoot, CONTRACTS_DIR);
  const path = join(dir, `${wanted}.toml`);
  const label = join(CONTRACTS_DIR, `${wanted}.toml`);
  const real = tryFs(() => realpathSync(path));
  if (real === void 0) {
    const available = listContracts(repoRoot);
    const list = available.length > 0 ? `available contracts: ${available.join(", ")}` : `there are no contracts yet; create ${CONTRACTS_DIR}/${wanted}.toml`;
    throw fail(label, "not_found", `no contract named "${wanted}"; ${list}`);
  }
  const realRoot = realpathSync(repoRoot);
  const realDir = realpathSync(dir);
  if (!isInside(realDir, realRoot) || !isInside(real, realDir)) {
    throw fail(label, "invalid", `resolves outside ${CONTRACTS_DIR}/ (symlink); refusing to read it`);
  }
  const info = statSync(real);
  if (!info.isFile()) throw fail(label, "invalid", "is not a regular file");
  return path;
}
function listContracts(repoRoot) {
  const entries = tryFs(() => readdirSync(join(repoRoot, CONTRACTS_DIR), { withFileTypes: true })) ?? [];
  return entries.filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith(".toml")).map((entry) => entry.name.slice(0, -".toml".length)).filter((stem) => CONTRACT_NAME.test(stem)).sort();
}
function isInside(child, parent) {
  if (child === parent) return true;
  const rel = relative(parent, child);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}
function fail(file, code, message) {
  return new ContractError([{ file, line: 0, col: 0, path: "", message }], code);
}
function tryFs(action) {
  try {
    return action();
  } catch {
    return void 0;
  }
}

export {
  CONTRACTS_DIR,
  CONFIG_FILE,
  findContract
};
