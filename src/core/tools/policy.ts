import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ResolvedContract } from '../contract/schema.js';
import { matchesToolPattern } from '../contract/tool-pattern.js';
import type { ToolPolicy } from './policy-types.js';
import type { Tool } from './tool.js';

export type { ToolPolicy } from './policy-types.js';

/** Why a tool call was refused at the policy boundary. */
export type PolicyViolationCode =
  | 'outside_scope'
  | 'symlink_escape'
  | 'nul_byte'
  | 'invalid_path'
  | 'git_dir'
  | 'withheld'
  | 'forbidden'
  | 'network'
  | 'tool_not_allowed';

/**
 * A tool call (or a contract's constraints) refused by policy. `message` says what was refused and
 * why, in a sentence the model can act on; `code` and `subject` are for the journal.
 */
export class PolicyViolation extends Error {
  override readonly name = 'PolicyViolation';
  readonly code: PolicyViolationCode;
  /** The refused thing: a path as given, a command, a tool name. */
  readonly subject: string;

  constructor(code: PolicyViolationCode, subject: string, message: string) {
    super(message);
    this.code = code;
    this.subject = subject;
  }
}

/** Symlink hops followed before giving up, like the kernel's ELOOP limit. */
const MAX_SYMLINK_HOPS = 40;

/**
 * Resolves a contract's `[constraints]` against `workdir` into the policy the tools enforce.
 * Scopes are resolved with realpath: a relative scope must stay inside the workdir (no `..` and no
 * symlink escape); a directory outside the workdir is allowed only when the contract names it by an
 * absolute path. Throws {@link PolicyViolation} for a relative scope that escapes.
 */
export function resolvePolicy(
  constraints: ResolvedContract['constraints'],
  workdir: string,
  withheld: readonly string[] = [],
): ToolPolicy {
  const root = realpathSync(resolve(workdir));
  const scope = (entries: readonly string[], field: string): string[] => {
    const resolved = entries.map((entry) => resolveScope(root, entry, field));
    return [...new Set(resolved)];
  };
  return {
    workdir: root,
    readScope: scope(constraints.read_scope, 'read_scope'),
    writeScope: scope(constraints.write_scope, 'write_scope'),
    forbidden: [...constraints.forbidden],
    network: constraints.network,
    allowlist: [...constraints.allowlist],
    allowTools: [...constraints.allow_tools],
    withheld: [...new Set(withheld.map((path) => realpathLoose(resolve(path))))],
  };
}

function resolveScope(root: string, entry: string, field: string): string {
  if (entry.includes('\0')) {
    throw new PolicyViolation('nul_byte', entry, `${field} entry contains a NUL byte`);
  }
  if (isAbsolute(entry)) return realpathLoose(resolve(entry));
  const lexical = resolve(root, entry);
  if (!isWithin(lexical, root)) {
    throw new PolicyViolation(
      'outside_scope',
      entry,
      `${field} entry ${JSON.stringify(entry)} resolves to ${lexical}, outside the workdir ${root}; ` +
        'name a directory outside the workdir by its absolute path if that is really intended',
    );
  }
  const real = realpathLoose(lexical);
  if (!isWithin(real, root)) {
    throw new PolicyViolation(
      'symlink_escape',
      entry,
      `${field} entry ${JSON.stringify(entry)} resolves through a symlink to ${real}, outside the ` +
        `workdir ${root}; name it by its absolute path if that is really intended`,
    );
  }
  return real;
}

/**
 * Checks a path a tool wants to read. Returns its absolute, realpath-resolved form (for a path that
 * does not exist yet: its nearest existing ancestor's realpath plus the rest), or throws
 * {@link PolicyViolation} when it is empty, holds a NUL byte, or resolves — lexically through `..`,
 * as an absolute path, or through a symlink — outside every read scope.
 */
export function checkReadPath(policy: ToolPolicy, path: string): string {
  return checkPath(policy, path, 'read');
}

/**
 * Checks a path a tool wants to write, like {@link checkReadPath} against the write scope. The
 * returned path is the real target: writing there never follows a symlink out of scope, including a
 * dangling symlink or a symlinked parent directory. Also refuses paths inside a `.git` directory
 * (hooks and config there would run code outside every tool's policy) and paths containing a
 * forbidden substring.
 */
export function checkWritePath(policy: ToolPolicy, path: string): string {
  const real = checkPath(policy, path, 'write');
  // The path as given and as resolved below the workdir (not the workdir's own absolute prefix).
  const resolved = isWithin(real, policy.workdir) ? relative(policy.workdir, real) : real;
  const needle = policy.forbidden.find((item) => path.includes(item) || resolved.includes(item));
  if (needle !== undefined) {
    throw new PolicyViolation(
      'forbidden',
      path,
      `write refused: the path ${JSON.stringify(path)} contains the forbidden substring ${JSON.stringify(needle)}`,
    );
  }
  return real;
}

