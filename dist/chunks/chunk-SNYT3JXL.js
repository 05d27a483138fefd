#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  MARK_CLOSE,
  MARK_OPEN,
  markBidi
} from "./chunk-ASHGVO73.js";
import {
  dropForbiddenEnv,
  noIsolation
} from "./chunk-VUSAMCY7.js";
import {
  AddedGitGuards,
  PID_NAMESPACE_FLAGS,
  asRoot,
  bindEntry,
  coverEntries,
  findProgram,
  gitMetadataGuard,
  guardEntries,
  hideEntries,
  mountPlanScript,
  reachable,
  removeTreeArgs,
  removeUntrustedTree,
  runCommand,
  sandboxTools,
  shellQuote,
  sweepPlantedGitFiles,
  tmpfsEntry,
  tmpfsNames,
  trustedSearchPath,
  within,
  writeMountTable
} from "./chunk-OCGEL2BZ.js";

// src/core/process/isolation.ts
var ISOLATION_MODES = Object.freeze(["auto", "uid", "bwrap", "none"]);
var IsolationUnavailableError = class extends Error {
  name = "IsolationUnavailableError";
};
var IsolationSetupError = class extends Error {
  name = "IsolationSetupError";
};
function parseIsolationMode(value, where) {
  const mode = value.trim().toLowerCase();
  if (ISOLATION_MODES.includes(mode)) return mode;
  throw new IsolationUnavailableError(
    `${where}: isolation must be one of ${ISOLATION_MODES.join(", ")} (got ${JSON.stringify(value)})`
  );
}
function describeIsolation(report) {
  if (report.level === "none") {
    return "checks isolated: none \u2014 checks, agent tools and delegated CLIs ran as the harness user and could read its secrets";
  }
  const egress = report.network_enforced ? "egress blocked" : report.network === "open" ? "network open" : `network "${report.network}" not enforced (best-effort filter only)`;
  return `checks isolated: ${report.level} (${egress})`;
}

