import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  findContract,
  type McpServerSettings,
  type ResolvedContract,
  readTomlSource,
  resolveContract,
  resolveContractSources,
  type TomlSource,
  unpinnedReason,
  workdirConfig,
} from '../../core/contract/index.js';
import {
  connectMcpServer,
  DEFAULT_MCP_TIMEOUT_SEC,
  McpServerError,
  McpUnavailableError,
  mcpToolAllowed,
  mountDecision,
  mountDecisions,
  mountedName,
  serverSecrets,
  withSecrets,
} from '../../core/mcp/index.js';
import { secretRedactor } from '../../core/process/index.js';
import { parseCommandArgs } from '../args.js';
import { ISOLATION_FLAG } from '../choice-flags.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, emit, groupHelp, printHelp, wantsGroupHelp } from '../io.js';
import { cancelOnSignals, setUpIsolation } from '../run-output.js';
import { didYouMean, UsageError } from '../usage-error.js';
import { workdirFlag } from '../workdir-flag.js';

export const MCP_HELP = `Usage: truss mcp list [--contract NAME] [options]
       truss mcp probe SERVER [--contract NAME] [options]
       truss mcp serve [options]          (see truss mcp serve --help)

Diagnostics for the MCP servers declared in [[mcp.servers]] (docs/mcp.md), and Truss's own MCP
server.

  list          the declared servers, how each is reached and which of its tools the agent would be
                offered; launches nothing
  probe SERVER  starts (or connects to) one server the way a run does — a stdio server through the
                isolation layer, an http server under the contract's network policy — lists the
                tools it advertises and which are mounted and allowed, then stops it
  serve         serves Truss over MCP on stdio: run a contract, read its status and verdict,
                export and verify bundles, for an agent in Claude Code, Codex or Cursor

Options:
  --contract NAME      a contract (.toml path or NAME of .truss/contracts/NAME.toml); without it the
                       servers of .truss/config.toml alone are shown
  --workdir DIR        the repository (default: current directory)
  --isolation MODE     probe: auto | uid | bwrap | none (default: [sandbox] isolation, else auto)
  --json               machine-readable output

Examples:
  truss mcp list --contract examples/contracts/mcp-notes.toml
  truss mcp probe notes --contract examples/contracts/mcp-notes.toml --json

Exit codes: 0 ok, 1 the server could not be started or listed, 3 bad contract/config or a missing
env_headers variable, 64 usage`;

interface Declared {
  contract: ResolvedContract;
  /** Where the servers were read from, for people. */
  source: string;
}

/** The layered contract (or `.truss/config.toml` alone, under a stand-in contract) the servers come from. */
function declared(io: CliIo, workdir: string, contractName: string | undefined): Declared {
  const config = workdirConfig(workdir);
  if (contractName !== undefined) {
    const contractPath = findContract(contractName, workdir, io.cwd);
    const { contract } = resolveContract({ configPath: config, contractPath });
    return { contract, source: config ? `${config} + ${contractPath}` : contractPath };
  }
  const standIn: TomlSource = {
    file: '(no contract)',
    text: '[contract]\nid = "mcp"\nintent = "mcp diagnostics"\n\n[[done]]\nkind = "review"\ndesc = "-"\n',
  };
  const { contract } = resolveContractSources({
    contract: standIn,
    ...(config ? { config: readTomlSource(config) } : {}),
  });
  return { contract, source: config ?? '(no .truss/config.toml)' };
}

function allowedByContract(contract: ResolvedContract, name: string): boolean {
  return mcpToolAllowed(contract.constraints.allow_tools, name);
}

/** A declared server as `mcp list` shows it: how it is reached, never a header value. */
interface DescribedServer {
  name: string;
  transport: 'stdio' | 'http';
  command?: string | undefined;
  args?: string[];
  env?: string[];
  url?: string | undefined;
  headers?: string[];
  env_headers?: Array<{ header: string; env: string; set: boolean }>;
  allow_tools: string[];
  secret_args: string[];
  budget_calls: number | null;
  timeout_sec: number;
  unpinned: string | null;
}

