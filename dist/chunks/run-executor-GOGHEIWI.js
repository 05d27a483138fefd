#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  OPEN_NOFOLLOW,
  PolicyViolation,
  advertisedTools,
  changed,
  checkCommand,
  checkReadPath,
  checkToolAllowed,
  checkWriteContent,
  checkWritePath,
  holdDirectory,
  hostAllowed,
  isLinkError,
  isToolAllowed,
  isWithin,
  matchesToolPattern,
  resolvePolicy,
  withHeldDirectory
} from "./chunk-XOPISHL2.js";
import {
  require_src
} from "./chunk-FGO343MA.js";
import {
  CancelledError,
  DEFAULT_WEB_SEARCH_ENDPOINT,
  DEFAULT_WEB_SEARCH_KEY_ENV,
  EMPTY_DIFF,
  MEMORY_DEFAULTS,
  MalformedEntryError,
  NonDeterminismError,
  checkRunFields,
  childCtx,
  clampSlice,
  contractHash,
  diffSnapshots,
  findRepoRoot,
  memoryTools,
  plain,
  readPayload,
  recallForExecutor,
  recordedWork,
  runCheck,
  runChild,
  runShell,
  runSupervised,
  scrubEnv,
  snapshotWorktree,
  streamCuts,
  streamTail,
  tailsFromStore
} from "./chunk-NITSYKQ4.js";
import {
  BudgetExceededError,
  BudgetMeter,
  diffGitHeaderPath,
  harnessGit,
  harnessProgramEnv,
  holdsRedactionMark,
  holdsRunSecretMark,
  isRunSecretKind,
  pinnedGitEnv,
  redactBytes,
  redactWindow,
  redactionField,
  removeUntrustedTree,
  secretRedactor,
  stageAll,
  tallyingRedactor,
  withSubmodulesUnasked
} from "./chunk-4TGUNJ7J.js";
import {
  ProviderConfigError,
  ProviderError,
  buildExecutorProvider,
  executorProviderSettings,
  modelIdCandidates,
  textOf
} from "./chunk-DKK5S75I.js";
import "./chunk-7FNAIK52.js";
import {
  canonicalJson
} from "./chunk-OX27M5K4.js";
import {
  external_exports
} from "./chunk-SF6ZOAOS.js";
import {
  __commonJS,
  __require,
  __toESM
} from "./chunk-C24IPAXU.js";

// node_modules/@kwsites/file-exists/dist/src/index.js
var require_src2 = __commonJS({
  "node_modules/@kwsites/file-exists/dist/src/index.js"(exports) {
    "use strict";
    var __importDefault = exports && exports.__importDefault || function(mod) {
      return mod && mod.__esModule ? mod : { "default": mod };
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    var fs_1 = __require("fs");
    var debug_1 = __importDefault(require_src());
    var log = debug_1.default("@kwsites/file-exists");
    function check(path, isFile, isDirectory) {
      log(`checking %s`, path);
      try {
        const stat2 = fs_1.statSync(path);
        if (stat2.isFile() && isFile) {
          log(`[OK] path represents a file`);
          return true;
        }
        if (stat2.isDirectory() && isDirectory) {
          log(`[OK] path represents a directory`);
          return true;
        }
        log(`[FAIL] path represents something other than a file or directory`);
        return false;
      } catch (e) {
        if (e.code === "ENOENT") {
          log(`[FAIL] path is not accessible: %o`, e);
          return false;
        }
        log(`[FATAL] %o`, e);
        throw e;
      }
    }
    function exists(path, type = exports.READABLE) {
      return check(path, (type & exports.FILE) > 0, (type & exports.FOLDER) > 0);
    }
    exports.exists = exists;
    exports.FILE = 1;
    exports.FOLDER = 2;
    exports.READABLE = exports.FILE + exports.FOLDER;
  }
});

// node_modules/@kwsites/file-exists/dist/index.js
var require_dist = __commonJS({
  "node_modules/@kwsites/file-exists/dist/index.js"(exports) {
    "use strict";
    function __export(m2) {
      for (var p2 in m2) if (!exports.hasOwnProperty(p2)) exports[p2] = m2[p2];
    }
    Object.defineProperty(exports, "__esModule", { value: true });
    __export(require_src2());
  }
});

// node_modules/@kwsites/promise-deferred/dist/index.js
var require_dist2 = __commonJS({
  "node_modules/@kwsites/promise-deferred/dist/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.createDeferred = exports.deferred = void 0;
    function deferred() {
      let done;
      let fail2;
      let status = "pending";
      const promise = new Promise((_done, _fail) => {
        done = _done;
        fail2 = _fail;
      });
      return {
        promise,
        done(result) {
          if (status === "pending") {
            status = "resolved";
            done(result);
          }
        },
        fail(error) {
          if (status === "pending") {
            status = "rejected";
            fail2(error);
          }
        },
        get fulfilled() {
          return status !== "pending";
        },
        get status() {
          return status;
        }
      };
    }
    exports.deferred = deferred;
    exports.createDeferred = deferred;
    exports.default = deferred;
  }
});

// src/core/executors/delegated-cli.ts
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { delimiter, resolve } from "node:path";

// src/core/executors/delegated-prompt.ts
import { createHash } from "node:crypto";
function buildDelegatedPrompt(input) {
  const title = input.contractTitle?.trim();
  const done = input.done.map((desc) => desc.trim()).filter((desc) => desc.length > 0);
  const lines = [
    "You are working in a git repository; the current directory is the working tree.",
    "Complete the task below by editing files in this working tree.",
    "",
    title ? `# Task: ${oneLine(title)}` : "# Task",
    "",
    input.intent.trim(),
    ""
  ];
  if (done.length > 0) {
    lines.push(
      "# Definition of done",
      "",
      "When you finish, your changes will be verified independently against every one of these criteria:",
      "",
      ...done.map((desc, i) => `${i + 1}. ${indentContinuation(desc, `${i + 1}. `.length)}`),
      ""
    );
  }
  if (input.memory) lines.push(input.memory.trim(), "");
  lines.push(
    "# Instructions",
    "",
    "- Make the changes directly in the files of this working tree; committing is not required.",
    "- Keep the change focused on the task; do not modify unrelated files.",
    "- When you are done, reply with a short summary of what you changed.",
    ""
  );
  return lines.join("\n");
}
function promptSha256(prompt) {
  return createHash("sha256").update(prompt, "utf8").digest("hex");
}
function oneLine(text) {
  return text.replace(/\s*\n\s*/g, " ");
}
function indentContinuation(text, width) {
  return text.replace(/\n/g, `
${" ".repeat(width)}`);
}

// src/core/executors/errors.ts
var DelegatedCliError = class extends Error {
  name = "DelegatedCliError";
};
var DelegatedCliConfigError = class extends DelegatedCliError {
  name = "DelegatedCliConfigError";
};
var DelegatedCommandNotFoundError = class extends DelegatedCliError {
  name = "DelegatedCommandNotFoundError";
  command;
  constructor(command, detail) {
    const where = command.includes("/") ? "" : " on PATH";
    super(
      `command ${command} not found${where}${detail ? ` (${detail})` : ""}; install it or change executor.command`
    );
    this.command = command;
  }
};
var DelegatedSpawnError = class extends DelegatedCliError {
  name = "DelegatedSpawnError";
  command;
  code;
  constructor(command, message2, code) {
    super(`could not start ${command}: ${message2}`);
    this.command = command;
    this.code = code;
  }
};

// src/core/executors/delegated-cli.ts
var DEFAULT_DELEGATED_TIMEOUT_SEC = 1800;
var ALWAYS_CLEARED_ENV = Object.freeze([
  "TRUSS_SIGNING_KEY",
  "TRUSS_REVIEW_SIGNING_KEY"
]);
var DEFAULT_MAX_DIFF_BYTES = 16 * 1024 * 1024;
async function runDelegatedCli(options) {
  const { executor, ctx, workdir } = options;
  if (executor.kind !== "delegated-cli") {
    throw new DelegatedCliConfigError(
      `executor.kind is "${executor.kind}"; runDelegatedCli needs kind = "delegated-cli"`
    );
  }
  const command = executor.command?.trim();
  if (!command) {
    throw new DelegatedCliConfigError(
      'executor.command is required for kind = "delegated-cli" (e.g. command = "claude")'
    );
  }
  const prompt = buildDelegatedPrompt({
    intent: options.intent,
    contractTitle: options.contractTitle,
    done: options.done,
    memory: options.memory
  });
  const isolated = (ctx.isolation?.report.level ?? "none") !== "none";
  const { env, cleared } = isolated ? buildIsolatedDelegatedEnv(options.env, executor.clear_env, [
    ...executor.env ?? [],
    ...options.extraEnvNames ?? []
  ]) : buildDelegatedEnv(options.env, executor.clear_env);
  Object.assign(env, options.addEnv ?? {});
  const resolvedCommand = await resolveCommand(command, workdir, env.PATH);
  const timeoutSec = executor.timeout_sec ?? DEFAULT_DELEGATED_TIMEOUT_SEC;
  const args = [...executor.args];
  let timeoutMs = timeoutSec * 1e3;
  if (ctx.deadline !== null) timeoutMs = Math.min(timeoutMs, Math.max(0, ctx.deadline - ctx.now()));
  const abortedEarly = ctx.signal.aborted;
  const useGit = options.git !== false && !abortedEarly;
  let gitError2 = options.git === false ? "diff capture disabled" : abortedEarly ? "cancelled before the run started" : null;
  let before = null;
  if (useGit && options.before) before = options.before;
  else if (useGit) {
    try {
      const root = await findRepoRoot(workdir, env);
      if (root === null) gitError2 = "not a git repository";
      else before = await snapshotWorktree(root, env, ctx.isolation?.tempDir);
    } catch (error) {
      gitError2 = `could not snapshot the working tree before the run: ${message(error)}`;
    }
  }
  const outcome = await runSupervised({
    file: resolvedCommand,
    argv0: command,
    args: executor.prompt_via === "arg" ? [...args, prompt] : args,
    cwd: workdir,
    env,
    stdin: executor.prompt_via === "stdin" ? prompt : null,
    timeoutMs,
    signal: ctx.signal,
    ...options.killGraceMs === void 0 ? {} : { killGraceMs: options.killGraceMs },
    ...options.maxCaptureBytes === void 0 ? {} : { maxCaptureBytes: options.maxCaptureBytes },
    ...options.tailBytes === void 0 ? {} : { tailBytes: options.tailBytes },
    isolation: ctx.isolation
  });
  if (outcome.spawnError) {
    const { code, message: why } = outcome.spawnError;
    if (code === "ENOENT") throw new DelegatedCommandNotFoundError(command, `resolved to ${resolvedCommand}`);
    const hint = code === "E2BIG" && executor.prompt_via === "arg" ? '; the prompt is too long for an argument, use prompt_via = "stdin"' : "";
    throw new DelegatedSpawnError(command, `${why}${hint}`, code);
  }
  let changes = EMPTY_DIFF;
  let headAfter = null;
  if (before) {
    try {
      const after = await snapshotWorktree(before.root, env, ctx.isolation?.tempDir);
      headAfter = after.head;
      changes = await diffSnapshots(
        before,
        after,
        env,
        options.maxDiffBytes ?? DEFAULT_MAX_DIFF_BYTES,
        options.excludeFromDiff
      );
    } catch (error) {
      gitError2 = `could not capture the working-tree diff after the run: ${message(error)}`;
    }
  }
  if (gitError2 !== null && useGit) ctx.events({ type: "warning", message: `delegated-cli: ${gitError2}` });
  return {
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    cancelled: outcome.cancelled,
    durationMs: outcome.durationMs,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    diff: changes.diff,
    diffTruncated: changes.diffTruncated,
    diffStat: { ...changes.diffStat },
    changedFiles: [...changes.changedFiles],
    headBefore: before?.head ?? null,
    headAfter,
    gitError: gitError2,
    prompt,
    promptSha256: promptSha256(prompt),
    promptVia: executor.prompt_via,
    command,
    resolvedCommand,
    args,
    timeoutSec,
    clearedEnv: cleared
  };
}
function buildDelegatedEnv(host, clearEnv) {
  const drop = /* @__PURE__ */ new Set([...clearEnv, ...ALWAYS_CLEARED_ENV]);
  const env = {};
  const cleared = [];
  for (const [name, value] of Object.entries(host)) {
    if (value === void 0) continue;
    if (drop.has(name)) cleared.push(name);
    else env[name] = value;
  }
  return { env, cleared: cleared.sort() };
}
function buildIsolatedDelegatedEnv(host, clearEnv, grant) {
  const drop = /* @__PURE__ */ new Set([...clearEnv, ...ALWAYS_CLEARED_ENV]);
  const env = scrubEnv(host, grant);
  const cleared = [];
  for (const name of Object.keys(env)) {
    if (drop.has(name)) {
      delete env[name];
      cleared.push(name);
    }
  }
  return { env, cleared: cleared.sort() };
}
async function resolveCommand(command, workdir, path) {
  if (command.includes("/")) {
    const candidate = resolve(workdir, command);
    const found = await executableFile(candidate);
    if (found === "yes") return candidate;
    throw new DelegatedCommandNotFoundError(
      command,
      found === "not-executable" ? `${candidate} is not executable` : `no file at ${candidate}`
    );
  }
  let sawNonExecutable = null;
  for (const dir of (path ?? "").split(delimiter)) {
    const candidate = resolve(workdir, dir || ".", command);
    const found = await executableFile(candidate);
    if (found === "yes") return candidate;
    if (found === "not-executable") sawNonExecutable ??= candidate;
  }
  throw new DelegatedCommandNotFoundError(
    command,
    sawNonExecutable ? `${sawNonExecutable} exists but is not executable` : void 0
  );
}
async function executableFile(candidate) {
  try {
    if (!(await stat(candidate)).isFile()) return "missing";
  } catch {
    return "missing";
  }
  try {
    await access(candidate, constants.X_OK);
    return "yes";
  } catch {
    return "not-executable";
  }
}
function message(error) {
  return error instanceof Error ? error.message : String(error);
}

// src/core/executors/delegated-journaled.ts
import { realpathSync as realpathSync2 } from "node:fs";
import { writeFile as writeFile2 } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename as basename3, dirname as dirname2, join as join3 } from "node:path";

// src/core/runtime/gates.ts
var ApprovalGates = class {
  enabled;
  highRiskTools;
  spendThresholdUsd;
  perCallSpendThresholdUsd;
  /**
   * Whose approvals release a gate: the contract's `approvers` plus the keys the host configured
   * (`.truss/trusted-keys`, `--approvers`, the Action's trusted keys). Empty means none: a gate then
   * stays suspended whatever is signed — an approval by any key would let anyone who can write
   * the database generate a key and release the high-risk tool.
   */
  approvers;
  /** Set once the cumulative spend gate was released: it gates a run once. */
  #spendReleased = false;
  constructor(settings, approvers = /* @__PURE__ */ new Map()) {
    const merged = new Map(approvers);
    for (const key of settings.approvers ?? []) if (!merged.has(key)) merged.set(key, "contract approver");
    this.approvers = merged;
    this.enabled = settings.enabled;
    this.highRiskTools = settings.high_risk_tools;
    this.spendThresholdUsd = settings.spend_threshold_usd;
    this.perCallSpendThresholdUsd = settings.per_call_spend_threshold_usd;
  }
  /** True when `tool` matches a `high_risk_tools` pattern of enabled gates. */
  gatesTool(tool) {
    return this.enabled && this.highRiskTools.some((pattern) => matchesToolPattern(pattern, tool));
  }
  /** Before a tool call: suspends (SuspendedError) until approved when the tool is high-risk. */
  async beforeTool(session, tool, input) {
    if (!this.gatesTool(tool)) return;
    await session.awaitApproval(
      { gate: "tool", tool },
      `approval needed before high-risk tool ${tool} runs: ${inputPreview(input)}`,
      this.approvers
    );
  }
  /**
   * After a model call was journaled and charged: suspends when that call cost more than the
   * per-call threshold, or the run's spend first reaches the cumulative threshold.
   */
  async afterModelCall(session, callCostUsd, spentUsd) {
    if (!this.enabled) return;
    const perCall = this.perCallSpendThresholdUsd;
    if (perCall !== void 0 && callCostUsd >= perCall && callCostUsd > 0) {
      await session.awaitApproval(
        { gate: "per_call_spend", spend: round(callCostUsd), threshold: perCall },
        `approval needed: one model call cost $${callCostUsd.toFixed(4)}, at or over per_call_spend_threshold_usd $${perCall}`,
        this.approvers
      );
    }
    const total = this.spendThresholdUsd;
    if (total !== void 0 && !this.#spendReleased && spentUsd >= total && spentUsd > 0) {
      await session.awaitApproval(
        { gate: "spend", spend: round(spentUsd), threshold: total },
        `approval needed: the run has spent $${spentUsd.toFixed(4)}, at or over spend_threshold_usd $${total}`,
        this.approvers
      );
      this.#spendReleased = true;
    }
  }
};
function inputPreview(input, head = 240, tail = 160) {
  const points = Array.from(JSON.stringify(input));
  if (points.length <= head + tail + 60) return points.join("");
  const hidden = points.length - head - tail;
  return `${points.slice(0, head).join("")} \u2026 [${hidden} characters not shown] \u2026 ${points.slice(-tail).join("")}`;
}
function round(usd) {
  return Math.round(usd * 1e6) / 1e6;
}

// src/core/tools/bash-tool.ts
import { accessSync, constants as constants2 } from "node:fs";

// src/core/tools/tool-kit.ts
import { relative } from "node:path";
var ToolInputError = class extends Error {
  name = "ToolInputError";
};
function parseInput(tool, schema, input) {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join(".") : "input";
    return `${where}: ${issue.message}`;
  });
  throw new ToolInputError(`invalid input for ${tool}: ${problems.join("; ")}`);
}
function ok(content, data) {
  return data === void 0 ? { content, isError: false } : { content, isError: false, data };
}
function fail(content, data) {
  return data === void 0 ? { content, isError: true } : { content, isError: true, data };
}
function errorOutcome(tool, error) {
  if (error instanceof PolicyViolation) {
    return fail(error.message, { refused: true, violation: error.code });
  }
  if (error instanceof ToolInputError) return fail(error.message, { invalidInput: true });
  const err = error;
  const message2 = error instanceof Error ? error.message : String(error);
  return fail(`${tool} failed: ${message2}`, err?.code ? { code: err.code } : void 0);
}
function displayPath(policy, real) {
  if (!isWithin(real, policy.workdir)) return real;
  return relative(policy.workdir, real) || ".";
}

// src/core/tools/bash-tool.ts
var BASH_DEFAULT_TIMEOUT_SEC = 120;
var BASH_MAX_TIMEOUT_SEC = 600;
var BASH_OUTPUT_TAIL_BYTES = 32 * 1024;
var BashInput = external_exports.object({
  command: external_exports.string().min(1, "must not be empty"),
  timeout_sec: external_exports.number().positive().optional()
});
function createBashTool(options = {}) {
  const tailBytes = options.outputTailBytes ?? BASH_OUTPUT_TAIL_BYTES;
  const defaultTimeout = options.defaultTimeoutSec ?? BASH_DEFAULT_TIMEOUT_SEC;
  return {
    name: "bash",
    description: `Run a shell command in the working directory and return its exit code, stdout and stderr (the last ${Math.round(tailBytes / 1024)} KiB of each). Each call starts a fresh shell (no state carries over); stdin is closed; the environment holds no credentials. Default timeout ${defaultTimeout}s, at most ${BASH_MAX_TIMEOUT_SEC}s; on timeout the whole process group is killed.`,
    inputSchema: {
      type: "object",
      properties: {
        command: { type: "string", description: "The shell command to run." },
        timeout_sec: {
          type: "number",
          exclusiveMinimum: 0,
          maximum: BASH_MAX_TIMEOUT_SEC,
          description: `Timeout in seconds (default ${defaultTimeout}).`
        }
      },
      required: ["command"],
      additionalProperties: false
    },
    sideEffect: false,
    async run(input, context) {
      try {
        const args = parseInput("bash", BashInput, input);
        checkCommand(context.policy, args.command);
        if (context.ctx.signal.aborted)
          return fail("bash refused: the run was cancelled", { cancelled: true });
        const timeoutSec = Math.min(args.timeout_sec ?? defaultTimeout, BASH_MAX_TIMEOUT_SEC);
        const deadlineMs = context.ctx.deadline === null ? null : context.ctx.deadline - context.ctx.now();
        const timeoutMs = Math.max(0, Math.min(timeoutSec * 1e3, deadlineMs ?? Number.POSITIVE_INFINITY));
        const env = scrubEnv(options.env ?? process.env, options.extraEnvNames ?? []);
        env.TRUSS_TOOL = "1";
        const outcome = await runShell(args.command, {
          workdir: context.policy.workdir,
          env,
          ctx: context.ctx,
          timeoutMs,
          shell: options.shell ?? defaultShell(),
          maxCaptureBytes: 0,
          // only the tail is returned
          tailBytes
        });
        const data = {
          exitCode: outcome.exitCode,
          signal: outcome.signal,
          timedOut: outcome.timedOut,
          cancelled: outcome.cancelled,
          durationMs: Math.round(outcome.durationMs),
          stdoutBytes: outcome.stdout.totalBytes,
          stderrBytes: outcome.stderr.totalBytes,
          truncated: outcome.stdout.totalBytes > tailBytes || outcome.stderr.totalBytes > tailBytes
        };
        if (outcome.spawnError !== null) return fail(`bash could not start: ${outcome.spawnError}`, data);
        let status;
        if (outcome.timedOut) status = `timed out after ${timeoutMs / 1e3}s; process group killed`;
        else if (outcome.cancelled) status = "cancelled; process group killed";
        else if (outcome.exitCode === null) status = `killed by signal ${outcome.signal ?? "unknown"}`;
        else status = `exit code ${outcome.exitCode}`;
        let content = status;
        const cuts = [];
        for (const part of [
          section("stdout", outcome.stdout, tailBytes),
          section("stderr", outcome.stderr, tailBytes)
        ]) {
          if (part === null) continue;
          content += `
${part.header}
`;
          if (part.cut) cuts.push(content.length);
          content += part.tail;
        }
        const isError = outcome.exitCode !== 0;
        const result = isError ? fail(content, data) : ok(content, data);
        return cuts.length > 0 ? { ...result, cuts } : result;
      } catch (error) {
        return errorOutcome("bash", error);
      }
    }
  };
}
function section(name, stream, tailBytes) {
  if (stream.totalBytes === 0) return null;
  const header = stream.totalBytes > tailBytes ? `[${name}: truncated, showing the last ${tailBytes} of ${stream.totalBytes} bytes]` : `[${name}]`;
  return { header, tail: stream.tail, cut: streamCuts(stream).tail.start };
}
var cachedShell;
function defaultShell() {
  if (cachedShell === void 0) {
    try {
      accessSync("/bin/bash", constants2.X_OK);
      cachedShell = "/bin/bash";
    } catch {
      cachedShell = "/bin/sh";
    }
  }
  return cachedShell;
}
var bashTool = createBashTool();

// src/core/tools/fs-tools.ts
import { createHash as createHash2, randomBytes } from "node:crypto";
import { constants as constants3 } from "node:fs";
import { lstat as lstat2, open, rename, unlink } from "node:fs/promises";
import { basename, dirname } from "node:path";

// src/core/tools/list-dir.ts
import { lstat, opendir } from "node:fs/promises";
var LIST_MAX_ENTRIES = 1e3;
var LIST_SCAN_MAX_ENTRIES = 1e5;
var ListInput = external_exports.object({ path: external_exports.string() });
var listDirTool = {
  name: "list_dir",
  description: `List a directory: one entry per line, sorted by name; directories end with "/", symlinks with "@". Shows at most ${LIST_MAX_ENTRIES} entries.`,
  inputSchema: {
    type: "object",
    properties: {
      path: {
        type: "string",
        description: 'Directory path, relative to the working directory ("." for it).'
      }
    },
    required: ["path"],
    additionalProperties: false
  },
  sideEffect: false,
  readOnly: true,
  async run(input, context) {
    try {
      const args = parseInput("list_dir", ListInput, input);
      const real = checkReadPath(context.policy, args.path);
      return await listDirectory(context, real);
    } catch (error) {
      return errorOutcome("list_dir", error);
    }
  }
};
async function listDirectory(context, real) {
  const shown = displayPath(context.policy, real);
  let held;
  try {
    held = holdDirectory(real);
  } catch (error) {
    if (error.code === "symlink_escape") {
      const info = await lstat(real).catch(() => null);
      if (info !== null && !info.isDirectory() && !info.isSymbolicLink())
        return fail(`${shown} is not a directory; use read_file to read a file`, { path: shown });
    }
    throw error;
  }
  let read;
  try {
    read = await readEntries(held.path());
  } finally {
    held.close();
  }
  const lines = read.first.map((entry) => {
    if (entry.isDirectory()) return `${entry.name}/`;
    if (entry.isSymbolicLink()) return `${entry.name}@`;
    return entry.name;
  });
  const truncated = read.count > read.first.length || !read.complete;
  if (!read.complete) {
    lines.push(
      `[truncated: stopped reading after ${read.count} entries; more exist. The ${read.first.length} shown are the first by name among those read; list a subdirectory or use bash (e.g. find with -name) to narrow it]`
    );
  } else if (truncated) {
    lines.push(`[${read.count - read.first.length} more entries not shown; ${read.count} in total]`);
  }
  const content = lines.length === 0 ? `(${shown} is empty)` : lines.join("\n");
  return ok(content, { path: shown, entries: read.count, truncated, complete: read.complete });
}
async function readEntries(path) {
  const first = [];
  let count = 0;
  const dir = await opendir(path, { bufferSize: 256 });
  try {
    for (; ; ) {
      const entry = await dir.read();
      if (entry === null) return { first, count, complete: true };
      if (count === LIST_SCAN_MAX_ENTRIES) return { first, count, complete: false };
      count++;
      const last = first.at(-1);
      if (first.length === LIST_MAX_ENTRIES && last !== void 0 && entry.name >= last.name) continue;
      first.splice(insertionIndex(first, entry.name), 0, entry);
      if (first.length > LIST_MAX_ENTRIES) first.pop();
    }
  } finally {
    await dir.close();
  }
}
function insertionIndex(sorted, name) {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = low + high >>> 1;
    if (sorted[middle].name < name) low = middle + 1;
    else high = middle;
  }
  return low;
}

// src/core/tools/fs-tools.ts
var READ_MAX_BYTES = 256 * 1024;
var READ_SCAN_MAX_BYTES = 256 * 1024 * 1024;
var BINARY_SNIFF_BYTES = 8e3;
var WRITE_MAX_BYTES = 8 * 1024 * 1024;
var CHUNK_BYTES = 64 * 1024;
var ReadInput = external_exports.object({
  path: external_exports.string(),
  offset: external_exports.number().int().min(1).optional(),
  limit: external_exports.number().int().min(1).optional()
});
var WriteInput = external_exports.object({ path: external_exports.string(), content: external_exports.string() });
var readFileTool = {
  name: "read_file",
  description: "Read a UTF-8 text file. Returns the exact file text (up to 256 KiB per call). Use offset (1-based first line) and limit (number of lines) to read part of a large file; a truncated read ends with a note giving the offset to continue from. Binary files are not shown.",
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string", description: "File path, relative to the working directory." },
      offset: { type: "integer", minimum: 1, description: "1-based line number to start at (default 1)." },
      limit: { type: "integer", minimum: 1, description: "Maximum number of lines to return." }
    },
    required: ["path"],
    additionalProperties: false
  },
  sideEffect: false,
  readOnly: true,
  async run(input, context) {
    try {
      const args = parseInput("read_file", ReadInput, input);
      const real = checkReadPath(context.policy, args.path);
      return await readText(context, real, args.offset ?? 1, args.limit);
    } catch (error) {
      return errorOutcome("read_file", error);
    }
  }
};
async function readText(context, real, offset, limit) {
  const shown = displayPath(context.policy, real);
  return withHeldDirectory(dirname(real), false, async (dir) => {
    const handle = await openFinal(real, dir.path(basename(real)), constants3.O_RDONLY);
    try {
      return await readOpened(handle, shown, offset, limit);
    } finally {
      await handle.close();
    }
  });
}
async function openFinal(real, at2, flags, mode) {
  try {
    return await open(at2, flags | OPEN_NOFOLLOW, mode);
  } catch (error) {
    if (isLinkError(error)) throw changed(real, real, "is a link");
    throw error;
  }
}
async function readOpened(handle, shown, offset, limit) {
  const info = await handle.stat();
  if (info.isDirectory()) {
    return fail(`${shown} is a directory; use list_dir to see its entries`, {
      path: shown,
      isDirectory: true
    });
  }
  if (!info.isFile()) return fail(`${shown} is not a regular file`, { path: shown });
  const read = await readLines(handle, offset, limit);
  const base = { path: shown, bytes: info.size };
  if (read.binary) {
    return ok(`[binary file: ${shown}, ${info.size} bytes; not shown]`, {
      ...base,
      binary: true,
      complete: false
    });
  }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(read.bytes);
  } catch {
    return ok(`[binary file: ${shown}, ${info.size} bytes, not valid UTF-8 text; not shown]`, {
      ...base,
      binary: true,
      complete: false
    });
  }
  if (read.scanStopped !== null) {
    return fail(
      `offset ${offset} not reached: read_file passed over the first ${read.scanStopped} bytes of ${shown} (${info.size} bytes) without reaching line ${offset}, and passes over at most ${READ_SCAN_MAX_BYTES}. Use bash (tail -c, sed -n) to read that far into the file`,
      { ...base, scanStopped: true }
    );
  }
  if (read.lines === 0 && offset > 1) {
    return fail(
      `offset ${offset} is past the end of ${shown} (${read.totalLines ?? 0} line${read.totalLines === 1 ? "" : "s"})`,
      base
    );
  }
  const endLine = read.startLine + read.lines - 1;
  const complete = offset === 1 && read.eof && !read.truncated;
  const data = {
    ...base,
    binary: false,
    complete,
    startLine: read.startLine,
    endLine,
    truncated: read.truncated,
    totalLines: read.totalLines
  };
  if (complete) return ok(text, data);
  let note;
  if (read.truncated && read.partialLine) {
    note = `[truncated: line ${read.startLine} is longer than ${READ_MAX_BYTES} bytes; only its start is shown. Continue with offset=${read.startLine + 1}]`;
  } else if (read.truncated) {
    note = `[truncated at ${READ_MAX_BYTES} bytes: showing lines ${read.startLine}-${endLine} of a ${info.size}-byte file. Continue with offset=${endLine + 1}]`;
  } else if (!read.eof) {
    note = `[showing lines ${read.startLine}-${endLine}; more follow. Continue with offset=${endLine + 1}]`;
  } else {
    note = `[showing lines ${read.startLine}-${endLine} of ${read.totalLines ?? endLine}]`;
  }
  const separator = text.length === 0 || text.endsWith("\n") ? "" : "\n";
  return ok(`${text}${separator}${note}`, data);
}
async function readLines(handle, offset, limit) {
  const lastWanted = limit === void 0 ? Number.POSITIVE_INFINITY : offset + limit - 1;
  const parts = [];
  let kept = 0;
  let keptAtLineStart = 0;
  let line = 1;
  let wholeLines2 = 0;
  let unterminated = false;
  let position = 0;
  let truncated = false;
  let partialLine = false;
  let binary = false;
  let more = false;
  let scanStopped = null;
  {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    reading: for (; ; ) {
      if (line < offset && position >= READ_SCAN_MAX_BYTES) {
        scanStopped = position;
        break;
      }
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      const view = chunk.subarray(0, bytesRead);
      if (position < BINARY_SNIFF_BYTES && view.subarray(0, BINARY_SNIFF_BYTES - position).includes(0)) {
        binary = true;
        break;
      }
      let pos = 0;
      while (pos < view.length) {
        if (line > lastWanted) {
          more = true;
          break reading;
        }
        const newline = view.indexOf(10, pos);
        const end = newline === -1 ? view.length : newline + 1;
        if (line >= offset) {
          const piece = view.subarray(pos, end);
          if (kept + piece.length > READ_MAX_BYTES) {
            truncated = true;
            if (wholeLines2 === 0) {
              parts.push(Buffer.from(piece.subarray(0, READ_MAX_BYTES - kept)));
              kept = READ_MAX_BYTES;
              kept -= incompleteUtf8Tail(Buffer.concat(parts, kept));
              partialLine = true;
            } else {
              kept = keptAtLineStart;
            }
            break reading;
          }
          parts.push(Buffer.from(piece));
          kept += piece.length;
        }
        if (newline === -1) {
          unterminated = true;
        } else {
          if (line >= offset) {
            wholeLines2++;
            keptAtLineStart = kept;
          }
          line++;
          unterminated = false;
        }
        pos = end;
      }
      position += bytesRead;
    }
  }
  const eof = !more && !truncated && !binary && scanStopped === null;
  const lastLineShown = eof && unterminated && kept > keptAtLineStart ? 1 : 0;
  return {
    bytes: Buffer.concat(parts).subarray(0, kept),
    startLine: offset,
    lines: partialLine ? 1 : wholeLines2 + lastLineShown,
    truncated,
    partialLine,
    eof,
    totalLines: eof ? line - 1 + (unterminated ? 1 : 0) : null,
    binary,
    scanStopped
  };
}
function incompleteUtf8Tail(buffer) {
  for (let back = 1; back <= Math.min(3, buffer.length); back++) {
    const byte = buffer[buffer.length - back] ?? 0;
    if ((byte & 192) === 128) continue;
    const need = byte >= 240 ? 4 : byte >= 224 ? 3 : byte >= 192 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}
var writeFileTool = {
  name: "write_file",
  description: "Create or overwrite a text file with the given content (UTF-8). Missing parent directories are created. The whole file is replaced atomically; include the complete content.",
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string", description: "File path, relative to the working directory." },
      content: { type: "string", description: "The complete new content of the file." }
    },
    required: ["path", "content"],
    additionalProperties: false
  },
  sideEffect: false,
  async run(input, context) {
    try {
      const args = parseInput("write_file", WriteInput, input);
      const real = checkWritePath(context.policy, args.path);
      checkWriteContent(context.policy, args.path, args.content);
      return await writeText(context, real, args.content);
    } catch (error) {
      return errorOutcome("write_file", error);
    }
  }
};
async function writeText(context, real, content) {
  const shown = displayPath(context.policy, real);
  const bytes = Buffer.from(content, "utf8");
  if (bytes.length > WRITE_MAX_BYTES) {
    return fail(
      `write refused: ${bytes.length} bytes is more than the ${WRITE_MAX_BYTES}-byte limit per write`,
      {
        path: shown
      }
    );
  }
  const base = basename(real);
  const outcome = await withHeldDirectory(dirname(real), true, async (dir) => {
    let mode;
    let created2 = true;
    try {
      const existing = await lstat2(dir.path(base));
      if (existing.isSymbolicLink()) throw changed(real, real, "is a link");
      if (existing.isDirectory())
        return fail(`${shown} is a directory; cannot write a file there`, { path: shown });
      if (!existing.isFile()) return fail(`${shown} is not a regular file`, { path: shown });
      mode = existing.mode & 511;
      created2 = false;
    } catch (error) {
      if (error.code !== "ENOENT") throw error;
    }
    const temp = dir.path(`.${base}.truss-${randomBytes(6).toString("hex")}.tmp`);
    try {
      const flags = constants3.O_WRONLY | constants3.O_CREAT | constants3.O_EXCL;
      const handle = await openFinal(real, temp, flags, mode ?? 438);
      try {
        await handle.writeFile(bytes);
        if (mode !== void 0) await handle.chmod(mode);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, dir.path(base));
    } catch (error) {
      await unlink(temp).catch(() => {
      });
      throw error;
    }
    return created2;
  });
  if (typeof outcome !== "boolean") return outcome;
  const created = outcome;
  const sha2564 = createHash2("sha256").update(bytes).digest("hex");
  return ok(`wrote ${bytes.length} bytes to ${shown} (${created ? "created" : "overwritten"})`, {
    path: shown,
    bytes: bytes.length,
    created,
    sha256: sha2564
  });
}

// src/core/tools/git-tools.ts
import { realpathSync } from "node:fs";
import { relative as relative2, sep } from "node:path";

// node_modules/@simple-git/args-pathspec/dist/index.mjs
var t = /* @__PURE__ */ new WeakMap();
function c(...n) {
  const e = new String(n);
  return t.set(e, n), e;
}
function r(n) {
  return n instanceof String && t.has(n);
}
function o(n) {
  return t.get(n) ?? [];
}