/** Throws {@link PolicyViolation} when text to be written contains a forbidden substring. */
export function checkWriteContent(policy: ToolPolicy, path: string, content: string): void {
  const needle = policy.forbidden.find((item) => content.includes(item));
  if (needle !== undefined) {
    throw new PolicyViolation(
      'forbidden',
      path,
      `write refused: the content for ${JSON.stringify(path)} contains the forbidden substring ${JSON.stringify(needle)}`,
    );
  }
}

function checkPath(policy: ToolPolicy, path: string, mode: 'read' | 'write'): string {
  if (typeof path !== 'string' || path.length === 0) {
    throw new PolicyViolation('invalid_path', String(path), `${mode} refused: the path is empty`);
  }
  if (path.includes('\0')) {
    throw new PolicyViolation('nul_byte', path, `${mode} refused: the path contains a NUL byte`);
  }
  const scopes = mode === 'read' ? policy.readScope : policy.writeScope;
  const scopeText = scopes.length === 0 ? 'no directories at all' : scopes.join(', ');
  const lexical = resolve(policy.workdir, path);
  const real = realpathLoose(lexical);
  const scope = scopes.find((dir) => isWithin(real, dir));

  if (scope === undefined) {
    const lexicallyInside = scopes.some((dir) => isWithin(lexical, dir));
    let why: string;
    if (lexicallyInside) {
      why = `resolves through a symlink to ${real}, outside the ${mode} scope (${scopeText})`;
    } else if (isAbsolute(path)) {
      why = `is an absolute path outside the ${mode} scope (${scopeText})`;
    } else if (path.split(/[\\/]/).includes('..')) {
      why = `escapes with ".." to ${lexical}, outside the ${mode} scope (${scopeText})`;
    } else {
      why = `resolves to ${real}, outside the ${mode} scope (${scopeText})`;
    }
    throw new PolicyViolation(
      lexicallyInside ? 'symlink_escape' : 'outside_scope',
      path,
      `${mode} refused: ${JSON.stringify(path)} ${why}`,
    );
  }

  const hidden = policy.withheld?.find((dir) => isWithin(real, dir));
  if (hidden !== undefined) {
    throw new PolicyViolation(
      'withheld',
      path,
      `${mode} refused: ${JSON.stringify(path)} is ${hidden === real ? '' : 'inside '}${hidden}, which Truss keeps ` +
        'from the work (a key file, the ledger, the harness’s own files)',
    );
  }

  if (mode === 'write') {
    const inside = relative(scope, real).split(sep);
    if (inside.some((segment) => segment.toLowerCase() === '.git')) {
      throw new PolicyViolation(
        'git_dir',
        path,
        `write refused: ${JSON.stringify(path)} is inside a .git directory; use the git tools instead`,
      );
    }
  }
  return real;
}

/**
 * `realpath` for paths that may not exist yet: the realpath of the nearest existing ancestor plus
 * the remaining segments. Dangling symlinks are followed to where they point, so a write through one
 * lands (and is checked) where the kernel would put it.
 */