function describeServer(server: McpServerSettings, env: CliIo['env']): DescribedServer {
  const common = {
    allow_tools: server.allow_tools ?? [],
    secret_args: server.secret_args ?? [],
    budget_calls: server.budget_calls ?? null,
    timeout_sec: server.timeout_sec ?? DEFAULT_MCP_TIMEOUT_SEC,
    unpinned: unpinnedReason(server),
  };
  if (server.transport === 'stdio') {
    return {
      name: server.name,
      transport: server.transport,
      command: server.command,
      args: server.args ?? [],
      env: server.env ?? [],
      ...common,
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
      set: Boolean(env[variable]),
    })),
    ...common,
  };
}

export async function mcp(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (wantsGroupHelp(sub)) return groupHelp(io, sub, MCP_HELP);
  // Loaded only for serve: list and probe never pay for the server half.
  if (sub === 'serve') return (await import('./mcp-serve.js')).mcpServe(rest, io);
  const { values, positionals } = parseCommandArgs(`mcp ${sub}`, rest, {
    contract: { type: 'string' },
    workdir: { type: 'string' },
    isolation: ISOLATION_FLAG,
    json: { type: 'boolean' },
  });
  if (values.help) return printHelp(io, MCP_HELP);
  const workdir = workdirFlag(io, values.workdir);
  const json = Boolean(values.json);
  if (sub === 'list') {
    if (positionals.length > 0)
      throw new UsageError(`mcp list: unexpected argument ${JSON.stringify(positionals[0])}`);
    return list(io, declared(io, workdir, values.contract), json);
  }
  if (sub === 'probe') {
    if (positionals.length !== 1) throw new UsageError('mcp probe: expected exactly one SERVER name');
    return probe(io, declared(io, workdir, values.contract), positionals[0] as string, {
      workdir,
      json,
      isolation: values.isolation,
    });
  }
  throw new UsageError(
    `mcp: unknown subcommand "${sub}"${didYouMean(String(sub), ['list', 'probe', 'serve'])} (list, probe, serve)`,
  );
}

function list(io: CliIo, { contract, source }: Declared, json: boolean): number {
  const servers = (contract.mcp?.servers ?? []).map((server) => {
    const described = describeServer(server, io.env);
    const patterns = server.allow_tools ?? [];
    // Exact names in the server's allow_tools are known without launching it; patterns are not.
    // A name written twice is one tool (a run mounts it once: mount.ts), so it is listed once.
    const tools = [...new Set(patterns.filter((p) => !p.includes('*')))].map((tool) => {
      const { name, refused } = mountDecision(server, tool);
      return { tool, name, mounted: refused === null, allowed: allowedByContract(contract, name) };
    });
    return { ...described, tools };
  });
  emit(io, json, { source, allow_tools: contract.constraints.allow_tools, servers }, () => {
    if (servers.length === 0) return `No MCP servers declared (read ${source}).`;
    const lines = [`MCP servers (${source}):`];
    for (const server of servers) {
      const how =
        server.transport === 'stdio'
          ? [server.command, ...(server.args ?? [])].join(' ')
          : String(server.url);
      lines.push(`  ${server.name}  ${server.transport}  ${how}`);
      if (server.transport === 'http') {
        for (const h of server.env_headers ?? []) {
          lines.push(
            `    header ${h.header} from $${h.env}${h.set ? '' : '  (NOT SET: runs would be UNVERIFIABLE)'}`,
          );
        }
      }
      if (server.tools.length > 0) {
        for (const tool of server.tools) {
          const state = !tool.mounted
            ? 'not mountable'
            : tool.allowed
              ? 'offered to the agent'
              : 'not in [constraints] allow_tools';
          lines.push(`    ${tool.name}  (${state})`);
        }
      }
      const wildcard = server.allow_tools.filter((p) => p.includes('*'));
      if (server.allow_tools.length === 0 || wildcard.length > 0) {
        const which =
          server.allow_tools.length === 0
            ? 'every tool it advertises'
            : `tools matching ${wildcard.join(', ')}`;
        lines.push(
          `    ${which}, as ${mountedName(server.name, '<tool>')} when [constraints] allow_tools allows it (see: truss mcp probe ${server.name})`,
        );
      }
      const limits = [
        server.budget_calls === null ? null : `budget_calls ${server.budget_calls}`,
        `timeout ${server.timeout_sec} s`,
      ].filter(Boolean);
      lines.push(`    ${limits.join(', ')}`);
      if (server.unpinned) lines.push(`    warning: ${server.unpinned} (the Action refuses it)`);
    }
    return lines.join('\n');
  });
  return EXIT.ok;
}

