#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import "./chunk-SJHAVKC4.js";
import {
  launchRun
} from "./chunk-BXTAIPBF.js";
import "./chunk-RBNXBNDD.js";
import "./chunk-ZYZHJ3CB.js";
import "./chunk-DZTWCUQU.js";
import "./chunk-3Q7L5AON.js";
import {
  exportSessionBundle,
  outcomeSummary,
  resolveRunKey,
  runKeySecrets,
  verifyCommandFor
} from "./chunk-ZYEDR7CY.js";
import "./chunk-AUVPGGCK.js";
import "./chunk-JPEGKRBQ.js";
import {
  relayToolSocket
} from "./chunk-AOOOZ33R.js";
import {
  serveMcpTools
} from "./chunk-XHPFGAH5.js";
import "./chunk-X5VNXL6G.js";
import {
  verdictView
} from "./chunk-XVOW7SGK.js";
import "./chunk-KKDUZS42.js";
import "./chunk-RMNTHYXM.js";
import "./chunk-BTXOVFDS.js";
import "./chunk-WYRVO7HT.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-25BZ7EXM.js";
import "./chunk-WJWQSWAM.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-XIQFOUBC.js";
import "./chunk-RH3PQHM7.js";
import "./chunk-P5AJ53RB.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-JRDODRIK.js";
import "./chunk-G2KICODU.js";
import {
  ledgerDbPath
} from "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import "./chunk-ZRA5FVYF.js";
import {
  package_default
} from "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-ZFCKMRPV.js";
import {
  cliTrustedKeys
} from "./chunk-K4EWXBDF.js";
import {
  checkReceipt
} from "./chunk-RDZHSOJG.js";
import {
  parseCommandArgs
} from "./chunk-K43WZLCU.js";
import {
  UsageError,
  printHelp
} from "./chunk-KUQNSCDZ.js";
import "./chunk-U6BMVJCF.js";
import {
  parseIsolationMode
} from "./chunk-SNYT3JXL.js";
import "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import {
  LedgerStore,
  VERIFY_EXIT_CODES,
  createNodeCrypto,
  verifyBundleFile
} from "./chunk-P2CFU6IE.js";
import "./chunk-VUSAMCY7.js";
import {
  secretRedactor
} from "./chunk-OCGEL2BZ.js";
import "./chunk-R5YT675F.js";
import {
  external_exports
} from "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/cli/commands/mcp-serve.ts
import { realpathSync as realpathSync3, statSync as statSync2 } from "node:fs";
import { userInfo } from "node:os";
import { resolve as resolve2 } from "node:path";

// src/cli/mcp-serve/service.ts
import { existsSync, realpathSync as realpathSync2 } from "node:fs";