// src/core/verify/log-text.ts
var ZWJ = "\u200D";
var LINE_BREAK = /\r\n?|[\n\u0085\u2028\u2029]/g;
var CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/g;
function logLine(text) {
  return inertCommands(markControls(markBidi(text.replace(LINE_BREAK, " \u23CE "))));
}
function logLines(text) {
  return text.split(LINE_BREAK).map((line) => logLine(line)).join("\n");
}
function markControls(text) {
  return text.replace(
    CONTROL,
    (ch) => `${MARK_OPEN}U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}${MARK_CLOSE}`
  );
}
function inertCommands(line) {
  return line.replace(/##\[/g, `#${ZWJ}#[`).replace(/^(\s*):(?=:)/, `$1:${ZWJ}`);
}

// src/core/process/isolation-uid.ts
import { existsSync, mkdirSync as mkdirSync4, mkdtempSync as mkdtempSync5, readFileSync, realpathSync as realpathSync2 } from "node:fs";
import { join as join5, resolve as resolve3 } from "node:path";

// src/core/process/grant-workdir.ts
import { stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";

// src/core/process/grant-tree.ts
import * as fs from "node:fs";
function grantTreeInProcess(root, gid, keep) {
  grantTree(fs, root, gid, keep);
}
var DRY_WALK_LIMIT = 2e4;
function treeNeedsGrant(root, gid, keep, limit = DRY_WALK_LIMIT) {
  const wouldWrite = () => {
    throw new Error("the grant would write");
  };
  let looked = 0;
  const lstatSync6 = ((path) => {
    if (++looked > limit) throw new Error("too many entries to look at here");
    return fs.lstatSync(path);
  });
  const dry = {
    ...fs,
    lstatSync: lstatSync6,
    lchownSync: wouldWrite,
    chownSync: wouldWrite,
    chmodSync: wouldWrite
  };
  try {
    grantTree(dry, root, gid, keep);
    return false;
  } catch {
    return true;
  }
}
function grantTreeScript() {
  return `var __name = (fn) => fn; (${grantTree.toString()})(require('node:fs'), process.argv[1], Number(process.argv[2]), new Set(JSON.parse(process.argv[3])));`;
}
function grantTree(io, root, gid, keep) {
  const O_PATH = 2097152;
  const held = (fd) => `/proc/self/fd/${fd}`;
  const wantedMode = (info) => {
    const directory = info.isDirectory();
    const search = directory || (info.mode & 73) !== 0 ? 8 : 0;
    return (info.mode | 48 | search | (directory ? 1024 : 0)) & 4095;
  };
  const visit = (path, at) => {
    if (keep.has(path)) return;
    const looked = io.lstatSync(at);
    if (looked.isSymbolicLink()) {
      if (looked.gid !== gid) io.lchownSync(at, -1, gid);
      return;
    }
    if (looked.isFile() && (looked.mode & 63) === 0) return;
    const directory = looked.isDirectory();
    if (!directory && looked.nlink > 1) return;
    if (!directory && looked.gid === gid && wantedMode(looked) === (looked.mode & 4095)) return;
    let fd;
    try {
      fd = io.openSync(at, O_PATH | io.constants.O_NOFOLLOW);
    } catch {
      return;
    }
    try {
      let info = io.fstatSync(fd);
      if (info.ino !== looked.ino || info.dev !== looked.dev || info.isSymbolicLink()) return;
      if (!directory && info.nlink > 1) return;
      if (info.gid !== gid) {
        io.chownSync(held(fd), -1, gid);
        info = io.fstatSync(fd);
      }
      const wanted = wantedMode(info);
      if (wanted !== (info.mode & 4095)) io.chmodSync(held(fd), wanted);
      if (directory)
        for (const name of io.readdirSync(held(fd))) visit(`${path}/${name}`, `${held(fd)}/${name}`);
    } finally {
      io.closeSync(fd);
    }
  };
  visit(root, root);
}

// src/core/process/grant-workdir.ts
async function grantWorkdir(dir, account, privilege, env, keepPrivate = []) {
  const root = resolve(dir);
  const inside = keepPrivate.map((path) => resolve(path)).filter((path) => path.startsWith(`${root}/`));
  const failed = (detail) => new IsolationSetupError(
    `could not give the sandbox user access to ${root} (${detail}); run Truss as root or with passwordless sudo, or choose isolation = "bwrap"`
  );
  if (privilege === "root") {
    try {
      grantTreeInProcess(root, account.gid, new Set(inside));
    } catch (error) {
      throw failed(error.message);
    }
  } else if (treeNeedsGrant(root, account.gid, new Set(inside))) {
    const result = await asRoot(
      privilege,
      process.execPath,
      ["-e", grantTreeScript(), root, String(account.gid), JSON.stringify(inside)],
      env,
      12e4
    );
    if (!result.ok) throw failed(result.stderr.trim().split("\n").at(-1) ?? `exit ${result.code}`);
  }
  for (let parent = dirname(root); ; parent = dirname(parent)) {
    const info = await stat(parent);
    if ((info.mode & 1) === 0) {
      const result = await asRoot(privilege, "chmod", ["o+x", parent], env);
      if (!result.ok)
        throw new IsolationSetupError(`could not make ${parent} traversable: ${result.stderr.trim()}`);
    }
    if (parent === dirname(parent)) break;
  }
}

// src/core/process/lifeline.ts
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync as lstatSync2,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmdirSync,
  rmSync
} from "node:fs";
import { join } from "node:path";
var HARNESS_PREFIX = "truss-harness-";
var SWEEP_AFTER_MS = 6e4;
var harnesses = /* @__PURE__ */ new Map();
function harnessDirectory(root, mkfifo) {
  const known = harnesses.get(root);
  if (known !== void 0) return known;
  const dir = mkdtempSync(join(root, HARNESS_PREFIX));
  chmodSync(dir, 457);
  const lifeline = join(dir, "lifeline");
  mkdirSync(lifeline, { mode: 448 });
  const fifo = join(lifeline, "fifo");
  execFileSync(mkfifo, ["-m", "0600", "--", fifo], { stdio: "ignore" });
  openSync(fifo, "r+");
  const made = { dir, fifo };
  harnesses.set(root, made);
  process.once("exit", () => {
    rmSync(lifeline, { recursive: true, force: true });
    try {
      rmdirSync(dir);
    } catch {
    }
  });
  return made;
}
function deadHarnessDirectories(root, now = Date.now()) {
  let names;
  try {
    names = readdirSync(root).filter((name) => name.startsWith(HARNESS_PREFIX));
  } catch {
    return [];
  }
  const uid = process.getuid?.();
  return names.map((name) => join(root, name)).filter((dir) => {
    try {
      const info = lstatSync2(dir);
      if (!info.isDirectory() || info.uid !== uid || now - info.mtimeMs < SWEEP_AFTER_MS) return false;
      return !lifelineHeld(join(dir, "lifeline", "fifo"));
    } catch {
      return false;
    }
  });
}
function lifelineHeld(fifo) {
  let fd;
  try {
    fd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    return error.code !== "ENOENT";
  }
  try {
    if (!fstatSync(fd).isFIFO()) return true;
    return readSync(fd, Buffer.alloc(1)) !== 0;
  } catch {
    return true;
  } finally {
    closeSync(fd);
  }
}
async function sweepDeadHarnesses(root, remove) {
  for (const dir of deadHarnessDirectories(root)) {
    try {
      rmdirSync(dir);
    } catch {
      await remove(dir).catch(() => {
      });
    }
  }
}
function lifelineWatcher(fifo) {
  const path = shellQuote(fifo);
  return `( exec 3<>${path} 4<${path} 3>&-; read _ <&4; while :; do kill -KILL -1; done ) </dev/null >/dev/null 2>&1 &`;
}

// src/core/process/mount-holder.ts
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { lstatSync as lstatSync3, mkdtempSync as mkdtempSync2, rmSync as rmSync2 } from "node:fs";
import { join as join2 } from "node:path";
var NET_PIN = "net";
function identities(paths) {
  return paths.map((path) => {
    try {
      const info = lstatSync3(path);
      return `${info.dev}:${info.ino}`;
    } catch {
      return null;
    }
  });
}
function startMountHolder(options) {
  const marker = `truss-holder-${randomBytes(12).toString("hex")}`;
  const netns = options.netns === true;
  const before = identities(options.watched);
  const script = [
    "STAGE=$1; shift",
    options.setup(),
    netns ? "ip link set lo up 2>/dev/null || true" : "",
    `mount -t tmpfs -o size=4k,mode=0700 ${marker} "$STAGE" || exit 125`,
    `: > "$STAGE/${marker}" || exit 125`,
    // The held network namespace, pinned beside the marker: each process's init compares its own
    // with it (heldInit), whatever order nsenter entered the namespaces in.
    netns ? `{ : > "$STAGE/${NET_PIN}" && mount --bind /proc/self/ns/net "$STAGE/${NET_PIN}"; } || exit 125` : "",
    // Its pid, for /proc/PID/ns/*: under sudo the child the harness started is sudo, not this shell.
    'echo "ready $$"',
    "read _ || true",
    // The harness has ended (its end closed stdin): the stage would be left behind in the scratch
    // root (an idle end removes it from the harness instead, where nothing is mounted in it). Here,
    // inside the namespace, only the table files are deleted and only empty directories removed,
    // never a tree: nothing can be deleted through a mount that is still there.
    'umount -R "$STAGE"',
    'rm -f -- "$STAGE"/mounts-*',
    'rmdir -- "$STAGE"/stage/* "$STAGE"/stage "$STAGE" 2>/dev/null'
  ].filter((line) => line.length > 0).join("\n");
  return new Promise((resolve4, reject) => {
    let child;
    try {
      const unshare = [
        "unshare",
        "--mount",
        "--propagation",
        "private",
        ...netns ? ["--net"] : [],
        "--",
        "/bin/sh",
        "-c",
        script,
        "truss-sandbox-mounts",
        options.stage
      ];
      const [file, ...args] = options.privilege === "sudo" ? ["sudo", "-n", "--", "env", `PATH=${options.env.PATH ?? ""}`, ...unshare] : unshare;
      child = spawn(file, args, { env: options.env, stdio: ["pipe", "pipe", "pipe"] });
    } catch (error) {
      reject(
        new IsolationSetupError(`could not start the sandbox's mount namespace: ${error.message}`)
      );
      return;
    }
    let exited = false;
    let stderr = "";
    let stdout = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", (error) => {
      exited = true;
      reject(new IsolationSetupError(`could not start the sandbox's mount namespace: ${error.message}`));
    });
    child.on("exit", (code) => {
      exited = true;
      reject(
        new IsolationSetupError(
          `the sandbox's mount namespace could not be set up (exit ${code}): ${stderr.trim().split("\n")[0] ?? ""}`
        )
      );
    });
    child.stdout?.on("data", (chunk) => {
      stdout += chunk.toString("utf8");
      const ready = /^ready (\d+)\n/.exec(stdout);
      if (!ready) return;
      const pid = ready[1];
      child.unref();
      for (const stream of [child.stdin, child.stdout, child.stderr])
        stream?.unref?.();
      resolve4({
        nsPath: `/proc/${pid}/ns/mnt`,
        netPath: netns ? `/proc/${pid}/ns/net` : null,
        netPin: netns ? join2(options.stage, NET_PIN) : null,
        marker: join2(options.stage, marker),
        current: () => !exited && identities(options.watched).every((identity, i) => identity === before[i]),
        close() {
          if (exited) return;
          exited = true;
          child.stdin?.end();
          child.kill("SIGKILL");
        }
      });
    });
  });
}
function heldInit(marker, options = {}) {
  const { netPin = null, prelude = [], umask = "002" } = options;
  return [
    `[ -e ${shellQuote(marker)} ] || { echo "truss: not in the sandbox mount namespace" >&2; exit 125; }`,
    netPin === null ? "" : `[ /proc/self/ns/net -ef ${shellQuote(netPin)} ] || { echo "truss: not in the sandbox network namespace" >&2; exit 125; }`,
    ...prelude,
    ENTER_WORKDIR,
    `umask ${umask}`,
    '"$@"'
  ].filter((line) => line.length > 0).join("\n");
}
var ENTER_WORKDIR = [
  'cd -- "$1" || { echo "truss: cannot enter the working directory inside the sandbox" >&2; exit 125; }',
  "shift"
].join("\n");
var IDLE_MS = 2e3;
function sharedMounts(options, setup, generation = () => 0) {
  const usable = options.hold !== false;
  const watched = [...options.hiddenPaths, ...options.coverPaths.flatMap(({ dir, keep }) => [dir, ...keep])];
  let current = null;
  let failed = false;
  let users = 0;
  let idle;
  const end = (holder) => {
    void holder.then((made) => made?.close());
  };
  const endWhenIdle = () => {
    clearTimeout(idle);
    const ending = current;
    idle = setTimeout(() => {
      if (users > 0 || current !== ending || ending === null) return;
      current = null;
      end(ending);
    }, IDLE_MS);
    idle.unref();
  };
  const make = () => {
    const stage = mkdtempSync2(join2(options.scratchRoot, "truss-sbx-ns-"));
    const madeAt = generation();
    return startMountHolder({
      setup: () => setup(stage),
      stage,
      watched,
      env: options.toolEnv,
      netns: options.netns,
      privilege: options.privilege
    }).then((holder) => ({
      ...holder,
      current: () => holder.current() && generation() === madeAt,
      close() {
        holder.close();
        removeStage(stage);
      }
    })).catch(() => {
      failed = true;
      removeStage(stage);
      return null;
    });
  };
  return {
    async enter() {
      if (!usable || failed) return null;
      users++;
      clearTimeout(idle);
      const existing = current;
      if (existing) {
        const holder2 = await existing;
        if (holder2 === null) {
          users--;
          return null;
        }
        if (holder2.current()) return holder2;
        if (current === existing) {
          end(existing);
          current = null;
        }
      }
      current ??= make();
      const holder = await current;
      if (holder === null) users--;
      return holder;
    },
    leave() {
      users--;
      if (users > 0 || current === null) return;
      endWhenIdle();
    },
    warm() {
      if (!usable || failed || current !== null) return;
      current = make();
      endWhenIdle();
    }
  };
}
function removeStage(stage) {
  try {
    rmSync2(stage, { recursive: true, force: true });
  } catch {
  }
}

