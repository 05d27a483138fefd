import { chmod, copyFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { TOOL_CONFIG_FILE } from './delegated-tools-relay.js';

/** How the host starts its own `truss` command: the executable and the arguments before the subcommand. */
export interface TrussCommand {
  command: string;
  args: readonly string[];
  /**
   * A self-contained relay script (dist/relay.js) to start instead of `args`: copied into the run's
   * tool directory, which the sandbox is given, for a host whose own files the sandbox cannot see
   * (the Action's dist/ lies under the runner's HOME, which the isolation hides).
   */
  relayScript?: string | undefined;
}

/** The name the relay script is copied under (`.mjs`: an ES module wherever it lies). */
export const STAGED_RELAY_FILE = 'relay.mjs';

/** The MCP server name the tools are mounted under: Claude Code calls them `mcp__truss__<tool>`. */
export const TRUSS_TOOLS_SERVER = 'truss';
/** Set for every `tools = "truss"` CLI: the MCP config file (Claude Code's `mcpServers` JSON format). */
export const TRUSS_MCP_CONFIG_ENV = 'TRUSS_MCP_CONFIG';

/**
 * Claude Code's built-in tools that act on files, the shell or the network, denied by name besides
 * `--tools ""` (which removes every built-in tool in the versions that have it).
 */
export const CLAUDE_BUILTIN_TOOLS: readonly string[] = Object.freeze([
  'Bash',
  'Edit',
  'MultiEdit',
  'Write',
  'NotebookEdit',
  'Read',
  'Glob',
  'Grep',
  'WebFetch',
  'WebSearch',
  'Task',
]);

export interface VendorWiring {
  /** `claude` and `codex` get their flags; any other command only the environment variable. */
  vendor: 'claude' | 'codex' | 'other';
  /** The CLI's arguments with the vendor's flags in place. */
  args: string[];
  /** Added to the CLI's environment. */
  env: Record<string, string>;
  /** The MCP config file's text, written to {@link VendorWiring.configPath}. */
  config: string;
  configPath: string;
}

/**
 * How a vendor CLI is told to work with Truss's tools instead of its own (docs/mcp.md):
 * - `claude`: `--mcp-config FILE --strict-mcp-config` (only this server, none from the user's own
 *   config), `--tools ""` (no built-in tools), `--allowedTools mcp__truss__<tool>,…` (Truss's tools run
 *   without a permission prompt in `-p` mode), `--disallowedTools Bash,Edit,…` — before the
 *   contract's own arguments, so a variadic flag never swallows a prompt given as an argument;
 * - `codex`: `-c mcp_servers.truss.command=…`, `-c mcp_servers.truss.args=[…]`,
 *   `-c mcp_servers.truss.tool_timeout_sec=N`, `-c features.shell_tool=false` (no built-in shell) and
 *   `--sandbox read-only` (its own file edits are refused), after `exec`;
 * - anything else: `TRUSS_MCP_CONFIG` names the config file, for CLIs that read it themselves.
 */
export function vendorWiring(options: {
  command: string;
  args: readonly string[];
  /** The relay command the CLI starts as its MCP server. */
  relay: TrussCommand;
  /** The tools the server offers (their plain names). */
  tools: readonly string[];
  /** The private directory the config file goes into. */
  dir: string;
  /** The CLI's own timeout: a tool call may take as long. */
  timeoutSec: number;
}): VendorWiring {
  const configPath = join(options.dir, TOOL_CONFIG_FILE);
  const config = `${JSON.stringify(
    {
      mcpServers: {
        [TRUSS_TOOLS_SERVER]: {
          type: 'stdio',
          command: options.relay.command,
          args: [...options.relay.args],
        },
      },
    },
    null,
    2,
  )}\n`;
  const env = { [TRUSS_MCP_CONFIG_ENV]: configPath };
  const name = basename(options.command);
  if (name === 'claude') {
    const flags = [
      '--mcp-config',
      configPath,
      '--strict-mcp-config',
      '--tools',
      '',
      '--allowedTools',
      options.tools.map((tool) => `mcp__${TRUSS_TOOLS_SERVER}__${tool}`).join(','),
      '--disallowedTools',
      CLAUDE_BUILTIN_TOOLS.join(','),
    ];
    return { vendor: 'claude', args: [...flags, ...options.args], env, config, configPath };
  }
  if (name === 'codex') {
    const key = `mcp_servers.${TRUSS_TOOLS_SERVER}`;
    const flags = [
      '-c',
      `${key}.command=${JSON.stringify(options.relay.command)}`,
      '-c',
      `${key}.args=[${options.relay.args.map((arg) => JSON.stringify(arg)).join(', ')}]`,
      '-c',
      `${key}.tool_timeout_sec=${Math.ceil(options.timeoutSec)}`,
      '-c',
      'features.shell_tool=false',
      '--sandbox',
      'read-only',
    ];
    const args = [...options.args];
    const at = args[0] === 'exec' ? 1 : 0;
    args.splice(at, 0, ...flags);
    return { vendor: 'codex', args, env, config, configPath };
  }
  return { vendor: 'other', args: [...options.args], env, config, configPath };
}

/** The relay a `tools = "truss"` CLI starts: `truss mcp serve --tools --session S --connect DIR`. */
export function relayCommand(truss: TrussCommand, sessionId: string, dir: string): TrussCommand {
  return {
    command: truss.command,
    args: [...truss.args, 'mcp', 'serve', '--tools', '--session', sessionId, '--connect', dir],
  };
}

/**
 * The relay command for this attempt, its script first copied into the tool directory when the host
 * gave one ({@link TrussCommand.relayScript}); group-readable like the token, so the sandbox user
 * can start it once the directory is granted. The harness never loads the copy itself.
 */
export async function stagedRelayCommand(
  truss: TrussCommand,
  sessionId: string,
  dir: string,
): Promise<TrussCommand> {
  if (!truss.relayScript) return relayCommand(truss, sessionId, dir);
  const staged = join(dir, STAGED_RELAY_FILE);
  await copyFile(truss.relayScript, staged);
  await chmod(staged, 0o640);
  return relayCommand({ command: truss.command, args: [staged] }, sessionId, dir);
}
