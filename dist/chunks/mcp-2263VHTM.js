#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import "./chunk-SJHAVKC4.js";
import {
  cancelOnSignals,
  setUpIsolation
} from "./chunk-ZYEDR7CY.js";
import "./chunk-AUVPGGCK.js";
import "./chunk-JPEGKRBQ.js";
import {
  DEFAULT_MCP_TIMEOUT_SEC,
  McpServerError,
  McpUnavailableError,
  connectMcpServer,
  mcpToolAllowed,
  mountDecision,
  mountedName
} from "./chunk-XHPFGAH5.js";
import "./chunk-X5VNXL6G.js";
import "./chunk-RMNTHYXM.js";
import {
  findContract,
  unpinnedReason
} from "./chunk-BTXOVFDS.js";
import "./chunk-WYRVO7HT.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-25BZ7EXM.js";
import "./chunk-WJWQSWAM.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-XIQFOUBC.js";
import "./chunk-RH3PQHM7.js";
import {
  readTomlSource,
  resolveContract,
  resolveContractSources
} from "./chunk-P5AJ53RB.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-JRDODRIK.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import "./chunk-ZRA5FVYF.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-K4EWXBDF.js";
import "./chunk-RDZHSOJG.js";
import {
  parseCommandArgs
} from "./chunk-K43WZLCU.js";
import {
  UsageError,
  emit,
  printHelp
} from "./chunk-KUQNSCDZ.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-SNYT3JXL.js";
import "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-VUSAMCY7.js";
import {
  secretRedactor
} from "./chunk-OCGEL2BZ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/cli/commands/mcp.ts
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
var MCP_HELP = `Usage: truss mcp list [--contract NAME] [options]
       truss mcp probe SERVER [--contract NAME] [options]
       truss mcp serve [options]          (see truss mcp serve --help)

Diagnostics for the MCP servers declared in [[mcp.servers]] (docs/mcp.md), and Truss's own MCP
server.

  list          the declared servers, how each is reached and which of its tools the agent would be
                offered; launches nothing
  probe SERVER  starts (or connects to) one server the way a run does \u2014 a stdio server through the
                isolation layer, an http server under the contract's network policy \u2014 lists the
                tools it advertises and which are mounted and allowed, then stops it
  serve         serves Truss over MCP on stdio: run a contract, read its status and verdict,
                export and verify bundles, for an agent in Claude Code, Codex or Cursor

Options:
  --contract NAME      a contract (.toml path or NAME of .truss/contracts/NAME.toml); without it the
                       servers of .truss/config.toml alone are shown
  --workdir DIR        the repository (default: current directory)
  --isolation MODE     probe: auto | uid | bwrap | none (default: [sandbox] isolation, else auto)
  --json               machine-readable output

Exit codes: 0 ok, 1 the server could not be started or listed, 3 bad contract/config or a missing
env_headers variable, 64 usage`;
function declared(io, workdir, contractName) {
  const configPath = join(workdir, ".truss/config.toml");
  const config = existsSync(configPath) ? configPath : void 0;
  if (contractName !== void 0) {
    const contractPath = findContract(contractName, workdir, io.cwd);
    const { contract: contract2 } = resolveContract({ configPath: config, contractPath });
    return { contract: contract2, source: config ? `${config} + ${contractPath}` : contractPath };
  }
  const standIn = {
    file: "(no contract)",
    text: '[contract]\nid = "mcp"\nintent = "mcp diagnostics"\n\n[[done]]\nkind = "review"\ndesc = "-"\n'
  };
  const { contract } = resolveContractSources({
    contract: standIn,
    ...config ? { config: readTomlSource(config) } : {}
  });
  return { contract, source: config ?? "(no .truss/config.toml)" };
}
function allowedByContract(contract, name) {
  return mcpToolAllowed(contract.constraints.allow_tools, name);
}
function describeServer(server, env) {
  const common = {
    allow_tools: server.allow_tools ?? [],
    secret_args: server.secret_args ?? [],
    budget_calls: server.budget_calls ?? null,
    timeout_sec: server.timeout_sec ?? DEFAULT_MCP_TIMEOUT_SEC,
    unpinned: unpinnedReason(server)
  };
  if (server.transport === "stdio") {
    return {
      name: server.name,
      transport: server.transport,
      command: server.command,
      args: server.args ?? [],
      env: server.env ?? [],
      ...common
    };
  }
  return {
    name: server.name,
    transport: server.transport,
    url: server.url,
    headers: Object.keys(server.headers ?? {}),
    env_headers: Object.entries(server.env_headers ?? {}).map(([header, variable]) => ({
      header,
      env: variable,
      set: Boolean(env[variable])
    })),
    ...common
  };
}
async function mcp(args, io) {
  const [sub, ...rest] = args;
  if (!sub || sub === "--help" || sub === "-h") return printHelp(io, MCP_HELP);
  if (sub === "serve") return (await import("./mcp-serve-FTD4XU4R.js")).mcpServe(rest, io);
  const { values, positionals } = parseCommandArgs(`mcp ${sub}`, rest, {
    contract: { type: "string" },
    workdir: { type: "string" },
    isolation: { type: "string" },
    json: { type: "boolean" }
  });
  if (values.help) return printHelp(io, MCP_HELP);
  const workdir = resolve(io.cwd, values.workdir ?? ".");
  const json = Boolean(values.json);
  if (sub === "list") {
    if (positionals.length > 0)
      throw new UsageError(`mcp list: unexpected argument ${JSON.stringify(positionals[0])}`);
    return list(io, declared(io, workdir, values.contract), json);
  }
  if (sub === "probe") {
    if (positionals.length !== 1) throw new UsageError("mcp probe: expected exactly one SERVER name");
    return probe(io, declared(io, workdir, values.contract), positionals[0], {
      workdir,
      json,
      isolation: values.isolation
    });
  }
  throw new UsageError(`mcp: unknown subcommand "${sub}" (list, probe, serve)`);
}
function list(io, { contract, source }, json) {
  const servers = (contract.mcp?.servers ?? []).map((server) => {
    const described = describeServer(server, io.env);
    const patterns = server.allow_tools ?? [];
    const tools = patterns.filter((p) => !p.includes("*")).map((tool) => {
      const { name, refused } = mountDecision(server, tool);
      return { tool, name, mounted: refused === null, allowed: allowedByContract(contract, name) };
    });
    return { ...described, tools };
  });
  emit(io, json, { source, allow_tools: contract.constraints.allow_tools, servers }, () => {
    if (servers.length === 0) return `No MCP servers declared (read ${source}).`;
    const lines = [`MCP servers (${source}):`];
    for (const server of servers) {
      const how = server.transport === "stdio" ? [server.command, ...server.args ?? []].join(" ") : String(server.url);
      lines.push(`  ${server.name}  ${server.transport}  ${how}`);
      if (server.transport === "http") {
        for (const h of server.env_headers ?? []) {
          lines.push(
            `    header ${h.header} from $${h.env}${h.set ? "" : "  (NOT SET: runs would be UNVERIFIABLE)"}`
          );
        }
      }
      if (server.tools.length > 0) {
        for (const tool of server.tools) {
          const state = !tool.mounted ? "not mountable" : tool.allowed ? "offered to the agent" : "not in [constraints] allow_tools";
          lines.push(`    ${tool.name}  (${state})`);
        }
      }
      const wildcard = server.allow_tools.filter((p) => p.includes("*"));
      if (server.allow_tools.length === 0 || wildcard.length > 0) {
        const which = server.allow_tools.length === 0 ? "every tool it advertises" : `tools matching ${wildcard.join(", ")}`;
        lines.push(
          `    ${which}, as ${mountedName(server.name, "<tool>")} when [constraints] allow_tools allows it (see: truss mcp probe ${server.name})`
        );
      }
      const limits = [
        server.budget_calls === null ? null : `budget_calls ${server.budget_calls}`,
        `timeout ${server.timeout_sec} s`
      ].filter(Boolean);
      lines.push(`    ${limits.join(", ")}`);
      if (server.unpinned) lines.push(`    warning: ${server.unpinned} (the Action refuses it)`);
    }
    return lines.join("\n");
  });
  return EXIT.ok;
}
async function probe(io, { contract, source }, name, options) {
  const server = contract.mcp?.servers.find((s) => s.name === name);
  if (!server) {
    const known = (contract.mcp?.servers ?? []).map((s) => s.name);
    io.stderr(
      `truss: mcp probe: no MCP server named "${name}" in ${source}${known.length > 0 ? ` (declared: ${known.join(", ")})` : ""}
`
    );
    return EXIT.input;
  }
  const unpinned = unpinnedReason(server);
  if (unpinned) io.stderr(`truss: warning: ${unpinned} (the Action refuses it)
`);
  const isolation = server.transport === "stdio" ? await setUpIsolation({
    io,
    flag: options.isolation,
    contract,
    workdir: options.workdir,
    dbPath: join(options.workdir, ".truss/ledger.db"),
    keyFile: void 0
  }) : void 0;
  const redact = secretRedactor(io.env);
  const abort = new AbortController();
  const detach = cancelOnSignals(abort);
  const started = performance.now();
  try {
    const connection = await connectMcpServer(server, {
      env: io.env,
      workdir: options.workdir,
      ctx: { signal: abort.signal, deadline: null, isolation },
      network: { mode: contract.constraints.network, allowlist: contract.constraints.allowlist }
    });
    try {
      const listed = await connection.listTools();
      const durationMs = Math.round(performance.now() - started);
      const tools = listed.map((tool) => {
        const { name: mounted, refused } = mountDecision(server, tool.name);
        return {
          tool: tool.name,
          name: mounted,
          mounted: refused === null,
          allowed: refused === null && allowedByContract(contract, mounted),
          ...refused ? { reason: refused } : {},
          description: redact(tool.description)
        };
      });
      emit(
        io,
        options.json,
        { server: server.name, transport: server.transport, duration_ms: durationMs, tools },
        () => {
          const lines = [
            `MCP server "${server.name}" (${server.transport}) answered in ${durationMs} ms: ${tools.length} tool(s)`
          ];
          for (const tool of tools) {
            const state = !tool.mounted ? `not mounted: ${tool.reason}` : tool.allowed ? "offered to the agent" : "mounted, not in [constraints] allow_tools";
            lines.push(
              `  ${tool.name}  (${state})${tool.description ? `  ${tool.description.split("\n")[0]}` : ""}`
            );
          }
          return lines.join("\n");
        }
      );
      return EXIT.ok;
    } finally {
      await connection.close();
    }
  } catch (error) {
    if (error instanceof McpUnavailableError) {
      io.stderr(`truss: ${error.message}
`);
      return EXIT.input;
    }
    if (error instanceof McpServerError) {
      io.stderr(`truss: ${redact(error.message)}
`);
      return EXIT.failed;
    }
    throw error;
  } finally {
    detach();
  }
}
export {
  MCP_HELP,
  mcp
};
