#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  ContractError,
  parseTomlDocument
} from "./chunk-IB6JNNPN.js";

// src/core/mcp/pinning.ts
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

export {
  unpinnedReason,
  checkMcpPinning
};