// src/core/process/private-dirs.ts
import { chmodSync as chmodSync2, lstatSync as lstatSync4, mkdirSync as mkdirSync2, mkdtempSync as mkdtempSync3, realpathSync, statSync } from "node:fs";
import { dirname as dirname2, join as join3, relative, resolve as resolve2 } from "node:path";
import { fileURLToPath } from "node:url";
var SHARED_DIR_CANDIDATES = Object.freeze([
  "/tmp",
  "/var/tmp",
  "/dev/shm",
  "/run/lock"
]);
function installRoot(from = fileURLToPath(import.meta.url)) {
  for (let dir = dirname2(from); ; dir = dirname2(dir)) {
    try {
      if (statSync(join3(dir, "package.json")).isFile()) return realpathSync(dir);
    } catch {
    }
    if (dirname2(dir) === dir) return null;
  }
}
function realOrResolved(path) {
  try {
    return realpathSync(path);
  } catch {
    return resolve2(path);
  }
}
function sharedWritableDirs(candidates, workdirs) {
  const found = [];
  for (const candidate of candidates) {
    let path;
    try {
      path = realpathSync(candidate);
      const info = statSync(path);
      if (!info.isDirectory() || (info.mode & 2) === 0) continue;
    } catch {
      continue;
    }
    if (found.includes(path) || workdirs.some((dir) => within(path, dir))) continue;
    found.push(path);
  }
  return found.filter((dir) => !found.some((other) => other !== dir && within(dir, other)));
}
function preparePrivateDirs(scratchRoot, dirs, harnessUid) {
  const root = harnessUid === void 0 ? null : ownDirectory(join3(scratchRoot, `truss-sandbox-${harnessUid}`), harnessUid);
  const base = root ?? mkdtempSync3(join3(scratchRoot, "truss-sandbox-"));
  chmodSync2(base, 457);
  const keepRoot = join3(base, "keep");
  mkdirSync2(keepRoot, { recursive: true });
  chmodSync2(keepRoot, 457);
  const ordered = [...dirs.filter((dir) => !within(base, dir)), ...dirs.filter((dir) => within(base, dir))];
  const privateDirs = ordered.map((dir, i) => {
    const stage = join3(base, `stage-${i}`);
    mkdirSync2(stage, { recursive: true, mode: 448 });
    return { dir, stage };
  });
  return { keepRoot, privateDirs };
}
function ownDirectory(path, uid) {
  try {
    mkdirSync2(path, { mode: 457 });
  } catch (error) {
    if (error.code !== "EEXIST") return null;
  }
  try {
    const info = lstatSync4(path);
    return info.isDirectory() && !info.isSymbolicLink() && info.uid === uid ? path : null;
  } catch {
    return null;
  }
}
function privateDirEntries(dirs, keeps, name) {
  const entries = [];
  const covers = [];
  for (const { dir, stage } of dirs.filter((shared) => !keeps.includes(shared.dir))) {
    const inside = keeps.filter((keep) => within(keep, dir));
    covers.push({ dir, keeps: inside });
    const outermost = [
      ...new Set(inside.filter((keep) => !inside.some((other) => other !== keep && within(keep, other))))
    ].filter(isDirectory);
    if (outermost.length === 0) {
      entries.push(tmpfsEntry(name, dir, "mode=1777"));
      continue;
    }
    entries.push(
      tmpfsEntry(name, stage, "mode=1777"),
      ...outermost.map(
        (keep) => bindEntry(keep, join3(stage, relative(dir, keep)), { recursive: true, mkdir: true })
      ),
      bindEntry(stage, dir, { recursive: true })
    );
  }
  return { entries, covers };
}
function isDirectory(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// src/core/process/process-scratch.ts
import { chmodSync as chmodSync3, lchownSync, mkdirSync as mkdirSync3, mkdtempSync as mkdtempSync4, writeFileSync } from "node:fs";
import { readdir, rmdir, unlink } from "node:fs/promises";
import { join as join4 } from "node:path";
function makeScratch(root, privilege, account) {
  const gate = mkdtempSync4(join4(root, "truss-sbx-"));
  chmodSync3(gate, 457);
  const scratch = join4(gate, "s");
  mkdirSync3(scratch);
  const home = join4(scratch, "home");
  const tmp = join4(scratch, "tmp");
  mkdirSync3(home);
  mkdirSync3(tmp);
  writeFileSync(join4(home, ".gitconfig"), "[safe]\n	directory = *\n");
  chmodSync3(scratch, 457);
  const owned = [join4(home, ".gitconfig"), home, tmp];
  if (privilege === "root") for (const path of owned) lchownSync(path, account.uid, account.gid);
  return { gate, home, tmp, owned };
}
function disposeScratch(scratch, privilege, env) {
  chmodSync3(scratch.gate, 448);
  return (async () => {
    if (privilege === "root" && await removeUnusedScratch(scratch)) return "in-process";
    await removeScratch(privilege, scratch.gate, env);
    return "rm";
  })();
}
async function removeUnusedScratch({ gate, home, tmp }) {
  try {
    if ((await readdir(tmp)).length > 0) return false;
    const inHome = await readdir(home);
    if (inHome.length > 1 || inHome.length === 1 && inHome[0] !== ".gitconfig") return false;
    if (inHome.length === 1) await unlink(join4(home, ".gitconfig"));
    await rmdir(home);
    await rmdir(tmp);
    await rmdir(join4(gate, "s"));
    await rmdir(gate);
    return true;
  } catch {
    return false;
  }
}
async function removeScratch(privilege, scratch, env) {
  if (privilege === "root") await removeUntrustedTree(scratch, env);
  else await asRoot(privilege, "rm", removeTreeArgs(scratch), env);
}

// src/core/process/isolation-uid.ts
var SANDBOX_USER = "truss-sandbox";
var SANDBOX_OFFLINE_USER = "truss-sandbox-offline";
function localAccount(name, passwdFile = "/etc/passwd") {
  let text;
  try {
    text = readFileSync(passwdFile, "utf8");
  } catch {
    return null;
  }
  for (const line of text.split("\n")) {
    const fields = line.split(":");
    if (fields[0] !== name || fields.length < 4) continue;
    const uid = Number(fields[2]);
    const gid = Number(fields[3]);
    if (!Number.isInteger(uid) || !Number.isInteger(gid) || fields[2] === "" || fields[3] === "") return null;
    return { name, uid, gid };
  }
  return null;
}
async function ensureSandboxAccount(name, privilege, env) {
  const read = async () => {
    const local = localAccount(name);
    if (local) return local;
    const uid = await runCommand("id", ["-u", name], env);
    const gid = await runCommand("id", ["-g", name], env);
    if (!uid.ok || !gid.ok) return null;
    return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const existing = await read();
  if (existing) return existing;
  const created = await asRoot(
    privilege,
    "useradd",
    [
      "--system",
      "--user-group",
      "--no-create-home",
      "--home-dir",
      "/nonexistent",
      "--shell",
      "/usr/sbin/nologin",
      name
    ],
    env
  );
  const after = await read();
  if (after) return after;
  throw new IsolationSetupError(
    `could not create the sandbox user ${name}: ${created.stderr.trim() || `useradd exited ${created.code}`}. Create it yourself (useradd --system --user-group truss-sandbox) or choose isolation = "bwrap".`
  );
}
async function ensureEgressBlock(account, privilege, env) {
  const failures = await Promise.all(
    [
      ["iptables", "icmp-admin-prohibited"],
      ["ip6tables", "icmp6-adm-prohibited"]
    ].map(([tool, reason]) => ensureRule(tool, reason, account, privilege, env))
  );
  return failures.find((failure) => failure !== null) ?? null;
}
async function ensureRule(tool, reason, account, privilege, env) {
  const rule = [
    "OUTPUT",
    "-m",
    "owner",
    "--uid-owner",
    String(account.uid),
    "!",
    "-o",
    "lo",
    "-j",
    "REJECT",
    "--reject-with",
    reason
  ];
  const present = await asRoot(privilege, tool, ["-w", "5", "-C", ...rule], env);
  if (present.ok) return null;
  const added = await asRoot(privilege, tool, ["-w", "5", "-I", ...rule], env);
  if (!added.ok) return `${tool}: ${added.stderr.trim() || `exit ${added.code}`}`;
  return null;
}
function uidIsolation(options) {
  const { account } = options;
  let tools;
  try {
    tools = sandboxTools(options.toolEnv.PATH ?? "");
  } catch (error) {
    throw new IsolationSetupError(`uid isolation: ${error.message}`);
  }
  const sudo = options.privilege === "sudo" ? findProgram("sudo", options.toolEnv.PATH ?? "") : null;
  if (options.privilege === "sudo" && sudo === null)
    throw new IsolationSetupError("uid isolation: sudo is not installed in a trusted directory of PATH");
  const harness = harnessDirectory(options.scratchRoot, tools.mkfifo);
  const scratchRoot = harness.dir;
  const watchHarness = lifelineWatcher(harness.fifo);
  const privateDirs = options.privateDirs ?? [];
  const sandboxUmask = options.privilege === "root" ? "002" : "000";
  const addedKeeps = /* @__PURE__ */ new Set();
  const keepsWith = (extra) => [
    scratchRoot,
    ...options.keeps ?? [],
    ...addedKeeps,
    ...extra
  ];
  const unreachable = (path) => privateDirs.some(({ dir }) => within(path, dir)) && !keepsWith([]).some((keep) => within(path, keep));
  const mountSetup = (dir, extraKeeps) => {
    forgetRemoved();
    const names = tmpfsNames();
    const keeps = keepsWith(extraKeeps);
    const privated = privateDirEntries(privateDirs, keeps, names.private);
    const covers = [
      ...privated.covers,
      ...options.coverPaths.map((cover) => ({ dir: cover.dir, keeps: cover.keep }))
    ];
    const covered = coverEntries(options.coverPaths, join5(dir, "stage"), names.hidden);
    if (covered.moves.length > 0) mkdirSync4(join5(dir, "stage"));
    const plan = {
      first: [...privated.entries, ...covered.entries],
      moves: covered.moves,
      last: [
        // Before the hiding mounts: a bind made after them would show what they cover.
        ...(options.pinnedDirs ?? []).filter((dir2) => reachable(dir2, covers)).map((dir2) => bindEntry(dir2, dir2, { recursive: true })),
        ...hideEntries(options.hiddenPaths, names.hidden, covers),
        ...guardEntries(options.gitGuard),
        ...guardEntries(addedGuards.added)
      ]
    };
    return mountPlanScript(plan, dir, tools);
  };
  const initScript = (setup, rootSteps) => [
    setup,
    ...rootSteps,
    // After the mounts: a working directory entered before them would bypass them (heldInit).
    ENTER_WORKDIR,
    options.netns && tools.ip ? `${shellQuote(tools.ip)} link set lo up 2>/dev/null || true` : "",
    `umask ${sandboxUmask}`,
    '"$@"'
  ].filter((line) => line.length > 0).join("\n");
  const addedGuards = new AddedGitGuards();
  let generation = 0;
  const forgetRemoved = () => {
    for (const dir of addedKeeps) {
      if (existsSync(dir)) continue;
      addedKeeps.delete(dir);
      addedGuards.remove(dir);
    }
  };
  const mounts = sharedMounts(
    { ...options, scratchRoot, hold: options.heldNamespace !== false },
    (stage) => mountSetup(stage, []),
    () => generation
  );
  return {
    report: options.report,
    async addWorkdir(dir) {
      await grantWorkdir(dir, account, options.privilege, options.toolEnv, options.hiddenPaths);
      const path = realpathSync2(dir);
      addedGuards.add(path);
      if (unreachable(path)) generation++;
      addedKeeps.add(path);
      const held = await mounts.enter();
      if (!held) return;
      const guard = guardEntries(addedGuards.only(path));
      const own = guard.length > 0 ? mkdtempSync5(join5(scratchRoot, "truss-sbx-g-")) : null;
      try {
        if (own === null) return;
        const made = await asRoot(
          options.privilege,
          tools.nsenter,
          [
            `--mount=${held.nsPath}`,
            "--",
            tools.mount,
            "--all",
            "--fstab",
            writeMountTable(join5(own, "mounts"), guard)
          ],
          options.toolEnv
        );
        if (!made.ok)
          throw new IsolationSetupError(
            `could not protect the git metadata of ${path}: ${made.stderr.trim()}`
          );
      } finally {
        if (own !== null) removeStage(own);
        mounts.leave();
      }
    },
    async removeWorkdir(dir) {
      const path = realpathSync2(dir);
      addedGuards.remove(path);
      addedKeeps.delete(path);
    },
    warm() {
      mounts.warm();
    },
    async prepare(request) {
      const scratch = makeScratch(scratchRoot, options.privilege, account);
      const { home, tmp, owned } = scratch;
      const rootSteps = options.privilege === "root" ? [watchHarness] : [
        watchHarness,
        `${shellQuote(tools.chown)} -h -- ${account.uid}:${account.gid} ${owned.map(shellQuote).join(" ")} || exit 125`
      ];
      const env = { ...request.env };
      const droppedEnv = dropForbiddenEnv(env);
      Object.assign(env, { HOME: home, TMPDIR: tmp, USER: account.name, LOGNAME: account.name });
      const inner = [
        tools.setpriv,
        `--reuid=${account.uid}`,
        `--regid=${account.gid}`,
        "--clear-groups",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--no-new-privs",
        "--",
        request.file,
        ...request.args
      ];
      forgetRemoved();
      const cwd = realOrResolved(request.cwd);
      const ownCwd = unreachable(cwd);
      const held = ownCwd ? null : await mounts.enter();
      const own = held ? null : mkdtempSync5(join5(scratchRoot, "truss-sbx-m-"));
      const setup = own === null ? "" : mountSetup(own, ownCwd ? [cwd] : []);
      const unshare = held ? [
        tools.nsenter,
        // The init checks both: the marker (mounts) and the pinned network namespace.
        ...held.netPath ? [`--net=${held.netPath}`] : [],
        `--mount=${held.nsPath}`,
        "--",
        tools.unshare,
        ...PID_NAMESPACE_FLAGS,
        "--",
        "/bin/sh",
        "-c",
        heldInit(held.marker, { netPin: held.netPin, prelude: rootSteps, umask: sandboxUmask }),
        "truss-sandbox-init",
        resolve3(request.cwd),
        ...inner
      ] : [
        tools.unshare,
        ...PID_NAMESPACE_FLAGS,
        ...options.netns ? ["--net"] : [],
        "--",
        "/bin/sh",
        "-c",
        initScript(setup, rootSteps),
        "truss-sandbox-init",
        resolve3(request.cwd),
        ...inner
      ];
      const [file, args] = options.privilege === "root" ? [tools.setpriv, ["--pdeathsig", "KILL", "--", ...unshare]] : [
        sudo,
        [
          "-n",
          `--preserve-env=${Object.keys(env).join(",")}`,
          "--",
          tools.env,
          // sudo's secure_path replaces PATH; TMPDIR is one of the variables the C library
          // drops from a setuid program's environment, so it never reaches the command through
          // --preserve-env. Both are paths the harness chose, not secrets, so they may be seen
          // in the argument list.
          `PATH=${env.PATH ?? ""}`,
          `TMPDIR=${tmp}`,
          ...unshare
        ]
      ];
      return {
        file,
        args,
        cwd: request.cwd,
        env,
        droppedEnv,
        async dispose(pid) {
          if (held) mounts.leave();
          if (options.privilege === "sudo" && pid !== void 0 && groupAlive(pid)) {
            await runCommand(sudo, ["-n", "kill", "-KILL", "--", `-${pid}`], options.toolEnv, 5e3);
          }
          void disposeScratch(scratch, options.privilege, options.toolEnv);
          if (own !== null) removeStage(own);
          sweepPlantedGitFiles(addedGuards.with(options.gitGuard), options.toolEnv);
        }
      };
    }
  };
}
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return error.code !== "ESRCH";
  }
}