// src/cli/mcp-serve/paths.ts
import { realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
var ServedPathError = class extends Error {
  name = "ServedPathError";
};
var SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
function confinedPath(root, base, input, what, kind) {
  if (typeof input !== "string" || input.trim() === "") {
    throw new ServedPathError(`${what} must be a non-empty path`);
  }
  if (input.includes("\0")) throw new ServedPathError(`${what} contains a NUL byte`);
  const wanted = resolve(base, input);
  let real;
  try {
    real = realpathSync(wanted);
  } catch (error) {
    const code = error.code;
    throw new ServedPathError(
      `${what} ${JSON.stringify(input)} ${code === "ENOENT" ? "does not exist" : `cannot be resolved (${code ?? "error"})`} under ${root}`
    );
  }
  if (!within(real, root)) {
    throw new ServedPathError(
      `${what} ${JSON.stringify(input)} resolves to ${real}, outside the directory this server serves (${root}); only paths inside it are accepted`
    );
  }
  const stat = statSync(real);
  if (kind === "file" ? !stat.isFile() : !stat.isDirectory()) {
    throw new ServedPathError(
      `${what} ${JSON.stringify(input)} is not a ${kind === "file" ? "regular file" : "directory"}`
    );
  }
  return real;
}
function sessionIdArg(input) {
  if (typeof input !== "string" || !SESSION_ID.test(input)) {
    throw new ServedPathError(
      `session_id must be a session id as truss_run_contract returned it (letters, digits, ".", "_", "-"; got ${JSON.stringify(input)?.slice(0, 80)})`
    );
  }
  return input;
}
function within(path, root) {
  if (path === root) return true;
  const rel = relative(root, path);
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

// src/cli/mcp-serve/tool-specs.ts
var sessionId = {
  type: "string",
  description: "The session id truss_run_contract returned.",
  pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"
};
var TOOL_SPECS = [
  {
    name: "truss_run_contract",
    description: "Run a Truss contract on a working tree: Truss runs its check clauses itself, a reviewer panel judges its review clauses, and the verdict is signed into a hash-chained ledger. Returns the verdict (pass | fail | unverifiable), the head hash, the exported bundle and the exact command that verifies it. With async: true it returns the session id at once; poll truss_contract_status.",
    inputSchema: {
      type: "object",
      properties: {
        contract: {
          type: "string",
          description: "A contract NAME (.truss/contracts/NAME.toml of the workdir) or the path of a .toml file, relative to the workdir, inside the served directory."
        },
        workdir: {
          type: "string",
          description: "The working tree to verify, inside the served directory (default: the served directory)."
        },
        async: {
          type: "boolean",
          description: "Return the session id at once instead of waiting for the verdict."
        }
      },
      required: ["contract"],
      additionalProperties: false
    }
  },
  {
    name: "truss_contract_status",
    description: "A run's state from the durable ledger: running, suspended, completed or failed, its last entry and, once it has one, its verdict and bundle.",
    inputSchema: {
      type: "object",
      properties: { session_id: sessionId },
      required: ["session_id"],
      additionalProperties: false
    }
  },
  {
    name: "truss_ledger_verdict",
    description: "A session's signed verdict entry, whether its hash chain is intact, its human reviews and its head hash.",
    inputSchema: {
      type: "object",
      properties: { session_id: sessionId },
      required: ["session_id"],
      additionalProperties: false
    }
  },
  {
    name: "truss_ledger_export",
    description: "Export a session's ledger as a truss.ledger.v1 bundle file; returns its path, head hash and the command that verifies it offline.",
    inputSchema: {
      type: "object",
      properties: { session_id: sessionId },
      required: ["session_id"],
      additionalProperties: false
    }
  },
  {
    name: "truss_verify_bundle",
    description: "Verify an exported ledger bundle offline: every hash, link and signature, the head, child sessions and human reviews. Pin the signer with key (64 hex); without it the repository .truss/trusted-keys is used, and without those the best result is integrity_only.",
    inputSchema: {
      type: "object",
      properties: {
        path: { type: "string", description: "The bundle file, inside the served directory." },
        key: {
          type: "string",
          description: "The public key (64 hex characters) the bundle must be signed by.",
          pattern: "^[0-9a-fA-F]{64}$"
        }
      },
      required: ["path"],
      additionalProperties: false
    }
  }
];
var RunArgs = external_exports.strictObject({
  contract: external_exports.string().min(1),
  workdir: external_exports.string().min(1).optional(),
  async: external_exports.boolean().optional()
});
var SessionArgs = external_exports.strictObject({ session_id: external_exports.string() });
var VerifyArgs = external_exports.strictObject({
  path: external_exports.string().min(1),
  key: external_exports.string().optional()
});
function parseArgs(tool, schema, args) {
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.join(".") : "arguments"}: ${issue.message}`
  );
  throw new Error(`invalid arguments for ${tool}: ${problems.join("; ")}`);
}

// src/cli/mcp-serve/service.ts
var TrussMcpService = class {
  #options;
  #jobs = /* @__PURE__ */ new Map();
  #abort = new AbortController();
  constructor(options) {
    this.#options = options;
  }
  /** Answers one call; every failure is a tool error with its message (secrets redacted). */
  async call(name, args) {
    try {
      const value = await this.#dispatch(name, args);
      return { text: JSON.stringify(value, null, 2), isError: false, structured: value };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { text: this.#options.redact(`${name}: ${message}`), isError: true };
    }
  }
  /** Cancels every run still going (each ends with a signed run_failed) and waits for them. */
  async shutdown() {
    this.#abort.abort("SIGTERM");
    await Promise.all([...this.#jobs.values()].map((job) => job.done));
  }
  #dispatch(name, args) {
    switch (name) {
      case "truss_run_contract":
        return this.#run(parseArgs(name, RunArgs, args));
      case "truss_contract_status":
        return this.#status(sessionIdArg(parseArgs(name, SessionArgs, args).session_id));
      case "truss_ledger_verdict":
        return this.#withStore(
          (store) => verdictView(store, sessionIdArg(parseArgs(name, SessionArgs, args).session_id)).result
        );
      case "truss_ledger_export":
        return this.#export(sessionIdArg(parseArgs(name, SessionArgs, args).session_id));
      case "truss_verify_bundle":
        return this.#verify(parseArgs(name, VerifyArgs, args));
      default:
        throw new Error(`unknown tool ${JSON.stringify(name)}`);
    }
  }
  async #run(args) {
    const { root, io } = this.#options;
    const workdir = confinedPath(root, root, args.workdir ?? ".", "workdir", "directory");
    const contract = args.contract.endsWith(".toml") ? confinedPath(root, workdir, args.contract, "contract", "file") : args.contract;
    if (this.#abort.signal.aborted) throw new Error("the server is shutting down");
    const launched = await launchRun(io, {
      contract,
      workdir,
      db: this.#options.db,
      key: this.#options.key,
      isolation: this.#options.isolation,
      principal: this.#options.principal,
      signal: this.#abort.signal
    });
    const job = { done: Promise.resolve() };
    job.done = launched.result.then((result) => {
      job.summary = outcomeSummary(result, { ...launched.report, commandCwd: "/" });
    }).catch((error) => {
      job.error = this.#options.redact(error?.message ?? String(error));
      io.stderr(`truss: mcp serve: session ${launched.sessionId}: ${job.error}
`);
    }).finally(() => launched.close());
    this.#jobs.set(launched.sessionId, job);
    if (args.async) {
      return {
        session_id: launched.sessionId,
        status: "running",
        contract: launched.contract.contract.id,
        db: launched.dbPath,
        next: `poll truss_contract_status {"session_id": "${launched.sessionId}"}`
      };
    }
    await job.done;
    if (job.error) throw new Error(`session ${launched.sessionId}: ${job.error}`);
    return job.summary ?? { session_id: launched.sessionId, status: "unknown" };
  }
  #status(sessionId2) {
    const job = this.#jobs.get(sessionId2);
    const live = job !== void 0 && job.summary === void 0 && job.error === void 0;
    const recorded = existsSync(this.#options.db) ? this.#withStore((store) => {
      const session = store.session(sessionId2);
      if (!session) return null;
      const entries = [...store.entries(sessionId2)];
      const last = entries.at(-1);
      const verdict = entries.findLast((entry) => entry.kind === "verdict");
      return {
        session_id: sessionId2,
        status: session.status,
        entries: session.entries,
        head_hash: last?.entry_hash ?? null,
        last_entry: last ? { seq: last.seq, kind: last.kind } : null,
        verdict: verdict ? String(verdict.payload.overall) : null,
        public_key: session.public_key
      };
    }) : null;
    if (!recorded && !job) {
      throw new Error(
        `no session ${sessionId2} in ${this.#options.db}; truss_run_contract returns the session ids this server knows`
      );
    }
    return {
      ...recorded ?? { session_id: sessionId2, status: "starting" },
      live,
      ...job?.summary ? { result: job.summary } : {},
      ...job?.error ? { error: job.error } : {}
    };
  }
  #export(sessionId2) {
    return this.#withStore((store) => {
      const session = store.requireSession(sessionId2);
      const recorded = store.entry(sessionId2, 0)?.payload.workdir;
      const workdir = typeof recorded === "string" && existsSync(recorded) && within(realpathSync2(recorded), this.#options.root) ? realpathSync2(recorded) : this.#options.root;
      const bundle = exportSessionBundle(this.#options.io, store, { workdir, sessionId: sessionId2, bundle: void 0 });
      return {
        session_id: sessionId2,
        status: session.status,
        entries: session.entries,
        head_hash: store.session(sessionId2)?.head_hash ?? null,
        public_key: session.public_key,
        bundle,
        verify_command: verifyCommandFor("/", bundle, session.public_key)
      };
    });
  }
  #verify(args) {
    const { root } = this.#options;
    const file = confinedPath(root, root, args.path, "path", "file");
    if (args.key !== void 0 && !/^[0-9a-fA-F]{64}$/.test(args.key)) {
      throw new ServedPathError("key must be a 64-character hex Ed25519 public key");
    }
    const { trusted, source } = cliTrustedKeys(this.#options.io, {
      keys: args.key ? [args.key] : [],
      cwd: root
    });
    const report = verifyBundleFile(file, { crypto: createNodeCrypto(), trusted, receipts: checkReceipt });
    return { file, trust_source: source, exit_code: VERIFY_EXIT_CODES[report.status], ...report };
  }
  #withStore(read) {
    if (!existsSync(this.#options.db)) {
      throw new Error(`no ledger at ${this.#options.db} yet: run a contract first (truss_run_contract)`);
    }
    const store = LedgerStore.open(this.#options.db, { receipts: checkReceipt, readonly: true });
    try {
      return read(store);
    } finally {
      store.close();
    }
  }
};