async function probe(
  io: CliIo,
  { contract, source }: Declared,
  name: string,
  options: { workdir: string; json: boolean; isolation: string | undefined },
): Promise<number> {
  const server = contract.mcp?.servers.find((s) => s.name === name);
  if (!server) {
    const known = (contract.mcp?.servers ?? []).map((s) => s.name);
    io.stderr(
      `truss: mcp probe: no MCP server named "${name}" in ${source}${known.length > 0 ? ` (declared: ${known.join(', ')})` : ''}\n`,
    );
    return EXIT.input;
  }
  const unpinned = unpinnedReason(server);
  if (unpinned) io.stderr(`truss: warning: ${unpinned} (the Action refuses it)\n`);
  const isolation =
    server.transport === 'stdio'
      ? await setUpIsolation({
          io,
          flag: options.isolation,
          contract,
          workdir: options.workdir,
          dbPath: join(options.workdir, '.truss/ledger.db'),
          keyFile: undefined,
        })
      : undefined;
  // The server's own header values too, whatever their variable is called: a server may echo them
  // back in its tool list, as a run's mount assumes (docs/mcp.md).
  const redact = withSecrets(secretRedactor(io.env), serverSecrets(server, io.env));
  const abort = new AbortController();
  const detach = cancelOnSignals(abort);
  const started = performance.now();
  try {
    const connection = await connectMcpServer(server, {
      env: io.env,
      workdir: options.workdir,
      ctx: { signal: abort.signal, deadline: null, isolation },
      network: { mode: contract.constraints.network, allowlist: contract.constraints.allowlist },
    });
    try {
      const listed = await connection.listTools();
      const durationMs = Math.round(performance.now() - started);
      // The run's own decisions (mount.ts), so probe never calls a tool mounted that a run refuses.
      const decisions = mountDecisions(server, listed, redact);
      const tools = listed.map((tool, index) => {
        const { tool: shown, name, refused } = decisions[index] as (typeof decisions)[number];
        return {
          tool: shown,
          name,
          mounted: refused === null,
          allowed: refused === null && allowedByContract(contract, name),
          ...(refused ? { reason: refused } : {}),
          description: redact(tool.description),
        };
      });
      emit(
        io,
        options.json,
        { server: server.name, transport: server.transport, duration_ms: durationMs, tools },
        () => {
          const lines = [
            `MCP server "${server.name}" (${server.transport}) answered in ${durationMs} ms: ${tools.length} tool(s)`,
          ];
          for (const tool of tools) {
            const state = !tool.mounted
              ? `not mounted: ${tool.reason}`
              : tool.allowed
                ? 'offered to the agent'
                : 'mounted, not in [constraints] allow_tools';
            lines.push(
              `  ${tool.name}  (${state})${tool.description ? `  ${tool.description.split('\n')[0]}` : ''}`,
            );
          }
          return lines.join('\n');
        },
      );
      return EXIT.ok;
    } finally {
      await connection.close();
    }
  } catch (error) {
    if (error instanceof McpUnavailableError) {
      io.stderr(`truss: ${error.message}\n`);
      return EXIT.input;
    }
    if (error instanceof McpServerError) {
      io.stderr(`truss: ${redact(error.message)}\n`);
      return EXIT.failed;
    }
    throw error;
  } finally {
    detach();
  }
}