// node_modules/simple-git/dist/index.mjs
var import_file_exists = __toESM(require_dist(), 1);
var import_debug = __toESM(require_src(), 1);
var import_promise_deferred = __toESM(require_dist2(), 1);
import { spawn as ve } from "node:child_process";
import { normalize as Se } from "node:path";

// node_modules/@simple-git/argv-parser/dist/index.mjs
function* x(e, n) {
  const t2 = n === "global";
  for (const o2 of e)
    o2.isGlobal === t2 && (yield o2);
}
var P = /* @__PURE__ */ new Set([
  "--add",
  "--edit",
  "--remove-section",
  "--rename-section",
  "--replace-all",
  "--unset",
  "--unset-all",
  "-e"
]);
var S = /* @__PURE__ */ new Set([
  "--get",
  "--get-all",
  "--get-color",
  "--get-colorbool",
  "--get-regexp",
  "--get-urlmatch",
  "--list",
  "-l"
]);
var E = /* @__PURE__ */ new Set([
  "edit",
  "remove-section",
  "rename-section",
  "set",
  "unset"
]);
var F = /* @__PURE__ */ new Set(["get", "get-color", "get-colorbool", "list"]);
function A(e, n) {
  for (const { name: o2 } of x(e, "task")) {
    if (P.has(o2))
      return w(true, n);
    if (S.has(o2))
      return w(false, n);
  }
  const t2 = n.at(0)?.toLowerCase();
  return t2 === void 0 ? null : E.has(t2) ? w(true, n.slice(1)) : F.has(t2) ? w(false, n.slice(1)) : n.length === 1 ? w(false, n) : w(true, n);
}
function w(e = false, n = []) {
  const t2 = n.at(0)?.toLowerCase();
  return t2 === void 0 ? null : {
    isWrite: e,
    isRead: !e,
    key: t2,
    value: n.at(1)
  };
}
function O(e, n) {
  return n.isWrite && n.value !== void 0 ? { key: n.key, value: n.value, scope: e } : { key: n.key, scope: e };
}
function G(e) {
  const n = e?.indexOf("=") || -1;
  return !e || n < 0 ? null : {
    key: e.slice(0, n).trim().toLowerCase(),
    value: e.slice(n + 1)
  };
}
function M(e) {
  for (const { name: n } of x(e, "task"))
    switch (n) {
      case "--global":
        return "global";
      case "--system":
        return "system";
      case "--worktree":
        return "worktree";
      case "--local":
        return "local";
      case "--file":
      case "-f":
        return "file";
    }
  return "local";
}
function N({ name: e }) {
  if (e === "-c" || e === "--config")
    return "inline";
  if (e === "--config-env")
    return "env";
}
function* $(e) {
  for (const n of e) {
    const t2 = N(n), o2 = t2 && G(n.value);
    o2 && (yield {
      ...o2,
      scope: t2
    });
  }
}
function D(e, n, t2) {
  const o2 = {
    read: [],
    write: [...$(n)]
  };
  return e === "config" && L(
    o2,
    M(n),
    A(n, t2)
  ), o2;
}
function L(e, n, t2) {
  if (t2 === null)
    return;
  const o2 = O(n, t2);
  t2.isWrite ? e.write.push(o2) : e.read.push(o2);
}
var C = {
  short: /* @__PURE__ */ new Map([
    ["c", true]
    //  -c <k=v>    set config key for this invocation
  ])
};
var I = {
  short: new Map([
    ["C", true],
    //  -C <path>   change working directory
    ["P", false],
    // -P          no pager (alias for --no-pager)
    ["h", false],
    // -h          help
    ["p", false],
    // -p          paginate
    ["v", false],
    // -v          version
    ...C.short.entries()
  ]),
  long: /* @__PURE__ */ new Set([
    "attr-source",
    "config-env",
    "exec-path",
    "git-dir",
    "list-cmds",
    "namespace",
    "super-prefix",
    "work-tree"
  ])
};
var R = {
  clone: {
    short: /* @__PURE__ */ new Map([
      ["b", true],
      // -b <branch>
      ["j", true],
      // -j <n>          parallel jobs
      ["l", false],
      // -l local
      ["n", false],
      // -n no-checkout
      ["o", true],
      // -o <name>       remote name
      ["q", false],
      // -q quiet
      ["s", false],
      // -s shared
      ["u", true]
      // -u <upload-pack>
    ]),
    long: /* @__PURE__ */ new Set(["branch", "config", "jobs", "origin", "upload-pack", "u", "template"])
  },
  commit: {
    short: /* @__PURE__ */ new Map([
      ["C", true],
      // -C <commit>  reuse message
      ["F", true],
      // -F <file>    read message from file
      ["c", true],
      // -c <commit>  reedit message
      ["m", true],
      // -m <msg>
      ["t", true]
      // -t <template>
    ]),
    long: /* @__PURE__ */ new Set(["file", "message", "reedit-message", "reuse-message", "template"])
  },
  config: {
    short: /* @__PURE__ */ new Map([
      ["e", false],
      // -e  open editor
      ["f", true],
      //  -f <file>
      ["l", false]
      // -l  list
    ]),
    long: /* @__PURE__ */ new Set(["blob", "comment", "default", "file", "type", "value"])
  },
  fetch: {
    short: /* @__PURE__ */ new Map(),
    long: /* @__PURE__ */ new Set(["upload-pack"])
  },
  init: {
    short: /* @__PURE__ */ new Map(),
    long: /* @__PURE__ */ new Set(["template"])
  },
  pull: {
    short: /* @__PURE__ */ new Map(),
    long: /* @__PURE__ */ new Set(["upload-pack"])
  },
  push: {
    short: /* @__PURE__ */ new Map(),
    long: /* @__PURE__ */ new Set(["exec", "receive-pack"])
  },
  rebase: {
    short: /* @__PURE__ */ new Map([
      ["X", true],
      // -X <option>   strategy option
      ["f", false],
      // -f force-rebase
      ["i", false],
      // -i interactive
      ["k", false],
      // -k keep-base
      ["m", false],
      // -m merge
      ["n", false],
      // -n no-stat
      ["q", false],
      // -q quiet
      ["r", false],
      // -r rebase-merges
      ["s", true],
      // -s <strategy>
      ["v", false],
      // -v verbose
      ["x", true]
      // -x <cmd>      exec
    ]),
    long: /* @__PURE__ */ new Set(["exec", "onto", "strategy", "strategy-option"])
  }
};
var T = { short: /* @__PURE__ */ new Map(), long: /* @__PURE__ */ new Set() };
function B(e) {
  const n = R[e ?? ""] ?? T;
  return {
    short: new Map([...C.short.entries(), ...n.short.entries()]),
    long: n.long
  };
}
function b(e, n = I) {
  if (e.startsWith("--")) {
    const t2 = e.indexOf("=");
    if (t2 > 2)
      return [{ name: e.slice(0, t2), value: e.slice(t2 + 1), needsNext: false }];
    const o2 = e.slice(2);
    return [{ name: e, needsNext: n.long.has(o2) }];
  }
  if (e.length === 2) {
    const t2 = e.charAt(1), o2 = n.short.get(t2);
    return [{ name: e, needsNext: o2 === true }];
  }
  return j(e, n.short);
}
function j(e, n) {
  const t2 = e.slice(1).split(""), o2 = [];
  for (let a = 0; a < t2.length; a++) {
    const s = t2[a], r2 = n.get(s);
    if (r2 === void 0)
      return [{ name: e, needsNext: false }];
    if (r2) {
      const i = t2.slice(a + 1).join("");
      if (i && ![...i].every((m2) => n.has(m2)))
        return o2.push({ name: `-${s}`, value: i, needsNext: false }), o2;
    }
    o2.push({ name: `-${s}`, needsNext: r2 });
  }
  return o2;
}
function W(e, n = []) {
  let t2 = 0;
  for (; t2 < e.length; ) {
    const o2 = String(e[t2]);
    if (!o2.startsWith("-") || o2.length < 2) break;
    const a = b(o2);
    let s = t2 + 1;
    for (const r2 of a) {
      const i = {
        name: r2.name,
        value: r2.value,
        absorbedNext: false,
        isGlobal: true
      };
      r2.needsNext && i.value === void 0 && s < e.length && (i.value = String(e[s]), i.absorbedNext = true, s++), n.push(i);
    }
    t2 = s;
  }
  return { flags: n, taskIndex: t2 };
}
function V(e, n, t2 = []) {
  const o2 = B(n), a = [], s = [];
  let r2 = 0;
  for (; r2 < e.length; ) {
    const i = e[r2];
    if (r(i)) {
      s.push(...o(i)), r2++;
      continue;
    }
    const p2 = String(i);
    if (p2 === "--") {
      for (let d2 = r2 + 1; d2 < e.length; d2++) {
        const g2 = e[d2];
        r(g2) ? s.push(...o(g2)) : s.push(String(g2));
      }
      break;
    }
    if (!p2.startsWith("-") || p2.length < 2) {
      a.push(p2), r2++;
      continue;
    }
    const m2 = b(p2, o2);
    let u2 = r2 + 1;
    for (const d2 of m2) {
      const g2 = {
        name: d2.name,
        value: d2.value,
        absorbedNext: false,
        isGlobal: false
      };
      d2.needsNext && g2.value === void 0 && u2 < e.length && !r(e[u2]) && (g2.value = String(e[u2]), g2.absorbedNext = true, u2++), t2.push(g2);
    }
    r2 = u2;
  }
  return { flags: t2, positionals: a, pathspecs: s };
}
function* q({
  write: e
}) {
  for (const n of e)
    for (const t2 of K) {
      const o2 = t2(n.key);
      o2 && (yield o2);
    }
}
function f(e, n, t2 = String(e)) {
  const o2 = typeof e == "string" ? new RegExp(`\\s*${e.toLowerCase()}`) : e;
  return function(s) {
    if (o2.test(s))
      return {
        category: n,
        message: `Configuring ${t2} is not permitted without enabling ${n}`
      };
  };
}
function l(e, n) {
  const t2 = new RegExp(`\\s*${e.toLowerCase().replace(/\./g, "(..+)?.")}`);
  return f(t2, n, e);
}
var K = [
  f("alias", "allowUnsafeAlias"),
  f("core.askPass", "allowUnsafeAskPass"),
  f("core.editor", "allowUnsafeEditor"),
  f("core.fsmonitor", "allowUnsafeFsMonitor"),
  f("core.gitProxy", "allowUnsafeGitProxy"),
  f("core.hooksPath", "allowUnsafeHooksPath"),
  f("core.pager", "allowUnsafePager"),
  f("core.sshCommand", "allowUnsafeSshCommand"),
  l("credential.helper", "allowUnsafeCredentialHelper"),
  l("diff.command", "allowUnsafeDiffExternal"),
  f("diff.external", "allowUnsafeDiffExternal"),
  l("difftool.cmd", "allowUnsafeDiffExternal"),
  l("diff.textconv", "allowUnsafeDiffTextConv"),
  l("filter.clean", "allowUnsafeFilter"),
  l("filter.process", "allowUnsafeFilter"),
  l("filter.smudge", "allowUnsafeFilter"),
  l("gpg.program", "allowUnsafeGpgProgram"),
  f("include.path", "allowUnsafeInclude"),
  l("includeIf", "allowUnsafeInclude"),
  f("init.templateDir", "allowUnsafeTemplateDir"),
  l("pager.", "allowUnsafePager"),
  l("merge.driver", "allowUnsafeMergeDriver"),
  l("mergetool.path", "allowUnsafeMergeDriver"),
  l("mergetool.cmd", "allowUnsafeMergeDriver"),
  l("protocol.allow", "allowUnsafeProtocolOverride"),
  l("remote.receivepack", "allowUnsafePack"),
  l("remote.uploadpack", "allowUnsafePack"),
  f("uploadpack.packObjectsHook", "allowUnsafePack"),
  f("sequence.editor", "allowUnsafeEditor"),
  l("submodule.update", "allowUnsafeSubmodule"),
  l("tar.command", "allowUnsafeCommandBinaries"),
  l("trailer.cmd", "allowUnsafeCommandBinaries"),
  l("trailer.command", "allowUnsafeCommandBinaries"),
  l("url.insteadOf", "allowUnsafeUrlRewrite")
];
function* H(e, n) {
  for (const t2 of n)
    for (const o2 of X) {
      const a = o2(e, t2);
      a && (yield a);
    }
}
function c2(e, n, t2, { name: o2 = String(n), globalOnly: a = false, withValue: s = false } = {}) {
  const r2 = typeof n == "string" ? new RegExp(`\\s*${n.toLowerCase()}`) : n, i = `Use of ${e ? `${e} with option ` : ""}${o2} is not permitted without enabling ${t2}`;
  return function(m2, u2) {
    if (!(e && m2 !== e) && !(a && !u2.isGlobal) && !(s && u2.value === void 0) && r2.test(u2.name))
      return {
        category: t2,
        message: i
      };
  };
}
var h = { globalOnly: true, withValue: true };
var X = [
  c2(null, /--(upload|receive)-pack/, "allowUnsafePack", {
    name: "--upload-pack or --receive-pack"
  }),
  c2("clone", /^-\w*u/, "allowUnsafePack"),
  c2("clone", "--u", "allowUnsafePack"),
  c2("push", /^--exec$/, "allowUnsafePack", { name: "--exec" }),
  // `git` accepts unambiguous abbreviations of long options, so `--ex` and `--exe` are `--exec`
  c2("rebase", /^(-x|--ex(ec?)?)$/, "allowUnsafeExec", { name: "-x or --exec" }),
  c2(null, "--template", "allowUnsafeTemplateDir"),
  c2(null, "--exec-path", "allowUnsafeExec", h),
  // `git` reads the configuration of whichever repository these name, so the
  // directory alone is enough to deliver config the argv guards never see
  c2(null, "--git-dir", "allowUnsafeConfigPaths", h),
  c2(null, "--work-tree", "allowUnsafeConfigPaths", h),
  c2(null, /^-C$/, "allowUnsafeConfigPaths", { ...h, name: "-C" })
];
function k(e, n, t2) {
  return [...H(e, n), ...q(t2)];
}
function Y(...e) {
  const { flags: n, taskIndex: t2 } = W(e), o2 = t2 < e.length ? String(e[t2]).toLowerCase() : null, a = o2 !== null ? e.slice(t2 + 1) : [], { positionals: s, pathspecs: r2 } = V(a, o2, n), i = D(o2, n, s);
  return {
    task: o2,
    flags: n.map(J),
    paths: r2,
    config: i,
    vulnerabilities: z(k(o2, n, i))
  };
}
function z(e) {
  return Object.defineProperty(e, "vulnerabilities", {
    value: e
  });
}
function J({ value: e, name: n }) {
  return e !== void 0 ? { name: n, value: e } : { name: n };
}
var y = {
  editor: "allowUnsafeEditor",
  git_askpass: "allowUnsafeAskPass",
  git_config_global: "allowUnsafeConfigPaths",
  git_config_system: "allowUnsafeConfigPaths",
  git_config_count: "allowUnsafeConfigEnvCount",
  git_config_parameters: "allowUnsafeConfigEnvCount",
  git_config: "allowUnsafeConfigPaths",
  git_editor: "allowUnsafeEditor",
  git_exec_path: "allowUnsafeExec",
  git_external_diff: "allowUnsafeDiffExternal",
  git_pager: "allowUnsafePager",
  git_proxy_command: "allowUnsafeGitProxy",
  git_template_dir: "allowUnsafeTemplateDir",
  git_sequence_editor: "allowUnsafeEditor",
  git_ssh: "allowUnsafeSshCommand",
  git_ssh_command: "allowUnsafeSshCommand",
  pager: "allowUnsafePager",
  prefix: "allowUnsafeConfigPaths",
  ssh_askpass: "allowUnsafeAskPass",
  visual: "allowUnsafeEditor"
};
function* Q(e) {
  const n = parseInt(e.git_config_count ?? "0", 10);
  for (let t2 = 0; t2 < n; t2++) {
    const o2 = e[`git_config_key_${t2}`], a = e[`git_config_value_${t2}`];
    o2 !== void 0 && (yield { key: o2.toLowerCase().trim(), value: a, scope: "env" });
  }
}
function* Z(e) {
  for (const n of Object.keys(e))
    if (_(n)) {
      const t2 = y[n];
      yield {
        category: t2,
        message: `Use of "${n.toUpperCase()}" is not permitted without enabling ${t2}`
      };
    }
}
function _(e) {
  return Object.hasOwn(y, e);
}
function ee(e) {
  const n = {};
  for (const [t2, o2] of Object.entries(e)) {
    const a = t2.toLowerCase().trim();
    (_(a) || a.startsWith("git")) && (n[a] = String(o2));
  }
  return n;
}
function ne(e) {
  const n = ee(e), t2 = {
    read: [],
    write: [...Q(n)]
  }, o2 = [
    ...Z(n),
    ...k(null, [], t2)
  ];
  return {
    config: t2,
    vulnerabilities: o2
  };
}
function oe(e, n) {
  return [...Y(...e).vulnerabilities, ...ne(n).vulnerabilities];
}