// src/cli/commands/mcp-serve.ts
var MCP_SERVE_HELP = `Usage: truss mcp serve [--workdir DIR] [--db FILE] [--key FILE] [--principal NAME] [--isolation MODE]
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

Exit codes: 0 the client closed the connection, 1 (--tools) the run's tool server could not be
reached, 3 bad key, workdir or isolation, 64 usage`;
async function mcpServe(args, io) {
  const { values, positionals } = parseCommandArgs("mcp serve", args, {
    workdir: { type: "string" },
    db: { type: "string" },
    key: { type: "string" },
    principal: { type: "string" },
    isolation: { type: "string" },
    tools: { type: "boolean" },
    session: { type: "string" },
    connect: { type: "string" }
  });
  if (values.help) return printHelp(io, MCP_SERVE_HELP);
  if (positionals.length > 0)
    throw new UsageError(`mcp serve: unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.tools) {
    if (!values.session || !values.connect)
      throw new UsageError("mcp serve --tools: --session and --connect are required (the run passes them)");
    return relayToolSocket({
      dir: resolve2(io.cwd, values.connect),
      sessionId: values.session,
      input: process.stdin,
      output: process.stdout,
      error: io.stderr
    });
  }
  if (values.session || values.connect)
    throw new UsageError("mcp serve: --session and --connect go with --tools");
  const root = servedDirectory(resolve2(io.cwd, values.workdir ?? "."));
  const db = ledgerDbPath(io, values.db, root);
  if (values.isolation !== void 0) parseIsolationMode(values.isolation, "--isolation");
  const key = resolveRunKey(values.key, io);
  const redact = secretRedactor(io.env, runKeySecrets(values.key, io));
  const login = values.principal ?? io.env.GITHUB_ACTOR ?? userInfo().username;
  const serving = { ...io, cwd: root, stdout: io.stderr, interactive: false };
  const service = new TrussMcpService({
    root,
    db,
    key: values.key === void 0 ? void 0 : resolve2(io.cwd, values.key),
    isolation: values.isolation,
    principal: { login, via: "mcp" },
    io: serving,
    redact
  });
  io.stderr(`truss mcp serve: ${root} for ${login}, ledger ${db}, signing key ${key.keyId}
`);
  const connection = await serveMcpTools({
    name: "truss",
    version: package_default.version,
    instructions: "Truss verifies work against a contract and signs the verdict. Run a contract with truss_run_contract; a PASS is only as strong as the contract: prefer the repository contracts in .truss/contracts/.",
    tools: TOOL_SPECS.map((spec) => ({ ...spec, inputSchema: spec.inputSchema })),
    call: (name, callArgs) => service.call(name, callArgs),
    input: process.stdin,
    output: process.stdout
  });
  const stop = () => {
    void connection.close();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await connection.closed;
    await service.shutdown();
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
  return EXIT.ok;
}
function servedDirectory(path) {
  try {
    const real = realpathSync3(path);
    if (statSync2(real).isDirectory()) return real;
  } catch {
  }
  throw new UsageError(`mcp serve: --workdir ${path} is not a directory`);
}
export {
  MCP_SERVE_HELP,
  mcpServe
};