// src/core/process/hidden-pins.ts
import { lstatSync as lstatSync5 } from "node:fs";
import { dirname as dirname3 } from "node:path";
function hiddenPathPins(hiddenPaths, workdirs) {
  const hidden = new Set(hiddenPaths);
  const pins = /* @__PURE__ */ new Set();
  for (const path of hiddenPaths) {
    for (const workdir of workdirs) {
      if (path === workdir || !within(path, workdir)) continue;
      for (let dir = dirname3(path); dir !== workdir && within(dir, workdir); dir = dirname3(dir)) {
        if (!hidden.has(dir) && isDirectory2(dir)) pins.add(dir);
      }
    }
  }
  return [...pins].sort((a, b) => a.split("/").length - b.split("/").length || (a < b ? -1 : 1));
}
function isDirectory2(path) {
  try {
    return lstatSync5(path).isDirectory();
  } catch {
    return false;
  }
}

// src/core/process/isolation-bwrap.ts
import { realpathSync as realpathSync3, statSync as statSync2 } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { join as join6 } from "node:path";
var SANDBOX_HOME = "/tmp/.truss-home";
var SANDBOX_TMP = "/tmp/.truss-tmp";
function bwrapIsolation(options) {
  const workdirs = [...options.workdirs];
  const addedGuards = new AddedGitGuards();
  return {
    report: options.report,
    async addWorkdir(dir) {
      const path = realpathSync3(dir);
      if (!workdirs.includes(path)) workdirs.push(path);
      addedGuards.add(path);
    },
    async removeWorkdir(dir) {
      const path = realpathSync3(dir);
      addedGuards.remove(path);
      const index = workdirs.indexOf(path);
      if (index >= 0) workdirs.splice(index, 1);
    },
    async prepare(request) {
      const scratch = await mkdtemp(join6(options.scratchRoot, "truss-sbx-"));
      const guard = addedGuards.with(options.gitGuard);
      const env = { ...request.env };
      const droppedEnv = dropForbiddenEnv(env);
      Object.assign(env, { HOME: SANDBOX_HOME, TMPDIR: SANDBOX_TMP });
      const args = [
        "--die-with-parent",
        "--new-session",
        "--unshare-user",
        "--unshare-pid",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-cgroup-try",
        ...options.unshareNet ? ["--unshare-net"] : [],
        "--cap-drop",
        "ALL",
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--tmpfs",
        "/tmp",
        ...options.hiddenPaths.flatMap((path) => ["--tmpfs-or-null", path]),
        ...workdirs.flatMap((dir) => ["--bind", dir, dir]),
        // Mount points no process can rename, so the hidden paths below stay where they are named.
        ...(options.pinnedDirs ?? []).flatMap((dir) => ["--bind", dir, dir]),
        // Paths hidden inside a working copy (e.g. its .truss ledger) are covered again after the bind.
        ...options.hiddenPaths.filter((path) => workdirs.some((dir) => path.startsWith(`${dir}/`))).flatMap((path) => ["--tmpfs-or-null", path]),
        // What git runs is not theirs to change (git-metadata.ts); objects and refs stay writable.
        ...guard.pinned.flatMap((path) => ["--bind", path, path]),
        ...guard.readOnly.flatMap((path) => ["--ro-bind", path, path]),
        "--dir",
        SANDBOX_HOME,
        "--dir",
        SANDBOX_TMP,
        "--bind",
        scratch,
        SANDBOX_TMP,
        "--chdir",
        request.cwd,
        "--",
        request.file,
        ...request.args
      ];
      return {
        file: options.bwrap,
        args: expandHidden(args),
        cwd: request.cwd,
        env,
        droppedEnv,
        async dispose() {
          await removeUntrustedTree(scratch, options.toolEnv);
          sweepPlantedGitFiles(guard, options.toolEnv);
        }
      };
    }
  };
}
function expandHidden(args) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg !== "--tmpfs-or-null") {
      out.push(arg);
      continue;
    }
    const path = args[++i];
    const kind = pathKind(path);
    if (kind === "dir") out.push("--tmpfs", path);
    else if (kind === "file") out.push("--ro-bind", "/dev/null", path);
  }
  return out;
}
function pathKind(path) {
  try {
    return statSync2(path).isDirectory() ? "dir" : "file";
  } catch {
    return null;
  }
}