// node_modules/simple-git/dist/index.mjs
import { EventEmitter as Ce } from "node:events";
var O2 = class extends Error {
  constructor(e, n) {
    super(n), this.task = e, Object.setPrototypeOf(this, new.target.prototype);
  }
};
var Ae = class extends O2 {
  constructor(e, n) {
    super(void 0, n), this.config = e;
  }
};
var A2 = class extends O2 {
  constructor(e, n, r2) {
    super(e, r2), this.task = e, this.plugin = n, Object.setPrototypeOf(this, new.target.prototype);
  }
};
var at = class extends O2 {
  constructor(e, n) {
    super(void 0, n || String(e)), this.git = e;
  }
};
var xe = class extends O2 {
  constructor(e) {
    super(void 0, e);
  }
};
var I2 = "\0";
var W2 = () => {
};
function Ne(t2) {
  return typeof t2 != "function" ? W2 : t2;
}
function $e(t2) {
  return typeof t2 == "function" && t2 !== W2;
}
function Pe(t2, e) {
  const n = t2.indexOf(e);
  return n <= 0 ? [t2, ""] : [t2.substr(0, n), t2.substr(n + 1)];
}
function Me(t2, e = 0) {
  return Dt(t2) && t2.length > e ? t2[e] : void 0;
}
function N2(t2, e = 0) {
  if (Dt(t2) && t2.length > e)
    return t2[t2.length - 1 - e];
}
function Dt(t2) {
  return Bt(t2);
}
function H2(t2 = "", e = true, n = `
`) {
  return t2.split(n).reduce((r2, s) => {
    const o2 = e ? s.trim() : s;
    return o2 && r2.push(o2), r2;
  }, []);
}
function ut(t2, e) {
  return H2(t2, true).map((n) => e(n));
}
function Lt(t2) {
  return (0, import_file_exists.exists)(t2, import_file_exists.FOLDER);
}
function S2(t2, e) {
  return Array.isArray(t2) ? t2.includes(e) || t2.push(e) : t2.add(e), e;
}
function De(t2, e) {
  return Array.isArray(t2) && !t2.includes(e) && t2.push(e), t2;
}
function ct(t2, e) {
  if (Array.isArray(t2)) {
    const n = t2.indexOf(e);
    n >= 0 && t2.splice(n, 1);
  } else
    t2.delete(e);
  return e;
}
var ft = Object.prototype.toString.call.bind(Object.prototype.toString);
function v(t2) {
  return Array.isArray(t2) ? t2 : [t2];
}
function jt(t2) {
  return t2.replace(/[\s-]+(.)/g, (e, n) => n.toUpperCase());
}
function L2(t2) {
  return v(t2).map((e) => e instanceof String ? e : String(e));
}
function p(t2, e = 0) {
  if (t2 == null)
    return e;
  const n = parseInt(t2, 10);
  return Number.isNaN(n) ? e : n;
}
function U(t2, e) {
  const n = [];
  for (let r2 = 0, s = t2.length; r2 < s; r2++)
    n.push(e, t2[r2]);
  return n;
}
function F2(t2) {
  return (Array.isArray(t2) ? Buffer.concat(t2) : t2).toString("utf-8");
}
function Le(t2) {
  return t2 ? Buffer.isBuffer(t2) ? t2.length : Buffer.byteLength(t2) : 0;
}
function je(t2, e) {
  const n = {};
  return e.forEach((r2) => {
    t2[r2] !== void 0 && (n[r2] = t2[r2]);
  }), n;
}
function wt(t2 = 0) {
  return new Promise((e) => setTimeout(e, t2));
}
function bt(t2) {
  if (t2 !== false)
    return t2;
}
function d(t2, e, n) {
  return e(t2) ? t2 : arguments.length > 2 ? n : void 0;
}
var K2 = (t2) => Array.isArray(t2);
function st(t2, e) {
  const n = r(t2) ? "string" : typeof t2;
  return /number|string|boolean/.test(n) && (!e || !e.includes(n));
}
var m = (t2) => typeof t2 == "string" || r(t2);
var Be = (t2) => m(t2) || Buffer.isBuffer(t2);
var G2 = (t2) => m(t2) || Array.isArray(t2) && t2.every(m);
function lt(t2) {
  return !!t2 && ft(t2) === "[object Object]";
}
function Ie(t2) {
  return typeof t2 == "function";
}
var Bt = (t2) => t2 == null || "number|boolean|function".includes(typeof t2) ? false : typeof t2.length == "number";
var V2 = /* @__PURE__ */ ((t2) => (t2[t2.SUCCESS = 0] = "SUCCESS", t2[t2.ERROR = 1] = "ERROR", t2[t2.NOT_FOUND = -2] = "NOT_FOUND", t2[t2.UNCLEAN = 128] = "UNCLEAN", t2))(V2 || {});
var z2 = class _z {
  constructor(e, n) {
    this.stdOut = e, this.stdErr = n;
  }
  asStrings() {
    return new _z(this.stdOut.toString("utf8"), this.stdErr.toString("utf8"));
  }
};
function Ue() {
  throw new Error("LineParser:useMatches not implemented");
}
var l2 = class {
  constructor(e, n) {
    this.matches = [], this.useMatches = Ue, this.parse = (r2, s) => (this.resetMatches(), this._regExp.every((o2, i) => this.addMatch(o2, i, r2(i))) ? this.useMatches(s, this.prepareMatches()) !== false : false), this._regExp = Array.isArray(e) ? e : [e], n && (this.useMatches = n);
  }
  resetMatches() {
    this.matches.length = 0;
  }
  prepareMatches() {
    return this.matches;
  }
  addMatch(e, n, r2) {
    const s = r2 && e.exec(r2);
    return s && this.pushMatch(n, s), !!s;
  }
  pushMatch(e, n) {
    this.matches.push(...n.slice(1));
  }
};
var x2 = class extends l2 {
  addMatch(e, n, r2) {
    return /^remote:\s/.test(String(r2)) && super.addMatch(e, n, r2);
  }
  pushMatch(e, n) {
    (e > 0 || n.length > 1) && super.pushMatch(e, n);
  }
};
var Fe = {
  binary: "git",
  maxConcurrentProcesses: 5,
  config: [],
  trimmed: false
};
function Ge(...t2) {
  const e = process.cwd(), n = Object.assign(
    { baseDir: e, ...Fe },
    ...t2.filter((r2) => typeof r2 == "object" && r2)
  );
  return n.baseDir = n.baseDir || e, n.trimmed = n.trimmed === true, n;
}
function It(t2, e = []) {
  return lt(t2) ? Object.keys(t2).reduce((n, r2) => {
    const s = t2[r2];
    if (r(s))
      n.push(s);
    else if (st(s, ["boolean"]))
      n.push(r2 + "=" + s);
    else if (Array.isArray(s))
      for (const o2 of s)
        st(o2, ["string", "number"]) || n.push(r2 + "=" + o2);
    else
      n.push(r2);
    return n;
  }, e) : e;
}
function h2(t2, e = 0, n = false) {
  const r2 = [];
  for (let s = 0, o2 = e < 0 ? t2.length : e; s < o2; s++)
    "string|number".includes(typeof t2[s]) && r2.push(String(t2[s]));
  return It(ht(t2), r2), n || r2.push(...ze(t2)), r2;
}
function ze(t2) {
  const e = typeof N2(t2) == "function";
  return L2(d(N2(t2, e ? 1 : 0), K2, []));
}
function ht(t2) {
  const e = Ie(N2(t2));
  return d(N2(t2, e ? 1 : 0), lt);
}
function u(t2, e = true) {
  const n = Ne(N2(t2));
  return e || $e(n) ? n : void 0;
}
function Tt(t2, e) {
  return t2(e.stdOut, e.stdErr);
}
function E2(t2, e, n, r2 = true) {
  return v(n).forEach((s) => {
    for (let o2 = H2(s, r2), i = 0, a = o2.length; i < a; i++) {
      const c3 = (y2 = 0) => {
        if (!(i + y2 >= a))
          return o2[i + y2];
      };
      e.some(({ parse: y2 }) => y2(c3, t2));
    }
  }), t2;
}
var mt = ({ exitCode: t2 }, e, n, r2) => {
  if (t2 === V2.UNCLEAN && Ve(e))
    return n(Buffer.from("false"));
  r2(e);
};
var Ut = (t2) => t2.trim() === "true";
function We(t2) {
  switch (t2) {
    case "bare":
      return Ke();
    case "root":
      return He();
  }
  return {
    commands: ["rev-parse", "--is-inside-work-tree"],
    format: "utf-8",
    onError: mt,
    parser: Ut
  };
}
function He() {
  return {
    commands: ["rev-parse", "--git-dir"],
    format: "utf-8",
    onError: mt,
    parser(e) {
      return /^\.(git)?$/.test(e.trim());
    }
  };
}
function Ke() {
  return {
    commands: ["rev-parse", "--is-bare-repository"],
    format: "utf-8",
    onError: mt,
    parser: Ut
  };
}
function Ve(t2) {
  return /(Not a git repository|Kein Git-Repository)/i.test(String(t2));
}
var Xe = class {
  constructor(e) {
    this.paths = [], this.files = [], this.folders = [], this.dryRun = e;
  }
};
var Ye = /^[a-z]+\s*/i;
var Qe = /^[a-z]+\s+[a-z]+\s*/i;
var Je = /\/$/;
function Ze(t2, e) {
  const n = new Xe(t2), r2 = t2 ? Qe : Ye;
  return H2(e).forEach((s) => {
    const o2 = s.replace(r2, "");
    n.paths.push(o2), (Je.test(o2) ? n.folders : n.files).push(o2);
  }), n;
}
var Ft = [];
function tn(t2) {
  return {
    commands: Ft,
    format: "empty",
    parser: t2
  };
}
function b2(t2) {
  return {
    commands: Ft,
    format: "empty",
    parser() {
      throw typeof t2 == "string" ? new xe(t2) : t2;
    }
  };
}
function g(t2, e = false) {
  return {
    commands: t2,
    format: "utf-8",
    parser(n) {
      return e ? String(n).trim() : n;
    }
  };
}
function Gt(t2) {
  return {
    commands: t2,
    format: "buffer",
    parser(e) {
      return e;
    }
  };
}
function en(t2) {
  return t2.format === "buffer";
}
function kt(t2) {
  return t2.format === "empty" || !t2.commands.length;
}
var nn = "Git clean interactive mode is not supported";
var rn = 'Git clean mode parameter ("n" or "f") is required';
var sn = "Git clean unknown option found in: ";
var zt = /* @__PURE__ */ ((t2) => (t2.DRY_RUN = "n", t2.FORCE = "f", t2.IGNORED_INCLUDED = "x", t2.IGNORED_ONLY = "X", t2.EXCLUDING = "e", t2.QUIET = "q", t2.RECURSIVE = "d", t2))(zt || {});
var qt = /* @__PURE__ */ new Set([
  "i",
  ...L2(Object.values(zt))
]);
function on(t2, e) {
  const { cleanMode: n, options: r2, valid: s } = cn(t2);
  return n ? s.options ? (r2.push(...e), r2.some(hn) ? b2(nn) : an(n, r2)) : b2(sn + JSON.stringify(t2)) : b2(rn);
}
function an(t2, e) {
  return {
    commands: ["clean", `-${t2}`, ...e],
    format: "utf-8",
    parser(r2) {
      return Ze(t2 === "n", r2);
    }
  };
}
function un(t2) {
  return Array.isArray(t2) && t2.every((e) => qt.has(e));
}
function cn(t2) {
  let e, n = [], r2 = { cleanMode: false, options: true };
  return t2.replace(/[^a-z]i/g, "").split("").forEach((s) => {
    fn(s) ? (e = s, r2.cleanMode = true) : r2.options = r2.options && ln(n[n.length] = `-${s}`);
  }), {
    cleanMode: e,
    options: n,
    valid: r2
  };
}
function fn(t2) {
  return t2 === "f" || t2 === "n";
}
function ln(t2) {
  return /^-[a-z]$/i.test(t2) && qt.has(t2.charAt(1));
}
function hn(t2) {
  return /^-[^\-]/.test(t2) ? t2.indexOf("i") > 0 : t2 === "--interactive";
}
var mn = class {
  constructor() {
    this.files = [], this.values = /* @__PURE__ */ Object.create(null);
  }
  get all() {
    return this._all || (this._all = this.files.reduce((e, n) => Object.assign(e, this.values[n]), {})), this._all;
  }
  addFile(e) {
    if (!(e in this.values)) {
      const n = N2(this.files);
      this.values[e] = n ? Object.create(this.values[n]) : {}, this.files.push(e);
    }
    return this.values[e];
  }
  addValue(e, n, r2) {
    const s = this.addFile(e);
    Object.hasOwn(s, n) ? Array.isArray(s[n]) ? s[n].push(r2) : s[n] = [s[n], r2] : s[n] = r2, this._all = void 0;
  }
};
function pn(t2) {
  const e = new mn();
  for (const n of Wt(t2))
    e.addValue(n.file, String(n.key), n.value);
  return e;
}
function dn(t2, e) {
  let n = null;
  const r2 = [], s = /* @__PURE__ */ new Map();
  for (const o2 of Wt(t2, e))
    o2.key === e && (r2.push(n = o2.value), s.has(o2.file) || s.set(o2.file, []), s.get(o2.file).push(n));
  return {
    key: e,
    paths: Array.from(s.keys()),
    scopes: s,
    value: n,
    values: r2
  };
}
function gn(t2) {
  return t2.replace(/^(file):/, "");
}
function* Wt(t2, e = null) {
  const n = t2.split("\0");
  for (let r2 = 0, s = n.length - 1; r2 < s; ) {
    const o2 = gn(n[r2++]);
    let i = n[r2++], a = e;
    if (i.includes(`
`)) {
      const c3 = Pe(i, `
`);
      a = c3[0], i = c3[1];
    }
    yield { file: o2, key: a, value: i };
  }
}
var Ht = /* @__PURE__ */ ((t2) => (t2.system = "system", t2.global = "global", t2.local = "local", t2.worktree = "worktree", t2))(Ht || {});
function Y2(t2, e) {
  return typeof t2 == "string" && Object.hasOwn(Ht, t2) ? t2 : e;
}
function yn(t2, e, n, r2) {
  const s = ["config", `--${r2}`];
  return n && s.push("--add"), s.push(t2, e), {
    commands: s,
    format: "utf-8",
    parser(o2) {
      return o2;
    }
  };
}
function wn(t2, e) {
  const n = ["config", "--null", "--show-origin", "--get-all", t2];
  return e && n.splice(1, 0, `--${e}`), {
    commands: n,
    format: "utf-8",
    parser(r2) {
      return dn(r2, t2);
    }
  };
}
function bn(t2) {
  const e = ["config", "--list", "--show-origin", "--null"];
  return t2 && e.push(`--${t2}`), {
    commands: e,
    format: "utf-8",
    parser(n) {
      return pn(n);
    }
  };
}
function Tn() {
  return {
    addConfig(t2, e, ...n) {
      return this._runTask(
        yn(
          t2,
          e,
          n[0] === true,
          Y2(
            n[1],
            "local"
            /* local */
          )
        ),
        u(arguments)
      );
    },
    getConfig(t2, e) {
      return this._runTask(
        wn(t2, Y2(e, void 0)),
        u(arguments)
      );
    },
    listConfig(...t2) {
      return this._runTask(
        bn(Y2(t2[0], void 0)),
        u(arguments)
      );
    }
  };
}
var Kt = /* @__PURE__ */ ((t2) => (t2.ADDED = "A", t2.COPIED = "C", t2.DELETED = "D", t2.MODIFIED = "M", t2.RENAMED = "R", t2.CHANGED = "T", t2.UNMERGED = "U", t2.UNKNOWN = "X", t2.BROKEN = "B", t2))(Kt || {});
var kn = new Set(Object.values(Kt));
function _n(t2) {
  return kn.has(t2);
}
var _t;
var vn = ["-h"];
var j2 = /* @__PURE__ */ Symbol("grepQuery");
var En = class {
  constructor() {
    this[_t] = [];
  }
  *[(_t = j2, Symbol.iterator)]() {
    for (const e of this[j2])
      yield e;
  }
  and(...e) {
    return e.length && this[j2].push("--and", "(", ...U(e, "-e"), ")"), this;
  }
  param(...e) {
    return this[j2].push(...U(e, "-e")), this;
  }
};
function Sn(...t2) {
  return new En().param(...t2);
}
function Rn(t2) {
  const e = /* @__PURE__ */ new Set(), n = {};
  return ut(t2, (r2) => {
    const [s, o2, i] = r2.split(I2);
    e.add(s), (n[s] = n[s] || []).push({
      line: p(o2),
      path: s,
      preview: i
    });
  }), {
    paths: e,
    results: n
  };
}
function On() {
  return {
    grep(t2) {
      const e = u(arguments), n = h2(arguments);
      for (const s of vn)
        if (n.includes(s))
          return this._runTask(
            b2(`git.grep: use of "${s}" is not supported.`),
            e
          );
      typeof t2 == "string" && (t2 = Sn().param(t2));
      const r2 = ["grep", "--null", "-n", "--full-name", ...n, ...t2];
      return this._runTask(
        {
          commands: r2,
          format: "utf-8",
          parser(s) {
            return Rn(s);
          }
        },
        e
      );
    }
  };
}
var Vt = /* @__PURE__ */ ((t2) => (t2.MIXED = "mixed", t2.SOFT = "soft", t2.HARD = "hard", t2.MERGE = "merge", t2.KEEP = "keep", t2))(Vt || {});
var Cn = L2(Object.values(Vt));
function An(t2, e) {
  const n = ["reset"];
  return Xt(t2) && n.push(`--${t2}`), n.push(...e), g(n);
}
function xn(t2) {
  if (Xt(t2))
    return t2;
  switch (typeof t2) {
    case "string":
    case "undefined":
      return "soft";
  }
}
function Xt(t2) {
  return typeof t2 == "string" && Cn.includes(t2);
}
import_debug.default.formatters.L = (t2) => String(Bt(t2) ? t2.length : "-");
import_debug.default.formatters.B = (t2) => Buffer.isBuffer(t2) ? t2.toString("utf8") : ft(t2);
function Nn() {
  return (0, import_debug.default)("simple-git");
}
function vt(t2, e, n) {
  return !e || !String(e).replace(/\s*/, "") ? n ? (r2, ...s) => {
    t2(r2, ...s), n(r2, ...s);
  } : t2 : (r2, ...s) => {
    t2(`%s ${r2}`, e, ...s), n && n(r2, ...s);
  };
}
function $n(t2, e, { namespace: n }) {
  if (typeof t2 == "string")
    return t2;
  const r2 = e && e.namespace || "";
  return r2.startsWith(n) ? r2.substr(n.length + 1) : r2 || n;
}
function $2(t2, e, n, r2 = Nn()) {
  const s = t2 && `[${t2}]` || "", o2 = [], i = typeof e == "string" ? r2.extend(e) : e, a = $n(d(e, m), i, r2);
  return y2(n);
  function c3(w2, T2) {
    return S2(
      o2,
      $2(t2, a.replace(/^[^:]+/, w2), T2, r2)
    );
  }
  function y2(w2) {
    const T2 = w2 && `[${w2}]` || "", k2 = i && vt(i, T2) || W2, C2 = vt(r2, `${s} ${T2}`, k2);
    return Object.assign(i ? k2 : C2, {
      label: t2,
      sibling: c3,
      info: C2,
      step: y2
    });
  }
}
var M2 = class M3 {
  constructor(e = "GitExecutor") {
    this.logLabel = e, this._queue = /* @__PURE__ */ new Map();
  }
  withProgress(e) {
    return this._queue.get(e);
  }
  createProgress(e) {
    const n = M3.getName(e.commands[0]), r2 = $2(this.logLabel, n);
    return {
      task: e,
      logger: r2,
      name: n
    };
  }
  push(e) {
    const n = this.createProgress(e);
    return n.logger("Adding task to the queue, commands = %o", e.commands), this._queue.set(e, n), n;
  }
  fatal(e) {
    for (const [n, { logger: r2 }] of Array.from(this._queue.entries()))
      n === e.task ? (r2.info("Failed %o", e), r2(
        "Fatal exception, any as-yet un-started tasks run through this executor will not be attempted"
      )) : r2.info(
        "A fatal exception occurred in a previous task, the queue has been purged: %o",
        e.message
      ), this.complete(n);
    if (this._queue.size !== 0)
      throw new Error(`Queue size should be zero after fatal: ${this._queue.size}`);
  }
  complete(e) {
    this.withProgress(e) && this._queue.delete(e);
  }
  attempt(e) {
    const n = this.withProgress(e);
    if (!n)
      throw new O2(void 0, "TasksPendingQueue: attempt called for an unknown task");
    return n.logger("Starting task"), n;
  }
  static getName(e = "empty") {
    return `task:${e}:${++M3.counter}`;
  }
};
M2.counter = 0;
var ot = M2;
var Pn = class {
  constructor(e, n, r2) {
    this._executor = e, this._scheduler = n, this._plugins = r2, this._chain = Promise.resolve(), this._queue = new ot();
  }
  get cwd() {
    return this._cwd || this._executor.cwd;
  }
  set cwd(e) {
    this._cwd = e;
  }
  get env() {
    return this._executor.env;
  }
  get outputHandler() {
    return this._executor.outputHandler;
  }
  chain() {
    return this;
  }
  push(e) {
    return this._queue.push(e), this._chain = this._chain.then(() => this.attemptTask(e));
  }
  async attemptTask(e) {
    const n = await this._scheduler.next(), r2 = () => this._queue.complete(e);
    try {
      const { logger: s } = this._queue.attempt(e);
      return await (kt(e) ? this.attemptEmptyTask(e, s) : this.attemptRemoteTask(e, s));
    } catch (s) {
      throw this.onFatalException(e, s);
    } finally {
      r2(), n();
    }
  }
  onFatalException(e, n) {
    const r2 = n instanceof O2 ? Object.assign(n, { task: e }) : new O2(e, n && String(n));
    return this._chain = Promise.resolve(), this._queue.fatal(r2), r2;
  }
  async attemptRemoteTask(e, n) {
    const r2 = this._plugins.exec("spawn.binary", "", this.taskContext(e, e.commands)), s = this._plugins.exec(
      "spawn.args",
      [...e.commands],
      this.taskContext(e, e.commands)
    ), o2 = await this.gitResponse(
      e,
      r2,
      s,
      this.outputHandler,
      n.step("SPAWN")
    ), i = await this.handleTaskData(e, s, o2, n.step("HANDLE"));
    return n("passing response to task's parser as a %s", e.format), en(e) ? Tt(e.parser, i) : Tt(e.parser, i.asStrings());
  }
  async attemptEmptyTask(e, n) {
    return n("empty task bypassing child process to call to task's parser"), e.parser(this);
  }
  handleTaskData(e, n, r2, s) {
    const { exitCode: o2, rejection: i, stdOut: a, stdErr: c3 } = r2;
    return new Promise((y2, w2) => {
      s("Preparing to handle process response exitCode=%d stdOut=", o2);
      const { error: T2 } = this._plugins.exec(
        "task.error",
        { error: i },
        {
          ...this.taskContext(e, n),
          ...r2
        }
      );
      if (T2 && e.onError)
        return s.info("exitCode=%s handling with custom error handler"), e.onError(
          r2,
          T2,
          (k2) => {
            s.info("custom error handler treated as success"), s("custom error returned a %s", ft(k2)), y2(
              new z2(
                Array.isArray(k2) ? Buffer.concat(k2) : k2,
                Buffer.concat(c3)
              )
            );
          },
          w2
        );
      if (T2)
        return s.info(
          "handling as error: exitCode=%s stdErr=%s rejection=%o",
          o2,
          c3.length,
          i
        ), w2(T2);
      s.info("retrieving task output complete"), y2(new z2(Buffer.concat(a), Buffer.concat(c3)));
    });
  }
  async gitResponse(e, n, r2, s, o2) {
    const i = o2.sibling("output"), a = this._plugins.exec(
      "spawn.options",
      {
        cwd: this.cwd,
        env: this.env,
        windowsHide: true
      },
      this.taskContext(e, e.commands)
    );
    return new Promise((c3) => {
      const y2 = [], w2 = [];
      o2.info("%s %o", n, r2), o2("%O", a);
      let T2 = this._beforeSpawn(e, r2);
      if (T2)
        return c3({
          stdOut: y2,
          stdErr: w2,
          exitCode: 9901,
          rejection: T2
        });
      this._plugins.exec("spawn.before", void 0, {
        ...this.taskContext(e, r2),
        kill(C2) {
          T2 = C2 || T2;
        }
      });
      const k2 = ve(n, r2, a);
      k2.stdout.on(
        "data",
        Et(y2, "stdOut", o2, i.step("stdOut"))
      ), k2.stderr.on(
        "data",
        Et(w2, "stdErr", o2, i.step("stdErr"))
      ), k2.on("error", Mn(w2, o2)), s && (o2("Passing child process stdOut/stdErr to custom outputHandler"), s(n, k2.stdout, k2.stderr, [...r2])), this._plugins.exec("spawn.after", void 0, {
        ...this.taskContext(e, r2),
        spawned: k2,
        close(C2, Te) {
          c3({
            stdOut: y2,
            stdErr: w2,
            exitCode: C2,
            rejection: T2 || Te
          });
        },
        kill(C2) {
          k2.killed || (T2 = C2, k2.kill("SIGINT"));
        }
      });
    });
  }
  _beforeSpawn(e, n) {
    let r2;
    return this._plugins.exec("spawn.before", void 0, {
      ...this.taskContext(e, n),
      kill(s) {
        r2 = s || r2;
      }
    }), r2;
  }
  taskContext(e, n) {
    return {
      method: String(Me(e.commands) || ""),
      commands: n,
      env: { ...this.env },
      input: kt(e) ? void 0 : e.input
    };
  }
};
function Mn(t2, e) {
  return (n) => {
    e("[ERROR] child process exception %o", n), t2.push(Buffer.from(String(n.stack), "ascii"));
  };
}
function Et(t2, e, n, r2) {
  return (s) => {
    n("%s received %L bytes", e, s), r2("%B", s), t2.push(s);
  };
}
var Dn = class {
  constructor(e, n, r2) {
    this.cwd = e, this._scheduler = n, this._plugins = r2, this._chain = this.chain();
  }
  chain() {
    return new Pn(this, this._scheduler, this._plugins);
  }
  push(e) {
    return this._chain.push(e);
  }
};
function Ln(t2, e, n = W2) {
  const r2 = (o2) => {
    n(null, o2);
  }, s = (o2) => {
    o2?.task === t2 && n(o2, void 0);
  };
  e.then(r2, s);
}
function St(t2, e) {
  return tn((n) => {
    if (!Lt(t2))
      throw new Error(`Git.cwd: cannot change to non-directory "${t2}"`);
    return (e || n).cwd = t2;
  });
}
function Q2(t2) {
  const e = ["checkout", ...t2];
  return e[1] === "-b" && e.includes("-B") && (e[1] = ct(e, "-B")), g(e);
}
function jn() {
  return {
    checkout() {
      return this._runTask(
        Q2(h2(arguments, 1)),
        u(arguments)
      );
    },
    checkoutBranch(t2, e) {
      return this._runTask(
        Q2(["-b", t2, e, ...h2(arguments)]),
        u(arguments)
      );
    },
    checkoutLocalBranch(t2) {
      return this._runTask(
        Q2(["-b", t2, ...h2(arguments)]),
        u(arguments)
      );
    }
  };
}
var Yt = (t2, e, n) => {
  const r2 = ["clone", ...n];
  return m(t2) && r2.push(c(t2)), m(e) && r2.push(c(e)), g(r2);
};
var Bn = (t2, e, n) => (S2(n, "--mirror"), Yt(t2, e, n));
function Rt(t2, e, n, ...r2) {
  return m(n) ? e(n, d(r2[0], m), h2(arguments)) : b2(`git.${t2}() requires a string 'repoPath'`);
}
function In() {
  return {
    clone(t2, ...e) {
      return this._runTask(
        Rt("clone", Yt, d(t2, m), ...e),
        u(arguments)
      );
    },
    mirror(t2, ...e) {
      return this._runTask(
        Rt("mirror", Bn, d(t2, m), ...e),
        u(arguments)
      );
    }
  };
}
var Un = [
  new l2(/^\[([^\s]+)( \([^)]+\))? ([^\]]+)/, (t2, [e, n, r2]) => {
    t2.branch = e, t2.commit = r2, t2.root = !!n;
  }),
  new l2(/\s*Author:\s(.+)/i, (t2, [e]) => {
    const n = e.split("<"), r2 = n.pop();
    !r2 || !r2.includes("@") || (t2.author = {
      email: r2.substr(0, r2.length - 1),
      name: n.join("<").trim()
    });
  }),
  new l2(
    /(\d+)[^,]*(?:,\s*(\d+)[^,]*)(?:,\s*(\d+))/g,
    (t2, [e, n, r2]) => {
      t2.summary.changes = parseInt(e, 10) || 0, t2.summary.insertions = parseInt(n, 10) || 0, t2.summary.deletions = parseInt(r2, 10) || 0;
    }
  ),
  new l2(
    /^(\d+)[^,]*(?:,\s*(\d+)[^(]+\(([+-]))?/,
    (t2, [e, n, r2]) => {
      t2.summary.changes = parseInt(e, 10) || 0;
      const s = parseInt(n, 10) || 0;
      r2 === "-" ? t2.summary.deletions = s : r2 === "+" && (t2.summary.insertions = s);
    }
  )
];
function Fn(t2) {
  return E2({
    author: null,
    branch: "",
    commit: "",
    root: false,
    summary: {
      changes: 0,
      insertions: 0,
      deletions: 0
    }
  }, Un, t2);
}
function Gn(t2, e, n) {
  return {
    commands: [
      "-c",
      "core.abbrev=40",
      "commit",
      ...U(t2, "-m"),
      ...e,
      ...n
    ],
    format: "utf-8",
    parser: Fn
  };
}
function zn() {
  return {
    commit(e, ...n) {
      const r2 = u(arguments), s = t2(e) || Gn(
        v(e),
        v(d(n[0], G2, [])),
        [
          ...L2(d(n[1], K2, [])),
          ...h2(arguments, 0, true)
        ]
      );
      return this._runTask(s, r2);
    }
  };
  function t2(e) {
    return !G2(e) && b2(
      "git.commit: requires the commit message to be supplied as a string/string[]"
    );
  }
}
function qn() {
  return {
    count: 0,
    garbage: 0,
    inPack: 0,
    packs: 0,
    prunePackable: 0,
    size: 0,
    sizeGarbage: 0,
    sizePack: 0
  };
}
var Wn = new l2(
  /([a-z-]+): (\d+)$/,
  (t2, [e, n]) => {
    const r2 = jt(e);
    Object.hasOwn(t2, r2) && (t2[r2] = p(n));
  }
);
function Hn() {
  return {
    countObjects() {
      return this._runTask({
        commands: ["count-objects", "--verbose"],
        format: "utf-8",
        parser(t2) {
          return E2(qn(), [Wn], t2);
        }
      });
    }
  };
}
function Kn() {
  return {
    firstCommit() {
      return this._runTask(
        g(["rev-list", "--max-parents=0", "HEAD"], true),
        u(arguments)
      );
    }
  };
}
function Vn(t2, e) {
  const n = ["hash-object", t2];
  return e && n.push("-w"), g(n, true);
}
var J2 = class {
  constructor(e, n, r2, s) {
    this.bare = e, this.path = n, this.existing = r2, this.gitDir = s;
  }
};
var Xn = /^Init.+ repository in (.+)$/;
var Yn = /^Rein.+ in (.+)$/;
function Qn(t2, e, n) {
  const r2 = String(n).trim();
  let s;
  if (s = Xn.exec(r2))
    return new J2(t2, e, false, s[1]);
  if (s = Yn.exec(r2))
    return new J2(t2, e, true, s[1]);
  let o2 = "";
  const i = r2.split(" ");
  for (; i.length; )
    if (i.shift() === "in") {
      o2 = i.join(" ");
      break;
    }
  return new J2(t2, e, /^re/i.test(r2), o2);
}
var Qt = "--bare";
function Jn(t2) {
  return t2.includes(Qt);
}
function Zn(t2 = false, e, n) {
  const r2 = ["init", ...n];
  return t2 && !Jn(r2) && r2.splice(1, 0, Qt), {
    commands: r2,
    format: "utf-8",
    parser(s) {
      return Qn(r2.includes("--bare"), e, s);
    }
  };
}
function tr(t2) {
  return t2 === void 0 ? b2("interpretTrailers called without input content") : {
    format: "utf-8",
    parser(e) {
      return Object.fromEntries(
        ut(e, (n) => {
          const r2 = n.indexOf(":");
          return [
            jt(n.substring(0, r2).toLowerCase()),
            n.substring(r2 + 2).trim()
          ];
        })
      );
    },
    commands: ["interpret-trailers", "--parse"],
    input: t2
  };
}
function er() {
  return {
    interpretTrailers(t2) {
      return this._runTask(
        tr(d(t2, Be)),
        u(arguments)
      );
    }
  };
}
var R2 = /* @__PURE__ */ ((t2) => (t2.NONE = "", t2.STAT = "--stat", t2.NUM_STAT = "--numstat", t2.NAME_ONLY = "--name-only", t2.NAME_STATUS = "--name-status", t2))(R2 || {});
var Jt = /^--(stat|numstat|name-only|name-status)(=|$)/;
function pt(t2) {
  for (let e = 0; e < t2.length; e++) {
    const n = Jt.exec(t2[e]);
    if (n)
      return `--${n[1]}`;
  }
  return "";
}
function nr(t2) {
  return Jt.test(t2);
}
var rr = class {
  constructor() {
    this.changed = 0, this.deletions = 0, this.insertions = 0, this.files = [];
  }
};
var Ot = [
  new l2(
    /^(.+)\s+\|\s+(\d+)(\s+[+\-]+)?$/,
    (t2, [e, n, r2 = ""]) => {
      t2.files.push({
        file: e.trim(),
        changes: p(n),
        insertions: r2.replace(/[^+]/g, "").length,
        deletions: r2.replace(/[^-]/g, "").length,
        binary: false
      });
    }
  ),
  new l2(
    /^(.+) \|\s+Bin ([0-9.]+) -> ([0-9.]+) ([a-z]+)/,
    (t2, [e, n, r2]) => {
      t2.files.push({
        file: e.trim(),
        before: p(n),
        after: p(r2),
        binary: true
      });
    }
  ),
  new l2(/^(.+)\s+\|\s+Bin\s*$/, (t2, [e]) => {
    t2.files.push({
      file: e.trim(),
      before: 0,
      after: 0,
      binary: true
    });
  }),
  new l2(
    /(\d+) files? changed\s*((?:, \d+ [^,]+){0,2})/,
    (t2, [e, n]) => {
      const r2 = /(\d+) i/.exec(n), s = /(\d+) d/.exec(n);
      t2.changed = p(e), t2.insertions = p(r2?.[1]), t2.deletions = p(s?.[1]);
    }
  )
];
var sr = [
  new l2(
    /(\d+)\t(\d+)\t(.+)$/,
    (t2, [e, n, r2]) => {
      const s = p(e), o2 = p(n);
      t2.changed++, t2.insertions += s, t2.deletions += o2, t2.files.push({
        file: r2,
        changes: s + o2,
        insertions: s,
        deletions: o2,
        binary: false
      });
    }
  ),
  new l2(/-\t-\t(.+)$/, (t2, [e]) => {
    t2.changed++, t2.files.push({
      file: e,
      after: 0,
      before: 0,
      binary: true
    });
  })
];
var or = [
  new l2(/(.+)$/, (t2, [e]) => {
    t2.changed++, t2.files.push({
      file: e,
      changes: 0,
      insertions: 0,
      deletions: 0,
      binary: false
    });
  })
];
var ir = [
  new l2(
    /([ACDMRTUXB])([0-9]{0,3})\t(.[^\t]*)(\t(.[^\t]*))?$/,
    (t2, [e, n, r2, s, o2]) => {
      t2.changed++, t2.files.push({
        file: o2 ?? r2,
        changes: 0,
        insertions: 0,
        deletions: 0,
        binary: false,
        status: bt(_n(e) && e),
        from: bt(!!o2 && r2 !== o2 && r2),
        similarity: p(n)
      });
    }
  )
];
var ar = {
  [R2.NONE]: Ot,
  [R2.STAT]: Ot,
  [R2.NUM_STAT]: sr,
  [R2.NAME_STATUS]: ir,
  [R2.NAME_ONLY]: or
};
function Zt(t2 = R2.NONE) {
  const e = ar[t2];
  return (n) => E2(new rr(), e, n, false);
}
var te = "\xF2\xF2\xF2\xF2\xF2\xF2 ";
var ee2 = " \xF2\xF2";
var ne2 = " \xF2 ";
var ur = ["hash", "date", "message", "refs", "author_name", "author_email"];
function cr(t2, e) {
  return e.reduce(
    (n, r2, s) => (n[r2] = t2[s] || "", n),
    /* @__PURE__ */ Object.create({ diff: null })
  );
}
function re(t2 = ne2, e = ur, n = R2.NONE) {
  const r2 = Zt(n);
  return function(s) {
    const o2 = H2(
      s.trim(),
      false,
      te
    ).map(function(i) {
      const a = i.split(ee2), c3 = cr(a[0].split(t2), e);
      return a.length > 1 && a[1].trim() && (c3.diff = r2(a[1])), c3;
    });
    return {
      all: o2,
      latest: o2.length && o2[0] || null,
      total: o2.length
    };
  };
}
function fr(t2) {
  let e = pt(t2);
  const n = ["diff"];
  return e === R2.NONE && (e = R2.STAT, n.push("--stat=4096")), n.push(...t2), dt(n) || {
    commands: n,
    format: "utf-8",
    parser: Zt(e)
  };
}
function dt(t2) {
  const e = t2.filter(nr);
  if (e.length > 1)
    return b2(
      `Summary flags are mutually exclusive - pick one of ${e.join(",")}`
    );
  if (e.length && t2.includes("-z"))
    return b2(
      `Summary flag ${e} parsing is not compatible with null termination option '-z'`
    );
}
var se = /* @__PURE__ */ ((t2) => (t2[t2["--pretty"] = 0] = "--pretty", t2[t2["max-count"] = 1] = "max-count", t2[t2.maxCount = 2] = "maxCount", t2[t2.n = 3] = "n", t2[t2.file = 4] = "file", t2[t2.format = 5] = "format", t2[t2.from = 6] = "from", t2[t2.to = 7] = "to", t2[t2.splitter = 8] = "splitter", t2[t2.symmetric = 9] = "symmetric", t2[t2.mailMap = 10] = "mailMap", t2[t2.multiLine = 11] = "multiLine", t2[t2.strictDate = 12] = "strictDate", t2))(se || {});
function lr(t2, e) {
  const n = [], r2 = [];
  return Object.keys(t2).forEach((s) => {
    n.push(s), r2.push(String(t2[s]));
  }), [n, r2.join(e)];
}
function hr(t2) {
  return Object.keys(t2).reduce((e, n) => (n in se || (e[n] = t2[n]), e), {});
}
function oe2(t2 = {}, e = []) {
  const n = d(t2.splitter, m, ne2), r2 = lt(t2.format) ? t2.format : {
    hash: "%H",
    date: t2.strictDate === false ? "%ai" : "%aI",
    message: "%s",
    refs: "%D",
    body: t2.multiLine ? "%B" : "%b",
    author_name: t2.mailMap !== false ? "%aN" : "%an",
    author_email: t2.mailMap !== false ? "%aE" : "%ae"
  }, [s, o2] = lr(r2, n), i = [], a = [
    `--pretty=format:${te}${o2}${ee2}`,
    ...e
  ], c3 = t2.n || t2["max-count"] || t2.maxCount;
  if (c3 && a.push(`--max-count=${c3}`), t2.from || t2.to) {
    const y2 = t2.symmetric !== false ? "..." : "..";
    i.push(`${t2.from || ""}${y2}${t2.to || ""}`);
  }
  return m(t2.file) && a.push("--follow", c(t2.file)), It(hr(t2), a), {
    fields: s,
    splitter: n,
    commands: [...a, ...i]
  };
}
function mr(t2, e, n) {
  const r2 = re(t2, e, pt(n));
  return {
    commands: ["log", ...n],
    format: "utf-8",
    parser: r2
  };
}
function pr() {
  return {
    log(...n) {
      const r2 = u(arguments), s = oe2(
        ht(arguments),
        L2(d(arguments[0], K2, []))
      ), o2 = e(...n) || dt(s.commands) || t2(s);
      return this._runTask(o2, r2);
    }
  };
  function t2(n) {
    return mr(n.splitter, n.fields, n.commands);
  }
  function e(n, r2) {
    return m(n) && m(r2) && b2(
      "git.log(string, string) should be replaced with git.log({ from: string, to: string })"
    );
  }
}
var Z2 = class {
  constructor(e, n = null, r2) {
    this.reason = e, this.file = n, this.meta = r2;
  }
  toString() {
    return `${this.file}:${this.reason}`;
  }
};
var dr = class {
  constructor() {
    this.conflicts = [], this.merges = [], this.result = "success";
  }
  get failed() {
    return this.conflicts.length > 0;
  }
  get reason() {
    return this.result;
  }
  toString() {
    return this.conflicts.length ? `CONFLICTS: ${this.conflicts.join(", ")}` : "OK";
  }
};
var ie = class {
  constructor() {
    this.remoteMessages = {
      all: []
    }, this.created = [], this.deleted = [], this.files = [], this.deletions = {}, this.insertions = {}, this.summary = {
      changes: 0,
      deletions: 0,
      insertions: 0
    };
  }
};
var gr = class {
  constructor() {
    this.remote = "", this.hash = {
      local: "",
      remote: ""
    }, this.branch = {
      local: "",
      remote: ""
    }, this.message = "";
  }
  toString() {
    return this.message;
  }
};
function tt(t2) {
  return t2.objects = t2.objects || {
    compressing: 0,
    counting: 0,
    enumerating: 0,
    packReused: 0,
    reused: { count: 0, delta: 0 },
    total: { count: 0, delta: 0 }
  };
}
function Ct(t2) {
  const e = /^\s*(\d+)/.exec(t2), n = /delta (\d+)/i.exec(t2);
  return {
    count: p(e && e[1] || "0"),
    delta: p(n && n[1] || "0")
  };
}
var yr = [
  new x2(
    /^remote:\s*(enumerating|counting|compressing) objects: (\d+),/i,
    (t2, [e, n]) => {
      const r2 = e.toLowerCase(), s = tt(t2.remoteMessages);
      Object.assign(s, { [r2]: p(n) });
    }
  ),
  new x2(
    /^remote:\s*(enumerating|counting|compressing) objects: \d+% \(\d+\/(\d+)\),/i,
    (t2, [e, n]) => {
      const r2 = e.toLowerCase(), s = tt(t2.remoteMessages);
      Object.assign(s, { [r2]: p(n) });
    }
  ),
  new x2(
    /total ([^,]+), reused ([^,]+), pack-reused (\d+)/i,
    (t2, [e, n, r2]) => {
      const s = tt(t2.remoteMessages);
      s.total = Ct(e), s.reused = Ct(n), s.packReused = p(r2);
    }
  )
];
var wr = [
  new x2(/^remote:\s*(.+)$/, (t2, [e]) => (t2.remoteMessages.all.push(e.trim()), false)),
  ...yr,
  new x2(
    [/create a (?:pull|merge) request/i, /\s(https?:\/\/\S+)$/],
    (t2, [e]) => {
      t2.remoteMessages.pullRequestUrl = e;
    }
  ),
  new x2(
    [/found (\d+) vulnerabilities.+\(([^)]+)\)/i, /\s(https?:\/\/\S+)$/],
    (t2, [e, n, r2]) => {
      t2.remoteMessages.vulnerabilities = {
        count: p(e),
        summary: n,
        url: r2
      };
    }
  )
];
function ae(t2, e) {
  return E2({ remoteMessages: new br() }, wr, e);
}
var br = class {
  constructor() {
    this.all = [];
  }
};
var Tr = /^\s*(.+?)\s+\|\s+\d+\s*(\+*)(-*)/;
var kr = /(\d+)\D+((\d+)\D+\(\+\))?(\D+(\d+)\D+\(-\))?/;
var _r = /^(create|delete) mode \d+ (.+)/;
var vr = [
  new l2(Tr, (t2, [e, n, r2]) => {
    t2.files.push(e), n && (t2.insertions[e] = n.length), r2 && (t2.deletions[e] = r2.length);
  }),
  new l2(kr, (t2, [e, , n, , r2]) => n !== void 0 || r2 !== void 0 ? (t2.summary.changes = +e || 0, t2.summary.insertions = +n || 0, t2.summary.deletions = +r2 || 0, true) : false),
  new l2(_r, (t2, [e, n]) => {
    S2(t2.files, n), S2(e === "create" ? t2.created : t2.deleted, n);
  })
];
var Er = [
  new l2(/^from\s(.+)$/i, (t2, [e]) => {
    t2.remote = e;
  }),
  new l2(/^fatal:\s(.+)$/, (t2, [e]) => {
    t2.message = e;
  }),
  new l2(
    /([a-z0-9]+)\.\.([a-z0-9]+)\s+(\S+)\s+->\s+(\S+)$/,
    (t2, [e, n, r2, s]) => {
      t2.branch.local = r2, t2.hash.local = e, t2.branch.remote = s, t2.hash.remote = n;
    }
  )
];
var Sr = (t2, e) => E2(new ie(), vr, [t2, e]);
var ue = (t2, e) => Object.assign(
  new ie(),
  Sr(t2, e),
  ae(t2, e)
);
function Rr(t2, e) {
  const n = E2(new gr(), Er, [t2, e]);
  return n.message && n;
}
var Or = [
  new l2(/^Auto-merging\s+(.+)$/, (t2, [e]) => {
    t2.merges.push(e);
  }),
  new l2(/^CONFLICT\s+\((.+)\): Merge conflict in (.+)$/, (t2, [e, n]) => {
    t2.conflicts.push(new Z2(e, n));
  }),
  new l2(
    /^CONFLICT\s+\((.+\/delete)\): (.+) deleted in (.+) and/,
    (t2, [e, n, r2]) => {
      t2.conflicts.push(new Z2(e, n, { deleteRef: r2 }));
    }
  ),
  new l2(/^CONFLICT\s+\((.+)\):/, (t2, [e]) => {
    t2.conflicts.push(new Z2(e, null));
  }),
  new l2(/^Automatic merge failed;\s+(.+)$/, (t2, [e]) => {
    t2.result = e;
  })
];
var Cr = (t2, e) => Object.assign(Ar(t2), ue(t2, e));
var Ar = (t2) => E2(new dr(), Or, t2);
function At(t2) {
  return t2.length ? {
    commands: ["merge", ...t2],
    format: "utf-8",
    parser(e, n) {
      const r2 = Cr(e, n);
      if (r2.failed)
        throw new at(r2);
      return r2;
    }
  } : b2("Git.merge requires at least one option");
}
function xr(t2, e, n) {
  const r2 = n.includes("deleted"), s = n.includes("tag") || /^refs\/tags/.test(t2), o2 = !n.includes("new");
  return {
    deleted: r2,
    tag: s,
    branch: !s,
    new: !o2,
    alreadyUpdated: o2,
    local: t2,
    remote: e
  };
}
var Nr = [
  new l2(/^Pushing to (.+)$/, (t2, [e]) => {
    t2.repo = e;
  }),
  new l2(/^updating local tracking ref '(.+)'/, (t2, [e]) => {
    t2.ref = {
      ...t2.ref || {},
      local: e
    };
  }),
  new l2(/^[=*-]\s+([^:]+):(\S+)\s+\[(.+)]$/, (t2, [e, n, r2]) => {
    t2.pushed.push(xr(e, n, r2));
  }),
  new l2(
    /^Branch '([^']+)' set up to track remote branch '([^']+)' from '([^']+)'/,
    (t2, [e, n, r2]) => {
      t2.branch = {
        ...t2.branch || {},
        local: e,
        remote: n,
        remoteName: r2
      };
    }
  ),
  new l2(
    /^([^:]+):(\S+)\s+([a-z0-9]+)\.\.([a-z0-9]+)$/,
    (t2, [e, n, r2, s]) => {
      t2.update = {
        head: {
          local: e,
          remote: n
        },
        hash: {
          from: r2,
          to: s
        }
      };
    }
  )
];
var $r = (t2, e) => {
  const n = Pr(t2, e), r2 = ae(t2, e);
  return {
    ...n,
    ...r2
  };
};
var Pr = (t2, e) => E2({ pushed: [] }, Nr, [t2, e]);
function Mr(t2 = {}, e) {
  return S2(e, "--tags"), ce(t2, e);
}
function ce(t2 = {}, e) {
  const n = ["push", ...e];
  return t2.branch && n.splice(1, 0, t2.branch), t2.remote && n.splice(1, 0, t2.remote), ct(n, "-v"), S2(n, "--verbose"), S2(n, "--porcelain"), {
    commands: n,
    format: "utf-8",
    parser: $r
  };
}
function Dr() {
  return {
    showBuffer() {
      const t2 = ["show", ...h2(arguments, 1)];
      return t2.includes("--binary") || t2.splice(1, 0, "--binary"), this._runTask(
        Gt(t2),
        u(arguments)
      );
    },
    show() {
      const t2 = ["show", ...h2(arguments, 1)];
      return this._runTask(
        g(t2),
        u(arguments)
      );
    }
  };
}
var Lr = /^(.+)\0(.+)$/;
var jr = class {
  constructor(e, n, r2) {
    if (this.path = e, this.index = n, this.working_dir = r2, n === "R" || r2 === "R") {
      const s = Lr.exec(e) || [null, e, e];
      this.from = s[2] || "", this.path = s[1] || "";
    }
  }
};
var Br = class {
  constructor() {
    this.not_added = [], this.conflicted = [], this.created = [], this.deleted = [], this.ignored = void 0, this.modified = [], this.renamed = [], this.files = [], this.staged = [], this.ahead = 0, this.behind = 0, this.current = null, this.tracking = null, this.detached = false, this.isClean = () => !this.files.length;
  }
};
function xt(t2) {
  const [e, n] = t2.split(I2);
  return {
    from: n || e,
    to: e
  };
}
function _2(t2, e, n) {
  return [`${t2}${e}`, n];
}
function et(t2, ...e) {
  return e.map((n) => _2(t2, n, (r2, s) => r2.conflicted.push(s)));
}
var Ir = new Map([
  _2(
    " ",
    "A",
    (t2, e) => t2.created.push(e)
  ),
  _2(
    " ",
    "D",
    (t2, e) => t2.deleted.push(e)
  ),
  _2(
    " ",
    "M",
    (t2, e) => t2.modified.push(e)
  ),
  _2("A", " ", (t2, e) => {
    t2.created.push(e), t2.staged.push(e);
  }),
  _2("A", "M", (t2, e) => {
    t2.created.push(e), t2.staged.push(e), t2.modified.push(e);
  }),
  _2("D", " ", (t2, e) => {
    t2.deleted.push(e), t2.staged.push(e);
  }),
  _2("M", " ", (t2, e) => {
    t2.modified.push(e), t2.staged.push(e);
  }),
  _2("M", "M", (t2, e) => {
    t2.modified.push(e), t2.staged.push(e);
  }),
  _2("R", " ", (t2, e) => {
    t2.renamed.push(xt(e));
  }),
  _2("R", "M", (t2, e) => {
    const n = xt(e);
    t2.renamed.push(n), t2.modified.push(n.to);
  }),
  _2("!", "!", (t2, e) => {
    (t2.ignored = t2.ignored || []).push(e);
  }),
  _2(
    "?",
    "?",
    (t2, e) => t2.not_added.push(e)
  ),
  ...et(
    "A",
    "A",
    "U"
    /* UNMERGED */
  ),
  ...et(
    "D",
    "D",
    "U"
    /* UNMERGED */
  ),
  ...et(
    "U",
    "A",
    "D",
    "U"
    /* UNMERGED */
  ),
  [
    "##",
    (t2, e) => {
      const n = /ahead (\d+)/, r2 = /behind (\d+)/, s = /^(.+?(?=(?:\.{3}|\s|$)))/, o2 = /\.{3}(\S*)/, i = /\son\s(\S+?)(?=\.{3}|$)/;
      let a = n.exec(e);
      t2.ahead = a && +a[1] || 0, a = r2.exec(e), t2.behind = a && +a[1] || 0, a = s.exec(e), t2.current = d(a?.[1], m, null), a = o2.exec(e), t2.tracking = d(a?.[1], m, null), a = i.exec(e), a && (t2.current = d(a?.[1], m, t2.current)), t2.detached = /\(no branch\)/.test(e);
    }
  ]
]);
var Ur = function(t2) {
  const e = t2.split(I2), n = new Br();
  for (let r2 = 0, s = e.length; r2 < s; ) {
    let o2 = e[r2++].trim();
    o2 && (o2.charAt(0) === "R" && (o2 += I2 + (e[r2++] || "")), Fr(n, o2));
  }
  return n;
};
function Fr(t2, e) {
  const n = e.trim();
  switch (" ") {
    case n.charAt(2):
      return r2(n.charAt(0), n.charAt(1), n.slice(3));
    case n.charAt(1):
      return r2(" ", n.charAt(0), n.slice(2));
    default:
      return;
  }
  function r2(s, o2, i) {
    const a = `${s}${o2}`, c3 = Ir.get(a);
    c3 && c3(t2, i), a !== "##" && a !== "!!" && t2.files.push(new jr(i, s, o2));
  }
}
var Gr = ["--null", "-z"];
function zr(t2) {
  return {
    format: "utf-8",
    commands: [
      "status",
      "--porcelain",
      "-b",
      "-u",
      "--null",
      ...t2.filter((n) => !Gr.includes(n))
    ],
    parser(n) {
      return Ur(n);
    }
  };
}
var fe = "installed=false";
function q2(t2 = 0, e = 0, n = 0, r2 = "", s = true) {
  return Object.defineProperty(
    {
      major: t2,
      minor: e,
      patch: n,
      agent: r2,
      installed: s
    },
    "toString",
    {
      value() {
        return `${this.major}.${this.minor}.${this.patch}`;
      },
      configurable: false,
      enumerable: false
    }
  );
}
function qr() {
  return q2(0, 0, 0, "", false);
}
function Wr() {
  return {
    version() {
      return this._runTask({
        commands: ["--version"],
        format: "utf-8",
        parser: Kr,
        onError(t2, e, n, r2) {
          if (t2.exitCode === V2.NOT_FOUND)
            return n(Buffer.from(fe));
          r2(e);
        }
      });
    }
  };
}
var Hr = [
  new l2(
    /version (\d+)\.(\d+)\.(\d+)(?:\s*\((.+)\))?/,
    (t2, [e, n, r2, s = ""]) => {
      Object.assign(
        t2,
        q2(p(e), p(n), p(r2), s)
      );
    }
  ),
  new l2(
    /version (\d+)\.(\d+)\.(\D+)(.+)?$/,
    (t2, [e, n, r2, s = ""]) => {
      Object.assign(t2, q2(p(e), p(n), r2, s));
    }
  )
];
function Kr(t2) {
  return t2 === fe ? qr() : E2(q2(0, 0, 0, t2), Hr, t2);
}
var le = class {
  constructor(e) {
    this._executor = e;
  }
  _runTask(e, n) {
    const r2 = this._executor.chain(), s = r2.push(e);
    return n && Ln(e, s, n), Object.create(this, {
      then: { value: s.then.bind(s) },
      catch: { value: s.catch.bind(s) },
      _executor: { value: r2 }
    });
  }
  add(e) {
    return this._runTask(
      g(["add", ...v(e)]),
      u(arguments)
    );
  }
  cwd(e) {
    const n = u(arguments);
    return typeof e == "string" ? this._runTask(St(e, this._executor), n) : typeof e?.path == "string" ? this._runTask(
      St(
        e.path,
        e.root && this._executor || void 0
      ),
      n
    ) : this._runTask(
      b2("Git.cwd: workingDirectory must be supplied as a string"),
      n
    );
  }
  hashObject(e, n) {
    return this._runTask(
      Vn(e, n === true),
      u(arguments)
    );
  }
  init(e) {
    return this._runTask(
      Zn(e === true, this._executor.cwd, h2(arguments)),
      u(arguments)
    );
  }
  merge() {
    return this._runTask(
      At(h2(arguments)),
      u(arguments)
    );
  }
  mergeFromTo(e, n) {
    return m(e) && m(n) ? this._runTask(
      At([e, n, ...h2(arguments)]),
      u(arguments, false)
    ) : this._runTask(
      b2(
        "Git.mergeFromTo requires that the 'remote' and 'branch' arguments are supplied as strings"
      )
    );
  }
  outputHandler(e) {
    return this._executor.outputHandler = e, this;
  }
  push() {
    const e = ce(
      {
        remote: d(arguments[0], m),
        branch: d(arguments[1], m)
      },
      h2(arguments)
    );
    return this._runTask(e, u(arguments));
  }
  stash() {
    return this._runTask(
      g(["stash", ...h2(arguments)]),
      u(arguments)
    );
  }
  status() {
    return this._runTask(
      zr(h2(arguments)),
      u(arguments)
    );
  }
};
Object.assign(
  le.prototype,
  jn(),
  In(),
  zn(),
  Tn(),
  Hn(),
  Kn(),
  On(),
  er(),
  pr(),
  Dr(),
  Wr()
);
var Vr = /* @__PURE__ */ (() => {
  let t2 = 0;
  return () => {
    t2++;
    const { promise: e, done: n } = (0, import_promise_deferred.createDeferred)();
    return {
      promise: e,
      done: n,
      id: t2
    };
  };
})();
var Xr = class {
  constructor(e = 2) {
    this.concurrency = e, this.logger = $2("", "scheduler"), this.pending = [], this.running = [], this.logger("Constructed, concurrency=%s", e);
  }
  schedule() {
    if (!this.pending.length || this.running.length >= this.concurrency) {
      this.logger(
        "Schedule attempt ignored, pending=%s running=%s concurrency=%s",
        this.pending.length,
        this.running.length,
        this.concurrency
      );
      return;
    }
    const e = S2(this.running, this.pending.shift());
    this.logger("Attempting id=%s", e.id), e.done(() => {
      this.logger("Completing id=", e.id), ct(this.running, e), this.schedule();
    });
  }
  next() {
    const { promise: e, id: n } = S2(this.pending, Vr());
    return this.logger("Scheduling id=%s", n), this.schedule(), e;
  }
};
function Yr(t2, e) {
  return g(["apply", ...e, ...t2]);
}
var he = /* @__PURE__ */ ((t2) => (t2.CURRENT = "*", t2.LINKED = "+", t2))(he || {});
var Qr = class {
  constructor() {
    this.all = [], this.branches = {}, this.current = "", this.detached = false;
  }
  push(e, n, r2, s, o2) {
    e === "*" && (this.detached = n, this.current = r2), this.all.push(r2), this.branches[r2] = {
      current: e === "*",
      linkedWorkTree: e === "+",
      name: r2,
      commit: s,
      label: o2
    };
  }
};
var Jr = [
  new l2(
    /^([*+]\s)?\((?:HEAD )?detached (?:from|at) (\S+)\)\s+([a-z0-9]+)\s(.*)$/,
    (t2, [e, n, r2, s]) => {
      t2.push(Nt(e), true, n, r2, s);
    }
  ),
  new l2(
    /^([*+]\s)?(\S+)\s+([a-z0-9]+)\s?(.*)$/s,
    (t2, [e, n, r2, s]) => {
      t2.push(Nt(e), false, n, r2, s);
    }
  )
];
var Zr = new l2(/^(\S+)$/s, (t2, [e]) => {
  t2.push(he.CURRENT, false, e, "", "");
});
function Nt(t2) {
  return t2 ? t2.charAt(0) : "";
}
function me(t2, e = false) {
  return E2(
    new Qr(),
    e ? [Zr] : Jr,
    t2
  );
}
var ts = class {
  constructor() {
    this.all = [], this.branches = {}, this.errors = [];
  }
  get success() {
    return !this.errors.length;
  }
};
function es(t2, e) {
  return {
    branch: t2,
    hash: e,
    success: true
  };
}
function ns(t2) {
  return {
    branch: t2,
    hash: null,
    success: false
  };
}
var rs = /(\S+)\s+\(\S+\s([^)]+)\)/;
var pe = /^error[^']+'([^']+)'/m;
var ss = [
  new l2(rs, (t2, [e, n]) => {
    const r2 = es(e, n);
    t2.all.push(r2), t2.branches[e] = r2;
  }),
  new l2(pe, (t2, [e]) => {
    const n = ns(e);
    t2.errors.push(n), t2.all.push(n), t2.branches[e] = n;
  })
];
var gt = (t2, e) => E2(new ts(), ss, [t2, e]);
function de(t2, e) {
  return e === V2.ERROR && pe.test(t2);
}
function os(t2) {
  const e = ["-d", "-D", "--delete"];
  return t2.some((n) => e.includes(n));
}
function is(t2) {
  const e = os(t2), n = t2.includes("--show-current"), r2 = ["branch", ...t2];
  return r2.length === 1 && r2.push("-a"), r2.includes("-v") || r2.splice(1, 0, "-v"), {
    format: "utf-8",
    commands: r2,
    parser(s, o2) {
      return e ? gt(s, o2).all[0] : me(s, n);
    }
  };
}
function as() {
  return {
    format: "utf-8",
    commands: ["branch", "-v"],
    parser(t2) {
      return me(t2);
    }
  };
}
function us(t2, e = false) {
  return {
    format: "utf-8",
    commands: ["branch", "-v", e ? "-D" : "-d", ...t2],
    parser(n, r2) {
      return gt(n, r2);
    },
    onError({ exitCode: n, stdOut: r2 }, s, o2, i) {
      if (!de(String(s), n))
        return i(s);
      o2(r2);
    }
  };
}
function cs(t2, e = false) {
  const n = {
    format: "utf-8",
    commands: ["branch", "-v", e ? "-D" : "-d", t2],
    parser(r2, s) {
      return gt(r2, s).branches[t2];
    },
    onError({ exitCode: r2, stdErr: s, stdOut: o2 }, i, a, c3) {
      if (!de(String(i), r2))
        return c3(i);
      throw new at(
        n.parser(F2(o2), F2(s)),
        String(i)
      );
    }
  };
  return n;
}
function fs(t2) {
  return {
    commands: ["check-ignore", ...t2],
    format: "utf-8",
    parser: ls
  };
}
function ls(t2) {
  return t2.split(/\n/g).map(hs).filter(Boolean);
}
function hs(t2) {
  const e = t2.trim().replace(/^["']|["']$/g, "");
  return e && Se(e);
}
var ms = [
  new l2(/From (.+)$/, (t2, [e]) => {
    t2.remote = e;
  }),
  new l2(/\* \[new branch]\s+(\S+)\s*-> (.+)$/, (t2, [e, n]) => {
    t2.branches.push({
      name: e,
      tracking: n
    });
  }),
  new l2(/\* \[new tag]\s+(\S+)\s*-> (.+)$/, (t2, [e, n]) => {
    t2.tags.push({
      name: e,
      tracking: n
    });
  }),
  new l2(/- \[deleted]\s+\S+\s*-> (.+)$/, (t2, [e]) => {
    t2.deleted.push({
      tracking: e
    });
  }),
  new l2(
    /\s*([^.]+)\.\.(\S+)\s+(\S+)\s*-> (.+)$/,
    (t2, [e, n, r2, s]) => {
      t2.updated.push({
        name: r2,
        tracking: s,
        to: n,
        from: e
      });
    }
  )
];
function ps(t2, e) {
  return E2({
    raw: t2,
    remote: null,
    branches: [],
    tags: [],
    updated: [],
    deleted: []
  }, ms, [t2, e]);
}
function ds(t2) {
  return /^--upload-pack(=|$)/.test(t2);
}
function gs(t2, e, n) {
  const r2 = ["fetch", ...n];
  return t2 && e && r2.push(t2, e), r2.find(ds) ? b2("git.fetch: potential exploit argument blocked.") : {
    commands: r2,
    format: "utf-8",
    parser: ps
  };
}
var ys = [
  new l2(/^Renaming (.+) to (.+)$/, (t2, [e, n]) => {
    t2.moves.push({ from: e, to: n });
  })
];
function ws(t2) {
  return E2({ moves: [] }, ys, t2);
}
function bs(t2, e) {
  return {
    commands: ["mv", "-v", ...v(t2), e],
    format: "utf-8",
    parser: ws
  };
}
function Ts(t2, e, n) {
  const r2 = ["pull", ...n];
  return t2 && e && r2.splice(1, 0, t2, e), {
    commands: r2,
    format: "utf-8",
    parser(s, o2) {
      return ue(s, o2);
    },
    onError(s, o2, i, a) {
      const c3 = Rr(
        F2(s.stdOut),
        F2(s.stdErr)
      );
      if (c3)
        return a(new at(c3));
      a(o2);
    }
  };
}
function ks(t2) {
  const e = {};
  return ge(t2, ([n]) => e[n] = { name: n }), Object.values(e);
}
function _s(t2) {
  const e = {};
  return ge(t2, ([n, r2, s]) => {
    Object.hasOwn(e, n) || (e[n] = {
      name: n,
      refs: { fetch: "", push: "" }
    }), s && r2 && (e[n].refs[s.replace(/[^a-z]/g, "")] = r2);
  }), Object.values(e);
}
function ge(t2, e) {
  ut(t2, (n) => e(n.split(/\s+/)));
}
function vs(t2, e, n) {
  return g(["remote", "add", ...n, t2, e]);
}
function Es(t2) {
  const e = ["remote"];
  return t2 && e.push("-v"), {
    commands: e,
    format: "utf-8",
    parser: t2 ? _s : ks
  };
}
function Ss(t2) {
  const e = [...t2];
  return e[0] !== "ls-remote" && e.unshift("ls-remote"), g(e);
}
function Rs(t2) {
  const e = [...t2];
  return e[0] !== "remote" && e.unshift("remote"), g(e);
}
function Os(t2) {
  return g(["remote", "remove", t2]);
}
function Cs(t2 = {}, e) {
  const n = oe2(t2), r2 = ["stash", "list", ...n.commands, ...e], s = re(
    n.splitter,
    n.fields,
    pt(r2)
  );
  return dt(r2) || {
    commands: r2,
    format: "utf-8",
    parser: s
  };
}
function As(t2, e) {
  return X2(["add", t2, e]);
}
function xs(t2) {
  return X2(["init", ...t2]);
}
function X2(t2) {
  const e = [...t2];
  return e[0] !== "submodule" && e.unshift("submodule"), g(e);
}
function Ns(t2) {
  return X2(["update", ...t2]);
}
var $s = class {
  constructor(e, n) {
    this.all = e, this.latest = n;
  }
};
var Ps = function(t2, e = false) {
  const n = t2.split(`
`).map(Ds).filter(Boolean);
  e || n.sort(function(s, o2) {
    const i = s.split("."), a = o2.split(".");
    if (i.length === 1 || a.length === 1)
      return Ms(B2(i[0]), B2(a[0]));
    for (let c3 = 0, y2 = Math.max(i.length, a.length); c3 < y2; c3++) {
      const w2 = ye(B2(i[c3]), B2(a[c3]));
      if (w2)
        return w2;
    }
    return 0;
  });
  const r2 = e ? n[0] : [...n].reverse().find((s) => s.indexOf(".") >= 0);
  return new $s(n, r2);
};
function Ms(t2, e) {
  const n = Number.isNaN(t2), r2 = Number.isNaN(e);
  return n !== r2 ? n ? 1 : -1 : n ? ye(t2, e) : 0;
}
function ye(t2, e) {
  return t2 === e ? 0 : t2 > e ? 1 : -1;
}
function Ds(t2) {
  return t2.trim();
}
function B2(t2) {
  return typeof t2 == "string" && parseInt(t2.replace(/^\D+/g, ""), 10) || 0;
}
function Ls(t2 = []) {
  const e = t2.some((n) => /^--sort=/.test(n));
  return {
    format: "utf-8",
    commands: ["tag", "-l", ...t2],
    parser(n) {
      return Ps(n, e);
    }
  };
}
function js(t2) {
  return {
    format: "utf-8",
    commands: ["tag", t2],
    parser() {
      return { name: t2 };
    }
  };
}
function Bs(t2, e) {
  return {
    format: "utf-8",
    commands: ["tag", "-a", "-m", e, t2],
    parser() {
      return { name: t2 };
    }
  };
}
function f2(t2, e) {
  this._plugins = e, this._executor = new Dn(
    t2.baseDir,
    new Xr(t2.maxConcurrentProcesses),
    e
  ), this._trimmed = t2.trimmed;
}
(f2.prototype = Object.create(le.prototype)).constructor = f2;
f2.prototype.customBinary = function(t2) {
  return this._plugins.reconfigure("binary", t2), this;
};
f2.prototype.env = function(t2, e) {
  return arguments.length === 1 && typeof t2 == "object" ? this._executor.env = t2 : (this._executor.env = this._executor.env || {})[t2] = e, this;
};
f2.prototype.stashList = function(t2) {
  return this._runTask(
    Cs(
      ht(arguments) || {},
      K2(t2) && t2 || []
    ),
    u(arguments)
  );
};
f2.prototype.mv = function(t2, e) {
  return this._runTask(bs(t2, e), u(arguments));
};
f2.prototype.checkoutLatestTag = function(t2) {
  var e = this;
  return this.pull(function() {
    e.tags(function(n, r2) {
      e.checkout(r2.latest, t2);
    });
  });
};
f2.prototype.pull = function(t2, e, n, r2) {
  return this._runTask(
    Ts(
      d(t2, m),
      d(e, m),
      h2(arguments)
    ),
    u(arguments)
  );
};
f2.prototype.fetch = function(t2, e) {
  return this._runTask(
    gs(
      d(t2, m),
      d(e, m),
      h2(arguments)
    ),
    u(arguments)
  );
};
f2.prototype.tags = function(t2, e) {
  return this._runTask(
    Ls(h2(arguments)),
    u(arguments)
  );
};
f2.prototype.rebase = function() {
  return this._runTask(
    g(["rebase", ...h2(arguments)]),
    u(arguments)
  );
};
f2.prototype.reset = function(t2) {
  return this._runTask(
    An(xn(t2), h2(arguments)),
    u(arguments)
  );
};
f2.prototype.revert = function(t2) {
  const e = u(arguments);
  return typeof t2 != "string" ? this._runTask(b2("Commit must be a string"), e) : this._runTask(
    g(["revert", ...h2(arguments, 0, true), t2]),
    e
  );
};
f2.prototype.addTag = function(t2) {
  const e = typeof t2 == "string" ? js(t2) : b2("Git.addTag requires a tag name");
  return this._runTask(e, u(arguments));
};
f2.prototype.addAnnotatedTag = function(t2, e) {
  return this._runTask(
    Bs(t2, e),
    u(arguments)
  );
};
f2.prototype.deleteLocalBranch = function(t2, e, n) {
  return this._runTask(
    cs(t2, typeof e == "boolean" ? e : false),
    u(arguments)
  );
};
f2.prototype.deleteLocalBranches = function(t2, e, n) {
  return this._runTask(
    us(t2, typeof e == "boolean" ? e : false),
    u(arguments)
  );
};
f2.prototype.branch = function(t2, e) {
  return this._runTask(
    is(h2(arguments)),
    u(arguments)
  );
};
f2.prototype.branchLocal = function(t2) {
  return this._runTask(as(), u(arguments));
};
f2.prototype.raw = function(t2) {
  const e = !Array.isArray(t2), n = [].slice.call(e ? arguments : t2, 0);
  for (let s = 0; s < n.length && e; s++)
    if (!st(n[s])) {
      n.splice(s, n.length - s);
      break;
    }
  n.push(...h2(arguments, 0, true));
  var r2 = u(arguments);
  return n.length ? this._runTask(g(n, this._trimmed), r2) : this._runTask(
    b2("Raw: must supply one or more command to execute"),
    r2
  );
};
f2.prototype.submoduleAdd = function(t2, e, n) {
  return this._runTask(As(t2, e), u(arguments));
};
f2.prototype.submoduleUpdate = function(t2, e) {
  return this._runTask(
    Ns(h2(arguments, true)),
    u(arguments)
  );
};
f2.prototype.submoduleInit = function(t2, e) {
  return this._runTask(
    xs(h2(arguments, true)),
    u(arguments)
  );
};
f2.prototype.subModule = function(t2, e) {
  return this._runTask(
    X2(h2(arguments)),
    u(arguments)
  );
};
f2.prototype.listRemote = function() {
  return this._runTask(
    Ss(h2(arguments)),
    u(arguments)
  );
};
f2.prototype.addRemote = function(t2, e, n) {
  return this._runTask(
    vs(t2, e, h2(arguments)),
    u(arguments)
  );
};
f2.prototype.removeRemote = function(t2, e) {
  return this._runTask(Os(t2), u(arguments));
};
f2.prototype.getRemotes = function(t2, e) {
  return this._runTask(Es(t2 === true), u(arguments));
};
f2.prototype.remote = function(t2, e) {
  return this._runTask(
    Rs(h2(arguments)),
    u(arguments)
  );
};
f2.prototype.tag = function(t2, e) {
  const n = h2(arguments);
  return n[0] !== "tag" && n.unshift("tag"), this._runTask(g(n), u(arguments));
};
f2.prototype.updateServerInfo = function(t2) {
  return this._runTask(
    g(["update-server-info"]),
    u(arguments)
  );
};
f2.prototype.pushTags = function(t2, e) {
  const n = Mr(
    { remote: d(t2, m) },
    h2(arguments)
  );
  return this._runTask(n, u(arguments));
};
f2.prototype.rm = function(t2) {
  return this._runTask(
    g(["rm", "-f", ...v(t2)]),
    u(arguments)
  );
};
f2.prototype.rmKeepLocal = function(t2) {
  return this._runTask(
    g(["rm", "--cached", ...v(t2)]),
    u(arguments)
  );
};
f2.prototype.catFile = function(t2, e) {
  return this._catFile("utf-8", arguments);
};
f2.prototype.binaryCatFile = function() {
  return this._catFile("buffer", arguments);
};
f2.prototype._catFile = function(t2, e) {
  var n = u(e), r2 = ["cat-file"], s = e[0];
  if (typeof s == "string")
    return this._runTask(
      b2("Git.catFile: options must be supplied as an array of strings"),
      n
    );
  Array.isArray(s) && r2.push.apply(r2, s);
  const o2 = t2 === "buffer" ? Gt(r2) : g(r2);
  return this._runTask(o2, n);
};
f2.prototype.diff = function(t2, e) {
  const n = m(t2) ? b2(
    "git.diff: supplying options as a single string is no longer supported, switch to an array of strings"
  ) : g(["diff", ...h2(arguments)]);
  return this._runTask(n, u(arguments));
};
f2.prototype.diffSummary = function() {
  return this._runTask(
    fr(h2(arguments, 1)),
    u(arguments)
  );
};
f2.prototype.applyPatch = function(t2) {
  const e = G2(t2) ? Yr(v(t2), h2([].slice.call(arguments, 1))) : b2(
    "git.applyPatch requires one or more string patches as the first argument"
  );
  return this._runTask(e, u(arguments));
};
f2.prototype.revparse = function() {
  const t2 = ["rev-parse", ...h2(arguments, true)];
  return this._runTask(
    g(t2, true),
    u(arguments)
  );
};
f2.prototype.clean = function(t2, e, n) {
  const r2 = un(t2), s = r2 && t2.join("") || d(t2, m) || "", o2 = h2([].slice.call(arguments, r2 ? 1 : 0));
  return this._runTask(
    on(s, o2),
    u(arguments)
  );
};
f2.prototype.exec = function(t2) {
  const e = {
    commands: [],
    format: "utf-8",
    parser() {
      typeof t2 == "function" && t2();
    }
  };
  return this._runTask(e);
};
f2.prototype.checkIgnore = function(t2, e) {
  return this._runTask(
    fs(v(d(t2, G2, []))),
    u(arguments)
  );
};
f2.prototype.checkIsRepo = function(t2, e) {
  return this._runTask(
    We(d(t2, m)),
    u(arguments)
  );
};
function Is(t2) {
  return t2 ? [{
    type: "spawn.before",
    action(r2, s) {
      t2.aborted && s.kill(new A2(void 0, "abort", "Abort already signaled"));
    }
  }, {
    type: "spawn.after",
    action(r2, s) {
      function o2() {
        s.kill(new A2(void 0, "abort", "Abort signal received"));
      }
      t2.addEventListener("abort", o2), s.spawned.on("close", () => t2.removeEventListener("abort", o2));
    }
  }] : void 0;
}
var Us = $2("", "plugin:allowEnvironment");
function Fs(t2, e = false) {
  const n = new Set(t2.map((r2) => r2.toLowerCase().trim()));
  return {
    type: "spawn.options",
    action(r2, s) {
      const o2 = { ...r2.env ?? process.env }, i = new Set(
        Object.keys(s.env).map((a) => a.toLowerCase().trim())
      );
      for (const a of Object.keys(o2)) {
        const c3 = a.toLowerCase().trim();
        if (!(!Gs(c3) || n.has(c3))) {
          if (i.has(c3))
            throw new A2(
              void 0,
              "allowEnvironment",
              `Use of "${a}" is blocked by the environment guard - add it to the allowEnvironment option to permit it`
            );
          Us("removing ambient guarded environment variable %s", a), delete o2[a];
        }
      }
      return {
        ...r2,
        env: {
          ...o2,
          GIT_TEST_DISALLOW_ABBREVIATED_OPTIONS: String(!e)
        }
      };
    }
  };
}
function Gs(t2) {
  const e = t2.toLowerCase().trim();
  return e.startsWith("git_") || _(e);
}
function zs(t2 = {}) {
  return {
    type: "spawn.args",
    action(e, { env: n }) {
      for (const r2 of oe(e, n))
        if (t2[r2.category] !== true)
          throw new A2(void 0, "unsafe", r2.message);
      return e;
    }
  };
}
function qs(t2) {
  const e = U(t2, "-c");
  return {
    type: "spawn.args",
    action(n) {
      return [...e, ...n];
    }
  };
}
var $t = (0, import_promise_deferred.deferred)().promise;
function Ws({
  onClose: t2 = true,
  onExit: e = 50
} = {}) {
  function n() {
    let s = -1;
    const o2 = {
      close: (0, import_promise_deferred.deferred)(),
      closeTimeout: (0, import_promise_deferred.deferred)(),
      exit: (0, import_promise_deferred.deferred)(),
      exitTimeout: (0, import_promise_deferred.deferred)()
    }, i = Promise.race([
      t2 === false ? $t : o2.closeTimeout.promise,
      e === false ? $t : o2.exitTimeout.promise
    ]);
    return r2(t2, o2.close, o2.closeTimeout), r2(e, o2.exit, o2.exitTimeout), {
      close(a) {
        s = a, o2.close.done();
      },
      exit(a) {
        s = a, o2.exit.done();
      },
      get exitCode() {
        return s;
      },
      result: i
    };
  }
  function r2(s, o2, i) {
    s !== false && (s === true ? o2.promise : o2.promise.then(() => wt(s))).then(i.done);
  }
  return {
    type: "spawn.after",
    async action(s, { spawned: o2, close: i }) {
      const a = n();
      let c3 = true, y2 = () => {
        c3 = false;
      };
      o2.stdout?.on("data", y2), o2.stderr?.on("data", y2), o2.on("error", y2), o2.on("close", (w2) => a.close(w2)), o2.on("exit", (w2) => a.exit(w2));
      try {
        await a.result, c3 && await wt(50), i(a.exitCode);
      } catch (w2) {
        i(a.exitCode, w2);
      }
    }
  };
}
var we = $2("", "plugin:binary");
var Hs = "Invalid value supplied for custom binary, requires a single string or an array containing either one or two strings";
var Ks = "Invalid value supplied for custom binary, restricted characters must be removed or supply the unsafe.allowUnsafeCustomBinary option";
function Vs(t2) {
  return !t2 || !/^([a-z]:)?([a-z0-9/.\\_~-]+)$/i.test(t2);
}
function Pt(t2, e) {
  if (t2.length < 1 || t2.length > 2)
    throw new A2(void 0, "binary", Hs);
  if (t2.some(Vs))
    if (e)
      we("permitted unsafe binary %o", t2);
    else
      throw new A2(void 0, "binary", Ks);
  const [r2, s] = t2;
  return {
    binary: r2,
    prefix: s
  };
}
function Xs(t2, e = ["git"], n = false) {
  let r2 = Pt(v(e), n);
  t2.on("binary", (s) => {
    r2 = Pt(v(s), n), we.info("reconfiguring %o", r2);
  }), t2.append("spawn.binary", () => r2.binary), t2.append("spawn.args", (s) => r2.prefix ? [r2.prefix, ...s] : s);
}
var be = {
  DISALLOWED_ABBREVIATED: {
    text: "disallowed abbreviated or ambiguous option",
    solution: "Unambiguous abbreviated options blocked with unsafe.allowAbbreviatedOptions setting: {message}"
  },
  UNKNOWN: {
    text: "~ unknown ~",
    solution: void 0
  }
};
function Ys(t2) {
  if (!t2)
    return "UNKNOWN";
  for (const [e, { text: n }] of Object.entries(be))
    if (t2.startsWith(`fatal: ${n}`))
      return e;
  return "UNKNOWN";
}
var Qs = class extends O2 {
  constructor(e = "") {
    const n = Ys(e);
    super(void 0, be[n].solution?.replace("{message}", e) ?? e), this.reason = n;
  }
};
function Js(t2) {
  return !!(t2.exitCode && t2.stdErr.length);
}
function Zs(t2) {
  return Buffer.concat([...t2.stdOut, ...t2.stdErr]);
}
function to(t2 = false, e = Js, n = Zs) {
  return (r2, s) => !t2 && r2 || !e(s) ? r2 : n(s);
}
function eo(t2, e) {
  return t2 === 128 && e.startsWith("fatal:") ? new Qs(e) : new O2(void 0, e);
}
function Mt(t2) {
  return {
    type: "task.error",
    action(e, n) {
      const r2 = t2(e.error, {
        stdErr: n.stdErr,
        stdOut: n.stdOut,
        exitCode: n.exitCode
      });
      return Buffer.isBuffer(r2) ? {
        error: eo(n.exitCode, r2.toString("utf-8"))
      } : {
        error: r2
      };
    }
  };
}
var nt = $2("", "plugin:input");
function no(t2) {
  return {
    type: "spawn.after",
    action(e, { commands: n, input: r2, spawned: { stdin: s } }) {
      if (!s)
        return;
      const o2 = t2?.([...n]) ?? r2;
      if (!o2)
        return nt("generated zero length content, not writing to stdin");
      nt("writing %s bytes to stdin", Le(o2)), s.on("error", (i) => {
        i.code !== "EPIPE" && nt("[ERROR] stdin error %o", i);
      }), s.end(o2);
    }
  };
}
var ro = class {
  constructor() {
    this.plugins = /* @__PURE__ */ new Set(), this.events = new Ce();
  }
  on(e, n) {
    this.events.on(e, n);
  }
  reconfigure(e, n) {
    this.events.emit(e, n);
  }
  append(e, n) {
    const r2 = S2(this.plugins, { type: e, action: n });
    return () => this.plugins.delete(r2);
  }
  add(e) {
    const n = [];
    return v(e).forEach(
      (r2) => {
        r2 && this.plugins.add(S2(n, r2));
      }
    ), () => {
      n.forEach((r2) => {
        this.plugins.delete(r2);
      });
    };
  }
  exec(e, n, r2) {
    let s = n;
    const o2 = Object.freeze(Object.create(r2));
    for (const i of this.plugins)
      i.type === e && (s = i.action(s, o2));
    return s;
  }
};
function so(t2) {
  const e = "--progress", n = ["checkout", "clone", "fetch", "pull", "push"];
  return [{
    type: "spawn.args",
    action(o2, i) {
      return n.includes(i.method) ? De(o2, e) : o2;
    }
  }, {
    type: "spawn.after",
    action(o2, i) {
      i.commands.includes(e) && i.spawned.stderr?.on("data", (a) => {
        const c3 = /^([\s\S]+?):\s*(\d+)% \((\d+)\/(\d+)\)/.exec(a.toString("utf8"));
        c3 && t2({
          method: i.method,
          stage: oo(c3[1]),
          progress: p(c3[2]),
          processed: p(c3[3]),
          total: p(c3[4])
        });
      });
    }
  }];
}
function oo(t2) {
  return String(t2.toLowerCase().split(" ", 1)) || "unknown";
}
function io(t2) {
  const e = je(t2, ["uid", "gid"]);
  return {
    type: "spawn.options",
    action(n) {
      return { ...e, ...n };
    }
  };
}
function ao() {
  return {
    type: "spawn.args",
    action(t2) {
      const e = [];
      let n;
      function r2(s) {
        (n = n || []).push(...s);
      }
      for (let s = 0; s < t2.length; s++) {
        const o2 = t2[s];
        if (r(o2)) {
          r2(o(o2));
          continue;
        }
        if (o2 === "--") {
          r2(
            t2.slice(s + 1).flatMap((i) => r(i) && o(i) || i)
          );
          break;
        }
        e.push(o2);
      }
      return n ? [...e, "--", ...n.map(String)] : e;
    }
  };
}
function uo({
  block: t2,
  stdErr: e = true,
  stdOut: n = true
}) {
  if (t2 > 0)
    return {
      type: "spawn.after",
      action(r2, s) {
        let o2;
        function i() {
          o2 && clearTimeout(o2), o2 = setTimeout(c3, t2);
        }
        function a() {
          s.spawned.stdout?.off("data", i), s.spawned.stderr?.off("data", i), s.spawned.off("exit", a), s.spawned.off("close", a), o2 && clearTimeout(o2);
        }
        function c3() {
          a(), s.kill(new A2(void 0, "timeout", "block timeout reached"));
        }
        n && s.spawned.stdout?.on("data", i), e && s.spawned.stderr?.on("data", i), s.spawned.on("exit", a), s.spawned.on("close", a), i();
      }
    };
}
var wo = (t2, e) => {
  const n = new ro(), r2 = Ge(
    t2 && (typeof t2 == "string" ? { baseDir: t2 } : t2) || {},
    e
  );
  if (!Lt(r2.baseDir))
    throw new Ae(
      r2,
      "Cannot use simple-git on a directory that does not exist"
    );
  return Array.isArray(r2.config) && n.add(qs(r2.config)), n.add(zs(r2.unsafe)), n.add(Ws(r2.completion)), r2.abort && n.add(Is(r2.abort)), r2.progress && n.add(so(r2.progress)), r2.timeout && n.add(uo(r2.timeout)), r2.spawnOptions && n.add(io(r2.spawnOptions)), n.add(ao()), n.add(no(r2.input)), n.add(Mt(to(true))), r2.errors && n.add(Mt(r2.errors)), Xs(n, r2.binary, r2.unsafe?.allowUnsafeCustomBinary), n.add(
    Fs(r2.allowEnvironment ?? [], r2.unsafe?.allowAbbreviatedOptions)
  ), new f2(r2, n);
};

// src/core/tools/git-capped.ts
var GIT_KILL_GRACE_MS = 200;
var GIT_STDERR_BYTES = 4096;
var CappedGitError = class extends Error {
  name = "CappedGitError";
};
async function runCappedGit(options) {
  const stop = new AbortController();
  let overflowed = false;
  let silent = false;
  let timer;
  const quiet = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      silent = true;
      stop.abort();
    }, options.silenceMs);
  };
  let seen = 0;
  quiet();
  const outcome = await runSupervised({
    file: "git",
    args: [...options.config.flatMap((setting) => ["-c", setting]), ...options.args],
    cwd: options.cwd,
    env: options.env,
    stdin: null,
    timeoutMs: 2 ** 31 - 1,
    signal: AbortSignal.any([options.signal, stop.signal]),
    killGraceMs: GIT_KILL_GRACE_MS,
    maxCaptureBytes: options.maxBytes,
    tailBytes: GIT_STDERR_BYTES,
    onStdout: (chunk) => {
      quiet();
      seen += chunk.length;
      if (seen > options.maxBytes && !overflowed) {
        overflowed = true;
        stop.abort();
      }
    },
    onStderr: quiet
  }).finally(() => clearTimeout(timer));
  if (outcome.spawnError) throw new CappedGitError(`git could not start: ${outcome.spawnError.message}`);
  if (overflowed) return { stdout: outcome.stdout.bytes, truncated: true };
  if (options.signal.aborted) throw new CappedGitError("cancelled: the run was stopped");
  if (silent) {
    throw new CappedGitError(`git printed nothing for ${options.silenceMs / 1e3}s and was stopped`);
  }
  if (outcome.exitCode !== 0) {
    const stderr = outcome.stderr.tail.trim();
    const how = outcome.exitCode === null ? `was killed by ${outcome.signal}` : `exited with ${outcome.exitCode}`;
    throw new CappedGitError(stderr.length > 0 ? stderr : `git ${how}`);
  }
  return { stdout: outcome.stdout.bytes, truncated: false };
}

// src/core/tools/git-tools.ts
var DEFAULT_GIT_AUTHOR = Object.freeze({ name: "Truss Agent", email: "truss@localhost" });
var GIT_DIFF_MAX_BYTES = 256 * 1024;
var GIT_STATUS_MAX_BYTES = 256 * 1024;
var GIT_COMMIT_NAMES_MAX_BYTES = 1024 * 1024;
var GIT_BRANCH_LIST_MAX_BYTES = 256 * 1024;
var GIT_SILENCE_TIMEOUT_MS = 6e4;
var SAFE_CONFIG = Object.freeze([
  "core.hooksPath=/dev/null",
  "core.fsmonitor=false",
  "commit.gpgSign=false",
  "color.ui=false",
  // Never ask a submodule for its status: that runs git there with its own config (filters).
  "diff.ignoreSubmodules=dirty"
]);
async function openRepo(context, options) {
  const pinned = pinnedGitEnv(context.policy.workdir);
  const env = {
    ...harnessProgramEnv(scrubEnv(options.env ?? process.env), context.policy.workdir),
    ...pinned
  };
  const make = (extraConfig = []) => wo({
    baseDir: context.policy.workdir,
    config: [...SAFE_CONFIG, ...extraConfig],
    abort: context.ctx.signal,
    timeout: { block: GIT_SILENCE_TIMEOUT_MS },
    // Our own safe values for these two are what simple-git would otherwise refuse.
    unsafe: { allowUnsafeHooksPath: true, allowUnsafeFsMonitor: true },
    // simple-git guards these names; here they are ours, pinning git to the real .git.
    allowEnvironment: Object.keys(pinned)
  }).env(env);
  const root = await locate(make(), context);
  const pathspec = (real) => {
    if (!isWithin(real, root)) {
      throw new PolicyViolation("outside_scope", real, `${real} is outside the git repository at ${root}`);
    }
    const rel = relative2(root, real).split(sep).join("/");
    return rel === "" ? ":(top)" : `:(top,literal)${rel}`;
  };
  const scopeSpecs = (scopes) => {
    const specs = [];
    for (const scope of scopes) {
      if (isWithin(root, scope)) return [":(top)"];
      if (isWithin(scope, root)) specs.push(pathspec(scope));
    }
    return specs;
  };
  const capped = (args, maxBytes) => runCappedGit({
    cwd: context.policy.workdir,
    env: definedEnv(env),
    config: SAFE_CONFIG,
    args,
    maxBytes,
    silenceMs: GIT_SILENCE_TIMEOUT_MS,
    signal: context.ctx.signal
  });
  return { root, git: make, pathspec, scopeSpecs, capped };
}
function wholeLines(read) {
  const text = read.stdout.toString("utf8");
  const lines = text.split("\n");
  if (read.truncated) lines.pop();
  return lines;
}
function definedEnv(env) {
  const out = {};
  for (const [name, value] of Object.entries(env)) if (value !== void 0) out[name] = value;
  return out;
}
async function locate(git, context) {
  let top;
  try {
    top = (await git.revparse(["--show-toplevel"])).trim();
  } catch (error) {
    if (/not a git repository/i.test(String(error?.message))) {
      throw new GitToolError(`${context.policy.workdir} is not inside a git repository`);
    }
    throw error;
  }
  return realpathSync(top);
}
var GitToolError = class extends Error {
  name = "GitToolError";
};
function gitError(tool, error) {
  if (error instanceof GitToolError) return fail(error.message);
  if (error instanceof CappedGitError) return fail(`${tool} failed: ${error.message}`);
  if (error instanceof PolicyViolation || error instanceof ToolInputError) return errorOutcome(tool, error);
  const message2 = error instanceof Error ? error.message.trim() : String(error);
  return fail(`${tool} failed: ${message2}`);
}
function noScope(mode, root) {
  return new PolicyViolation(
    "outside_scope",
    root,
    `refused: the git repository at ${root} does not overlap the ${mode} scope`
  );
}
var StatusInput = external_exports.object({});
var DiffInput = external_exports.object({ staged: external_exports.boolean().optional(), path: external_exports.string().optional() });
var BranchInput = external_exports.object({ name: external_exports.string().min(1).optional(), create: external_exports.boolean().optional() });
var CommitInput = external_exports.object({
  message: external_exports.string().refine((text) => text.trim().length > 0, "must not be empty").refine((text) => !text.includes("\0"), "must not contain a NUL byte"),
  paths: external_exports.array(external_exports.string()).min(1).optional()
});
function createGitTools(options = {}) {
  const author = options.defaultAuthor ?? DEFAULT_GIT_AUTHOR;
  const gitStatus = {
    name: "git_status",
    description: "Show the git status of the working tree (porcelain v1 with the branch line): staged, unstaged and untracked files within the readable scope. Paths are relative to the repository root.",
    inputSchema: { type: "object", properties: {}, additionalProperties: false },
    sideEffect: false,
    readOnly: true,
    async run(input, context) {
      try {
        parseInput("git_status", StatusInput, input);
        const repo = await openRepo(context, options);
        const specs = repo.scopeSpecs(context.policy.readScope);
        if (specs.length === 0) throw noScope("read", repo.root);
        const read = await repo.capped(
          withSubmodulesUnasked([
            "status",
            "--porcelain=v1",
            "--branch",
            "--untracked-files=all",
            "--",
            ...specs
          ]),
          GIT_STATUS_MAX_BYTES
        );
        const lines = wholeLines(read).filter((line) => line.length > 0);
        const branchLine = lines[0]?.startsWith("## ") ? lines.shift() : void 0;
        const branch = branchLine?.slice(3) ?? "unknown";
        const content = [
          `## ${branch}`,
          ...lines.length === 0 ? ["(clean: nothing to commit)"] : lines,
          ...read.truncated ? [
            `[status truncated: showing the first ${lines.length} changes (${GIT_STATUS_MAX_BYTES} bytes); git was stopped there. Use bash (git status -- <path>) to look at one directory]`
          ] : []
        ].join("\n");
        return ok(content, {
          branch,
          clean: lines.length === 0,
          changes: lines.length,
          truncated: read.truncated
        });
      } catch (error) {
        return gitError("git_status", error);
      }
    }
  };
  const gitDiff = {
    name: "git_diff",
    description: "Show changes as a unified diff: working tree against the index, or the index against HEAD with staged=true. Optionally limited to one path. Untracked files are not included (see git_status).",
    inputSchema: {
      type: "object",
      properties: {
        staged: { type: "boolean", description: "Diff the staged changes (index vs HEAD) instead." },
        path: { type: "string", description: "Limit the diff to this file or directory." }
      },
      additionalProperties: false
    },
    sideEffect: false,
    readOnly: true,
    async run(input, context) {
      try {
        const args = parseInput("git_diff", DiffInput, input);
        const repo = await openRepo(context, options);
        let specs;
        if (args.path !== void 0) {
          specs = [repo.pathspec(checkReadPath(context.policy, args.path))];
        } else {
          specs = repo.scopeSpecs(context.policy.readScope);
          if (specs.length === 0) throw noScope("read", repo.root);
        }
        const read = await repo.capped(
          withSubmodulesUnasked([
            "diff",
            "--no-color",
            "--no-ext-diff",
            "--no-textconv",
            ...args.staged === true ? ["--cached"] : [],
            "--",
            ...specs
          ]),
          GIT_DIFF_MAX_BYTES
        );
        const bytes = read.stdout.length;
        if (bytes === 0) {
          return ok(args.staged === true ? "(no staged changes)" : "(no unstaged changes to tracked files)", {
            bytes: 0,
            truncated: false
          });
        }
        if (!read.truncated) return ok(read.stdout.toString("utf8"), { bytes, truncated: false });
        const head = read.stdout.toString("utf8").replace(/\uFFFD+$/, "");
        return ok(
          `${head}
[diff truncated: showing the first ${bytes} bytes; git was stopped there. Pass a path to narrow it]`,
          { bytes, truncated: true }
        );
      } catch (error) {
        return gitError("git_diff", error);
      }
    }
  };
  const gitBranch = {
    name: "git_branch",
    description: 'Without arguments, list local branches (the current one marked "*"). With name and create=true, create that branch at HEAD and switch to it. With name alone, switch to an existing branch.',
    inputSchema: {
      type: "object",
      properties: {
        name: { type: "string", description: "Branch name." },
        create: { type: "boolean", description: "Create the branch at HEAD (and switch to it)." }
      },
      additionalProperties: false
    },
    // Creating or switching mutates the repository; memoised so a resume never repeats it.
    sideEffect: true,
    async run(input, context) {
      try {
        const args = parseInput("git_branch", BranchInput, input);
        const repo = await openRepo(context, options);
        const git = repo.git();
        if (args.name === void 0) {
          if (args.create === true) return fail("git_branch: create=true needs a name");
          if (repo.scopeSpecs(context.policy.readScope).length === 0) throw noScope("read", repo.root);
          const read = await repo.capped(
            ["for-each-ref", "--format=%(HEAD) %(refname:short)", "refs/heads/"],
            GIT_BRANCH_LIST_MAX_BYTES
          );
          const lines = wholeLines(read).filter((line) => line.length > 2);
          const marked = lines.find((line) => line.startsWith("* "));
          const current = marked?.slice(2) ?? (await git.raw(["branch", "--show-current"])).trim();
          if (read.truncated) {
            lines.push(
              `[truncated: showing the first ${lines.length} branches (${GIT_BRANCH_LIST_MAX_BYTES} bytes); git was stopped there. The current branch is ${current || "none (a detached HEAD)"}]`
            );
          }
          const content = lines.length === 0 ? `(no branches yet; on ${current || "an unborn branch"})` : lines.join("\n");
          return ok(content, {
            current,
            branches: lines.length - (read.truncated ? 1 : 0),
            truncated: read.truncated
          });
        }
        const name = await validBranchName(git, args.name);
        if (args.create === true) {
          if (repo.scopeSpecs(context.policy.writeScope).length === 0) throw noScope("write", repo.root);
          await git.raw(["switch", "--quiet", "--create", name]);
          return ok(`created branch ${name} and switched to it`, { branch: name, created: true });
        }
        if (!context.policy.writeScope.some((scope) => isWithin(repo.root, scope))) {
          throw new PolicyViolation(
            "outside_scope",
            name,
            `git_branch refused: switching branches rewrites files across the repository at ${repo.root}, which is not entirely inside the write scope`
          );
        }
        await git.raw(["switch", "--quiet", name]);
        return ok(`switched to branch ${name}`, { branch: name, created: false });
      } catch (error) {
        return gitError("git_branch", error);
      }
    }
  };
  const gitCommit = {
    name: "git_commit",
    description: "Stage and commit changes: the given paths, or every change inside the writable scope when no paths are given (new, modified and deleted files). Returns the new commit SHA. Refuses an empty commit.",
    inputSchema: {
      type: "object",
      properties: {
        message: { type: "string", description: "The commit message." },
        paths: {
          type: "array",
          items: { type: "string" },
          minItems: 1,
          description: "Files or directories to commit (default: everything changed in the write scope)."
        }
      },
      required: ["message"],
      additionalProperties: false
    },
    sideEffect: true,
    async run(input, context) {
      try {
        const args = parseInput("git_commit", CommitInput, input);
        const repo = await openRepo(context, options);
        let specs;
        if (args.paths !== void 0) {
          specs = args.paths.map((path) => repo.pathspec(checkWritePath(context.policy, path)));
        } else {
          specs = repo.scopeSpecs(context.policy.writeScope);
          if (specs.length === 0) throw noScope("write", repo.root);
          specs.push(":(top,exclude).truss");
        }
        const identity = await commitIdentity(repo.git(), author);
        const git = repo.git(identity.config);
        await stageAll(git, specs);
        const names = await repo.capped(
          ["diff", "--cached", "--name-only", "--no-renames", "--", ...specs],
          GIT_COMMIT_NAMES_MAX_BYTES
        );
        const staged = wholeLines(names).filter((line) => line.length > 0);
        if (staged.length === 0) {
          const where = args.paths !== void 0 ? args.paths.join(", ") : "the write scope";
          return fail(
            `nothing to commit: no changes in ${where} (the files there match HEAD). Write a change first; empty commits are refused.`,
            { empty: true }
          );
        }
        await git.raw(["commit", "--no-verify", "--quiet", "--message", args.message, "--", ...specs]);
        const sha = (await git.revparse(["HEAD"])).trim();
        const branch = (await git.raw(["branch", "--show-current"])).trim();
        const count = `${staged.length}${names.truncated ? " or more" : ""}`;
        return ok(`committed ${sha} on ${branch || "a detached HEAD"}: ${count} file(s) changed`, {
          sha,
          branch,
          files: staged.slice(0, 100),
          fileCount: staged.length,
          fileCountTruncated: names.truncated,
          author: `${identity.name} <${identity.email}>`
        });
      } catch (error) {
        return gitError("git_commit", error);
      }
    }
  };
  return [gitStatus, gitDiff, gitBranch, gitCommit];
}
async function validBranchName(git, name) {
  if (name.startsWith("-") || name.includes("\0")) {
    throw new GitToolError(`git_branch: ${JSON.stringify(name)} is not a valid branch name`);
  }
  try {
    return (await git.raw(["check-ref-format", "--branch", name])).trim();
  } catch {
    throw new GitToolError(`git_branch: ${JSON.stringify(name)} is not a valid branch name`);
  }
}
async function commitIdentity(git, fallback) {
  const read = async (key) => {
    try {
      const value = (await git.raw(["config", "--get", key])).trim();
      return value.length > 0 ? value : null;
    } catch {
      return null;
    }
  };
  const name = await read("user.name");
  const email = await read("user.email");
  const config = [];
  if (name === null) config.push(`user.name=${fallback.name}`);
  if (email === null) config.push(`user.email=${fallback.email}`);
  return { name: name ?? fallback.name, email: email ?? fallback.email, config };
}

// src/core/tools/journal-json.ts
import { createHash as createHash3 } from "node:crypto";
var SECRET_ARG = "[REDACTED:secret_arg]";
function sha256Hex(bytes) {
  return createHash3("sha256").update(bytes).digest("hex");
}
function jsonSha256(value) {
  return sha256Hex(canonicalJson(value));
}
function withSecrets(redact, secrets) {
  if (secrets.length === 0) return redact;
  const extra = secretRedactor({}, secrets);
  const scan = (text) => {
    const first = redact.scan ? redact.scan(text) : { text: redact(text), counts: {} };
    const second = extra.scan?.(first.text) ?? { text: extra(first.text), counts: {} };
    const counts = { ...first.counts };
    for (const [kind, n] of Object.entries(second.counts)) counts[kind] = (counts[kind] ?? 0) + n;
    return { text: second.text, counts };
  };
  const combined = ((text) => scan(text).text);
  combined.scan = scan;
  return combined;
}
function redactJson(value, secretKeys, redact) {
  const names = new Set(secretKeys.map((key) => key.toLowerCase()));
  const tally = tallyingRedactor(redact);
  let declared = 0;
  const walk = (node) => {
    if (typeof node === "string") return tally.redact(node);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === "object") {
      const out = {};
      for (const [key, item] of Object.entries(node)) {
        const name = tally.redact(key);
        if (names.has(key.toLowerCase()) && item !== void 0) {
          declared++;
          out[name] = SECRET_ARG;
        } else out[name] = walk(item);
      }
      return out;
    }
    return node;
  };
  const redacted = walk(value);
  const counts = tally.counts();
  if (declared > 0) counts.secret_arg = declared;
  return { value: JSON.parse(JSON.stringify(redacted ?? null)), counts };
}
function jsonBlob(value, redact) {
  const body = redactJson(plain(value), [], redact);
  const bytes = Buffer.from(canonicalJson(body.value), "utf8");
  return { value: body.value, bytes, sha256: sha256Hex(bytes), counts: body.counts };
}
function callMemoOf(entry) {
  const { result_sha256, is_error, error } = entry.payload;
  return { result_sha256, is_error, error };
}

// src/core/tools/provenance-call.ts
var ToolRefusal = class extends Error {
  name = "ToolRefusal";
};
function isProvenanceTool(tool) {
  return tool !== void 0 && "provenance" in tool;
}
async function journaledOnly(name) {
  return {
    content: `${name} refused: it runs only as a journaled call of the in-loop executor`,
    isError: true
  };
}
var CALL_FIELDS = /* @__PURE__ */ new Set([
  "call_id",
  "name",
  "input",
  "input_sha256",
  "input_redactions",
  "revalidate",
  "memo_key",
  "reused_seq"
]);
var observations = /* @__PURE__ */ new WeakMap();
async function callProvenanceTool(options) {
  const { session, tool, context } = options;
  const spec = tool.provenance;
  const redact = withSecrets(options.redact, spec.secrets ?? []);
  let parsed = null;
  let refusal = null;
  try {
    parsed = spec.parse(options.input);
  } catch (error) {
    if (!(error instanceof ToolInputError || error instanceof ToolRefusal)) throw error;
    refusal = error.message;
  }
  const hashed = redactJson(parsed?.input ?? options.input, [], redact);
  const inputSha256 = jsonSha256(hashed.value);
  const base = plain({
    call_id: options.callId,
    name: tool.name,
    input: hashed.value,
    input_sha256: inputSha256,
    ...Object.keys(hashed.counts).length > 0 ? { input_redactions: hashed.counts } : {},
    ...parsed?.reuse === false ? { revalidate: true } : {}
  });
  const seen = observations.get(session) ?? /* @__PURE__ */ new Map();
  observations.set(session, seen);
  const observationKey = `${tool.name}\0${inputSha256}`;
  const { memo, entry } = await session.memoized(spec.kind, tool.name, {
    check: (recorded2) => recorded2.payload.input_sha256 === inputSha256 ? null : `input hashing to ${inputSha256.slice(0, 12)}\u2026, recorded ${String(recorded2.payload.input_sha256).slice(0, 12)}\u2026`,
    memoOf: callMemoOf,
    execute: async (memoKey) => {
      const head = { ...base, memo_key: memoKey };
      const failed = (error, refused) => {
        const payload2 = {
          ...head,
          ...refused ? { refused: true } : {},
          result_sha256: null,
          is_error: true,
          error: redact(error)
        };
        return { payload: payload2, memo: callMemoOf({ payload: payload2 }) };
      };
      if (refusal !== null || parsed === null) return failed(refusal ?? `${tool.name}: invalid input`, true);
      const earlier = parsed.reuse ? seen.get(observationKey) : void 0;
      if (earlier) {
        const observed = Object.fromEntries(
          Object.entries(earlier.payload).filter(([key]) => !CALL_FIELDS.has(key))
        );
        const payload2 = {
          ...head,
          reused_seq: Number(earlier.payload.reused_seq ?? earlier.seq),
          ...observed
        };
        return { payload: payload2, memo: callMemoOf({ payload: payload2 }) };
      }
      let answer2;
      try {
        answer2 = await spec.live(parsed.input, context);
      } catch (error) {
        if (context.ctx.signal.aborted) throw new CancelledError();
        const message2 = error instanceof Error ? error.message : String(error);
        if (error instanceof ToolRefusal) return failed(message2, true);
        return failed(`${tool.name} failed: ${message2}`, false);
      }
      if (context.ctx.signal.aborted) throw new CancelledError();
      const body = jsonBlob(answer2.body, redact);
      const payload = {
        ...head,
        ...answer2.fields ? redactJson(answer2.fields, [], redact).value : {},
        result_sha256: body.sha256,
        result_bytes: body.bytes.length,
        is_error: answer2.isError === true,
        error: null,
        ...redactionField(body.counts)
      };
      return { payload, memo: callMemoOf({ payload }), blobs: [body.bytes] };
    }
  });
  const recorded = memo;
  if (recorded.error === null && recorded.result_sha256 !== null) seen.set(observationKey, entry);
  return outcomeOf(session, tool, entry, recorded);
}
function outcomeOf(session, tool, entry, memo) {
  const data = { seq: entry.seq, result_sha256: memo.result_sha256 };
  if (memo.error !== null || memo.result_sha256 === null) {
    return { content: memo.error ?? `${tool.name} failed`, isError: true, data };
  }
  const blob = session.store.blob(memo.result_sha256);
  if (!blob?.bytes) {
    return {
      content: `[${tool.name} result ${memo.result_sha256} is no longer available (shredded)]`,
      isError: memo.is_error,
      data
    };
  }
  const body = JSON.parse(blob.bytes.toString("utf8"));
  return { content: tool.provenance.render(body), isError: memo.is_error, data };
}

// src/core/tools/github-tools.ts
var GITHUB_TOOL_NAMES = Object.freeze([
  "github_pr_view",
  "github_pr_diff",
  "github_pr_checks",
  "github_issue_view",
  "github_issue_list",
  "github_check_status"
]);
var GITHUB_DIFF_MAX_BYTES = 256 * 1024;
var RENDER_MAX_CHARS = 256 * 1024;
var PR_FILES_LIMIT = 100;
var FAILING_LOGS_LIMIT = 3;
var LOG_TAIL_MAX_BYTES = 16 * 1024;
var CONCLUSIONS_FAILING = /* @__PURE__ */ new Set(["failure", "timed_out", "startup_failure"]);
var number = external_exports.number().int().positive().max(2 ** 31);
var PrInput = external_exports.strictObject({ number });
var PrChecksInput = external_exports.strictObject({ number, log_lines: external_exports.number().int().min(1).max(400).default(80) });
var IssueViewInput = external_exports.strictObject({ number, comments: external_exports.number().int().min(0).max(50).default(20) });
var IssueListInput = external_exports.strictObject({
  state: external_exports.enum(["open", "closed", "all"]).default("open"),
  labels: external_exports.array(external_exports.string().min(1).max(100)).max(10).default([]),
  limit: external_exports.number().int().min(1).max(50).default(20)
});
var RefInput = external_exports.strictObject({
  ref: external_exports.string().max(255).regex(/^[A-Za-z0-9_][A-Za-z0-9._/-]*$/, "must be a commit SHA, branch or tag name")
});
var numberSchema = { type: "integer", minimum: 1, description: "The pull request or issue number." };
function createGitHubTools(options) {
  const reader = options.reader;
  const repository = reader?.repository ?? null;
  const need = (name) => {
    if (reader) return reader;
    throw new ToolRefusal(
      `${name} refused: [tools] github = true, but this host gave the run no GitHub access. With the CLI, set GITHUB_TOKEN (the repository is GITHUB_REPOSITORY, or the workdir\u2019s github.com origin remote).`
    );
  };
  const tool = (name, description, properties, schema, live, render = renderJson) => ({
    name,
    description: `${description} Reads ${repository ?? "the run\u2019s GitHub repository"} through the harness (read-only).`,
    inputSchema: {
      type: "object",
      properties,
      required: "number" in properties ? ["number"] : "ref" in properties ? ["ref"] : [],
      additionalProperties: false
    },
    sideEffect: false,
    readOnly: true,
    run: () => journaledOnly(name),
    provenance: {
      kind: "github_tool_call",
      parse: (input) => ({ input: { repository, ...parseInput(name, schema, input) } }),
      live: async (input) => {
        const { repository: _repository, ...rest } = input;
        const answer2 = await live(need(name), rest);
        return { ...answer2, fields: { repository, ...answer2.fields } };
      },
      render
    }
  });
  return [
    tool(
      "github_pr_view",
      "Show a pull request: title, state, author, body, labels, head and base, size, and its changed files.",
      { number: numberSchema },
      PrInput,
      async (gh, input) => {
        const [pr2, files] = await Promise.all([
          gh.pullRequest(input.number),
          gh.pullRequestFiles(input.number, PR_FILES_LIMIT)
        ]);
        return { body: { pull_request: pr2, files }, fields: { number: input.number, head_sha: pr2.head.sha } };
      }
    ),
    tool(
      "github_pr_diff",
      "Show the unified diff of a pull request.",
      { number: numberSchema },
      PrInput,
      async (gh, input) => {
        const diff = await gh.pullRequestDiff(input.number);
        const bytes = Buffer.byteLength(diff);
        const kept = bytes <= GITHUB_DIFF_MAX_BYTES ? diff : Buffer.from(diff).subarray(0, GITHUB_DIFF_MAX_BYTES).toString("utf8").replace(/\uFFFD+$/, "");
        return {
          body: { number: input.number, bytes, truncated: bytes > GITHUB_DIFF_MAX_BYTES, diff: kept },
          fields: { number: input.number, diff_bytes: bytes }
        };
      },
      renderDiff
    ),
    tool(
      "github_pr_checks",
      'Show the check runs on a pull request\u2019s head commit; for failing GitHub Actions jobs, the tail of the job log (what "fix CI" needs).',
      {
        number: numberSchema,
        log_lines: {
          type: "integer",
          minimum: 1,
          maximum: 400,
          description: "Lines of each failing job log to show (default 80)."
        }
      },
      PrChecksInput,
      async (gh, input) => {
        const pr2 = await gh.pullRequest(input.number);
        const runs = await gh.checkRuns(pr2.head.sha);
        const failing = runs.filter((run) => CONCLUSIONS_FAILING.has(run.conclusion ?? ""));
        const logs = await Promise.all(
          failing.slice(0, FAILING_LOGS_LIMIT).map((run) => failingLog(gh, run, input.log_lines))
        );
        return {
          body: {
            number: input.number,
            head_sha: pr2.head.sha,
            summary: summarise(runs),
            check_runs: runs,
            failing: logs,
            ...failing.length > FAILING_LOGS_LIMIT ? { note: `${failing.length} failing; logs of the first ${FAILING_LOGS_LIMIT}` } : {}
          },
          fields: { number: input.number, head_sha: pr2.head.sha, failing: failing.length }
        };
      }
    ),
    tool(
      "github_issue_view",
      "Show an issue (or a pull request\u2019s conversation): title, state, author, labels, body and comments.",
      {
        number: numberSchema,
        comments: { type: "integer", minimum: 0, maximum: 50, description: "Comments to show (default 20)." }
      },
      IssueViewInput,
      async (gh, input) => {
        const issue = await gh.issue(input.number);
        const comments = input.comments > 0 && issue.comments > 0 ? await gh.issueComments(input.number, input.comments) : [];
        return { body: { issue, comments }, fields: { number: input.number } };
      }
    ),
    tool(
      "github_issue_list",
      "List issues (newest first), optionally by state and labels. Pull requests are marked is_pull_request.",
      {
        state: { type: "string", enum: ["open", "closed", "all"], description: "Default open." },
        labels: {
          type: "array",
          items: { type: "string" },
          description: "Only issues with all these labels."
        },
        limit: { type: "integer", minimum: 1, maximum: 50, description: "How many (default 20)." }
      },
      IssueListInput,
      async (gh, input) => {
        const issues = await gh.listIssues(input);
        return {
          body: { state: input.state, labels: input.labels, issues },
          fields: { count: issues.length }
        };
      }
    ),
    tool(
      "github_check_status",
      "Show the CI state of a commit, branch or tag: its check runs and its combined commit status.",
      { ref: { type: "string", description: "A commit SHA, branch or tag name." } },
      RefInput,
      async (gh, input) => {
        const [runs, combined] = await Promise.all([gh.checkRuns(input.ref), gh.combinedStatus(input.ref)]);
        return {
          body: { ref: input.ref, summary: summarise(runs), check_runs: runs, combined_status: combined },
          fields: { ref: input.ref, sha: combined.sha, state: combined.state }
        };
      }
    )
  ];
}
function summarise(runs) {
  const counts = {};
  for (const run of runs) {
    const key = run.conclusion ?? run.status;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
async function failingLog(gh, run, lines) {
  const head = { id: run.id, name: run.name, conclusion: run.conclusion };
  if (run.app !== "github-actions") {
    return { ...head, log_tail: null, log_note: `made by ${run.app ?? "an app"}, not a GitHub Actions job` };
  }
  try {
    return { ...head, log_tail: logTail(await gh.jobLog(run.id), lines) };
  } catch (error) {
    return {
      ...head,
      log_tail: null,
      log_note: `the job log could not be read: ${error.message}`
    };
  }
}
function logTail(log, lines) {
  const all = log.replace(/\r\n/g, "\n").replace(/\n+$/, "").split("\n");
  const tail = all.slice(-lines).map((line) => line.replace(/^\uFEFF?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/, "")).join("\n");
  const bytes = Buffer.from(tail);
  if (bytes.length <= LOG_TAIL_MAX_BYTES) return tail;
  return bytes.subarray(bytes.length - LOG_TAIL_MAX_BYTES).toString("utf8").replace(/^\uFFFD+/, "");
}
function cut(text) {
  if (text.length <= RENDER_MAX_CHARS) return text;
  return `${text.slice(0, RENDER_MAX_CHARS)}
[truncated: showing ${RENDER_MAX_CHARS} of ${text.length} characters]`;
}
function renderJson(body) {
  return cut(JSON.stringify(body, null, 2));
}
function renderDiff(body) {
  const { diff, bytes, truncated } = body;
  if (!diff) return "(the pull request changes nothing)";
  return truncated ? `${diff}
[diff truncated: showing ${GITHUB_DIFF_MAX_BYTES} of ${bytes} bytes; github_pr_view lists the files]` : diff;
}

// src/core/tools/web-address.ts
import { BlockList, isIP } from "node:net";
var SPECIAL_RANGES = [
  ["0.0.0.0", 8, "ipv4", 'unspecified ("this network")'],
  ["10.0.0.0", 8, "ipv4", "private"],
  ["100.64.0.0", 10, "ipv4", "shared (carrier-grade NAT)"],
  ["127.0.0.0", 8, "ipv4", "loopback"],
  ["169.254.0.0", 16, "ipv4", "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "ipv4", "private"],
  ["192.0.0.0", 24, "ipv4", "reserved (IETF protocol assignments)"],
  ["192.0.2.0", 24, "ipv4", "reserved (documentation)"],
  ["192.88.99.0", 24, "ipv4", "reserved (6to4 relay)"],
  ["192.168.0.0", 16, "ipv4", "private"],
  ["198.18.0.0", 15, "ipv4", "reserved (benchmarking)"],
  ["198.51.100.0", 24, "ipv4", "reserved (documentation)"],
  ["203.0.113.0", 24, "ipv4", "reserved (documentation)"],
  ["224.0.0.0", 4, "ipv4", "multicast"],
  ["240.0.0.0", 4, "ipv4", "reserved"],
  ["::", 128, "ipv6", "unspecified"],
  ["::1", 128, "ipv6", "loopback"],
  ["64:ff9b:1::", 48, "ipv6", "reserved (local NAT64)"],
  ["100::", 64, "ipv6", "reserved (discard)"],
  ["2001::", 23, "ipv6", "reserved (IETF protocol assignments, Teredo)"],
  ["2001:db8::", 32, "ipv6", "reserved (documentation)"],
  ["2002::", 16, "ipv6", "reserved (6to4)"],
  ["fc00::", 7, "ipv6", "private (unique local)"],
  ["fe80::", 10, "ipv6", "link-local"],
  ["fec0::", 10, "ipv6", "reserved (site-local)"],
  ["ff00::", 8, "ipv6", "multicast"]
];
var SPECIAL = SPECIAL_RANGES.map(([network, prefix, type, label]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return { list, label };
});
function embeddedIpv4(address) {
  const mapped = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}
function bareAddress(address) {
  return address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
}
function specialAddressKind(address) {
  const bare = bareAddress(address);
  const family = isIP(bare);
  if (family === 0) return "not an IP address";
  const v4 = family === 6 ? embeddedIpv4(bare) : null;
  const [target, type] = v4 ? [v4, "ipv4"] : [bare, family === 4 ? "ipv4" : "ipv6"];
  for (const { list, label } of SPECIAL) if (list.check(target, type)) return label;
  return null;
}
function addressMatcher(blocks) {
  const list = new BlockList();
  for (const block of blocks) {
    const [network, prefix] = block.split("/");
    const type = isIP(network ?? "") === 6 ? "ipv6" : "ipv4";
    if (prefix === void 0) list.addAddress(network, type);
    else list.addSubnet(network, Number(prefix), type);
  }
  return (address) => {
    const bare = bareAddress(address);
    const family = isIP(bare);
    if (family === 0) return false;
    if (list.check(bare, family === 4 ? "ipv4" : "ipv6")) return true;
    const v4 = family === 6 ? embeddedIpv4(bare) : null;
    return v4 !== null && list.check(v4, "ipv4");
  };
}

// src/core/tools/web-content.ts
var ENTITIES = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " "
};
var TEXT_TYPES = /^(application\/(json|xml|javascript|x-ndjson|ld\+json)|[a-z]+\/[a-z0-9.+-]*\+(json|xml))$/;
function readableContent(raw, contentType, truncated) {
  const [type = "", ...params] = (contentType ?? "").toLowerCase().split(";");
  const mime = type.trim();
  const charset = params.map((p2) => p2.trim()).find((p2) => p2.startsWith("charset="))?.slice(8) ?? "utf-8";
  const isHtml = mime === "text/html" || mime === "application/xhtml+xml";
  const isText = isHtml || mime.startsWith("text/") || TEXT_TYPES.test(mime) || mime === "" && looksLikeText(raw);
  if (!isText) return `[${raw.length} bytes of ${mime || "unknown type"}, not text]`;
  let text;
  try {
    text = new TextDecoder(charset.replace(/^"|"$/g, "")).decode(raw);
  } catch {
    text = new TextDecoder("utf-8").decode(raw);
  }
  if (truncated) text = text.replace(/\uFFFD+$/, "");
  return isHtml ? htmlText(text) : text;
}
function looksLikeText(raw) {
  return !raw.subarray(0, 1024).includes(0);
}
function htmlText(html) {
  return html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(script|style|noscript|template|svg|head)\b[\s\S]*?<\/\1\s*>/gi, "").replace(/<(br|hr)\b[^>]*>/gi, "\n").replace(
    /<\/?(p|div|section|article|header|footer|nav|main|aside|li|ul|ol|tr|table|h[1-6]|pre|blockquote|dd|dt|dl)\b[^>]*>/gi,
    "\n"
  ).replace(/<[^>]+>/g, "").replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code) => {
    if (code.startsWith("#x") || code.startsWith("#X"))
      return safeCodePoint(Number.parseInt(code.slice(2), 16), whole);
    if (code.startsWith("#")) return safeCodePoint(Number.parseInt(code.slice(1), 10), whole);
    return ENTITIES[code.toLowerCase()] ?? whole;
  }).split("\n").map((line) => line.replace(/[ \t\f\v\r]+/g, " ").trim()).filter((line) => line.length > 0).join("\n").trim();
}
function safeCodePoint(code, fallback) {
  return Number.isInteger(code) && code > 0 && code <= 1114111 ? String.fromCodePoint(code) : fallback;
}