export function realpathLoose(path: string, hops = 0): string {
  try {
    return realpathSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw loop(path);
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
  const parent = dirname(path);
  if (parent === path) return path;
  const candidate = join(realpathLoose(parent, hops), basename(path));
  let isLink = false;
  try {
    isLink = lstatSync(candidate).isSymbolicLink();
  } catch {
    return candidate; // does not exist: the write would create exactly this path
  }
  if (!isLink) return candidate;
  if (hops >= MAX_SYMLINK_HOPS) throw loop(path);
  return realpathLoose(resolve(dirname(candidate), readlinkSync(candidate)), hops + 1);
}

function loop(path: string): PolicyViolation {
  return new PolicyViolation('invalid_path', path, `refused: ${JSON.stringify(path)} has a symlink loop`);
}

/** Whether `child` is `parent` or below it (both absolute and normalised). */
export function isWithin(child: string, parent: string): boolean {
  if (child === parent) return true;
  const prefix = parent.endsWith(sep) ? parent : parent + sep;
  return child.startsWith(prefix);
}

/**
 * Programs whose only purpose is talking to the network. With `network = "none"` a command naming
 * one is refused. This is a best-effort filter against accidents, not a security boundary: any
 * interpreter (python, node, bash's /dev/tcp) can still open a socket. Real network isolation needs
 * a sandbox (a network namespace, a firewalled runner, a container with `--network none`).
 */
export const NETWORK_PROGRAMS: readonly string[] = Object.freeze([
  'curl',
  'wget',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'ssh',
  'scp',
  'sftp',
  'telnet',
  'ftp',
  'rsync',
]);

const NETWORK_PROGRAM_PATTERN = new RegExp(`(?<![\\w.-])(${NETWORK_PROGRAMS.join('|')})(?![\\w.-])`);
const GIT_REMOTE_PATTERN = /(?<![\w.-])git\s+(?:-\S+\s+)*(push|pull|fetch|clone|ls-remote)(?![\w.-])/;
const DEV_TCP_PATTERN = /\/dev\/(tcp|udp)\//;
const URL_HOST_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/(?:[^\s/@'"]*@)?(\[[^\]\s]+\]|[^\s/:'"?#]+)/gi;

/**
 * Checks a shell command before it runs: no NUL byte, no forbidden substring (also matched with
 * runs of whitespace collapsed, so `git  push` does not slip past `git push`), and — best effort,
 * see {@link NETWORK_PROGRAMS} — no obvious network use when `network = "none"`, no URL to a host
 * outside the allowlist when `network = "allowlist"`. Throws {@link PolicyViolation}.
 */
export function checkCommand(policy: ToolPolicy, command: string): void {
  if (command.includes('\0')) {
    throw new PolicyViolation('nul_byte', command, 'bash refused: the command contains a NUL byte');
  }
  const collapsed = collapseWhitespace(command);
  for (const needle of policy.forbidden) {
    if (command.includes(needle) || collapsed.includes(collapseWhitespace(needle))) {
      throw new PolicyViolation(
        'forbidden',
        command,
        `bash refused: the command contains the forbidden substring ${JSON.stringify(needle)} (contract [constraints] forbidden)`,
      );
    }
  }
  if (policy.network === 'none') {
    const program = networkUse(command, collapsed);
    if (program !== undefined) {
      throw new PolicyViolation(
        'network',
        command,
        `bash refused: the contract sets network = "none" and the command uses ${JSON.stringify(program)}, ` +
          'which needs the network (a best-effort filter; real isolation is the sandbox’s job)',
      );
    }
  } else if (policy.network === 'allowlist') {
    for (const match of command.matchAll(URL_HOST_PATTERN)) {
      const host = (match[1] ?? '').toLowerCase();
      if (!hostAllowed(policy.allowlist, host)) {
        throw new PolicyViolation(
          'network',
          command,
          `bash refused: the command reaches ${JSON.stringify(host)}, which is not in the network allowlist ` +
            `(${policy.allowlist.join(', ') || 'empty'})`,
        );
      }
    }
  }
}

/** The first obvious network use in a command, or undefined. */
function networkUse(command: string, collapsed: string): string | undefined {
  const program = NETWORK_PROGRAM_PATTERN.exec(command)?.[1];
  if (program !== undefined) return program;
  const remote = GIT_REMOTE_PATTERN.exec(collapsed)?.[1];
  if (remote !== undefined) return `git ${remote}`;
  const device = DEV_TCP_PATTERN.exec(command)?.[0];
  return device;
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** Whether `host` matches an allowlist entry: an exact name, or `*.domain` for its subdomains. */
export function hostAllowed(allowlist: readonly string[], host: string): boolean {
  return allowlist.some((entry) => {
    const pattern = entry.toLowerCase();
    if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1));
    return host === pattern;
  });
}

/** Whether `name` matches one of the policy's `allow_tools` entries (exact names or `*` patterns). */
export function isToolAllowed(policy: ToolPolicy, name: string): boolean {
  return policy.allowTools.some((pattern) => matchesToolPattern(pattern, name));
}

/** Throws {@link PolicyViolation} when the policy does not allow tool `name`. */
export function checkToolAllowed(policy: ToolPolicy, name: string): void {
  if (!isToolAllowed(policy, name)) {
    throw new PolicyViolation(
      'tool_not_allowed',
      name,
      `tool ${JSON.stringify(name)} refused: it is not in the contract's allow_tools (${policy.allowTools.join(', ') || 'none'})`,
    );
  }
}

/** The registered tools the policy allows, in registry order; disallowed tools are never advertised. */
export function advertisedTools(
  registry: ReadonlyMap<string, Tool> | Iterable<Tool>,
  policy: ToolPolicy,
): Tool[] {
  const tools = registry instanceof Map ? [...registry.values()] : [...(registry as Iterable<Tool>)];
  return tools.filter((tool) => isToolAllowed(policy, tool.name));
}
