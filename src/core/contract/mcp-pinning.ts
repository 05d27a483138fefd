import { basename } from 'node:path';
import { ContractError, type ContractIssue } from './errors.js';
import { parseTomlDocument, type TomlSource } from './load.js';
import type { McpServerSettings } from './mcp-schema.js';
import type { ResolvedContract } from './schema.js';

/**
 * Whether a stdio server's command fetches code chosen at run time (docs/mcp.md "Pinning"):
 * `npx`/`bunx`/`pnpm dlx`/`yarn dlx`/`npm exec` need `package@<exact version>`, `uvx`/`pipx run`
 * need `package==<version>`, `docker run`/`podman run` need an image `@sha256:` digest. Anything
 * else (a program on the runner, a script in the repository) is what the base branch says it is.
 * Returns why the command is unpinned, or null.
 */
export function unpinnedReason(server: McpServerSettings): string | null {
  if (server.transport !== 'stdio' || !server.command) return null;
  const program = basename(server.command);
  const args = server.args ?? [];
  const shown = [server.command, ...args].join(' ');
  const npmSpec = (spec: string | undefined) =>
    specReason(spec, EXACT_NPM, 'registry', (name) => `${npmName(name)}@1.2.3`);
  const pySpec = (spec: string | undefined) =>
    specReason(spec, EXACT_PY, 'index', (name) => `${name.split(/[=<>~!@[]/)[0]}==1.2.3`);
  let why: string | null = null;
  if (program === 'npx' || program === 'bunx') why = npmSpec(npxPackage(args));
  else if ((program === 'pnpm' || program === 'yarn') && args[0] === 'dlx')
    why = npmSpec(npxPackage(args.slice(1)));
  else if (program === 'npm' && (args[0] === 'exec' || args[0] === 'x'))
    why = npmSpec(npxPackage(args.slice(1)));
  else if (program === 'uvx')
    why = pySpec(fromOption(args, '--from') ?? firstPositional(args, UVX_VALUE_FLAGS));
  else if (program === 'uv' && args[0] === 'tool' && args[1] === 'run')
    why = pySpec(fromOption(args, '--from') ?? firstPositional(args.slice(2), UVX_VALUE_FLAGS));
  else if (program === 'pipx' && args[0] === 'run')
    why = pySpec(fromOption(args, '--spec') ?? firstPositional(args.slice(1), new Set()));
  else if ((program === 'docker' || program === 'podman') && args.includes('run')) {
    why = args.some((arg) => DIGEST.test(arg))
      ? null
      : 'runs a container image without an @sha256: digest, so the registry decides what runs; pin it, e.g. "image@sha256:<64 hex>"';
  }
  return why === null ? null : `MCP server "${server.name}" (\`${shown}\`) ${why}`;
}

const EXACT_NPM = /^(?:@[^/@\s]+\/)?[^/@\s]+@v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/;
const EXACT_PY = /^[A-Za-z0-9._-]+(?:\[[^\]]*\])?(?:==|@)v?\d+(?:\.\d+)*(?:[A-Za-z0-9.+-]*)$/;
const DIGEST = /@sha256:[0-9a-f]{64}\b/;
const UVX_VALUE_FLAGS: ReadonlySet<string> = new Set([
  '--from',
  '--with',
  '--python',
  '-p',
  '--index-url',
  '--index',
]);
const NPX_VALUE_FLAGS: ReadonlySet<string> = new Set([
  '--package',
  '-p',
  '--cache',
  '--registry',
  '--userconfig',
]);

/** Why a package spec is not an exact version (null when it is). */
function specReason(
  spec: string | undefined,
  exact: RegExp,
  source: string,
  example: (spec: string) => string,
): string | null {
  if (spec === undefined) return 'names no package';
  if (exact.test(spec)) return null;
  return `runs ${JSON.stringify(spec)} without an exact version, so the ${source} decides what runs; pin it, e.g. "${example(spec)}"`;
}

function npmName(spec: string): string {
  const at = spec.lastIndexOf('@');
  return at > 0 ? spec.slice(0, at) : spec;
}

/** The package npx runs: `--package X` / `-p X` / `--package=X` when given, else the first positional. */
function npxPackage(args: readonly string[]): string | undefined {
  return fromOption(args, '--package') ?? fromOption(args, '-p') ?? firstPositional(args, NPX_VALUE_FLAGS);
}

function fromOption(args: readonly string[], flag: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === flag) return args[i + 1];
    if (arg.startsWith(`${flag}=`)) return arg.slice(flag.length + 1);
  }
  return undefined;
}

function firstPositional(args: readonly string[], valueFlags: ReadonlySet<string>): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') return args[i + 1];
    if (arg.startsWith('-')) {
      if (valueFlags.has(arg)) i++;
      continue;
    }
    return arg;
  }
  return undefined;
}

/** One unpinned server: where it was declared and why it is refused. */
export interface UnpinnedServer {
  index: number;
  name: string;
  reason: string;
}

export function unpinnedServers(contract: ResolvedContract): UnpinnedServer[] {
  return (contract.mcp?.servers ?? []).flatMap((server, index) => {
    const reason = unpinnedReason(server);
    return reason ? [{ index, name: server.name, reason }] : [];
  });
}

/**
 * The pinning rule as a host applies it (docs/mcp.md "Pinning"): the Action refuses a contract with
 * an unpinned stdio server before anything runs (`refuse`: a ContractError at the command's
 * file:line:col), the CLI only warns (`warn`: the messages are returned). `sources` are the texts
 * the contract was resolved from, contract first: the servers come from the last layer that
 * declares `[[mcp.servers]]`.
 */
export function checkMcpPinning(
  contract: ResolvedContract,
  mode: 'refuse' | 'warn',
  sources?: { contract: TomlSource; config?: TomlSource | undefined },
): string[] {
  const unpinned = unpinnedServers(contract);
  if (unpinned.length === 0) return [];
  if (mode === 'warn') return unpinned.map((u) => `${u.reason} (the Action refuses it)`);
  const declaring = [sources?.contract, sources?.config].find((source) => source && hasMcpServers(source)) as
    | TomlSource
    | undefined;
  const issues: ContractIssue[] = unpinned.map((u) => {
    const path = ['mcp', 'servers', u.index, 'command'];
    const position = declaring ? parseTomlDocument(declaring).positions.locate(path) : { line: 0, col: 0 };
    return {
      file: declaring?.file ?? sources?.contract.file ?? contract.contract.id,
      line: position.line,
      col: position.col,
      path: `mcp.servers[${u.index}].command`,
      message: `${u.reason}; unpinned MCP servers are refused in the Action`,
    };
  });
  throw new ContractError(issues);
}

function hasMcpServers(source: TomlSource): boolean {
  const mcp = parseTomlDocument(source).data.mcp as { servers?: unknown } | undefined;
  return Array.isArray(mcp?.servers);
}