// src/core/tools/web-fetch.ts
import { createHash as createHash4 } from "node:crypto";
import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP as isIP2 } from "node:net";
var WEB_FETCH_MAX_BYTES = 1024 * 1024;
var WEB_FETCH_MAX_REDIRECTS = 5;
var WEB_FETCH_TIMEOUT_MS = 3e4;
var systemResolver = (host) => dnsLookup(host, { all: true, verbatim: true });
async function guardedFetch(options) {
  const resolve2 = options.resolve ?? systemResolver;
  const signal = AbortSignal.any([
    options.signal,
    AbortSignal.timeout(options.timeoutMs ?? WEB_FETCH_TIMEOUT_MS)
  ]);
  const redirects = [];
  let current = checkUrl(options.url, options.policy, "the URL");
  for (; ; ) {
    const addresses = await checkedAddresses(current, resolve2, options.privateAllowed);
    const response = await get(current, addresses, signal);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.destroy();
      if (redirects.length >= WEB_FETCH_MAX_REDIRECTS) {
        throw new Error(`more than ${WEB_FETCH_MAX_REDIRECTS} redirects (last to ${location})`);
      }
      const next = new URL(location, current).href;
      current = checkUrl(next, options.policy, `the redirect from ${current.href} to ${next}`);
      redirects.push(current.href);
      continue;
    }
    const { raw, truncated } = await readCapped(response, options.maxBytes, signal);
    return {
      url: options.url,
      final_url: current.href,
      redirects,
      status: response.statusCode ?? 0,
      content_type: response.headers["content-type"] ?? null,
      raw,
      raw_sha256: createHash4("sha256").update(raw).digest("hex"),
      truncated
    };
  }
}
function checkUrl(text, policy, what, tool = "web_fetch") {
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new ToolRefusal(`${tool} refused: ${what} is not a valid absolute URL: ${text}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ToolRefusal(
      `${tool} refused: ${what} uses ${url.protocol.replace(/:$/, "")}:, and only http:// and https:// are fetched`
    );
  }
  if (url.username || url.password) {
    throw new ToolRefusal(
      `${tool} refused: ${what} carries credentials (user:password@), which are never sent`
    );
  }
  const host = bareAddress(url.hostname.toLowerCase());
  if (policy.network === "none") {
    throw new ToolRefusal(
      `${tool} refused: the contract sets [constraints] network = "none"; to fetch ${host}, set network = "allowlist" with ${host} in allowlist (or "open")`
    );
  }
  if (policy.network === "allowlist" && !hostAllowed(policy.allowlist, host)) {
    throw new ToolRefusal(
      `${tool} refused: ${what} goes to ${host}, which is not in [constraints] allowlist (${policy.allowlist.join(", ") || "empty"})`
    );
  }
  return url;
}
async function checkedAddresses(url, resolve2, privateAllowed) {
  const host = bareAddress(url.hostname.toLowerCase());
  const family = isIP2(host);
  let addresses;
  if (family !== 0) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await resolve2(host);
    } catch (error) {
      throw new Error(`${host} could not be resolved: ${error.code ?? error}`);
    }
    if (addresses.length === 0) throw new Error(`${host} resolves to no address`);
  }
  for (const { address } of addresses) {
    const kind = specialAddressKind(address);
    if (kind !== null && !privateAllowed(address)) {
      const where = family !== 0 ? host : `${host} resolves to ${bareAddress(address)}, which`;
      throw new ToolRefusal(
        `web_fetch refused: ${where} is a ${kind} address; to fetch it, list it in [tools.web_fetch] private_addresses`
      );
    }
  }
  return addresses.map(({ address, family: family2 }) => ({ address: bareAddress(address), family: family2 }));
}
function pinnedLookup(addresses) {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
    if (usable.length === 0) {
      const error = Object.assign(new Error("no checked address of the requested family"), {
        code: "ENOTFOUND"
      });
      callback(error, "", 0);
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, usable[0].address, usable[0].family);
  };
}
function get(url, addresses, signal) {
  const options = {
    method: "GET",
    protocol: url.protocol,
    hostname: bareAddress(url.hostname),
    port: url.port || void 0,
    path: `${url.pathname}${url.search}`,
    headers: {
      "user-agent": "truss-web-fetch (+https://github.com/truss)",
      accept: "text/html, text/plain, application/json, */*;q=0.5",
      "accept-encoding": "identity"
    },
    lookup: pinnedLookup(addresses),
    // No pooled sockets: each connection is made to this URL's checked addresses.
    agent: false,
    signal
  };
  return new Promise((resolve2, reject) => {
    const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(options, resolve2);
    request.on("error", reject);
    request.end();
  });
}
async function readCapped(response, maxBytes, signal) {
  const chunks = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of response) {
      const buffer = chunk;
      if (size + buffer.length > maxBytes) {
        chunks.push(buffer.subarray(0, maxBytes - size));
        size = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(buffer);
      size += buffer.length;
    }
  } finally {
    response.destroy();
  }
  if (signal.aborted) throw signal.reason ?? new Error("aborted");
  return { raw: Buffer.concat(chunks), truncated };
}

