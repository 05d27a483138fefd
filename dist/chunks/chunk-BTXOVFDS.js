#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  ContractError,
  parseTomlDocument
} from "./chunk-P5AJ53RB.js";

// src/core/contract/mcp-pinning.ts
import { basename } from "node:path";
function unpinnedReason(server) {
  if (server.transport !== "stdio" || !server.command) return null;
  const program = basename(server.command);
  const args = server.args ?? [];
  const shown = [server.command, ...args].join(" ");
  const npmSpec = (spec) => specReason(spec, EXACT_NPM, "registry", (name) => `${npmName(name)}@1.2.3`);
  const pySpec = (spec) => specReason(spec, EXACT_PY, "index", (name) => `${name.split(/[=<>~!@[]/)[0]}==1.2.3`);
  let why = null;
  if (program === "npx" || program === "bunx") why = npmSpec(npxPackage(args));
  else if ((program === "pnpm" || program === "yarn") && args[0] === "dlx")
    why = npmSpec(npxPackage(args.slice(1)));
  else if (program === "npm" && (args[0] === "exec" || args[0] === "x"))
    why = npmSpec(npxPackage(args.slice(1)));
  else if (program === "uvx")
    why = pySpec(fromOption(args, "--from") ?? firstPositional(args, UVX_VALUE_FLAGS));
  else if (program === "uv" && args[0] === "tool" && args[1] === "run")
    why = pySpec(fromOption(args, "--from") ?? firstPositional(args.slice(2), UVX_VALUE_FLAGS));
  else if (program === "pipx" && args[0] === "run")
    why = pySpec(fromOption(args, "--spec") ?? firstPositional(args.slice(1), /* @__PURE__ */ new Set()));
  else if ((program === "docker" || program === "podman") && args.includes("run")) {
    why = args.some((arg) => DIGEST.test(arg)) ? null : 'runs a container image without an @sha256: digest, so the registry decides what runs; pin it, e.g. "image@sha256:<64 hex>"';
  }
  return why === null ? null : `MCP server "${server.name}" (\`${shown}\`) ${why}`;
}
var EXACT_NPM = /^(?:@[^/@\s]+\/)?[^/@\s]+@v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/;
var EXACT_PY = /^[A-Za-z0-9._-]+(?:\[[^\]]*\])?(?:==|@)v?\d+(?:\.\d+)*(?:[A-Za-z0-9.+-]*)$/;
var DIGEST = /@sha256:[0-9a-f]{64}\b/;
var UVX_VALUE_FLAGS = /* @__PURE__ */ new Set([
  "--from",
  "--with",
  "--python",
  "-p",
  "--index-url",
  "--index"
]);
var NPX_VALUE_FLAGS = /* @__PURE__ */ new Set([
  "--package",
  "-p",
  "--cache",
  "--registry",
  "--userconfig"
]);
function specReason(spec, exact, source, example) {
  if (spec === void 0) return "names no package";
  if (exact.test(spec)) return null;
  return `runs ${JSON.stringify(spec)} without an exact version, so the ${source} decides what runs; pin it, e.g. "${example(spec)}"`;
}
function npmName(spec) {
  const at = spec.lastIndexOf("@");
  return at > 0 ? spec.slice(0, at) : spec;
}
function npxPackage(args) {
  return fromOption(args, "--package") ?? fromOption(args, "-p") ?? firstPositional(args, NPX_VALUE_FLAGS);
}
function fromOption(args, flag) {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === flag) return args[i + 1];
    if (arg.startsWith(`${flag}=`)) return arg.slice(flag.length + 1);
  }
  return void 0;
}
function firstPositional(args, valueFlags) {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") return args[i + 1];
    if (arg.startsWith("-")) {
      if (valueFlags.has(arg)) i++;
      continue;
    }
    return arg;
  }
  return void 0;
}
function unpinnedServers(contract) {
  return (contract.mcp?.servers ?? []).flatMap((server, index) => {
    const reason = unpinnedReason(server);
    return reason ? [{ index, name: server.name, reason }] : [];
  });
}
function checkMcpPinning(contract, mode, sources) {
  const unpinned = unpinnedServers(contract);
  if (unpinned.length === 0) return [];
  if (mode === "warn") return unpinned.map((u) => `${u.reason} (the Action refuses it)`);
  const declaring = [sources?.contract, sources?.config].find((source) => source && hasMcpServers(source));
  const issues = unpinned.map((u) => {
    const path = ["mcp", "servers", u.index, "command"];
    const position = declaring ? parseTomlDocument(declaring).positions.locate(path) : { line: 0, col: 0 };
    return {
      file: declaring?.file ?? sources?.contract.file ?? contract.contract.id,
      line: position.line,
      col: position.col,
      path: `mcp.servers[${u.index}].command`,
      message: `${u.reason}; unpinned MCP servers are refused in the Action`
    };
  });
  throw new ContractError(issues);
}
function hasMcpServers(source) {
  const mcp = parseTomlDocument(source).data.mcp;
  return Array.isArray(mcp?.servers);
}

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
  unpinnedReason,
  checkMcpPinning,
  CONTRACTS_DIR,
  CONFIG_FILE,
  findContract
};