// src/core/process/isolation-create.ts
async function createIsolation(options) {
  const workdirs = options.workdirs.map(realOrResolved);
  const toolEnv = {
    PATH: trustedSearchPath(options.path, {
      untrusted: workdirs,
      uid: options.harnessUid ?? process.getuid?.()
    }),
    LC_ALL: "C"
  };
  const scratchRoot = realOrResolved(options.scratchRoot);
  const notes = [];
  notes.push(...selfInWorkingCopy(workdirs));
  const hidden = [];
  const aroundWorkdir = [];
  const hostHome = options.hostHome ? realOrResolved(options.hostHome) : null;
  const candidates = [...options.hiddenPaths, ...hostHome ? [hostHome] : []];
  for (const path of candidates.map(realOrResolved)) {
    if (hidden.includes(path) || aroundWorkdir.includes(path)) continue;
    if (within(scratchRoot, path)) notes.push(`${path} holds the scratch directory, so it is not hidden`);
    else if (workdirs.some((dir) => within(dir, path))) aroundWorkdir.push(path);
    else hidden.push(path);
  }
  const coverPaths = aroundWorkdir.map((dir) => ({ dir, keep: workdirs.filter((w) => within(w, dir)) }));
  const report = (level, networkEnforced, egress) => ({
    level,
    requested: options.mode,
    network: options.network,
    network_enforced: networkEnforced,
    egress,
    notes
  });
  if (options.mode === "none") {
    notes.push('isolation = "none" was set explicitly: untrusted commands run as the harness user');
    return { ...noIsolation(report("none", false, null)), withheld: hidden };
  }
  const gitGuard = gitMetadataGuard(workdirs);
  const pinnedDirs = hiddenPathPins(hidden, workdirs);
  const tried = [];
  const order = options.mode === "auto" ? ["uid", "bwrap"] : [options.mode];
  for (const level of order) {
    if (level === "uid") {
      const name = options.network === "none" ? SANDBOX_OFFLINE_USER : SANDBOX_USER;
      const probe = probeUid(options.isRoot, toolEnv);
      const known = options.isRoot ? localAccount(name) : null;
      const earlyEgress = known && options.network === "none" ? ensureEgressBlock(known, "root", toolEnv) : null;
      const privilege = await probe;
      if (typeof privilege !== "string") {
        await earlyEgress;
        tried.push(`uid: ${privilege.unavailable}`);
        continue;
      }
      const account = known ?? await ensureSandboxAccount(name, privilege, toolEnv);
      let egress = null;
      if (options.network === "none") {
        const failed = await (earlyEgress ?? ensureEgressBlock(account, privilege, toolEnv));
        egress = failed === null ? "iptables-owner" : "netns";
        if (failed !== null)
          notes.push(
            `iptables owner match unavailable (${failed}); egress blocked by a network namespace instead`
          );
      }
      for (const dir of workdirs) await grantWorkdir(dir, account, privilege, toolEnv, hidden);
      const shared = sharedWritableDirs(options.sharedDirs ?? SHARED_DIR_CANDIDATES, workdirs);
      const { keepRoot, privateDirs } = preparePrivateDirs(
        scratchRoot,
        shared,
        options.harnessUid ?? (options.isRoot ? 0 : void 0)
      );
      await sweepDeadHarnesses(keepRoot, (dir) => removeScratch(privilege, dir, toolEnv));
      const uid = uidIsolation({
        report: report("uid", egress !== null, egress),
        privilege,
        account,
        hiddenPaths: hidden,
        coverPaths,
        gitGuard,
        pinnedDirs,
        scratchRoot: keepRoot,
        privateDirs,
        keeps: [...workdirs, ...[installRoot()].filter((root) => root !== null)],
        netns: egress === "netns",
        toolEnv
      });
      return { ...uid, withheld: hidden };
    }
    const bwrap = await probeBwrap(toolEnv);
    if (typeof bwrap !== "string") {
      tried.push(`bwrap: ${bwrap.unavailable}`);
      continue;
    }
    const unshareNet = options.network === "none";
    const sandbox = bwrapIsolation({
      report: report("bwrap", unshareNet, unshareNet ? "netns" : null),
      bwrap,
      hiddenPaths: [...aroundWorkdir, ...hidden],
      gitGuard,
      pinnedDirs,
      workdirs,
      unshareNet,
      scratchRoot,
      toolEnv
    });
    return { ...sandbox, withheld: hidden };
  }
  if (options.mode !== "auto") {
    throw new IsolationUnavailableError(
      `isolation "${options.mode}" is not available here (${tried.join("; ")}). Use isolation = "auto" to take the strongest available mechanism, install bubblewrap (apt-get install bubblewrap), or set isolation = "none" explicitly to run without isolation.`
    );
  }
  notes.push(`no isolation mechanism is available (${tried.join("; ")})`);
  return { ...noIsolation(report("none", false, null)), withheld: hidden };
}
var probes = /* @__PURE__ */ new Map();
function cached(key, probe) {
  let result = probes.get(key);
  if (result === void 0) {
    result = probe();
    probes.set(key, result);
  }
  return result;
}
function probeUid(isRoot, env) {
  return cached(`uid:${isRoot}:${env.PATH}`, async () => {
    let privilege = "root";
    if (!isRoot) {
      const sudo = await runCommand("sudo", ["-n", "true"], env, 1e4);
      if (!sudo.ok) return { unavailable: "not root and passwordless sudo (sudo -n) is not available" };
      privilege = "sudo";
    }
    const smoke = await asRoot(
      privilege,
      "unshare",
      [
        ...PID_NAMESPACE_FLAGS,
        "--",
        "setpriv",
        "--reuid=65534",
        "--regid=65534",
        "--clear-groups",
        "--",
        "true"
      ],
      env,
      1e4
    );
    if (!smoke.ok) {
      return {
        unavailable: `unshare/setpriv could not start a sandboxed process (${smoke.stderr.trim().split("\n")[0]})`
      };
    }
    return privilege;
  });
}
function probeBwrap(env) {
  return cached(`bwrap:${env.PATH}`, async () => {
    const bwrap = findProgram("bwrap", env.PATH ?? "");
    if (bwrap === null) return { unavailable: "bubblewrap is not installed (apt-get install bubblewrap)" };
    const smoke = await runCommand(
      bwrap,
      [
        "--die-with-parent",
        "--new-session",
        "--unshare-user",
        "--unshare-pid",
        "--unshare-net",
        "--ro-bind",
        "/",
        "/",
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--",
        "true"
      ],
      env,
      1e4
    );
    if (!smoke.ok) {
      return {
        unavailable: `bwrap cannot create namespaces here (${smoke.stderr.trim().split("\n")[0]}); unprivileged user namespaces may be disabled (e.g. sysctl kernel.apparmor_restrict_unprivileged_userns=1)`
      };
    }
    return bwrap;
  });
}
function selfInWorkingCopy(workdirs) {
  const own = [
    ["Truss itself", installRoot()],
    ["the Node.js running it", realOrResolved(process.execPath)]
  ];
  return own.flatMap(
    ([what, path]) => path !== null && workdirs.some((dir) => within(path, dir)) ? [
      `${what} (${path}) lies inside the working copy the checks may write: a check can change what the next run starts; install it outside the repository (a global install, \`npx -y\` from npm's cache) or use the Action`
    ] : []
  );
}

export {
  IsolationUnavailableError,
  IsolationSetupError,
  parseIsolationMode,
  describeIsolation,
  createIsolation,
  logLine,
  logLines
};