// src/core/tools/web-tools.ts
var WEB_TOOL_NAMES = Object.freeze(["web_fetch", "web_search"]);
var WEB_FETCH_DEFAULT_BYTES = 256 * 1024;
var SEARCH_TIMEOUT_MS = 3e4;
var FetchInput = external_exports.strictObject({
  url: external_exports.string().min(1).max(8192),
  max_bytes: external_exports.number().int().min(1).max(WEB_FETCH_MAX_BYTES).default(WEB_FETCH_DEFAULT_BYTES),
  revalidate: external_exports.boolean().default(false)
});
var SearchInput = external_exports.strictObject({
  query: external_exports.string().trim().min(1).max(400),
  count: external_exports.number().int().min(1).max(20).default(10),
  revalidate: external_exports.boolean().default(false)
});
var revalidateSchema = {
  type: "boolean",
  description: "Ask again even if this run already has this answer (default false: the earlier one is reused)."
};
function createWebTools(options) {
  const privateAllowed = addressMatcher(options.settings?.web_fetch?.private_addresses ?? []);
  const keyEnv = options.settings?.web_search?.api_key_env ?? DEFAULT_WEB_SEARCH_KEY_ENV;
  const endpoint = options.settings?.web_search?.endpoint ?? DEFAULT_WEB_SEARCH_ENDPOINT;
  const key = options.env[keyEnv] || void 0;
  const webFetch = {
    name: "web_fetch",
    description: "Fetch an http(s) URL (GET) and read it: HTML as its readable text, other text as it is. Returns the status, the final URL after redirects, the content type and the sha256 of the bytes. Hosts are limited by the contract\u2019s network policy.",
    inputSchema: {
      type: "object",
      properties: {
        url: { type: "string", description: "The http:// or https:// URL." },
        max_bytes: {
          type: "integer",
          minimum: 1,
          maximum: WEB_FETCH_MAX_BYTES,
          description: `The most bytes of the body to read (default ${WEB_FETCH_DEFAULT_BYTES}, at most 1 MiB).`
        },
        revalidate: revalidateSchema
      },
      required: ["url"],
      additionalProperties: false
    },
    sideEffect: false,
    readOnly: true,
    run: () => journaledOnly("web_fetch"),
    provenance: {
      kind: "web_tool_call",
      parse: (input) => {
        const { url, max_bytes, revalidate } = parseInput("web_fetch", FetchInput, input);
        return { input: { url: normalisedUrl(url), max_bytes }, reuse: !revalidate };
      },
      live: async (input, context) => {
        const page = await guardedFetch({
          url: String(input.url),
          maxBytes: Number(input.max_bytes),
          policy: context.policy,
          privateAllowed,
          signal: context.ctx.signal,
          resolve: options.resolve
        });
        const observed = {
          final_url: page.final_url,
          status: page.status,
          content_type: page.content_type,
          raw_sha256: page.raw_sha256,
          bytes: page.raw.length,
          truncated: page.truncated
        };
        return {
          body: {
            url: page.url,
            ...observed,
            redirects: page.redirects,
            content: readableContent(page.raw, page.content_type, page.truncated)
          },
          fields: observed,
          isError: page.status >= 400
        };
      },
      render: renderPage
    }
  };
  const webSearch = {
    name: "web_search",
    description: "Search the web through the configured search provider: ranked results with title, URL and snippet. Read a result with web_fetch.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "What to search for." },
        count: { type: "integer", minimum: 1, maximum: 20, description: "How many results (default 10)." },
        revalidate: revalidateSchema
      },
      required: ["query"],
      additionalProperties: false
    },
    sideEffect: false,
    readOnly: true,
    run: () => journaledOnly("web_search"),
    provenance: {
      kind: "web_tool_call",
      secrets: key ? [key] : [],
      parse: (input) => {
        const { query, count, revalidate } = parseInput("web_search", SearchInput, input);
        return { input: { query, count }, reuse: !revalidate };
      },
      live: async (input, context) => {
        if (!key) throw new ToolRefusal(`web_search unconfigured: missing env var ${keyEnv}`);
        const url = checkUrl(endpoint, context.policy, "the search endpoint", "web_search");
        url.searchParams.set("q", String(input.query));
        url.searchParams.set("count", String(input.count));
        const response = await (options.fetch ?? globalThis.fetch)(url, {
          headers: { accept: "application/json", "x-subscription-token": key },
          redirect: "error",
          signal: AbortSignal.any([context.ctx.signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)])
        });
        if (!response.ok) throw new Error(`the search provider ${url.host} answered HTTP ${response.status}`);
        const results = searchResults(await response.json());
        return {
          body: { query: input.query, provider: url.host, results },
          fields: { provider: url.host, results: results.length }
        };
      },
      render: (body) => {
        const { query, results } = body;
        if (results.length === 0) return `no results for ${JSON.stringify(query)}`;
        return results.map((r2) => `${r2.rank}. ${r2.title}
   ${r2.url}${r2.snippet ? `
   ${r2.snippet}` : ""}`).join("\n");
      }
    }
  };
  return [webFetch, webSearch];
}
function normalisedUrl(text) {
  try {
    return new URL(text).href;
  } catch {
    return text;
  }
}
function searchResults(json) {
  const list = json?.web?.results;
  if (list === void 0) return [];
  if (!Array.isArray(list)) throw new Error("the search provider answered without a result list");
  return list.map((item, index) => {
    const r2 = item ?? {};
    return {
      rank: index + 1,
      title: String(r2.title ?? ""),
      url: String(r2.url ?? ""),
      snippet: String(r2.description ?? "").replace(/<\/?strong>/g, "")
    };
  });
}
function renderPage(body) {
  const page = body;
  const lines = [
    `status: ${page.status}`,
    `final_url: ${page.final_url}`,
    `content_type: ${page.content_type ?? "(none)"}`,
    `raw_sha256: ${page.raw_sha256} (${page.bytes} bytes${page.truncated ? ", truncated at max_bytes" : ""})`
  ];
  if (page.redirects.length > 0) lines.push(`redirects: ${page.redirects.length}`);
  return `${lines.join("\n")}

${page.content}`;
}

