#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/tools/policy.ts
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

// src/core/contract/tool-pattern.ts
function matchesToolPattern(pattern, name) {
  if (!pattern.includes("*")) return pattern === name;
  const source = pattern.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*");
  return new RegExp(`^${source}$`).test(name);
}

// src/core/tools/policy.ts
var PolicyViolation = class extends Error {
  name = "PolicyViolation";
  code;
  /** The refused thing: a path as given, a command, a tool name. */
  subject;
  constructor(code, subject, message) {
    super(message);
    this.code = code;
    this.subject = subject;
  }
};
var MAX_SYMLINK_HOPS = 40;
function resolvePolicy(constraints, workdir, withheld = []) {
  const root = realpathSync(resolve(workdir));
  const scope = (entries, field) => {
    const resolved = entries.map((entry) => resolveScope(root, entry, field));
    return [...new Set(resolved)];
  };
  return {
    workdir: root,
    readScope: scope(constraints.read_scope, "read_scope"),
    writeScope: scope(constraints.write_scope, "write_scope"),
    forbidden: [...constraints.forbidden],
    network: constraints.network,
    allowlist: [...constraints.allowlist],
    allowTools: [...constraints.allow_tools],
    withheld: [...new Set(withheld.map((path) => realpathLoose(resolve(path))))]
  };
}
function resolveScope(root, entry, field) {
  if (entry.includes("\0")) {
    throw new PolicyViolation("nul_byte", entry, `${field} entry contains a NUL byte`);
  }
  if (isAbsolute(entry)) return realpathLoose(resolve(entry));
  const lexical = resolve(root, entry);
  if (!isWithin(lexical, root)) {
    throw new PolicyViolation(
      "outside_scope",
      entry,
      `${field} entry ${JSON.stringify(entry)} resolves to ${lexical}, outside the workdir ${root}; name a directory outside the workdir by its absolute path if that is really intended`
    );
  }
  const real = realpathLoose(lexical);
  if (!isWithin(real, root)) {
    throw new PolicyViolation(
      "symlink_escape",
      entry,
      `${field} entry ${JSON.stringify(entry)} resolves through a symlink to ${real}, outside the workdir ${root}; name it by its absolute path if that is really intended`
    );
  }
  return real;
}
function checkReadPath(policy, path) {
  return checkPath(policy, path, "read");
}
function checkWritePath(policy, path) {
  const real = checkPath(policy, path, "write");
  const resolved = isWithin(real, policy.workdir) ? relative(policy.workdir, real) : real;
  const needle = policy.forbidden.find((item) => path.includes(item) || resolved.includes(item));
  if (needle !== void 0) {
    throw new PolicyViolation(
      "forbidden",
      path,
      `write refused: the path ${JSON.stringify(path)} contains the forbidden substring ${JSON.stringify(needle)}`
    );
  }
  return real;
}
function checkWriteContent(policy, path, content) {
  const needle = policy.forbidden.find((item) => content.includes(item));
  if (needle !== void 0) {
    throw new PolicyViolation(
      "forbidden",
      path,
      `write refused: the content for ${JSON.stringify(path)} contains the forbidden substring ${JSON.stringify(needle)}`
    );
  }
}
function checkPath(policy, path, mode) {
  if (typeof path !== "string" || path.length === 0) {
    throw new PolicyViolation("invalid_path", String(path), `${mode} refused: the path is empty`);
  }
  if (path.includes("\0")) {
    throw new PolicyViolation("nul_byte", path, `${mode} refused: the path contains a NUL byte`);
  }
  const scopes = mode === "read" ? policy.readScope : policy.writeScope;
  const scopeText = scopes.length === 0 ? "no directories at all" : scopes.join(", ");
  const lexical = resolve(policy.workdir, path);
  const real = realpathLoose(lexical);
  const scope = scopes.find((dir) => isWithin(real, dir));
  if (scope === void 0) {
    const lexicallyInside = scopes.some((dir) => isWithin(lexical, dir));
    let why;
    if (lexicallyInside) {
      why = `resolves through a symlink to ${real}, outside the ${mode} scope (${scopeText})`;
    } else if (isAbsolute(path)) {
      why = `is an absolute path outside the ${mode} scope (${scopeText})`;
    } else if (path.split(/[\\/]/).includes("..")) {
      why = `escapes with ".." to ${lexical}, outside the ${mode} scope (${scopeText})`;
    } else {
      why = `resolves to ${real}, outside the ${mode} scope (${scopeText})`;
    }
    throw new PolicyViolation(
      lexicallyInside ? "symlink_escape" : "outside_scope",
      path,
      `${mode} refused: ${JSON.stringify(path)} ${why}`
    );
  }
  const hidden = policy.withheld?.find((dir) => isWithin(real, dir));
  if (hidden !== void 0) {
    throw new PolicyViolation(
      "withheld",
      path,
      `${mode} refused: ${JSON.stringify(path)} is ${hidden === real ? "" : "inside "}${hidden}, which Truss keeps from the work (a key file, the ledger, the harness\u2019s own files)`
    );
  }
  if (mode === "write") {
    const inside = relative(scope, real).split(sep);
    if (inside.some((segment) => segment.toLowerCase() === ".git")) {
      throw new PolicyViolation(
        "git_dir",
        path,
        `write refused: ${JSON.stringify(path)} is inside a .git directory; use the git tools instead`
      );
    }
  }
  return real;
}
function realpathLoose(path, hops = 0) {
  try {
    return realpathSync(path);
  } catch (error) {
    const code = error.code;
    if (code === "ELOOP") throw loop(path);
    if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
  }
  const parent = dirname(path);
  if (parent === path) return path;
  const candidate = join(realpathLoose(parent, hops), basename(path));
  let isLink = false;
  try {
    isLink = lstatSync(candidate).isSymbolicLink();
  } catch {
    return candidate;
  }
  if (!isLink) return candidate;
  if (hops >= MAX_SYMLINK_HOPS) throw loop(path);
  return realpathLoose(resolve(dirname(candidate), readlinkSync(candidate)), hops + 1);
}
function loop(path) {
  return new PolicyViolation("invalid_path", path, `refused: ${JSON.stringify(path)} has a symlink loop`);
}
function isWithin(child, parent) {
  if (child === parent) return true;
  const prefix = parent.endsWith(sep) ? parent : parent + sep;
  return child.startsWith(prefix);
}
var NETWORK_PROGRAMS = Object.freeze([
  "curl",
  "wget",
  "nc",
  "ncat",
  "netcat",
  "socat",
  "ssh",
  "scp",
  "sftp",
  "telnet",
  "ftp",
  "rsync"
]);
var NETWORK_PROGRAM_PATTERN = new RegExp(`(?<![\\w.-])(${NETWORK_PROGRAMS.join("|")})(?![\\w.-])`);
var GIT_REMOTE_PATTERN = /(?<![\w.-])git\s+(?:-\S+\s+)*(push|pull|fetch|clone|ls-remote)(?![\w.-])/;
var DEV_TCP_PATTERN = /\/dev\/(tcp|udp)\//;
var URL_HOST_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/(?:[^\s/@'"]*@)?(\[[^\]\s]+\]|[^\s/:'"?#]+)/gi;
function checkCommand(policy, command) {
  if (command.includes("\0")) {
    throw new PolicyViolation("nul_byte", command, "bash refused: the command contains a NUL byte");
  }
  const collapsed = collapseWhitespace(command);
  for (const needle of policy.forbidden) {
    if (command.includes(needle) || collapsed.includes(collapseWhitespace(needle))) {
      throw new PolicyViolation(
        "forbidden",
        command,
        `bash refused: the command contains the forbidden substring ${JSON.stringify(needle)} (contract [constraints] forbidden)`
      );
    }
  }
  if (policy.network === "none") {
    const program = networkUse(command, collapsed);
    if (program !== void 0) {
      throw new PolicyViolation(
        "network",
        command,
        `bash refused: the contract sets network = "none" and the command uses ${JSON.stringify(program)}, which needs the network (a best-effort filter; real isolation is the sandbox\u2019s job)`
      );
    }
  } else if (policy.network === "allowlist") {
    for (const match of command.matchAll(URL_HOST_PATTERN)) {
      const host = (match[1] ?? "").toLowerCase();
      if (!hostAllowed(policy.allowlist, host)) {
        throw new PolicyViolation(
          "network",
          command,
          `bash refused: the command reaches ${JSON.stringify(host)}, which is not in the network allowlist (${policy.allowlist.join(", ") || "empty"})`
        );
      }
    }
  }
}
function networkUse(command, collapsed) {
  const program = NETWORK_PROGRAM_PATTERN.exec(command)?.[1];
  if (program !== void 0) return program;
  const remote = GIT_REMOTE_PATTERN.exec(collapsed)?.[1];
  if (remote !== void 0) return `git ${remote}`;
  const device = DEV_TCP_PATTERN.exec(command)?.[0];
  return device;
}
function collapseWhitespace(text) {
  return text.replace(/\s+/g, " ");
}
function hostAllowed(allowlist, host) {
  return allowlist.some((entry) => {
    const pattern = entry.toLowerCase();
    if (pattern.startsWith("*.")) return host.endsWith(pattern.slice(1));
    return host === pattern;
  });
}
function isToolAllowed(policy, name) {
  return policy.allowTools.some((pattern) => matchesToolPattern(pattern, name));
}
function checkToolAllowed(policy, name) {
  if (!isToolAllowed(policy, name)) {
    throw new PolicyViolation(
      "tool_not_allowed",
      name,
      `tool ${JSON.stringify(name)} refused: it is not in the contract's allow_tools (${policy.allowTools.join(", ") || "none"})`
    );
  }
}
function advertisedTools(registry, policy) {
  const tools = registry instanceof Map ? [...registry.values()] : [...registry];
  return tools.filter((tool) => isToolAllowed(policy, tool.name));
}

// src/core/tools/held-path.ts
import { closeSync, constants, fstatSync, mkdirSync, openSync, statSync } from "node:fs";
import { basename as basename2, dirname as dirname2, isAbsolute as isAbsolute2, normalize, sep as sep2 } from "node:path";
var O_PATH = 2097152;
var O_NOFOLLOW = constants.O_NOFOLLOW;
var O_DIRECTORY = constants.O_DIRECTORY;
function heldPath(fd, name) {
  return name === void 0 ? `/proc/self/fd/${fd}` : `/proc/self/fd/${fd}/${name}`;
}
var MAGIC_LINKS = (() => {
  try {
    return process.platform === "linux" && statSync("/proc/self/fd").isDirectory();
  } catch {
    return false;
  }
})();
function changed(path, at, why) {
  return new PolicyViolation(
    "symlink_escape",
    path,
    `refused: ${JSON.stringify(path)} changed while it was being opened (${at} ${why}); links are never followed after the scope check`
  );
}
function holdDirectory(real, create = false) {
  if (!MAGIC_LINKS) {
    if (create) mkdirSync(real, { recursive: true });
    return { path: (name) => name === void 0 ? real : `${real}/${name}`, close: () => {
    } };
  }
  const fd = holdDescriptor(real, create);
  return { path: (name) => heldPath(fd, name), close: () => closeSync(fd) };
}
function holdDescriptor(real, create) {
  if (!isAbsolute2(real) || normalize(real) !== real) {
    throw new PolicyViolation(
      "invalid_path",
      real,
      `refused: ${JSON.stringify(real)} is not a normalised absolute path`
    );
  }
  const names = real.split(sep2).filter((name) => name.length > 0);
  let fd = openSync("/", O_PATH | O_DIRECTORY);
  let at = "";
  try {
    for (const name of names) {
      at = `${at}/${name}`;
      let next;
      try {
        next = openSync(heldPath(fd, name), O_PATH | O_NOFOLLOW | O_DIRECTORY);
      } catch (error) {
        const code = error.code;
        if (code === "ENOENT" && create) {
          try {
            mkdirSync(heldPath(fd, name));
          } catch (made) {
            if (made.code !== "EEXIST") throw made;
          }
          try {
            next = openSync(heldPath(fd, name), O_PATH | O_NOFOLLOW | O_DIRECTORY);
          } catch (again) {
            throw refusal(real, at, again);
          }
        } else {
          throw refusal(real, at, error);
        }
      }
      closeSync(fd);
      fd = next;
      if (!fstatSync(fd).isDirectory()) throw changed(real, at, "is not a directory");
    }
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
function refusal(real, at, error) {
  const code = error.code;
  if (code === "ENOTDIR" || code === "ELOOP") return changed(real, at, "is a link or not a directory");
  return error;
}
var OPEN_NOFOLLOW = O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;
function isLinkError(error) {
  return error?.code === "ELOOP";
}
async function withHeldDirectory(real, create, body) {
  const dir = holdDirectory(real, create);
  try {
    return await body(dir);
  } finally {
    dir.close();
  }
}
function openCheckedSync(real) {
  const dir = holdDirectory(dirname2(real));
  try {
    return openSync(dir.path(basename2(real)), constants.O_RDONLY | OPEN_NOFOLLOW);
  } catch (error) {
    if (isLinkError(error)) throw changed(real, real, "is a link");
    throw error;
  } finally {
    dir.close();
  }
}

export {
  matchesToolPattern,
  PolicyViolation,
  resolvePolicy,
  checkReadPath,
  checkWritePath,
  checkWriteContent,
  isWithin,
  checkCommand,
  hostAllowed,
  isToolAllowed,
  checkToolAllowed,
  advertisedTools,
  changed,
  holdDirectory,
  OPEN_NOFOLLOW,
  isLinkError,
  withHeldDirectory,
  openCheckedSync
};
