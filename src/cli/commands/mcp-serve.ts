import { realpathSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import pkg from '../../../package.json' with { type: 'json' };
import { relayToolSocket } from '../../core/executors/index.js';
import { serveMcpTools } from '../../core/mcp/index.js';
import { secretRedactor } from '../../core/process/index.js';
import { parseCommandArgs } from '../args.js';
import { ISOLATION_FLAG } from '../choice-flags.js';
import { ledgerDbPath } from '../db-path.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, printHelp } from '../io.js';
import { TrussMcpService } from '../mcp-serve/service.js';
import { TOOL_SPECS } from '../mcp-serve/tool-specs.js';
import { isolationFlag, resolveRunKey, runKeySecrets } from '../run-output.js';
import { UsageError } from '../usage-error.js';

export const MCP_SERVE_HELP = `Usage: truss mcp serve [--workdir DIR] [--db FILE] [--key FILE] [--principal NAME] [--isolation MODE]
       truss mcp serve --tools --session SESSION --connect DIR

Serves Truss over MCP on stdin/stdout (docs/mcp.md), so an agent in an editor (Claude Code, Codex,
Cursor) can ask Truss to verify its work:

  truss_run_contract {contract, workdir?, async?}   run a contract; the verdict, head hash, bundle and
                                                    the exact verify command (async: the session id)
  truss_contract_status {session_id}                the run's state, from the ledger database
  truss_ledger_verdict {session_id}                 the signed verdict, chain state, human reviews
  truss_ledger_export {session_id}                  write the bundle; its path and verify command
  truss_verify_bundle {path, key?}                  verify a bundle offline

Every path a tool is given must lie inside the served directory (symlinks are followed first);
anything else is a tool error. Runs go through the run service like \`truss run\`, in this process,
signed with one key by one principal.

Options:
  --workdir DIR        the served directory (default: current directory)
  --db FILE            the ledger every run writes and every session tool reads
                       (default: <workdir>/.truss/ledger.db)
  --key FILE           signing key (default: TRUSS_SIGNING_KEY, else the per-install key)
  --principal NAME     who the runs are for, signed into run_started (default: GITHUB_ACTOR, else
                       the user name)
  --isolation MODE     auto | uid | bwrap | none for every run (default: each contract's [sandbox])

  --tools              the relay a delegated CLI starts with [executor] tools = "truss": connects to
                       the run's tool socket in --connect DIR for --session SESSION (the run passes
                       both); not for use by hand

Examples:
  claude mcp add --scope project truss -- npx --no truss mcp serve
  truss mcp serve --workdir . --principal alice      # what an editor starts; speaks MCP on stdio

Exit codes: 0 the client closed the connection, 1 (--tools) the run's tool server could not be
reached, 3 bad key, workdir or isolation, 64 usage`;

/** `truss mcp serve`: Truss's own tools for an editor's agent, or the relay of a `tools = "truss"` run. */
export async function mcpServe(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('mcp serve', args, {
    workdir: { type: 'string' },
    db: { type: 'string' },
    key: { type: 'string' },
    principal: { type: 'string' },
    isolation: ISOLATION_FLAG,
    tools: { type: 'boolean' },
    session: { type: 'string' },
    connect: { type: 'string' },
  });
  if (values.help) return printHelp(io, MCP_SERVE_HELP);
  if (positionals.length > 0)
    throw new UsageError(`mcp serve: unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.tools) {
    if (!values.session || !values.connect)
      throw new UsageError('mcp serve --tools: --session and --connect are required (the run passes them)');
    return relayToolSocket({
      dir: resolve(io.cwd, values.connect),
      sessionId: values.session,
      input: process.stdin,
      output: process.stdout,
      error: io.stderr,
    });
  }
  if (values.session || values.connect)
    throw new UsageError('mcp serve: --session and --connect go with --tools');
  const root = servedDirectory(resolve(io.cwd, values.workdir ?? '.'));
  const db = ledgerDbPath(io, values.db, root);
  isolationFlag(values.isolation);
  // The key is checked (or the per-install key created) before the client sends anything.
  const key = resolveRunKey(values.key, io);
  const redact = secretRedactor(io.env, runKeySecrets(values.key, io));
  const login = values.principal ?? io.env.GITHUB_ACTOR ?? userInfo().username;
  // stdout is the MCP channel: everything the runs print goes to stderr.
  const serving: CliIo = { ...io, cwd: root, stdout: io.stderr, interactive: false };
  const service = new TrussMcpService({
    root,
    db,
    key: values.key === undefined ? undefined : resolve(io.cwd, values.key),
    isolation: values.isolation,
    principal: { login, via: 'mcp' },
    io: serving,
    redact,
  });
  io.stderr(`truss mcp serve: ${root} for ${login}, ledger ${db}, signing key ${key.keyId}\n`);
  const connection = await serveMcpTools({
    name: 'truss',
    version: pkg.version,
    instructions:
      'Truss verifies work against a contract and signs the verdict. Run a contract with truss_run_contract; ' +
      'a PASS is only as strong as the contract: prefer the repository contracts in .truss/contracts/.',
    tools: TOOL_SPECS.map((spec) => ({ ...spec, inputSchema: spec.inputSchema as Record<string, unknown> })),
    call: (name, callArgs) => service.call(name, callArgs),
    input: process.stdin,
    output: process.stdout,
  });
  const stop = () => {
    void connection.close();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await connection.closed;
    await service.shutdown();
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  return EXIT.ok;
}

/** The served directory's real path; a missing or non-directory `--workdir` is a usage error. */
function servedDirectory(path: string): string {
  try {
    const real = realpathSync(path);
    if (statSync(real).isDirectory()) return real;
  } catch {
    // reported below
  }
  throw new UsageError(`mcp serve: --workdir ${path} is not a directory`);
}