// src/core/tools/invoke.ts
async function invokeTool(registry, name, input, context) {
  const tool = registry.get(name);
  if (tool === void 0) {
    return fail(`unknown tool ${JSON.stringify(name)}; available: ${[...registry.keys()].join(", ")}`, {
      unknownTool: true
    });
  }
  try {
    checkToolAllowed(context.policy, name);
  } catch (error) {
    return errorOutcome(name, error);
  }
  if (context.ctx.signal.aborted) return fail(`${name} refused: the run was cancelled`, { cancelled: true });
  try {
    return await tool.run(input, context);
  } catch (error) {
    return errorOutcome(name, error);
  }
}

// src/core/tools/anthropic-tools.ts
var ANTHROPIC_TEXT_EDITOR_TOOL = Object.freeze({
  type: "text_editor_20250728",
  name: "str_replace_based_edit_tool"
});
var ANTHROPIC_BASH_TOOL = Object.freeze({ type: "bash_20250124", name: "bash" });

// src/core/tools/registry.ts
var TOOL_NAMES = Object.freeze([
  "read_file",
  "write_file",
  "list_dir",
  "bash",
  "git_status",
  "git_diff",
  "git_branch",
  "git_commit"
]);
function createToolRegistry(options = {}) {
  const tools = [
    readFileTool,
    writeFileTool,
    listDirTool,
    createBashTool(options.bash),
    ...createGitTools(options.git)
  ];
  return new Map(tools.map((tool) => [tool.name, tool]));
}
function withContractTools(registry, settings, options) {
  const extra = [
    ...settings?.github ? createGitHubTools({ reader: options.github }) : [],
    ...settings?.web ? createWebTools({ settings, env: options.env }) : []
  ];
  if (extra.length === 0) return registry;
  const merged = new Map(registry);
  for (const tool of extra) if (!merged.has(tool.name)) merged.set(tool.name, tool);
  return merged;
}
function toolSpecs(tools) {
  const list = tools instanceof Map ? [...tools.values()] : [...tools];
  return list.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema
  }));
}

// src/core/executors/delegated-result.ts
import { createHash as createHash5 } from "node:crypto";

// src/core/executors/work-diff.ts
function recordWorkDiff(diff, redact) {
  const redactions = {};
  const files = /* @__PURE__ */ new Map();
  const pieces = fileChunks(diff).map((chunk) => {
    const scan = redact.scan ? redact.scan(chunk) : { text: redact(chunk), counts: {} };
    const kinds = Object.keys(scan.counts);
    if (kinds.length === 0 && scan.text !== chunk) kinds.push("secret");
    if (kinds.length > 0) {
      const name = redact(pathOf(chunk));
      files.set(name, /* @__PURE__ */ new Set([...files.get(name) ?? [], ...kinds]));
    }
    for (const [kind, n] of Object.entries(scan.counts)) redactions[kind] = (redactions[kind] ?? 0) + n;
    return scan.text;
  });
  const bytes = Buffer.from(pieces.join(""), "utf8");
  if (files.size === 0) return { bytes, redactions, diffError: null, failure: null };
  const where = [...files].slice(0, 5).map(([file, kinds]) => `${file} (${[...kinds].sort().join(", ")})`).join(", ");
  const more = files.size > 5 ? ` and ${files.size - 5} more file(s)` : "";
  const runSecret = Object.keys(redactions).some(isRunSecretKind);
  if (runSecret) {
    const failure = `the work holds a secret this run holds (a signing key, a token or the provider API key) in ${where}${more}: the ledger records the diff without it and the run fails. Remove it from the change`;
    return { bytes, redactions, diffError: failure, failure };
  }
  return {
    bytes,
    redactions,
    diffError: `the work adds text shaped like a credential in ${where}${more}, which the secret scan keeps out of the ledger, so the recorded diff is not the work and the clean-room checks would judge the scan marks instead. If it is a credential, remove it from the change; if it is public (an Ed25519 public key, a test fixture), set [sandbox] checkout = "in-place" so the checks judge the files themselves`,
    failure: null
  };
}
function fileChunks(diff) {
  const starts = [0];
  for (const match of diff.matchAll(/^diff --git /gm)) if (match.index > 0) starts.push(match.index);
  return starts.map((start, i) => diff.slice(start, starts[i + 1] ?? diff.length)).filter(Boolean);
}
function pathOf(chunk) {
  const header = chunk.split("\n", 1)[0] ?? "";
  return (header.startsWith("diff --git ") ? diffGitHeaderPath(header) : null) ?? "the diff";
}

// src/core/executors/delegated-result.ts
function delegatedStep(result, redactor, extra = {}) {
  const tally = tallyingRedactor(redactor);
  const redact = tally.redact;
  const stdout = redactBytes(result.stdout.bytes, redact, streamCuts(result.stdout).bytes);
  const stderr = redactBytes(result.stderr.bytes, redact, streamCuts(result.stderr).bytes);
  const recorded = recordWorkDiff(result.diff, redact);
  const diff = recorded.bytes;
  const stream = (bytes, captured) => ({
    sha256: sha256(bytes),
    bytes: captured.totalBytes,
    captured_bytes: bytes.length,
    truncated: captured.truncated,
    tail: redactWindow(redact, captured.tail, streamCuts(captured).tail)
  });
  return {
    payload: {
      command: result.command,
      resolved_command: result.resolvedCommand,
      args: result.args.map(redact),
      prompt_via: result.promptVia,
      prompt_sha256: result.promptSha256,
      cleared_env: result.clearedEnv,
      timeout_sec: result.timeoutSec,
      exit_code: result.exitCode,
      signal: result.signal,
      timed_out: result.timedOut,
      duration_ms: Math.round(result.durationMs),
      stdout: stream(stdout, result.stdout),
      stderr: stream(stderr, result.stderr),
      diff_sha256: sha256(diff),
      diff_bytes: diff.length,
      diff_truncated: result.diffTruncated,
      diff_stat: { ...result.diffStat },
      changed_files: result.changedFiles,
      head_before: result.headBefore,
      head_after: result.headAfter,
      git_error: result.gitError,
      ...recorded.diffError ? { diff_error: recorded.diffError } : {},
      // What the scan removed from the diff alone (`redactions` counts the streams too).
      ...Object.keys(recorded.redactions).length > 0 ? { diff_redactions: recorded.redactions } : {},
      ...extra,
      ...redactionField(tally.counts())
    },
    blobs: [stdout, stderr, diff]
  };
}
function delegatedOutcome(p2, command) {
  let failure = null;
  if (p2.timed_out) failure = `delegated CLI ${command} timed out after ${p2.timeout_sec} s`;
  else if (p2.signal) failure = `delegated CLI ${command} was killed by ${p2.signal}`;
  else if (p2.exit_code !== 0) failure = `delegated CLI ${command} exited with code ${p2.exit_code}`;
  else if (p2.diff_error && holdsRunSecret(p2.diff_redactions)) failure = p2.diff_error;
  return {
    kind: "delegated-cli",
    finalText: p2.stdout?.tail ?? "",
    steps: 0,
    failure,
    budgetExhausted: null,
    changedFiles: p2.changed_files ?? [],
    headAfter: p2.head_after ?? null,
    work: recordedWork(p2)
  };
}
function holdsRunSecret(counts) {
  return typeof counts === "object" && counts !== null && Object.keys(counts).some(isRunSecretKind);
}
function sha256(bytes) {
  return createHash5("sha256").update(bytes).digest("hex");
}

// src/core/executors/delegated-tools.ts
import { createHash as createHash7 } from "node:crypto";

// src/core/mcp/payload.ts
var MCP_RESULT_MAX_CHARS = 256 * 1024;
function resultText(result) {
  const parts = [];
  for (const block of result.content ?? []) {
    switch (block.type) {
      case "text":
        parts.push(block.text);
        break;
      case "image":
      case "audio":
        parts.push(`[${block.type} ${block.mimeType}, ${block.data.length} base64 characters]`);
        break;
      case "resource_link":
        parts.push(`[resource link ${block.uri}${block.name ? ` (${block.name})` : ""}]`);
        break;
      case "resource": {
        const resource = block.resource;
        parts.push(
          typeof resource.text === "string" ? resource.text : `[resource ${resource.uri}${resource.mimeType ? ` ${resource.mimeType}` : ""}]`
        );
        break;
      }
      default:
        parts.push(`[${String(block.type)} content]`);
    }
  }
  if (parts.length === 0 && result.structuredContent !== void 0) {
    parts.push(JSON.stringify(result.structuredContent));
  }
  const text = parts.join("\n");
  if (text.length <= MCP_RESULT_MAX_CHARS) return text;
  return `${text.slice(0, MCP_RESULT_MAX_CHARS)}
[result truncated: showing ${MCP_RESULT_MAX_CHARS} of ${text.length} characters]`;
}

// src/core/executors/activities.ts
import { createHash as createHash6 } from "node:crypto";
var INLINE_TOOL_OUTPUT_BYTES = 32 * 1024;
var digestCache = /* @__PURE__ */ new WeakMap();
function digestOf(value) {
  let digest = digestCache.get(value);
  if (digest === void 0) {
    digest = createHash6("sha256").update(canonicalJson(plain(value))).digest("hex");
    digestCache.set(value, digest);
  }
  return digest;
}
function requestDigest(request) {
  return createHash6("sha256").update(
    canonicalJson({
      system: request.system ?? null,
      tools: request.tools ? digestOf(request.tools) : null,
      messages: request.messages.map(digestOf),
      max_tokens: request.maxTokens ?? null,
      temperature: request.temperature ?? null
    })
  ).digest("hex");
}
function chatResultOf(entry) {
  const p2 = entry.payload;
  return {
    content: p2.content ?? [],
    stopReason: p2.stop_reason ?? null,
    model: p2.response_model ?? p2.model,
    usage: {
      inputTokens: p2.usage?.input_tokens ?? 0,
      outputTokens: p2.usage?.output_tokens ?? 0,
      costUsd: p2.usage?.cost_usd ?? 0,
      ...p2.usage?.cache_read_tokens !== void 0 ? { cacheReadTokens: p2.usage.cache_read_tokens } : {},
      ...p2.usage?.cache_write_tokens !== void 0 ? { cacheWriteTokens: p2.usage.cache_write_tokens } : {}
    }
  };
}
function shapeOf(content) {
  return canonicalJson(
    plain(
      content.map(
        (block) => block.type === "tool_use" ? { type: block.type, name: block.name, input: block.input } : block
      )
    )
  );
}
async function chatActivity(session, provider, request, ctx, redact = (text) => text, options = {}) {
  const chat = provider.chat?.bind(provider);
  if (!chat) {
    throw new ProviderConfigError(
      provider.kind,
      `provider ${provider.kind} (${provider.model}) cannot drive an agent loop: it has no chat with tool use`
    );
  }
  const unmetered = { ...ctx, budget: new BudgetMeter({}) };
  const digest = requestDigest(request);
  let sent = null;
  const { entry, replayed } = await session.activity(
    "model_result",
    `${provider.kind}/${provider.model}`,
    async () => {
      const result2 = await chat(request, unmetered);
      sent = result2.content;
      const tally = tallyingRedactor(redact);
      const content = result2.content.map((block) => redactedBlock(block, tally.redact));
      return {
        payload: plain({
          provider: provider.kind,
          model: provider.model,
          response_model: result2.model,
          ...options.purpose ? { purpose: options.purpose } : {},
          request_digest: digest,
          content,
          // What the secret scan removed from the answer, by kind (never the values).
          ...redactionField(tally.counts()),
          stop_reason: result2.stopReason,
          usage: {
            input_tokens: result2.usage.inputTokens,
            output_tokens: result2.usage.outputTokens,
            cost_usd: result2.usage.costUsd,
            // Prompt-cache tokens, when the API reports them (docs/context.md "Prompt caching").
            cache_read_tokens: result2.usage.cacheReadTokens,
            cache_write_tokens: result2.usage.cacheWriteTokens
          }
        })
      };
    },
    (recorded) => recorded.payload.request_digest === digest ? null : `request digest ${digest.slice(0, 12)}\u2026, recorded ${(recorded.payload.request_digest ?? "none").slice(0, 12)}\u2026`
  );
  const result = chatResultOf(entry);
  if (replayed && provider.kind === "scripted") {
    const fixture = await chat(request, unmetered);
    if (shapeOf(fixture.content) !== shapeOf(result.content)) {
      throw new NonDeterminismError(
        entry.seq,
        `model_result as the scripted fixture now answers it (${describeContent(fixture.content)})`,
        `model_result (${describeContent(result.content)})`
      );
    }
  }
  ctx.budget.record({
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    costUsd: result.usage.costUsd
  });
  return { result, entry, replayed, sent: replayed ? null : sent };
}
function redactedBlock(block, redact) {
  switch (block.type) {
    case "text":
      return { ...block, text: redact(block.text) };
    case "tool_use":
      return {
        ...block,
        id: redact(block.id),
        name: redact(block.name),
        input: redactJson(block.input, [], redact).value,
        ...block.inputError !== void 0 ? { inputError: redact(block.inputError) } : {}
      };
    default:
      return block;
  }
}
function describeContent(content) {
  const tools = content.flatMap((block) => block.type === "tool_use" ? [block.name] : []);
  return tools.length > 0 ? `tool_use ${tools.join(", ")}` : "text only";
}
function toolOutcomeStep(outcome, redact) {
  const tally = tallyingRedactor(redact);
  const content = redactAtCuts(tally.redact, outcome.content, outcome.cuts ?? []);
  const bytes = Buffer.from(content, "utf8");
  const fields = { is_error: outcome.isError, ...redactionField(tally.counts()) };
  if (outcome.data !== void 0) fields.data = plain(outcome.data);
  if (bytes.length <= INLINE_TOOL_OUTPUT_BYTES) {
    fields.content = content;
    return { fields, blobs: [] };
  }
  fields.content_sha256 = createHash6("sha256").update(bytes).digest("hex");
  fields.content_bytes = bytes.length;
  return { fields, blobs: [bytes] };
}
function redactAtCuts(redact, text, cuts) {
  const at2 = [...new Set(cuts)].filter((n) => n > 0 && n < text.length).sort((a, b3) => a - b3);
  if (at2.length === 0) return redact(text);
  const pieces = [redact(text.slice(0, at2[0]))];
  at2.forEach((start, i) => {
    pieces.push(redactWindow(redact, text.slice(start, at2[i + 1] ?? text.length), { start: true }));
  });
  return pieces.join("");
}
function toolOutcomeOf(session, fields) {
  let content;
  if (typeof fields.content === "string") content = fields.content;
  else if (typeof fields.content_sha256 === "string") {
    const blob = session.store.blob(fields.content_sha256);
    content = blob?.bytes ? blob.bytes.toString("utf8") : `[tool output ${fields.content_sha256} is no longer available (shredded)]`;
  } else content = "";
  return {
    content,
    isError: fields.is_error === true,
    ...fields.data && typeof fields.data === "object" ? { data: fields.data } : {}
  };
}

// src/core/executors/delegated-tools.ts
var DELEGATED_TOOL_CALL = "delegated_tool_call";
var DELEGATED_STARTED = "delegated_started";
var DelegatedToolBridge = class {
  #options;
  #queue = Promise.resolve();
  #calls = 0;
  #firstSeq = null;
  #pending = null;
  constructor(options) {
    this.#options = options;
  }
  /** The tools the contract's `allow_tools` allows, as the server advertises them. */
  get served() {
    return advertisedTools(this.#options.tools, this.#options.policy).map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema
    }));
  }
  /** How many calls were journaled in this attempt. */
  get calls() {
    return this.#calls;
  }
  /** The seq of this attempt's first journaled call (null before it). */
  get firstSeq() {
    return this.#firstSeq;
  }
  /** The gated call this attempt stopped on, if any. */
  get pendingGate() {
    return this.#pending;
  }
  /** Runs (after the calls before it) and journals one call; never throws for a bad call. */
  call(name, input) {
    const next = this.#queue.then(() => this.#call(name, input));
    this.#queue = next.catch(() => void 0);
    return next;
  }
  async #call(name, rawInput) {
    const { session, policy, gates, redact } = this.#options;
    if (this.#pending) {
      return answer(
        `${name} refused: the run is stopping to wait for an approval of ${this.#pending.tool}`,
        true
      );
    }
    if (this.#options.ctx.signal.aborted) return answer(`${name} refused: the run was cancelled`, true);
    const input = plain(rawInput ?? {});
    const recorded = redactJson(input, [], redact);
    const recordedInput = recorded.value;
    const inputText = canonicalJson(recordedInput);
    const inputSha256 = sha2562(inputText);
    const tool = this.#options.tools.get(name);
    let approval;
    const hidden = Object.keys(recorded.counts).length > 0;
    const gated = tool !== void 0 && isToolAllowed(policy, name) && gates.gatesTool(name);
    if (gated && !hidden) {
      const index = this.#options.approvals.findIndex(
        (a) => a.tool === name && a.inputSha256 === inputSha256
      );
      if (index >= 0) {
        this.#options.approvals.splice(index, 1);
        approval = "released";
      } else approval = "pending";
    }
    let outcome;
    if (gated && hidden) {
      outcome = {
        content: `${name} refused: it needs a reviewer's approval ([approval_gates] high_risk_tools), and its input holds text the secret scan removes, so the reviewer could not see what would run. Make the call without secret-like text (keys, tokens, PEM blocks) in its input.`,
        isError: true,
        data: { refused: true }
      };
    } else if (approval === "pending") {
      outcome = {
        content: `${name} needs a reviewer's approval ([approval_gates] high_risk_tools): the run is suspended until it is approved, then this agent starts again`,
        isError: true,
        data: { refused: true, approval: "pending" }
      };
    } else {
      outcome = await invokeTool(this.#options.tools, name, input, {
        workdir: this.#options.workdir,
        policy,
        ctx: this.#options.ctx
      });
    }
    this.#calls++;
    const call = this.#calls;
    const inline = Buffer.byteLength(inputText) <= INLINE_TOOL_OUTPUT_BYTES;
    const { entry } = await session.activity(
      DELEGATED_TOOL_CALL,
      name,
      async () => {
        const { fields, blobs } = toolOutcomeStep(outcome, redact);
        const inputBlob = inline ? [] : [Buffer.from(inputText, "utf8")];
        return {
          payload: {
            call,
            name,
            ...inline ? { input: recordedInput } : { input_bytes: Buffer.byteLength(inputText) },
            input_sha256: inputSha256,
            ...approval ? { approval } : {},
            ...fields,
            ...outcome.data?.refused === true || outcome.data?.unknownTool === true ? { refused: true } : {},
            ...Object.keys(recorded.counts).length > 0 ? { input_redactions: redactionField(recorded.counts).redactions } : {}
          },
          blobs: [...blobs, ...inputBlob]
        };
      },
      void 0,
      { deferSync: tool?.readOnly === true && approval === void 0 }
    );
    if (call === 1) this.#firstSeq = entry.seq;
    this.#options.ctx.events({ type: "tool_call", name, isError: outcome.isError });
    if (approval === "pending") {
      this.#pending = { tool: name, input: recordedInput };
      this.#options.onGate();
    }
    const text = typeof entry.payload.content === "string" ? entry.payload.content : redact(outcome.content);
    return answer(text, outcome.isError);
  }
};
function answer(text, isError) {
  return { text, isError };
}
function sha2562(text) {
  return createHash7("sha256").update(text, "utf8").digest("hex");
}

// src/core/executors/delegated-tools-socket.ts
import { randomBytes as randomBytes2, timingSafeEqual } from "node:crypto";
import { chmod, mkdtemp, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";

// src/core/mcp/sdk.ts
var loading;
function loadMcpSdk() {
  loading ??= (async () => {
    const [client, http, stdio] = await Promise.all([
      import("./client-YFE4LVM3.js"),
      import("./streamableHttp-2RB4KW5U.js"),
      import("./stdio-TU4BFAZO.js")
    ]);
    return {
      Client: client.Client,
      StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
      ReadBuffer: stdio.ReadBuffer,
      serializeMessage: stdio.serializeMessage
    };
  })();
  return loading;
}
var loadingServer;
function loadMcpServerSdk() {
  loadingServer ??= (async () => {
    const [server, stdio, types] = await Promise.all([
      import("./server-NUHVO7ND.js"),
      import("./stdio-RZKJCRYH.js"),
      import("./types-6BVIA36Q.js")
    ]);
    return {
      Server: server.Server,
      StdioServerTransport: stdio.StdioServerTransport,
      ListToolsRequestSchema: types.ListToolsRequestSchema,
      CallToolRequestSchema: types.CallToolRequestSchema
    };
  })();
  return loadingServer;
}

// src/core/mcp/tool-server.ts
async function serveMcpTools(options) {
  const sdk = await loadMcpServerSdk();
  const server = new sdk.Server(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: {} },
      ...options.instructions ? { instructions: options.instructions } : {}
    }
  );
  const names = new Set(options.tools.map((tool) => tool.name));
  server.setRequestHandler(sdk.ListToolsRequestSchema, async () => ({
    tools: options.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema
    }))
  }));
  server.setRequestHandler(sdk.CallToolRequestSchema, async (request) => {
    const { name } = request.params;
    let answer2;
    if (!names.has(name) && !options.passUnknown) {
      answer2 = {
        text: `unknown tool ${JSON.stringify(name)}; this server offers: ${[...names].join(", ") || "none"}`,
        isError: true
      };
    } else {
      try {
        answer2 = await options.call(name, request.params.arguments ?? {});
      } catch (error) {
        answer2 = { text: `${name} failed: ${error?.message ?? String(error)}`, isError: true };
      }
    }
    return {
      content: [{ type: "text", text: answer2.text }],
      ...answer2.structured ? { structuredContent: answer2.structured } : {},
      isError: answer2.isError
    };
  });
  const transport = new sdk.StdioServerTransport(options.input, options.output);
  let finish = () => {
  };
  const closed = new Promise((resolve2) => {
    finish = resolve2;
  });
  let closing = false;
  const close = async () => {
    if (closing) return closed;
    closing = true;
    options.input.off("end", onEnd);
    options.input.off("close", onEnd);
    await server.close().catch(() => {
    });
    finish();
    return closed;
  };
  const onEnd = () => {
    void close();
  };
  options.input.on("end", onEnd);
  options.input.on("close", onEnd);
  await server.connect(transport);
  options.input.resume();
  return { closed, close };
}

// src/core/executors/delegated-tools-relay.ts
var TOOL_SOCKET_FILE = "tools.sock";
var TOOL_TOKEN_FILE = "token";
var TOOL_CONFIG_FILE = "mcp.json";
var MAX_HANDSHAKE_BYTES = 4096;
function readHandshakeLine(socket) {
  return new Promise((resolve2, reject) => {
    let buffered = Buffer.alloc(0);
    const cleanup = () => {
      socket.off("data", onData);
      socket.off("end", onEnd);
      socket.off("error", onError);
    };
    const onData = (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      const newline = buffered.indexOf(10);
      if (newline < 0) {
        if (buffered.length > MAX_HANDSHAKE_BYTES) {
          cleanup();
          reject(new Error("handshake line too long"));
        }
        return;
      }
      cleanup();
      socket.pause();
      const rest = buffered.subarray(newline + 1);
      if (rest.length > 0) socket.unshift(rest);
      resolve2(buffered.subarray(0, newline).toString("utf8"));
    };
    const onEnd = () => {
      cleanup();
      reject(new Error("the connection closed before the handshake"));
    };
    const onError = (error) => {
      cleanup();
      reject(error);
    };
    socket.on("data", onData);
    socket.on("end", onEnd);
    socket.on("error", onError);
  });
}

// src/core/executors/delegated-tools-socket.ts
var MAX_CONNECTIONS = 8;
var MAX_SOCKET_PATH = 103;
function toolSocketParent(tempDir, fallback) {
  if (tempDir === void 0) return fallback;
  return join(tempDir, "truss-tools-XXXXXX", TOOL_SOCKET_FILE).length <= MAX_SOCKET_PATH ? tempDir : fallback;
}
async function openToolSocket(options) {
  const dir = await mkdtemp(join(options.parent, "truss-tools-"));
  try {
    return await listen(dir, options);
  } catch (error) {
    await options.isolation?.removeWorkdir?.(dir).catch(() => {
    });
    await removeUntrustedTree(dir, options.toolEnv);
    throw error;
  }
}
async function listen(dir, options) {
  await chmod(dir, 448);
  const token = randomBytes2(32).toString("hex");
  await writeFile(join(dir, TOOL_TOKEN_FILE), `${token}
`, { mode: 416 });
  const sockets = /* @__PURE__ */ new Set();
  const connections = /* @__PURE__ */ new Set();
  const server = createServer((socket) => {
    if (sockets.size >= MAX_CONNECTIONS) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    void accept(socket).catch((error) => {
      options.warn?.(`tools = "truss": a tool server connection failed: ${error.message}`);
      socket.destroy();
    });
  });
  const accept = async (socket) => {
    const line = await readHandshakeLine(socket);
    const refusal = checkHandshake(line, options.sessionId, token);
    const reply = refusal ? { truss_tools: "refused", reason: refusal } : { truss_tools: "ok" };
    socket.write(`${JSON.stringify(reply)}
`);
    if (refusal) {
      socket.end();
      return;
    }
    const connection = await serveMcpTools({
      name: "truss",
      version: options.version,
      instructions: "These are the only tools of this run: every call is checked against the contract and signed into its ledger.",
      tools: options.bridge.served,
      call: (name, args) => options.bridge.call(name, args),
      // Every call is journaled, a refused one too: the bridge refuses unknown and disallowed tools.
      passUnknown: true,
      input: socket,
      output: socket
    });
    connections.add(connection);
    void connection.closed.then(() => {
      connections.delete(connection);
      socket.destroy();
    });
  };
  const path = join(dir, TOOL_SOCKET_FILE);
  await new Promise((resolve2, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve2();
    });
  });
  await chmod(path, 384);
  await options.prepare?.(dir);
  await options.isolation?.addWorkdir(dir);
  let closing;
  return {
    dir,
    close() {
      closing ??= (async () => {
        const stopped = new Promise((resolve2) => server.close(() => resolve2()));
        await Promise.all([...connections].map((connection) => connection.close()));
        for (const socket of sockets) socket.destroy();
        await stopped;
        await options.isolation?.removeWorkdir?.(dir);
        await removeUntrustedTree(dir, options.toolEnv);
      })();
      return closing;
    }
  };
}
function checkHandshake(line, sessionId, token) {
  let hello;
  try {
    hello = JSON.parse(line);
  } catch {
    return "the first line is not a truss tools handshake";
  }
  if (hello === null || typeof hello !== "object" || hello.truss_tools !== 1) {
    return "the first line is not a truss tools handshake";
  }
  if (hello.session !== sessionId) {
    return `this tool server belongs to session ${sessionId}, not ${String(hello.session)}`;
  }
  const given = Buffer.from(String(hello.token ?? ""), "utf8");
  const expected = Buffer.from(token, "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return "wrong token";
  }
  return null;
}

// src/core/executors/delegated-tools-vendor.ts
import { chmod as chmod2, copyFile } from "node:fs/promises";
import { basename as basename2, join as join2 } from "node:path";
var STAGED_RELAY_FILE = "relay.mjs";
var TRUSS_TOOLS_SERVER = "truss";
var TRUSS_MCP_CONFIG_ENV = "TRUSS_MCP_CONFIG";
var CLAUDE_BUILTIN_TOOLS = Object.freeze([
  "Bash",
  "Edit",
  "MultiEdit",
  "Write",
  "NotebookEdit",
  "Read",
  "Glob",
  "Grep",
  "WebFetch",
  "WebSearch",
  "Task"
]);
function vendorWiring(options) {
  const configPath = join2(options.dir, TOOL_CONFIG_FILE);
  const config = `${JSON.stringify(
    {
      mcpServers: {
        [TRUSS_TOOLS_SERVER]: {
          type: "stdio",
          command: options.relay.command,
          args: [...options.relay.args]
        }
      }
    },
    null,
    2
  )}
`;
  const env = { [TRUSS_MCP_CONFIG_ENV]: configPath };
  const name = basename2(options.command);
  if (name === "claude") {
    const flags = [
      "--mcp-config",
      configPath,
      "--strict-mcp-config",
      "--tools",
      "",
      "--allowedTools",
      options.tools.map((tool) => `mcp__${TRUSS_TOOLS_SERVER}__${tool}`).join(","),
      "--disallowedTools",
      CLAUDE_BUILTIN_TOOLS.join(",")
    ];
    return { vendor: "claude", args: [...flags, ...options.args], env, config, configPath };
  }
  if (name === "codex") {
    const key = `mcp_servers.${TRUSS_TOOLS_SERVER}`;
    const flags = [
      "-c",
      `${key}.command=${JSON.stringify(options.relay.command)}`,
      "-c",
      `${key}.args=[${options.relay.args.map((arg) => JSON.stringify(arg)).join(", ")}]`,
      "-c",
      `${key}.tool_timeout_sec=${Math.ceil(options.timeoutSec)}`,
      "-c",
      "features.shell_tool=false",
      "--sandbox",
      "read-only"
    ];
    const args = [...options.args];
    const at2 = args[0] === "exec" ? 1 : 0;
    args.splice(at2, 0, ...flags);
    return { vendor: "codex", args, env, config, configPath };
  }
  return { vendor: "other", args: [...options.args], env, config, configPath };
}
function relayCommand(truss, sessionId, dir) {
  return {
    command: truss.command,
    args: [...truss.args, "mcp", "serve", "--tools", "--session", sessionId, "--connect", dir]
  };
}
async function stagedRelayCommand(truss, sessionId, dir) {
  if (!truss.relayScript) return relayCommand(truss, sessionId, dir);
  const staged = join2(dir, STAGED_RELAY_FILE);
  await copyFile(truss.relayScript, staged);
  await chmod2(staged, 416);
  return relayCommand({ command: truss.command, args: [staged] }, sessionId, dir);
}

// src/core/executors/in-loop.ts
import { createHash as createHash11 } from "node:crypto";

// src/core/mcp/stdio-transport.ts
import { PassThrough } from "node:stream";
var STDIO_EXIT_GRACE_MS = 1e3;
var SERVER_LIFETIME_MS = 24 * 60 * 60 * 1e3;
var STDERR_TAIL_BYTES = 2048;
var SupervisedStdioTransport = class {
  onclose;
  onerror;
  onmessage;
  #options;
  #sdk;
  #stdin = new PassThrough();
  #abort = new AbortController();
  #buffer;
  #stderr = "";
  #running;
  #outcome;
  #closed = false;
  constructor(sdk, options) {
    this.#sdk = sdk;
    this.#options = options;
    this.#buffer = new sdk.ReadBuffer();
  }
  async start() {
    if (this.#running) throw new Error("SupervisedStdioTransport already started");
    const { signal } = this.#options;
    const onAbort = () => this.#abort.abort();
    if (signal.aborted) this.#abort.abort();
    else signal.addEventListener("abort", onAbort, { once: true });
    const deadline = this.#options.deadline;
    this.#running = runSupervised({
      file: this.#options.file,
      args: this.#options.args,
      cwd: this.#options.cwd,
      env: this.#options.env,
      stdin: this.#stdin,
      timeoutMs: deadline ? Math.max(0, deadline - Date.now()) : SERVER_LIFETIME_MS,
      signal: this.#abort.signal,
      killGraceMs: STDIO_EXIT_GRACE_MS,
      maxCaptureBytes: 0,
      tailBytes: 0,
      onStdout: (chunk) => this.#read(chunk),
      onStderr: (chunk) => {
        this.#stderr = (this.#stderr + chunk.toString("utf8")).slice(-STDERR_TAIL_BYTES);
      },
      isolation: this.#options.isolation
    });
    void this.#running.then((outcome) => {
      signal.removeEventListener("abort", onAbort);
      this.#outcome = outcome;
      this.#closed = true;
      this.#stdin.destroy();
      if (outcome.spawnError) this.onerror?.(new Error(`could not start: ${outcome.spawnError.message}`));
      this.onclose?.();
    });
  }
  #read(chunk) {
    try {
      this.#buffer.append(chunk);
      for (; ; ) {
        const message2 = this.#buffer.readMessage();
        if (message2 === null) break;
        this.onmessage?.(message2);
      }
    } catch (error) {
      this.onerror?.(error);
    }
  }
  async send(message2) {
    if (this.#closed || !this.#running) throw new Error("the MCP server process is not running");
    this.#stdin.write(this.#sdk.serializeMessage(message2));
  }
  async close() {
    if (!this.#running) return;
    this.#stdin.end();
    const exited = await Promise.race([
      this.#running.then(() => true),
      new Promise((resolve2) => setTimeout(() => resolve2(false), STDIO_EXIT_GRACE_MS).unref())
    ]);
    if (!exited) this.#abort.abort();
    await this.#running;
  }
  /**
   * Why the process is gone, for error messages: exit code or signal, a start-up failure, a
   * timeout, and the tail of its stderr. Null while it runs.
   */
  describeExit() {
    const outcome = this.#outcome;
    if (!outcome) return null;
    const how = outcome.spawnError ? `could not be started (${outcome.spawnError.message})` : outcome.timedOut ? "was killed at the run deadline" : outcome.cancelled ? "was stopped (cancelled)" : outcome.signal ? `was killed by ${outcome.signal}` : `exited with code ${String(outcome.exitCode)}`;
    const tail = this.#stderr.trim();
    return tail ? `${how}; stderr: ${tail.split("\n").slice(-5).join(" | ")}` : how;
  }
};

// src/core/mcp/connection.ts
var DEFAULT_MCP_TIMEOUT_SEC = 60;
var MAX_LIST_PAGES = 50;
var McpUnavailableError = class extends Error {
  name = "McpUnavailableError";
};
var McpServerError = class extends Error {
  name = "McpServerError";
};
function mcpTimeoutMs(server) {
  return Math.round((server.timeout_sec ?? DEFAULT_MCP_TIMEOUT_SEC) * 1e3);
}
function resolveHeaders(server, env) {
  const headers = { ...server.headers ?? {} };
  const missing = [];
  for (const [header, name] of Object.entries(server.env_headers ?? {})) {
    const value = env[name];
    if (value === void 0 || value === "") missing.push(`${name} (for header ${header})`);
    else headers[header] = value;
  }
  if (missing.length > 0) {
    throw new McpUnavailableError(
      `MCP server "${server.name}" needs the environment variable ${missing.join(", ")}, which is not set (secrets are not available to pull requests from forks); its tools cannot be offered, so the work cannot be verified`
    );
  }
  return headers;
}
function serverSecrets(server, env) {
  return Object.values(server.env_headers ?? {}).flatMap((name) => {
    const value = env[name];
    return value ? [value] : [];
  });
}
function checkServerNetwork(server, network) {
  if (server.transport !== "http") return;
  const host = new URL(server.url).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (network.mode === "open") return;
  if (network.mode === "allowlist" && hostAllowed(network.allowlist, host)) return;
  const how = network.mode === "none" ? '[constraints] network = "none"' : `its host ${host} is not in [constraints] allowlist (${network.allowlist.join(", ") || "empty"})`;
  throw new McpServerError(
    `MCP server "${server.name}" (http) refused: ${how}; the harness connects to it, so set network = "open" or "allowlist" with ${host} in allowlist`
  );
}
async function connectMcpServer(server, options) {
  checkServerNetwork(server, options.network);
  const headers = server.transport === "http" ? resolveHeaders(server, options.env) : {};
  const sdk = await loadMcpSdk();
  const timeout = mcpTimeoutMs(server);
  let transport;
  let stdio;
  if (server.transport === "stdio") {
    stdio = new SupervisedStdioTransport(sdk, {
      file: server.command,
      args: server.args ?? [],
      cwd: options.workdir,
      env: scrubEnv(options.env, server.env ?? []),
      isolation: options.ctx.isolation,
      signal: options.ctx.signal,
      deadline: options.ctx.deadline
    });
    transport = stdio;
  } else {
    transport = new sdk.StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers }
    });
  }
  const client = new sdk.Client({ name: "truss", version: "1" }, { capabilities: {} });
  client.onerror = () => {
  };
  const failure = (what, error) => {
    const exit = stdio?.describeExit();
    const detail = exit ? `the server ${exit}` : error?.message ?? String(error);
    return new McpServerError(`MCP server "${server.name}": ${what} failed: ${withoutUrl(detail, server)}`);
  };
  try {
    await scoped(options.ctx.signal, (signal) => client.connect(transport, { timeout, signal }));
  } catch (error) {
    await client.close().catch(() => {
    });
    throw failure("connecting", error);
  }
  return {
    server,
    async listTools() {
      const tools = [];
      let cursor;
      for (let page = 0; page < MAX_LIST_PAGES; page++) {
        let result;
        try {
          result = await scoped(
            options.ctx.signal,
            (signal) => client.listTools(cursor ? { cursor } : {}, { timeout, signal })
          );
        } catch (error) {
          throw failure("tools/list", error);
        }
        for (const tool of result.tools) {
          tools.push({
            name: tool.name,
            description: tool.description ?? "",
            inputSchema: tool.inputSchema
          });
        }
        cursor = result.nextCursor;
        if (!cursor) break;
      }
      return tools;
    },
    async callTool(tool, args) {
      try {
        return await scoped(
          options.ctx.signal,
          (signal) => client.callTool({ name: tool, arguments: args }, void 0, { timeout, signal })
        );
      } catch (error) {
        throw failure(`tools/call ${tool}`, error);
      }
    },
    async close() {
      await client.close().catch(() => {
      });
    }
  };
}
function withoutUrl(text, server) {
  if (!server.url) return text;
  const url = new URL(server.url);
  let out = text;
  for (const form of [server.url, url.href, url.origin, url.host]) out = out.split(form).join("<server url>");
  return out;
}
async function scoped(run, request) {
  const controller = new AbortController();
  const abort = () => controller.abort(run.reason);
  if (run.aborted) abort();
  else run.addEventListener("abort", abort, { once: true });
  try {
    return await request(controller.signal);
  } finally {
    run.removeEventListener("abort", abort);
  }
}

// src/core/mcp/mount.ts
var PROVIDER_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
function mountedName(server, tool) {
  return `mcp__${server}__${tool}`;
}
function mountDecision(server, tool) {
  const name = mountedName(server.name, tool);
  const allow = server.allow_tools ?? [];
  if (allow.length > 0 && !allow.some((pattern) => matchesToolPattern(pattern, tool))) {
    return { name, refused: "not in the server allow_tools" };
  }
  if (!PROVIDER_TOOL_NAME.test(name)) {
    return {
      name,
      refused: `${name} is not a valid tool name for model APIs ([A-Za-z0-9_-], at most 64 characters)`
    };
  }
  return { name, refused: null };
}
function isMcpTool(tool) {
  return tool !== void 0 && "mcp" in tool;
}
var McpMount = class _McpMount {
  #options;
  #servers = /* @__PURE__ */ new Map();
  /** Every mounted tool, in declaration order (the contract's allow_tools decides what is advertised). */
  tools = [];
  /** Why the work cannot be verified here (a server's secret is not set), or null. */
  unavailable = null;
  /** Why a server could not be used (start-up, listing, policy), or null. */
  failure = null;
  constructor(options) {
    this.#options = options;
  }
  static async open(options) {
    const mount = new _McpMount(options);
    for (const settings of options.servers) {
      const redact = withSecrets(options.redact, serverSecrets(settings, options.env));
      mount.#servers.set(settings.name, { settings, redact, connection: void 0, calls: 0 });
      const { entry } = await options.session.activity(
        "mcp_tools_listed",
        settings.name,
        () => mount.#list(settings.name)
      );
      mount.#mount(settings, entry);
    }
    return mount;
  }
  async #list(server) {
    const state = this.#servers.get(server);
    const { settings, redact } = state;
    const base = { server, transport: settings.transport };
    try {
      const listed = await (await this.#connection(state)).listTools();
      const tools = [];
      const notMounted = [];
      for (const tool of listed) {
        const { name, refused } = mountDecision(settings, tool.name);
        if (refused) {
          notMounted.push({ name: redact(tool.name), reason: refused });
        } else {
          tools.push({
            name,
            tool: tool.name,
            description: redact(tool.description),
            // Redaction replaces strings inside the schema; an object stays an object.
            input_schema: redactJson(inputSchemaOf(tool.inputSchema), [], redact).value
          });
        }
      }
      return { payload: plain({ ...base, listed: listed.length, tools, not_mounted: notMounted }) };
    } catch (error) {
      if (error instanceof McpUnavailableError) {
        return { payload: { ...base, tools: [], unavailable: redact(error.message) } };
      }
      if (error instanceof McpServerError)
        return { payload: { ...base, tools: [], error: redact(error.message) } };
      throw error;
    }
  }
  #mount(settings, entry) {
    const p2 = entry.payload;
    if (p2.unavailable !== void 0) this.unavailable ??= p2.unavailable;
    if (p2.error !== void 0) this.failure ??= p2.error;
    for (const tool of p2.tools) {
      const name = tool.name;
      this.tools.push({
        name,
        description: `(MCP server "${settings.name}") ${tool.description ?? ""}`.trim(),
        inputSchema: tool.input_schema ?? { type: "object" },
        sideEffect: true,
        mcp: { server: settings.name, tool: tool.tool },
        async run() {
          return {
            content: `${name} refused: MCP tools run only as journaled calls of the in-loop executor`,
            isError: true
          };
        }
      });
    }
  }
  #connection(state) {
    state.connection ??= connectMcpServer(state.settings, {
      env: this.#options.env,
      workdir: this.#options.workdir,
      ctx: this.#options.ctx,
      network: { mode: this.#options.policy.network, allowlist: this.#options.policy.allowlist }
    });
    state.connection.catch(() => {
      state.connection = void 0;
    });
    return state.connection;
  }
  /**
   * One call as a signed `mcp_tool_call {call_id, name, transport, server, tool, args_sha256,
   * result_sha256, result_bytes, is_error, error, memo_key}` entry, memoised in the same append;
   * the redacted result is a blob. The arguments are hashed after the server's `secret_args` and
   * every run secret are redacted; URLs and header values are never journaled. Past `budget_calls`
   * the call is refused (and recorded) without reaching the server.
   *
   * A result marked pending (`_meta["truss/pending"] = {signal, reason}`) records
   * `mcp_tool_pending` and suspends the run until `truss signal SESSION <signal> [PAYLOAD]`; the
   * delivered payload becomes the call's result (`mcp_tool_call` with `pending_seq`), so neither the
   * wait nor the completion calls the server again.
   */
  async call(tool, callId, input) {
    const state = this.#servers.get(tool.mcp.server);
    if (!state) return { content: `unknown MCP server ${JSON.stringify(tool.mcp.server)}`, isError: true };
    const { settings, redact } = state;
    const session = this.#options.session;
    state.calls++;
    const { value: args, counts } = redactJson(input, settings.secret_args ?? [], redact);
    const argsSha256 = jsonSha256(args);
    const base = {
      call_id: callId,
      name: tool.name,
      transport: settings.transport,
      server: settings.name,
      tool: tool.mcp.tool,
      args_sha256: argsSha256,
      ...Object.keys(counts).length > 0 ? { args_redactions: counts } : {}
    };
    const check = (recorded) => recorded.payload.args_sha256 === argsSha256 ? null : `arguments hashing to ${argsSha256.slice(0, 12)}\u2026, recorded ${recorded.payload.args_sha256.slice(0, 12)}\u2026`;
    let live = session.replaying ? void 0 : await this.#callLive(state, tool, input);
    let pendingSeq;
    if (session.peek()?.kind === "mcp_tool_pending" || live?.kind === "pending") {
      const answer2 = live;
      const { entry: pending } = await session.activity(
        "mcp_tool_pending",
        tool.name,
        async () => {
          if (answer2?.kind !== "pending") throw new Error("mcp_tool_pending without a pending answer");
          const body = resultBody(answer2.result, redact);
          return {
            payload: { ...base, signal: answer2.signal, reason: redact(answer2.reason), ...body.fields },
            blobs: body.blobs
          };
        },
        check
      );
      const { signal, reason } = pending.payload;
      const delivered = await session.awaitSignal(
        signal,
        // The reason is the server's own text, quoted as such: it must not read as Truss's instruction.
        `MCP tool ${tool.name} is pending${reason ? ` (its server says: ${JSON.stringify(reason.slice(0, 300))})` : ""}; deliver its result with: truss signal ${session.id} ${signal} PAYLOAD`
      );
      live = { kind: "result", result: deliveredResult(delivered) };
      pendingSeq = pending.seq;
    }
    const { memo, entry } = await session.memoized("mcp_tool_call", tool.name, {
      check,
      memoOf: callMemoOf,
      execute: async (memoKey) => {
        const answer2 = live ?? await this.#callLive(state, tool, input);
        const head = {
          ...base,
          memo_key: memoKey,
          ...pendingSeq !== void 0 ? { pending_seq: pendingSeq } : {}
        };
        if (answer2.kind === "failed") {
          const payload2 = {
            ...head,
            ...answer2.refused ? { refused: true } : {},
            result_sha256: null,
            is_error: true,
            error: redact(answer2.error)
          };
          return { payload: payload2, memo: callMemoOf({ payload: payload2 }) };
        }
        const body = resultBody(answer2.result, redact);
        const payload = { ...head, ...body.fields, error: null };
        return { payload, memo: callMemoOf({ payload }), blobs: body.blobs };
      }
    });
    return this.#outcome(entry, memo);
  }
  /** Calls the server (unless `budget_calls` is used up): its answer, pending or not, or why it failed. */
  async #callLive(state, tool, input) {
    const { settings } = state;
    if (settings.budget_calls !== void 0 && state.calls > settings.budget_calls) {
      return {
        kind: "failed",
        refused: true,
        error: `${tool.name} refused: MCP server "${settings.name}" allows ${settings.budget_calls} call(s) per run (budget_calls), and they are used up`
      };
    }
    let result;
    try {
      result = await (await this.#connection(state)).callTool(tool.mcp.tool, input);
    } catch (error) {
      if (!(error instanceof McpServerError || error instanceof McpUnavailableError)) throw error;
      await this.#drop(state);
      return { kind: "failed", error: error.message };
    }
    const pending = pendingOf(result);
    return pending ? { kind: "pending", result, ...pending } : { kind: "result", result };
  }
  /** What the model reads for a recorded call: its error, or the result read back from its blob. */
  #outcome(entry, memo) {
    const data = { mcp_seq: entry.seq, result_sha256: memo.result_sha256 };
    if (memo.error !== null || memo.result_sha256 === null) {
      return { content: memo.error ?? "the MCP call failed", isError: true, data };
    }
    const blob = this.#options.session.store.blob(memo.result_sha256);
    if (!blob?.bytes) {
      return {
        content: `[MCP result ${memo.result_sha256} is no longer available (shredded)]`,
        isError: memo.is_error,
        data
      };
    }
    const result = JSON.parse(blob.bytes.toString("utf8"));
    return { content: resultText(result), isError: memo.is_error, data };
  }
  async #drop(state) {
    const connection = state.connection;
    state.connection = void 0;
    await connection?.then((c3) => c3.close()).catch(() => {
    });
  }
  /** Closes every connected server (a stdio server's process group is gone afterwards). */
  async close() {
    const open2 = [...this.#servers.values()].flatMap((state) => state.connection ? [state.connection] : []);
    await Promise.all(open2.map((connection) => connection.then((c3) => c3.close()).catch(() => {
    })));
  }
};
var SIGNAL_NAME = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
function pendingOf(result) {
  const marker = result._meta?.["truss/pending"];
  if (!marker || typeof marker !== "object") return null;
  const { signal, reason } = marker;
  if (typeof signal !== "string" || !SIGNAL_NAME.test(signal)) return null;
  return { signal, reason: typeof reason === "string" ? reason : "" };
}
function deliveredResult(payload) {
  const text = typeof payload === "string" ? payload : JSON.stringify(payload ?? null);
  return { content: [{ type: "text", text }] };
}
function resultBody(result, redact) {
  const body = jsonBlob(result, redact);
  return {
    fields: {
      result_sha256: body.sha256,
      result_bytes: body.bytes.length,
      is_error: result.isError === true,
      ...redactionField(body.counts)
    },
    blobs: [body.bytes]
  };
}
function inputSchemaOf(schema) {
  const { $schema: _ignored, ...rest } = schema ?? {};
  return rest.type === "object" ? rest : { type: "object", properties: {} };
}

// src/core/executors/context/agent-context.ts
import { createHash as createHash9 } from "node:crypto";

// src/core/executors/context/layer-text.ts
var DEFAULT_SYSTEM_PROMPT = "You are a careful software engineer working in a repository through the tools you are given. Make the smallest change that fulfils the task. Your work is verified independently after you finish: do not claim success, make it true. When you are done, answer with a short summary and no tool call.";
function goalText(contract) {
  const lines = [`Task: ${contract.contract.intent}`];
  if (contract.contract.title) lines.push(`Title: ${contract.contract.title}`);
  lines.push("", "Definition of done (verified independently by the harness after you finish):");
  contract.done.forEach((clause, index) => {
    lines.push(`${index + 1}. [${clause.kind}] ${clause.desc}`);
  });
  lines.push(
    "",
    "Work in the current directory with the tools. When the work is complete, reply with a short summary and no tool call."
  );
  return lines.join("\n");
}
function systemText(contract, settings, principal) {
  const core = contract.constraints.system ?? DEFAULT_SYSTEM_PROMPT;
  if (!settings) return core;
  const parts = [core];
  const who = principalLine(principal);
  if (who) parts.push(who);
  const notes = [];
  if (settings.goal_repin_every > 0) {
    notes.push(`the harness restates the task every ${settings.goal_repin_every} steps`);
  }
  if (settings.compaction.mode !== "off") {
    notes.push(
      "when the conversation nears the context window, earlier steps are replaced by a summary (the task itself is always kept)"
    );
  }
  if (notes.length > 0) parts.push(`Context: ${notes.join("; ")}.`);
  return parts.join("\n\n");
}
function principalLine(principal) {
  const safe = (value) => (value ?? "").replace(/[^A-Za-z0-9_.:/@[\]-]/g, "").slice(0, 100);
  const login = safe(principal.login);
  const via = safe(principal.via);
  const repository = safe(principal.repository);
  if (!login && !repository) return "";
  const by = login ? `requested by ${login}${via ? ` (via ${via})` : ""}` : "";
  const where = repository ? `repository ${repository}` : "";
  return `Principal: ${[by, where].filter(Boolean).join(", in ")}.`;
}
function repinText(goal, step) {
  return `Reminder from the harness after step ${step}: the task is unchanged.

${goal}`;
}
function summaryMessageText(summary, fromStep, toStep, mode) {
  const steps = fromStep === toStep ? `step ${fromStep}` : `steps ${fromStep}\u2013${toStep}`;
  if (mode === "evict") return summary;
  return `Summary of ${steps}, written when the harness compacted this conversation (the full record is in the signed journal):

${summary}`;
}
function evictionNotice(fromStep, toStep) {
  const steps = fromStep === toStep ? `Step ${fromStep} was` : `Steps ${fromStep}\u2013${toStep} were`;
  return `${steps} removed from this conversation when the harness compacted it to stay within the model's context window; the full record is in the signed journal. Continue from the messages below.`;
}
function memoryText(text) {
  return `Recalled memory (from earlier runs, supplied by the harness):

${text}`;
}

// src/core/executors/context/tokens.ts
var BYTES_PER_TOKEN = 4;
function estimateTokens(text) {
  return Math.ceil(Buffer.byteLength(text, "utf8") / BYTES_PER_TOKEN);
}
function blockText(block) {
  switch (block.type) {
    case "text":
      return block.text;
    case "tool_use":
      return `${block.name} ${JSON.stringify(block.input)}`;
    case "tool_result":
      return block.content;
  }
}
function messageTokens(message2) {
  return message2.content.reduce((sum, block) => sum + estimateTokens(blockText(block)) + 4, 4);
}
function messagesTokens(messages) {
  return messages.reduce((sum, message2) => sum + messageTokens(message2), 0);
}
function toolsTokens(tools) {
  return tools.length === 0 ? 0 : estimateTokens(JSON.stringify(tools));
}

// src/core/executors/context/assembler.ts
var ContextAssembler = class {
  tools;
  system;
  goal;
  #turns = [];
  #summary = null;
  #memory;
  #minTail;
  #stablePrefix;
  // Built once: the same objects in every request, so the request digest hashes them once
  // (activities.ts caches by identity), and their sizes are counted once.
  #requestTools;
  #goalMessage;
  #fixedSizes;
  constructor(options) {
    this.tools = options.tools;
    this.system = options.system;
    this.goal = options.goal;
    this.#minTail = options.minTail;
    this.#memory = options.memory && options.memory.text !== "" ? options.memory : null;
    this.#stablePrefix = options.stablePrefix;
    this.#requestTools = [...options.tools];
    this.#goalMessage = userText(options.goal);
    this.#fixedSizes = {
      tools: toolsTokens(this.tools),
      system: estimateTokens(this.system),
      goal: messagesTokens([this.#goalMessage])
    };
  }
  get turns() {
    return this.#turns;
  }
  get summary() {
    return this.#summary;
  }
  get memory() {
    return this.#memory;
  }
  /** Adds a message of step `step` (content in journal form, see the class comment). */
  push(message2, step, seq) {
    this.#turns.push({ message: { role: message2.role, content: journalForm(message2.content) }, step, seq });
  }
  /**
   * Appends the goal again to the newest user turn (the re-pin), or as a user message of its own
   * when the newest turn is the model's.
   */
  repin(step) {
    const text = repinText(this.goal, step);
    const last = this.#turns.at(-1);
    if (last && last.message.role === "user") {
      last.message = { role: "user", content: [...last.message.content, { type: "text", text }] };
    } else {
      this.#turns.push({ message: { role: "user", content: [{ type: "text", text }] }, step, seq: null });
    }
    return text;
  }
  /** Index in `turns` where the scratch tail starts: at least `minTail` messages, from an assistant turn. */
  tailStart() {
    let start = Math.max(0, this.#turns.length - this.#minTail);
    while (start > 0 && this.#turns[start]?.message.role !== "assistant") start--;
    return start;
  }
  /** The turns a compaction would elide now (empty when the tail is all there is). */
  elidable() {
    return this.#turns.slice(0, this.tailStart());
  }
  /** Replaces the elidable turns (and any earlier summary) with `summary`. */
  compact(summary) {
    this.#turns = this.#turns.slice(this.tailStart());
    this.#summary = summary;
  }
  /** Drops the recalled-memory block (when compaction may elide it and did). */
  dropMemory() {
    this.#memory = null;
  }
  /** The request for the next model call. */
  request(maxTokens) {
    const cut2 = this.tailStart();
    const messages = [
      this.#goalMessage,
      ...this.#summary ? [userText(this.#summaryText())] : [],
      ...this.#turns.slice(0, cut2).map((turn) => turn.message),
      ...this.#memory ? [userText(memoryText(this.#memory.text))] : [],
      ...this.#turns.slice(cut2).map((turn) => turn.message)
    ];
    return {
      system: this.system,
      messages,
      tools: this.#requestTools,
      ...maxTokens ? { maxTokens } : {},
      ...this.#stablePrefix ? { stablePrefixMessages: 1 } : {}
    };
  }
  /** Estimated tokens of each layer of the next request (docs/context.md "The gauge"). */
  layerSizes() {
    const cut2 = this.tailStart();
    const summary = this.#summary ? messagesTokens([userText(this.#summaryText())]) : 0;
    return {
      ...this.#fixedSizes,
      history: summary + messagesTokens(this.#turns.slice(0, cut2).map((t2) => t2.message)),
      memory: this.#memory ? this.#memory.tokens : 0,
      scratch: messagesTokens(this.#turns.slice(cut2).map((t2) => t2.message))
    };
  }
  #summaryText() {
    const s = this.#summary;
    return summaryMessageText(s.text, s.fromStep, s.toStep, s.mode);
  }
};
function totalOf(sizes) {
  return Object.values(sizes).reduce((sum, n) => sum + n, 0);
}
function userText(text) {
  return { role: "user", content: [{ type: "text", text }] };
}
function journalForm(content) {
  return JSON.parse(canonicalJson(JSON.parse(JSON.stringify(content))));
}

// src/core/executors/context/compaction.ts
import { createHash as createHash8 } from "node:crypto";
var CONTEXT_SUMMARY_PURPOSE = "context_summary";
var SUMMARY_REQUEST_MARKER = "[truss:context-summary-request]";
var SUMMARY_MAX_TOKENS = 1024;
var RESULT_CHARS = 4e3;
var SUMMARY_SYSTEM = `${SUMMARY_REQUEST_MARKER} You compact the working memory of a software agent that is part-way through a task. Write a concise summary of the transcript you are given, for the agent to continue from: what it has done, what it learned (file names, commands, results, errors), decisions made and what remains. Do not restate the task; do not invent anything; plain text, at most a few hundred words.`;
async function compactContext(args) {
  const { session, assembler, policy } = args;
  const elided = assembler.elidable();
  const first = elided[0];
  if (!first || first.seq === null) return null;
  const previous = assembler.summary;
  const fromStep = previous?.fromStep ?? first.step;
  const toStep = elided.at(-1).step;
  const dropMemory = assembler.memory !== null && !policy.exempt.includes("memory");
  let summary;
  let summarySeq;
  if (policy.mode === "evict") {
    summary = evictionNotice(fromStep, toStep);
  } else {
    const request = summaryRequest(
      assembler.goal,
      previous?.text ?? null,
      elided,
      dropMemory ? assembler.memory : null
    );
    const { result, entry } = await chatActivity(session, args.provider, request, args.ctx, args.redact, {
      purpose: CONTEXT_SUMMARY_PURPOSE
    });
    summary = textOf(result.content, "\n");
    summarySeq = entry.seq;
  }
  const bytes = Buffer.from(summary, "utf8");
  const sha = createHash8("sha256").update(bytes).digest("hex");
  const seqs = elided.flatMap((turn) => turn.seq === null ? [] : [turn.seq]);
  assembler.compact({ text: summary, fromStep, toStep, mode: policy.mode });
  if (dropMemory) assembler.dropMemory();
  const record = {
    step: args.step,
    before_tokens: args.before.tokens,
    after_tokens: totalOf(assembler.layerSizes()),
    window: args.before.window,
    pressure: args.before.pressure,
    elided_range: {
      from_seq: first.seq,
      to_seq: Math.max(...seqs),
      from_step: first.step,
      to_step: toStep,
      messages: elided.length
    },
    summary_sha256: sha,
    summary_bytes: bytes.length,
    ...summarySeq !== void 0 ? { summary_seq: summarySeq } : {},
    ...previous ? { previous_summary_sha256: sha2563(previous.text) } : {},
    ...dropMemory ? { memory_dropped: true } : {},
    policy
  };
  session.record("compaction_performed", () => ({ payload: plain({ ...record }), blobs: [bytes] }), {
    check: (recorded) => recorded.payload.summary_sha256 === sha && recorded.payload.elided_range?.from_seq === first.seq ? null : `summary ${sha.slice(0, 12)}\u2026 from seq ${first.seq}, recorded ${String(recorded.payload.summary_sha256).slice(0, 12)}\u2026`
  });
  args.ctx.events({
    type: "context_compacted",
    step: args.step,
    mode: policy.mode,
    before_tokens: record.before_tokens,
    after_tokens: record.after_tokens
  });
  return record;
}
function summaryRequest(goal, previous, elided, memory) {
  const parts = [`The agent's task (for reference; do not restate it):
${goal}`];
  if (previous !== null) parts.push(`Summary of the steps before these:
${previous}`);
  if (memory) parts.push(`Memory the agent was shown:
${memory.text}`);
  parts.push(`Transcript to summarize:
${elided.map(transcriptLine).join("\n")}`);
  return {
    system: SUMMARY_SYSTEM,
    messages: [{ role: "user", content: [{ type: "text", text: parts.join("\n\n") }] }],
    maxTokens: SUMMARY_MAX_TOKENS
  };
}
function transcriptLine(turn) {
  const message2 = turn.message;
  const at2 = `[step ${turn.step}]`;
  return message2.content.map((block) => {
    if (block.type === "text") {
      return `${at2} ${message2.role === "assistant" ? "agent" : "harness"}: ${block.text}`;
    }
    if (block.type === "tool_use") return `${at2} agent calls ${block.name} ${JSON.stringify(block.input)}`;
    const content = block.content.length > RESULT_CHARS ? `${block.content.slice(0, RESULT_CHARS)} [\u2026 ${block.content.length - RESULT_CHARS} characters cut]` : block.content;
    return `${at2} result${block.isError ? " (error)" : ""}: ${content}`;
  }).join("\n");
}
function sha2563(text) {
  return createHash8("sha256").update(text, "utf8").digest("hex");
}

// src/core/executors/context/gauge.ts
var IMMINENT_WITHIN_STEPS = 2;
var ContextGauge = class {
  window;
  threshold;
  #last = null;
  /** Projections since the last compaction, for the growth rate. */
  #history = [];
  constructor(window, threshold) {
    this.window = window;
    this.threshold = threshold;
  }
  /**
   * What the provider reported for the request just sent (estimated at `estimate` tokens), whose
   * answer is estimated at `answer` tokens.
   */
  reported(usage, estimate, answer2) {
    this.#last = usage.inputTokens > 0 ? { input: usage.inputTokens, output: usage.outputTokens, estimate, answer: answer2 } : null;
  }
  /** The conversation was rewritten (compaction): earlier reports no longer describe it. */
  reset() {
    this.#last = null;
    this.#history = [];
  }
  /** The reading for a next request estimated at `estimate` tokens. */
  read(estimate) {
    const last = this.#last;
    const tokens = last ? last.input + last.output + Math.max(0, estimate - last.estimate - last.answer) : estimate;
    this.#history.push(tokens);
    return {
      tokens,
      window: this.window,
      pressure: pressureOf(tokens, this.window),
      stepsToThreshold: this.#stepsToThreshold(tokens)
    };
  }
  /** Pressure at or past the threshold. */
  over(reading) {
    return reading.pressure >= this.threshold;
  }
  #stepsToThreshold(tokens) {
    const first = this.#history[0];
    const steps = this.#history.length - 1;
    if (steps < 1) return null;
    const growth = (tokens - first) / steps;
    if (growth <= 0) return null;
    const room = this.threshold * this.window - tokens;
    return room <= 0 ? 0 : Math.ceil(room / growth);
  }
};
function pressureOf(tokens, window) {
  return Math.round(tokens / window * 1e4) / 1e4;
}

// src/core/providers/context-windows.ts
var DEFAULT_CONTEXT_WINDOWS = Object.freeze({
  "claude-*": 2e5,
  "gpt-4.1*": 1047576,
  "gpt-4o*": 128e3,
  "gpt-5*": 4e5
});
var FALLBACK_CONTEXT_WINDOW = 128e3;
function contextWindowOf(model, configured, table = DEFAULT_CONTEXT_WINDOWS) {
  if (configured !== void 0) return { tokens: configured, source: "config" };
  for (const id of modelIdCandidates(model)) {
    if (Object.hasOwn(table, id)) return { tokens: table[id], source: "default" };
    let best;
    for (const [key, tokens] of Object.entries(table)) {
      if (!key.endsWith("*")) continue;
      const prefix = key.slice(0, -1);
      if (id.startsWith(prefix) && prefix.length > (best?.length ?? -1))
        best = { length: prefix.length, tokens };
    }
    if (best) return { tokens: best.tokens, source: "default" };
  }
  return { tokens: FALLBACK_CONTEXT_WINDOW, source: "fallback" };
}

// src/core/executors/context/settings.ts
function contextSettingsFor(contract, provider) {
  const memory = contract.memory ?? {};
  const compaction = { ...MEMORY_DEFAULTS.compaction, ...memory.compaction ?? {} };
  const window = contextWindowOf(provider.model, executorProviderSettings(contract)?.context_window);
  return {
    version: 1,
    window: window.tokens,
    window_source: window.source,
    goal_repin_every: memory.goal_repin_every ?? MEMORY_DEFAULTS.goal_repin_every,
    compaction: {
      mode: compaction.mode,
      threshold: compaction.threshold,
      min_tail: compaction.min_tail,
      exempt: [...compaction.exempt]
    },
    cache: provider.kind === "anthropic" ? "cache_control" : provider.kind === "scripted" ? "none" : "prefix"
  };
}
var ContextSettingsError = class extends Error {
  name = "ContextSettingsError";
};
function recordedContextSettings(payload) {
  const value = payload.context;
  if (value === void 0) return null;
  const fail2 = (what) => {
    throw new ContextSettingsError(
      `executor_started records context settings this version cannot read (${what}); resume it with the Truss version that started it`
    );
  };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return fail2("not an object");
  const c3 = value;
  const p2 = c3.compaction ?? {};
  const count = (v2) => typeof v2 === "number" && Number.isSafeInteger(v2) && v2 >= 0;
  if (c3.version !== 1) fail2(`version ${String(c3.version)}`);
  if (!count(c3.window) || c3.window < 1) fail2("window");
  if (!count(c3.goal_repin_every)) fail2("goal_repin_every");
  if (p2.mode !== "off" && p2.mode !== "summarize" && p2.mode !== "evict") fail2("compaction.mode");
  if (typeof p2.threshold !== "number" || !(p2.threshold > 0 && p2.threshold <= 1)) fail2("compaction.threshold");
  if (!count(p2.min_tail) || p2.min_tail < 2) fail2("compaction.min_tail");
  if (!Array.isArray(p2.exempt) || !p2.exempt.every((layer) => typeof layer === "string")) fail2("exempt");
  if (c3.cache !== "cache_control" && c3.cache !== "prefix" && c3.cache !== "none") fail2("cache");
  return {
    version: 1,
    window: c3.window,
    window_source: ["config", "default", "fallback"].find((s) => s === c3.window_source) ?? "fallback",
    goal_repin_every: c3.goal_repin_every,
    compaction: {
      mode: p2.mode,
      threshold: p2.threshold,
      min_tail: p2.min_tail,
      exempt: [...p2.exempt]
    },
    cache: c3.cache
  };
}

// src/core/executors/context/agent-context.ts
var AgentContext = class {
  settings;
  #options;
  #assembler;
  #gauge;
  #sentEstimate = 0;
  constructor(options) {
    this.#options = options;
    this.settings = recordedContextSettings(options.started.payload);
    const settings = this.settings;
    this.#assembler = new ContextAssembler({
      tools: options.tools,
      system: systemText(options.contract, settings, options.principal),
      goal: goalText(options.contract),
      minTail: settings?.compaction.min_tail ?? 6,
      memory: settings ? options.recalledMemory : null,
      stablePrefix: settings !== null && settings.cache !== "none"
    });
    this.#gauge = settings ? new ContextGauge(settings.window, settings.compaction.threshold) : null;
  }
  get assembler() {
    return this.#assembler;
  }
  /**
   * The request for model call `step + 1`, after the boundary's work: the goal re-pin when due
   * (`goal_repinned`), the gauge reading (`context_pressure`, `compaction_imminent` events), a
   * compaction when past the threshold (`compaction_performed`) and the layer sizes
   * (`context_layers`). Throws what a summary call throws (budget, provider errors).
   */
  async beforeStep(step) {
    const { session, ctx } = this.#options;
    const settings = this.settings;
    const gauge = this.#gauge;
    if (!settings || !gauge) return this.#assembler.request(this.#options.maxTokens);
    const every = settings.goal_repin_every;
    if (every > 0 && step > 0 && step % every === 0) this.#repin(step);
    let reading = gauge.read(totalOf(this.#assembler.layerSizes()));
    ctx.events({ type: "context_pressure", step: step + 1, ...pick(reading) });
    const policy = settings.compaction;
    const left = reading.stepsToThreshold;
    if (policy.mode !== "off" && left !== null && left > 0 && left <= IMMINENT_WITHIN_STEPS) {
      ctx.events({ type: "compaction_imminent", step: step + 1, steps_to_threshold: left });
    }
    if (this.#compactionDue(reading)) {
      const done = await compactContext({
        ...this.#options,
        assembler: this.#assembler,
        policy,
        step,
        before: reading
      });
      if (done) {
        gauge.reset();
        reading = gauge.read(totalOf(this.#assembler.layerSizes()));
      }
    }
    const layers = this.#assembler.layerSizes();
    this.#sentEstimate = totalOf(layers);
    const memory = this.#assembler.memory;
    await session.activity(
      "context_layers",
      "",
      async () => ({
        payload: {
          step: step + 1,
          layers: { ...layers },
          estimated_tokens: this.#sentEstimate,
          projected_tokens: reading.tokens,
          window: reading.window,
          pressure: reading.pressure,
          ...memory ? { memory_ids: [...memory.ids] } : {}
        }
      }),
      void 0,
      { deferSync: true }
    );
    return this.#assembler.request(this.#options.maxTokens);
  }
  /** The model's answer of step `step` (its journaled entry and usage). */
  answered(content, step, entry, usage) {
    const message2 = { role: "assistant", content };
    this.#assembler.push(message2, step, entry.seq);
    this.#gauge?.reported(usage, this.#sentEstimate, messageTokens(message2));
  }
  /** The tool results of step `step`, journaled up to the session's last entry. */
  results(content, step) {
    this.#assembler.push({ role: "user", content }, step, this.#options.session.lastSeq);
  }
  #repin(step) {
    const text = this.#assembler.repin(step);
    const sha = createHash9("sha256").update(text, "utf8").digest("hex");
    this.#options.session.record(
      "goal_repinned",
      () => ({
        payload: {
          step,
          goal_sha256: sha,
          tokens: messageTokens({ role: "user", content: [{ type: "text", text }] })
        }
      }),
      {
        check: (recorded) => recorded.payload.goal_sha256 === sha && recorded.payload.step === step ? null : `goal re-pin at step ${step} (${sha.slice(0, 12)}\u2026), recorded step ${String(recorded.payload.step)}`
      }
    );
    this.#options.ctx.events({ type: "goal_repinned", step });
  }
  /**
   * Live: the policy is on, the projection is at or past the threshold and there is history to
   * elide. Replaying: whatever the journal did at this boundary (a summary call or the compaction
   * entry comes next), so a resumed run rebuilds the context the live run had.
   */
  #compactionDue(reading) {
    const { session } = this.#options;
    if (session.replaying) {
      const next = session.peek();
      return next !== void 0 && (next.kind === "compaction_performed" || next.kind === "model_result" && next.payload.purpose === CONTEXT_SUMMARY_PURPOSE);
    }
    const settings = this.settings;
    return settings.compaction.mode !== "off" && this.#gauge.over(reading) && this.#assembler.elidable().length > 0;
  }
};
function pick(reading) {
  return { tokens: reading.tokens, window: reading.window, pressure: reading.pressure };
}

// src/core/executors/in-loop-mcp.ts
import { createHash as createHash10 } from "node:crypto";
async function openMcpMount(options) {
  const servers = options.contract.mcp?.servers ?? [];
  if (servers.length === 0) return null;
  return McpMount.open({
    servers,
    session: options.session,
    policy: options.policy,
    env: options.env,
    workdir: options.workdir,
    ctx: options.ctx,
    redact: options.redact
  });
}
function withMcpTools(tools, mount) {
  const merged = new Map(tools);
  for (const tool of mount.tools) if (!merged.has(tool.name)) merged.set(tool.name, tool);
  return merged;
}
async function mcpStoppedOutcome(session, mount) {
  const failure = mount.failure;
  const unverifiable = failure ? null : mount.unavailable;
  const { entry } = await session.activity("executor_result", "", async () => ({
    payload: {
      kind: "in-loop",
      status: failure ? "failed" : "unverifiable",
      final_text: "",
      steps: 0,
      failure: failure ? `MCP: ${failure}` : null,
      budget_exhausted: null,
      unverifiable,
      diff_sha256: createHash10("sha256").update("").digest("hex"),
      diff_bytes: 0,
      changed_files: [],
      head_before: null,
      head_after: null,
      note: "the agent loop did not start: its MCP servers could not be mounted"
    }
  }));
  const p2 = entry.payload;
  return {
    kind: "in-loop",
    finalText: "",
    steps: 0,
    failure: typeof p2.failure === "string" ? p2.failure : null,
    budgetExhausted: null,
    unverifiable: typeof p2.unverifiable === "string" ? p2.unverifiable : null,
    changedFiles: [],
    headAfter: null,
    work: recordedWork(p2)
  };
}

// src/core/executors/self-validation.ts
var RUN_CHECKS_TOOL = {
  name: "run_checks",
  description: "Run the contract's check clauses (the harness's own definition-of-done commands) in your working directory now and see their exit codes and output. Give `clause` (its number in the definition of done, or words from its description) to run one; omit it to run every check. This is for you: the harness runs the checks again, independently, after you finish, and only that result counts.",
  inputSchema: {
    type: "object",
    properties: {
      clause: {
        type: ["integer", "string"],
        description: "The clause number as listed in the definition of done, or words from its description."
      }
    },
    additionalProperties: false
  }
};
function offersRunChecks(contract, policy) {
  if (!contract.done.some((clause) => clause.kind === "check")) return false;
  return isToolAllowed(policy, RUN_CHECKS_TOOL.name) || isToolAllowed(policy, "bash");
}
function selectCheckClauses(contract, selector) {
  const checks = contract.done.flatMap(
    (clause, index) => clause.kind === "check" ? [{ index, clause }] : []
  );
  const listing = checks.map((c3) => `${c3.index + 1}. ${c3.clause.desc}`).join("; ");
  if (selector === void 0 || selector === null || selector === "") return checks;
  const number2 = typeof selector === "number" ? selector : /^\s*\d+\s*$/.test(String(selector)) ? Number(selector) : null;
  if (number2 !== null) {
    const found = checks.find((c3) => c3.index + 1 === number2);
    return found ? [found] : `clause ${number2} is not a check clause; the checks are: ${listing}`;
  }
  if (typeof selector !== "string")
    return `clause must be a number or words from a check's description; the checks are: ${listing}`;
  const words = selector.toLowerCase();
  const matched = checks.filter((c3) => c3.clause.desc.toLowerCase().includes(words));
  return matched.length > 0 ? matched : `no check clause description contains "${selector}"; the checks are: ${listing}`;
}
async function runSelfValidation(context, targets) {
  const lines = [];
  let allMet = true;
  let workdirHash;
  for (const { index, clause } of targets) {
    const { entry } = await context.session.activity("self_validation", `clause ${index}`, async () => {
      workdirHash ??= await workdirHashOf(context.workdir, context.env, context.ctx.isolation?.tempDir);
      const outcome = await runCheck(
        { ...clause, env: [] },
        { workdir: context.workdir, env: context.env, ctx: context.ctx }
      );
      if (outcome.cancelled) throw context.cancelled();
      const { fields, blobs } = checkRunFields(outcome, context.redact);
      const summary = outcome.met ? `met (exit ${String(outcome.exitCode)})` : context.redact(outcome.reasons.join("; "));
      return {
        payload: {
          call_id: context.callId,
          clause: index,
          desc: clause.desc,
          cmd: clause.run,
          exit: outcome.exitCode,
          summary,
          workdir_hash: workdirHash,
          evidence_only: true,
          ...fields
        },
        blobs
      };
    });
    const p2 = entry.payload;
    const met = p2.met === true;
    allMet &&= met;
    const tails = tailsFromStore(context.session.store);
    const stdout = streamTail(p2.stdout, tails);
    const stderr = streamTail(p2.stderr, tails);
    lines.push(
      `clause ${index + 1} (${p2.desc}): ${met ? "MET" : "NOT MET"} \u2014 ${p2.summary}`,
      ...stdout ? ["[stdout tail]", stdout] : [],
      ...stderr ? ["[stderr tail]", stderr] : []
    );
  }
  lines.push(
    "",
    "This is your own run (evidence only); the harness re-runs the checks independently after you finish."
  );
  return { content: lines.join("\n"), isError: !allMet };
}
async function workdirHashOf(workdir, env, scratchParent) {
  try {
    const root = await findRepoRoot(workdir, env);
    return root ? (await snapshotWorktree(root, env, scratchParent)).tree : null;
  } catch {
    return null;
  }
}

// src/core/executors/tool-input.ts
function inputScanOf(use, modelResult) {
  const counts = modelResult.payload.redactions;
  if (!counts || Object.keys(counts).length === 0) return "none";
  const json = JSON.stringify(use.input);
  if (Object.keys(counts).some(isRunSecretKind) && holdsRunSecretMark(json)) return "run_secret";
  return holdsRedactionMark(json) ? "shape" : "none";
}
function resumedRefusal(name) {
  return `${name} was not run: the run was resumed after the model sent this call and before it ran, and its input held text the secret scan keeps out of the ledger, so only the redacted input was kept. Running that would write the scan marks into the work: send the call again`;
}
function toolInputPlan(options) {
  const { use, sent, session } = options;
  const scan = inputScanOf(use, options.modelResult);
  if (scan === "none") return { run: sent ?? use.input, scan };
  if (scan === "run_secret") {
    return {
      refuse: `${use.name} was not run: its input holds a secret this run holds (a signing key, a token or the provider API key; the ledger shows [REDACTED] in its place). Credentials never go into the work: leave the value out, or read it at run time from the environment of the code that needs it`
    };
  }
  if (options.gated) {
    return {
      refuse: `${use.name} was not run: it is behind an approval gate, and its input holds text shaped like a credential (the ledger shows [REDACTED:\u2026] in its place), so an approver would approve text that is not what would run. Produce that text another way (generate it with a command), or take the tool out of [approval_gates] high_risk_tools`
    };
  }
  if (sent) return { run: sent, scan };
  if (!session.replaying || nextIsRefusalOf(session, use.id)) return { refuse: resumedRefusal(use.name) };
  return { run: use.input, scan };
}
function nextIsRefusalOf(session, callId) {
  const next = session.peek();
  const payload = next?.payload;
  return next?.kind === "tool_result" && payload?.call_id === callId && payload.refused === true;
}

// src/core/executors/in-loop.ts
var DEFAULT_MAX_STEPS = 24;
var AWAIT_SIGNAL_TOOL = {
  name: "await_signal",
  description: "Pause the run until a person or system sends the named signal (`truss signal SESSION NAME [PAYLOAD]`). The run is suspended durably; the result is the signal payload.",
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string", description: "The signal name to wait for." },
      reason: { type: "string", description: "Why the run waits, shown to whoever resumes it." }
    },
    required: ["name"],
    additionalProperties: false
  }
};
async function runInLoop(options) {
  const mcp = await openMcpMount(options);
  if (!mcp) return runLoop(options);
  try {
    if (mcp.unavailable || mcp.failure) return await mcpStoppedOutcome(options.session, mcp);
    return await runLoop({ ...options, tools: withMcpTools(options.tools, mcp), mcp });
  } finally {
    await mcp.close();
  }
}
async function runLoop(options) {
  const { contract, session, ctx, redact, policy, provider } = options;
  const maxSteps = contract.budget.max_steps ?? DEFAULT_MAX_STEPS;
  const advertised = advertisedTools(options.tools, policy);
  const specs = [...toolSpecs(advertised)];
  const control = isToolAllowed(policy, AWAIT_SIGNAL_TOOL.name) && !options.tools.has(AWAIT_SIGNAL_TOOL.name);
  if (control) specs.push(AWAIT_SIGNAL_TOOL);
  const selfCheck = offersRunChecks(contract, policy) && !options.tools.has(RUN_CHECKS_TOOL.name);
  if (selfCheck) specs.push(RUN_CHECKS_TOOL);
  const started = await session.activity("executor_started", "", async () => ({
    payload: plain({
      kind: "in-loop",
      provider: provider.kind,
      model: provider.model,
      max_steps: maxSteps,
      tools: specs.map((spec) => spec.name),
      // How requests are assembled (docs/context.md); a resume reads it back from here.
      context: contextSettingsFor(contract, provider),
      ...await snapshotState(options.workdir, options.env, options.ctx.isolation?.tempDir)
    })
  }));
  const context = new AgentContext({
    session,
    contract,
    provider,
    ctx,
    redact,
    tools: specs,
    started: started.entry,
    principal: options.principal ?? {},
    recalledMemory: options.recalledMemory,
    maxTokens: options.maxTokens
  });
  const written = /* @__PURE__ */ new Set();
  let finalText = "";
  let failure = null;
  let budgetExhausted = null;
  let steps = 0;
  loop: for (; ; ) {
    if (ctx.signal.aborted) throw new CancelledError();
    if (steps >= maxSteps) {
      failure = `max_steps reached: ${maxSteps} model calls without a final answer`;
      break;
    }
    try {
      ctx.budget.assertCanSpend();
    } catch (error) {
      if (!(error instanceof BudgetExceededError)) throw error;
      budgetExhausted = error.message;
      break;
    }
    let request;
    try {
      request = await context.beforeStep(steps);
    } catch (error) {
      const stop = stopOf(error, ctx, redact);
      if ("budget" in stop) budgetExhausted = stop.budget;
      else failure = stop.failure;
      break;
    }
    let answer2;
    let sent;
    let modelResult;
    let callCost = 0;
    try {
      const { result: result2, entry, sent: asSent } = await chatActivity(session, provider, request, ctx, redact);
      answer2 = result2.content;
      sent = asSent;
      modelResult = entry;
      callCost = result2.usage.costUsd;
      steps++;
      context.answered(answer2, steps, entry, result2.usage);
    } catch (error) {
      const stop = stopOf(error, ctx, redact);
      if ("budget" in stop) {
        steps++;
        budgetExhausted = stop.budget;
      } else failure = stop.failure;
      break;
    }
    ctx.events({
      type: "agent_step",
      step: steps,
      tools: answer2.flatMap((block) => block.type === "tool_use" ? [block.name] : [])
    });
    await options.gates.afterModelCall(session, callCost, ctx.budget.spent.costUsd);
    const uses = answer2.flatMap((block, at2) => {
      if (block.type !== "tool_use") return [];
      const asSent = sent?.[at2];
      return [{ use: block, sent: asSent?.type === "tool_use" ? asSent.input : void 0 }];
    });
    if (uses.length === 0) {
      finalText = textOf(answer2, "\n");
      break;
    }
    const results = [];
    for (const { use, sent: input } of uses) {
      if (ctx.signal.aborted) throw new CancelledError();
      const outcome = await runToolUse(options, { use, sent: input, modelResult }, control, selfCheck);
      if (use.name === "write_file" && !outcome.isError && typeof use.input.path === "string")
        written.add(use.input.path);
      ctx.events({ type: "tool_call", name: use.name, isError: outcome.isError });
      results.push({
        type: "tool_result",
        toolUseId: use.id,
        content: outcome.content,
        isError: outcome.isError
      });
      if (ctx.signal.aborted) break loop;
    }
    context.results(results, steps);
  }
  if (ctx.signal.aborted) throw new CancelledError();
  const result = await session.activity(
    "executor_result",
    "",
    async () => workResult(options, started, { finalText, steps, failure, budgetExhausted, written })
  );
  return {
    kind: "in-loop",
    finalText: result.entry.payload.final_text ?? "",
    steps,
    // The work diff can fail the run too (a secret of the run in it): the journaled outcome decides.
    failure: result.entry.payload.failure ?? failure,
    budgetExhausted,
    changedFiles: result.entry.payload.changed_files ?? [],
    headAfter: result.entry.payload.head_after ?? null,
    work: recordedWork(result.entry.payload)
  };
}
function stopOf(error, ctx, redact) {
  if (ctx.signal.aborted) throw new CancelledError();
  if (error instanceof BudgetExceededError) return { budget: error.message };
  if (error instanceof ProviderError) return { failure: `model call failed: ${redact(error.message)}` };
  throw error;
}
async function runToolUse(options, call, control, selfCheck) {
  const { session, policy, redact } = options;
  const { use } = call;
  const base = { call_id: use.id, name: use.name, input: plain(use.input) };
  const refuse = async (reason) => {
    const { entry: entry2 } = await session.activity("tool_result", use.name, async () => ({
      payload: { ...base, content: redact(reason), is_error: true, refused: true }
    }));
    return toolOutcomeOf(session, entry2.payload);
  };
  if (use.inputError) return refuse(use.inputError);
  const isControl = control && use.name === AWAIT_SIGNAL_TOOL.name;
  const tool = options.tools.get(use.name);
  if (selfCheck && use.name === RUN_CHECKS_TOOL.name && !tool) {
    const targets = selectCheckClauses(options.contract, use.input.clause);
    if (typeof targets === "string") return refuse(targets);
    await options.gates.beforeTool(session, use.name, use.input);
    return runSelfValidation(
      {
        session,
        workdir: options.workdir,
        env: options.env,
        ctx: options.ctx,
        redact,
        callId: use.id,
        cancelled: () => new CancelledError()
      },
      targets
    );
  }
  if (!tool && !isControl) {
    const available = [
      ...advertisedTools(options.tools, policy).map((t2) => t2.name),
      ...control ? [AWAIT_SIGNAL_TOOL.name] : [],
      ...selfCheck ? [RUN_CHECKS_TOOL.name] : []
    ];
    return refuse(`unknown tool ${JSON.stringify(use.name)}; available: ${available.join(", ") || "none"}`);
  }
  if (!isToolAllowed(policy, use.name)) {
    return refuse(
      `tool ${JSON.stringify(use.name)} refused: it is not in the contract's allow_tools (${policy.allowTools.join(", ") || "none"})`
    );
  }
  const plan = toolInputPlan({ ...call, session, gated: options.gates.gatesTool(use.name) });
  if ("refuse" in plan) return refuse(plan.refuse);
  const input = plan.run;
  await options.gates.beforeTool(session, use.name, use.input);
  if (isMcpTool(tool) && options.mcp) return options.mcp.call(tool, use.id, input);
  const context = { workdir: options.workdir, policy, ctx: options.ctx };
  if (isProvenanceTool(tool)) {
    return callProvenanceTool({ session, tool, callId: use.id, input, context, redact });
  }
  if (isControl) {
    const name = typeof use.input.name === "string" && use.input.name ? use.input.name : "continue";
    const reason = typeof use.input.reason === "string" ? use.input.reason : `the agent waits for signal ${name}`;
    const payload = await session.awaitSignal(name, reason);
    const { entry: entry2 } = await session.activity("tool_result", use.name, async () => ({
      payload: { ...base, content: redact(JSON.stringify(payload ?? null)), is_error: false }
    }));
    return toolOutcomeOf(session, entry2.payload);
  }
  const execute = async () => {
    if (plan.scan !== "none" && !call.sent) return { content: resumedRefusal(use.name), isError: true };
    try {
      return await tool.run(input, context);
    } catch (error) {
      return { content: `${use.name} failed: ${error.message ?? String(error)}`, isError: true };
    }
  };
  if (tool?.sideEffect) {
    const kind = use.name.startsWith("git_") ? "git_tool_call" : "effect_tool_call";
    const { result } = await session.sideEffect(kind, use.name, base.input, async () => {
      const { fields, blobs } = toolOutcomeStep(await execute(), redact);
      if (blobs.length > 0) {
        const text = Buffer.from(blobs[0]).toString("utf8");
        return { call_id: use.id, ...fields, content: `${text.slice(0, 16e3)}
[output truncated]` };
      }
      return { call_id: use.id, ...fields };
    });
    return withFollowUp(options, tool, toolOutcomeOf(session, result));
  }
  const { entry } = await session.activity(
    "tool_result",
    use.name,
    async () => {
      const { fields, blobs } = toolOutcomeStep(await execute(), redact);
      return { payload: { ...base, ...fields }, blobs };
    },
    void 0,
    { deferSync: tool?.readOnly === true }
  );
  return withFollowUp(options, tool, toolOutcomeOf(session, entry.payload));
}
function withFollowUp(options, tool, outcome) {
  const step = tool?.followUp?.(outcome);
  if (!step) return outcome;
  const replayed = options.session.replaying;
  options.session.record(step.kind, () => ({ payload: step.payload }));
  if (replayed && step.charge) {
    try {
      options.ctx.budget.record(step.charge);
    } catch (error) {
      if (!(error instanceof BudgetExceededError)) throw error;
    }
  }
  return outcome;
}
async function snapshotState(workdir, env, scratchParent) {
  try {
    const root = await findRepoRoot(workdir, env);
    if (!root) return { git: null };
    const snapshot = await snapshotWorktree(root, env, scratchParent);
    return { git: { head_before: snapshot.head, tree_before: snapshot.tree } };
  } catch (error) {
    return { git: null, git_error: error.message };
  }
}
async function workResult(options, started, state) {
  const before = started.entry.payload.git ?? null;
  let diff = "";
  let changedFiles = [...state.written].sort();
  let headAfter = null;
  let diffError = null;
  let note = before ? null : "not a git repository: changed files are those written by write_file";
  if (before) {
    try {
      const root = await findRepoRoot(options.workdir, options.env);
      const after = await snapshotWorktree(root, options.env, options.ctx.isolation?.tempDir);
      headAfter = after.head;
      const git = harnessGit(root);
      const range = [before.tree_before, after.tree];
      const scope = ["--", ".", ":(exclude).truss"];
      const common = ["--no-color", "--no-ext-diff", "--no-textconv", "--no-renames"];
      diff = await git.raw(["diff", ...common, "--binary", ...range, ...scope]);
      changedFiles = (await git.raw(["diff", ...common, "--name-only", "-z", ...range, ...scope])).split("\0").filter(Boolean);
    } catch (error) {
      note = `the work diff could not be taken: ${options.redact(error.message.trim())}`;
      diffError = note;
    }
  }
  const recorded = recordWorkDiff(diff, options.redact);
  const bytes = recorded.bytes;
  diffError = diffError ?? recorded.diffError;
  note = note ?? recorded.diffError;
  const failure = state.failure ?? recorded.failure;
  return {
    payload: {
      kind: "in-loop",
      status: failure || state.budgetExhausted ? "failed" : "completed",
      final_text: options.redact(state.finalText),
      steps: state.steps,
      failure,
      budget_exhausted: state.budgetExhausted,
      diff_sha256: createHash11("sha256").update(bytes).digest("hex"),
      diff_bytes: bytes.length,
      changed_files: changedFiles,
      head_before: before?.head_before ?? null,
      head_after: headAfter,
      note,
      ...diffError ? { diff_error: diffError } : {},
      ...redactionField(recorded.redactions)
    },
    blobs: [bytes]
  };
}

// src/core/executors/delegated-journaled.ts
var GatePendingError = class extends Error {
  constructor(gate) {
    super(`approval needed before ${gate.tool}`);
    this.gate = gate;
  }
  gate;
  name = "GatePendingError";
};
async function runJournaledDelegated(options) {
  const { contract, session, workdir, ctx, redact } = options;
  const executor = contract.executor;
  const command = executor.command ?? "";
  if (!options.toolServer) {
    throw new DelegatedCliConfigError(
      '[executor] tools = "truss" needs a host that can start `truss mcp serve --tools` (truss run, truss resume); this one cannot'
    );
  }
  const policy = resolvePolicy(contract.constraints, workdir, ctx.isolation?.withheld);
  const tools = options.tools ?? createToolRegistry({ bash: { env: options.env, extraEnvNames: contract.check_env } });
  const offered = advertisedTools(tools, policy).map((tool) => tool.name);
  const started = await session.activity(DELEGATED_STARTED, command, async () => ({
    payload: {
      command,
      tools: "truss",
      offered,
      ...await snapshotState(workdir, options.env, ctx.isolation?.tempDir)
    }
  }));
  const gates = new ApprovalGates(contract.approval_gates, options.approvers);
  const approvals = await replayAttempts(session, gates);
  const before = await recordedSnapshot(started.entry, workdir, options.env);
  const truss = options.toolServer;
  const run = async () => {
    const attempt = childCtx(ctx, { budget: ctx.budget, events: ctx.events });
    const bridge = new DelegatedToolBridge({
      session,
      tools,
      policy,
      gates,
      ctx: attempt.ctx,
      workdir,
      redact,
      approvals,
      onGate: () => attempt.cancel("approval gate")
    });
    let wiring;
    const socket = await openToolSocket({
      bridge,
      sessionId: session.id,
      version: "truss",
      parent: toolSocketParent(ctx.isolation?.tempDir, tmpdir()),
      toolEnv: harnessProgramEnv({ PATH: options.env.PATH ?? "" }, workdir),
      isolation: ctx.isolation,
      warn: (message2) => ctx.events({ type: "warning", message: redact(message2) }),
      prepare: async (dir) => {
        wiring = vendorWiring({
          command,
          args: executor.args,
          relay: await stagedRelayCommand(truss, session.id, dir),
          tools: offered,
          dir,
          timeoutSec: executor.timeout_sec ?? DEFAULT_DELEGATED_TIMEOUT_SEC
        });
        await writeFile2(wiring.configPath, wiring.config, { mode: 416 });
      }
    });
    try {
      if (!wiring) throw new Error("the tool server did not prepare the CLI wiring");
      const result = await runDelegatedCli({
        executor: { ...executor, args: wiring.args },
        intent: contract.contract.intent,
        contractTitle: contract.contract.title ?? null,
        done: contract.done.map((clause) => clause.desc),
        workdir,
        env: options.env,
        extraEnvNames: contract.check_env,
        addEnv: wiring.env,
        ctx: attempt.ctx,
        memory: options.recalled,
        ...before ? { before } : {},
        // The tool calls are journaled while the CLI runs: a ledger inside the tree is not the work.
        excludeFromDiff: ledgerFiles(session.store.path)
      });
      if (bridge.pendingGate) throw new GatePendingError(bridge.pendingGate);
      if (result.cancelled) throw new CancelledError();
      return delegatedStep(result, redact, {
        tools: { server: "truss", vendor: wiring.vendor, calls: bridge.calls, first_seq: bridge.firstSeq }
      });
    } finally {
      attempt.dispose();
      await socket.close();
    }
  };
  try {
    const { entry } = await session.activity("delegated_result", command, run);
    return delegatedOutcome(entry.payload, command);
  } catch (error) {
    if (!(error instanceof GatePendingError)) throw error;
    await gates.beforeTool(session, error.gate.tool, error.gate.input);
    throw new Error(`approval gate for ${error.gate.tool} released without a recorded approval`);
  }
}
async function replayAttempts(session, gates) {
  const approvals = [];
  let pending = null;
  for (let next = session.peek(); next; next = session.peek()) {
    if (next.kind === DELEGATED_TOOL_CALL) {
      session.replayNext(DELEGATED_TOOL_CALL, String(next.payload.name));
      if (next.payload.approval === "pending") pending = next;
      continue;
    }
    const gate = toolGate(next);
    if (!gate || !pending || pending.payload.name !== gate || !gates.gatesTool(gate)) break;
    await gates.beforeTool(session, gate, pending.payload.input ?? {});
    approvals.push({ tool: gate, inputSha256: String(pending.payload.input_sha256) });
    pending = null;
  }
  return approvals;
}
function toolGate(entry) {
  if (entry.kind !== "suspended") return null;
  const wait = entry.payload.await;
  return wait?.approval?.gate === "tool" && typeof wait.approval.tool === "string" ? wait.approval.tool : null;
}
async function recordedSnapshot(entry, workdir, env) {
  const git = entry.payload.git;
  if (!git?.tree_before) return null;
  const root = await findRepoRoot(workdir, env).catch(() => null);
  return root ? { root, head: git.head_before ?? null, tree: git.tree_before } : null;
}
function ledgerFiles(dbPath) {
  let real;
  try {
    real = join3(realpathSync2(dirname2(dbPath)), basename3(dbPath));
  } catch {
    return [];
  }
  return [real, `${real}-wal`, `${real}-shm`, `${real}-journal`];
}

// src/core/executors/delegated-activity.ts
async function runDelegatedActivity(options) {
  if (options.contract.executor.tools === "truss") return runJournaledDelegated(options);
  const { contract } = options;
  const command = contract.executor.command ?? "";
  const { entry } = await options.session.activity("delegated_result", command, async () => {
    const result = await runDelegatedCli({
      executor: contract.executor,
      intent: contract.contract.intent,
      contractTitle: contract.contract.title ?? null,
      done: contract.done.map((clause) => clause.desc),
      workdir: options.workdir,
      env: options.env,
      extraEnvNames: contract.check_env,
      ctx: options.ctx,
      memory: options.recalled
    });
    if (result.cancelled) throw new CancelledError();
    return delegatedStep(result, options.redact);
  });
  return delegatedOutcome(entry.payload, command);
}

// src/core/run/spawn-tool.ts
var SPAWN_TOOL = "spawn";
function offersSpawn(contract, isChild) {
  return !isChild && contract.constraints.allow_tools.includes(SPAWN_TOOL);
}
var SPAWN_SCHEMA = {
  type: "object",
  properties: {
    task: { type: "string", description: "The sub-task, as you would state it to a colleague." },
    budget_slice: {
      type: "object",
      description: "The child's ceilings (never more than this run's; everything it spends also counts against this run).",
      properties: {
        max_cost_usd: { type: "number" },
        max_total_tokens: { type: "integer" },
        max_steps: { type: "integer" }
      },
      additionalProperties: false
    },
    scope: {
      type: "array",
      items: { type: "string" },
      description: "Paths the child may write, inside your own write scope (default: your whole write scope)."
    }
  },
  required: ["task"],
  additionalProperties: false
};
function createSpawnTool(parent, contract) {
  return {
    name: SPAWN_TOOL,
    description: "Delegate a scoped sub-task to a child agent run. The child works in the same directory, may only write inside `scope`, spends at most `budget_slice` (out of your own budget), and its work is verified independently against the task. Returns the child session id, its signed verdict, the files it changed and what it spent. A child cannot spawn further children.",
    inputSchema: SPAWN_SCHEMA,
    sideEffect: false,
    async run(input, context) {
      const task = typeof input.task === "string" ? input.task.trim() : "";
      if (!task) return { content: "spawn refused: task must be a non-empty string", isError: true };
      const scope = Array.isArray(input.scope) && input.scope.length > 0 ? input.scope : contract.constraints.write_scope;
      if (!scope.every((path) => typeof path === "string" && path.length > 0))
        return { content: "spawn refused: scope must be a list of paths", isError: true };
      for (const path of scope) {
        try {
          checkWritePath(context.policy, path);
        } catch (error) {
          return {
            content: `spawn refused: scope ${JSON.stringify(path)} is outside this run's write scope (${error.message})`,
            isError: true
          };
        }
      }
      const requested = input.budget_slice ?? {};
      const number2 = (value) => typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : void 0;
      const slice = clampSlice(
        {
          maxCostUsd: number2(requested.max_cost_usd),
          maxTotalTokens: number2(requested.max_total_tokens),
          maxSteps: number2(requested.max_steps)
        },
        parent.ctx.budget.limits
      );
      const budgetSlice = JSON.parse(
        JSON.stringify({
          max_cost_usd: slice.maxCostUsd,
          max_total_tokens: slice.maxTotalTokens,
          max_steps: slice.maxSteps
        })
      );
      const { fanout: _fanout, ...single } = contract;
      const child = {
        ...single,
        contract: { ...contract.contract, intent: task },
        // The sub-task has no checks of its own: the panel judges the child's change against it.
        done: [
          {
            kind: "review",
            desc: `The change does what this sub-task asks, and nothing outside it: ${task}`,
            reviewer_context: []
          }
        ],
        budget: budgetSlice,
        constraints: {
          ...contract.constraints,
          write_scope: scope,
          allow_tools: contract.constraints.allow_tools.filter((name) => name !== SPAWN_TOOL)
        }
      };
      const attempt = [...parent.store.entries(parent.sessionId)].filter((e) => e.kind === "child_anchor").length + 1;
      const result = await runChild(
        { ...parent, ctx: context.ctx },
        {
          attempt,
          task,
          contract: child,
          contractHash: contractHash(child),
          workdir: parent.workdir,
          scope: { write_scope: scope },
          budgetSlice
        }
      );
      const summary = {
        child_session_id: result.sessionId,
        status: result.status,
        verdict: result.verdict ? {
          overall: result.verdict.overall,
          clauses: result.verdict.clauses.map((c3) => ({
            desc: c3.desc,
            status: c3.status,
            reason: c3.reason
          })),
          forced: result.verdict.forced
        } : null,
        changes: { files: result.executor?.changedFiles ?? [], summary: result.executor?.finalText ?? "" },
        usage: {
          cost_usd: result.usage.costUsd,
          total_tokens: result.usage.totalTokens,
          steps: result.usage.steps
        },
        ...result.error ? { error: result.error } : {}
      };
      const anchor = {
        child_session_id: result.sessionId,
        child_root_hash: result.rootHash,
        child_head_hash: result.headHash,
        task,
        scope: { write_scope: scope },
        budget_slice: budgetSlice,
        status: result.status,
        verdict_ref: result.verdictRef,
        attempt,
        overall: result.verdict?.overall ?? null,
        cost_usd: result.usage.costUsd,
        total_tokens: result.usage.totalTokens,
        steps: result.usage.steps,
        error: result.error
      };
      return { content: JSON.stringify(summary, null, 2), isError: false, data: { child_anchor: anchor } };
    },
    followUp(outcome) {
      const anchor = outcome.data?.child_anchor;
      if (anchor === void 0) return null;
      const read = readPayload("child_anchor", anchor);
      if ("error" in read)
        throw new MalformedEntryError(null, "tool_result", `${SPAWN_TOOL} outcome: ${read.error}`);
      const { payload } = read;
      return {
        kind: "child_anchor",
        payload,
        charge: {
          inputTokens: payload.total_tokens ?? 0,
          outputTokens: 0,
          costUsd: payload.cost_usd ?? 0,
          steps: payload.steps ?? 0
        }
      };
    }
  };
}

// src/core/run/run-executor.ts
async function runExecutor(session, options, contract, redact, identity) {
  const kind = contract.executor.kind;
  if (kind === "none") return null;
  options.ctx.events({ type: "executor_started", kind, replaying: session.replaying });
  const recalled = recallForExecutor(session, options, contract, redact);
  if (kind === "delegated-cli") {
    return runDelegatedActivity({
      contract,
      workdir: options.workdir,
      session,
      ctx: options.ctx,
      env: options.env,
      redact,
      toolServer: options.toolServer,
      tools: options.tools,
      approvers: options.approvers,
      recalled: recalled?.text
    });
  }
  const provider = options.executorProvider ?? buildExecutorProvider(contract, { env: options.env, cwd: options.workdir, fallbackCwd: options.hostCwd });
  let tools = withContractTools(options.tools ?? createToolRegistry(), contract.tools, {
    github: options.github,
    env: options.env
  });
  for (const tool of memoryTools(options, redact))
    if (!tools.has(tool.name)) tools = new Map([...tools, [tool.name, tool]]);
  if (identity && offersSpawn(contract, identity.isChild)) {
    const { isChild: _isChild, ...who } = identity;
    tools = new Map([
      ...tools,
      [SPAWN_TOOL, createSpawnTool({ ...options, ...who, executorProvider: provider }, contract)]
    ]);
  }
  return runInLoop({
    contract,
    workdir: options.workdir,
    session,
    provider,
    tools,
    policy: resolvePolicy(contract.constraints, options.workdir, options.ctx.isolation?.withheld),
    gates: new ApprovalGates(contract.approval_gates, options.approvers),
    ctx: options.ctx,
    redact,
    env: options.env,
    ...identity ? { principal: principalOf(identity) } : {},
    recalledMemory: recalled ?? options.recalledMemory
  });
}
function principalOf(identity) {
  const text = (value) => typeof value === "string" && value ? value : void 0;
  const url = text(identity.git?.repo)?.replace(/\.git$/, "").replace(/\/+$/, "");
  const parts = url?.split(/[/:]/).filter(Boolean) ?? [];
  return {
    login: text(identity.principal.login),
    via: text(identity.principal.via),
    repository: parts.length >= 2 ? parts.slice(-2).join("/") : void 0
  };
}
export {
  runExecutor
};
