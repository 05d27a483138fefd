#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  BudgetMeter,
  RunAbortedError,
  buildPanelSeats,
  createCtx,
  findContract,
  resolveContract,
  runContract,
  secretRedactor
} from "./chunk-OYKNCAER.js";
import "./chunk-BKRDPUIL.js";
import {
  package_default
} from "./chunk-FXCTQQ2U.js";
import {
  EXIT
} from "./chunk-7ZETOEHC.js";
import {
  parseCommandArgs
} from "./chunk-VCW7KPCO.js";
import {
  UsageError,
  printHelp
} from "./chunk-PQNVCJVT.js";
import {
  LedgerStore,
  createNodeCrypto,
  exportBundleToFile,
  loadKeyFile,
  loadOrCreateKeyFile,
  parseSeedBase64
} from "./chunk-ZKEZWVRE.js";
import "./chunk-3RKGATMD.js";
import "./chunk-AACXSQ3N.js";

// src/cli/commands/run.ts
import { existsSync, mkdirSync } from "node:fs";
import { homedir, userInfo } from "node:os";
import { dirname, join, resolve } from "node:path";
var RUN_HELP = `Usage: truss run CONTRACT [options] [-- free-text intent]

Runs a contract: the harness runs every check clause itself, a reviewer panel judges every review
clause, and the verdict is signed into the ledger. CONTRACT is a .toml path or the NAME of
.truss/contracts/NAME.toml in the workdir. Text after -- replaces the contract's intent.

Options:
  --workdir DIR        the repository to verify (default: current directory)
  --db FILE            ledger database (default: <workdir>/.truss/ledger.db)
  --key FILE           signing key (default: TRUSS_SIGNING_KEY, else a per-install key
                       under ~/.config/truss/, created on first use)
  --base REF           diff base for reviewers (default: merge base with the default branch)
  --reviewers N        panel size (overrides config and contract)
  --provider KIND      anthropic | openai-compatible | github-models | scripted
  --model MODEL        model for the panel
  --base-url URL       API base URL (OpenAI-compatible servers, Ollama, vLLM)
  --bundle FILE        where to write the ledger bundle (default: <workdir>/.truss/bundles/<session>.json)
  --json               print the outcome as JSON (progress still goes to stderr)

Exit codes: 0 PASS, 1 FAIL, 2 UNVERIFIABLE, 3 bad contract/config/key, 64 usage`;
var OVERALL_EXIT = {
  pass: EXIT.ok,
  fail: EXIT.failed,
  unverifiable: EXIT.unverifiable
};
async function run(args, io) {
  const separator = args.indexOf("--");
  const flagArgs = separator >= 0 ? args.slice(0, separator) : args;
  const freeText = separator >= 0 ? args.slice(separator + 1).join(" ").trim() : "";
  const { values, positionals } = parseCommandArgs("run", flagArgs, {
    workdir: { type: "string" },
    db: { type: "string" },
    key: { type: "string" },
    base: { type: "string" },
    reviewers: { type: "string" },
    provider: { type: "string" },
    model: { type: "string" },
    "base-url": { type: "string" },
    bundle: { type: "string" },
    json: { type: "boolean" }
  });
  if (values.help) return printHelp(io, RUN_HELP);
  if (positionals.length !== 1)
    throw new UsageError("run: expected exactly one CONTRACT (a .toml path or a contract name)");
  const reviewers = values.reviewers === void 0 ? void 0 : Number(values.reviewers);
  if (reviewers !== void 0 && !(Number.isInteger(reviewers) && reviewers >= 1 && reviewers <= 15)) {
    throw new UsageError("run: --reviewers must be an integer from 1 to 15");
  }
  const workdir = resolve(io.cwd, values.workdir ?? ".");
  const contractPath = findContract(positionals[0], workdir, io.cwd);
  const configPath = join(workdir, ".truss/config.toml");
  const { contract, hash } = resolveContract({
    configPath: existsSync(configPath) ? configPath : void 0,
    contractPath,
    overrides: {
      ...reviewers !== void 0 ? { reviewers } : {},
      ...values.provider || values.model || values["base-url"] ? { provider: { kind: values.provider, model: values.model, base_url: values["base-url"] } } : {},
      ...freeText ? { intent: freeText } : {}
    }
  });
  if (contract.executor.kind !== "none") {
    throw new UsageError(
      `run: executor.kind = "${contract.executor.kind}" is not available in this version; use "none" to verify the working tree`
    );
  }
  const key = resolveRunKey(values.key, io);
  const dbPath = resolve(io.cwd, values.db ?? join(workdir, ".truss/ledger.db"));
  mkdirSync(dirname(dbPath), { recursive: true });
  const redact = secretRedactor(io.env);
  const progress = progressPrinter(io, redact);
  const abort = new AbortController();
  const onSignal = () => abort.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const ctx = createCtx({
    signal: abort.signal,
    events: progress,
    budget: new BudgetMeter(
      {
        maxCostUsd: contract.budget.max_cost_usd,
        maxTotalTokens: contract.budget.max_total_tokens,
        maxSteps: contract.budget.max_steps
      },
      (message) => progress({ type: "warning", message })
    )
  });
  const panel = buildPanelSeats(contract, { env: io.env, cwd: workdir });
  if ("unavailable" in panel && contract.done.some((c) => c.kind === "review")) {
    progress({ type: "warning", message: `${panel.unavailable}; review clauses will be unverifiable` });
  }
  io.stderr(
    `truss run ${contract.contract.id}${contract.contract.title ? ` \u2014 ${contract.contract.title}` : ""}
`
  );
  const store = LedgerStore.open(dbPath);
  try {
    const outcome = await runContract({
      contract,
      contractHash: hash,
      workdir,
      store,
      signer: key,
      ctx,
      panel,
      env: io.env,
      codeVersion: `truss ${package_default.version}`,
      principal: { login: io.env.GITHUB_ACTOR ?? userInfo().username, via: "cli" },
      baseRef: values.base
    });
    const bundlePath = resolve(
      io.cwd,
      values.bundle ?? join(workdir, ".truss/bundles", `${outcome.sessionId}.json`)
    );
    mkdirSync(dirname(bundlePath), { recursive: true });
    exportBundleToFile(store, outcome.sessionId, createNodeCrypto(), bundlePath);
    const entries = [...store.entries(outcome.sessionId)];
    const verifyCommand = `npx truss verify ${shellQuote(relativeOrAbsolute(io.cwd, bundlePath))} --key ${key.publicKeyHex}`;
    if (values.json) {
      io.stdout(
        `${JSON.stringify(
          {
            session_id: outcome.sessionId,
            verdict: outcome.verdict.overall,
            clauses: outcome.verdict.clauses,
            forced: outcome.verdict.forced,
            cost_usd: outcome.spent.costUsd,
            total_tokens: outcome.spent.totalTokens,
            head_hash: outcome.headHash,
            public_key: key.publicKeyHex,
            key_id: key.keyId,
            db: dbPath,
            bundle: bundlePath,
            verify_command: verifyCommand,
            git: outcome.git
          },
          null,
          2
        )}
`
      );
    } else {
      io.stdout(`${formatVerdict(entries, outcome, key, bundlePath, verifyCommand)}
`);
    }
    return OVERALL_EXIT[outcome.verdict.overall];
  } catch (error) {
    if (error instanceof RunAbortedError) {
      io.stderr(
        `truss: ${error.message}
the ledger records run_failed; inspect it with: truss ledger show ${error.sessionId} --db ${dbPath}
`
      );
      return EXIT.failed;
    }
    throw error;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    store.close();
  }
}
function resolveRunKey(keyFile, io) {
  const warn = (message) => io.stderr(`warning: ${message}
`);
  if (keyFile) return loadKeyFile(resolve(io.cwd, keyFile), warn);
  if (io.env.TRUSS_SIGNING_KEY) return parseSeedBase64(io.env.TRUSS_SIGNING_KEY, "TRUSS_SIGNING_KEY");
  const configHome = io.env.XDG_CONFIG_HOME || join(io.env.HOME || homedir(), ".config");
  const path = join(configHome, "truss", "signing.key");
  const { key, created } = loadOrCreateKeyFile(path);
  if (created)
    io.stderr(`created a signing key for this machine at ${path} (public key ${key.publicKeyHex})
`);
  return key;
}
function progressPrinter(io, redact) {
  return (event) => {
    switch (event.type) {
      case "check_finished":
        io.stderr(
          `  ${event.met ? "\u2714" : "\u2718"} check  [${event.clause + 1}] ${event.desc} (${Math.round(event.durationMs)} ms)
`
        );
        break;
      case "review_started":
        io.stderr(
          `  \u2026 review [${event.clause + 1}] ${event.desc}${event.seats ? ` (${event.seats} seats)` : ""}
`
        );
        break;
      case "vote":
        io.stderr(`      seat ${event.seat + 1} (${event.lens}): ${event.vote}
`);
        break;
      case "provider_retry":
        io.stderr(
          `      ${event.provider}: retry ${event.attempt} in ${Math.round(event.delayMs)} ms (${redact(event.reason)})
`
        );
        break;
      case "warning":
        io.stderr(`  warning: ${redact(event.message)}
`);
        break;
      default:
        break;
    }
  };
}
var MARK = { met: "\u2714 met", not_met: "\u2718 NOT MET", unverifiable: "? unverifiable" };
function formatVerdict(entries, outcome, key, bundlePath, verifyCommand) {
  const lines = [""];
  for (const clause of outcome.verdict.clauses) {
    lines.push(`[${clause.clause + 1}] ${clause.kind.padEnd(6)} ${MARK[clause.status]}  ${clause.desc}`);
    if (clause.kind === "check") {
      const result = entries.find(
        (e) => e.kind === "check_result" && e.payload.clause === clause.clause
      )?.payload;
      if (clause.status !== "met" && result) {
        lines.push(`    ${clause.reason}`);
        const tail = [result.stdout.tail, result.stderr.tail].join("\n").trim();
        for (const line of tail.split("\n").slice(-12)) if (line) lines.push(`    \u2502 ${line}`);
      }
    } else {
      const votes = entries.filter((e) => e.kind === "review_vote" && e.payload.clause === clause.clause).map((e) => e.payload);
      if (votes.length === 0) lines.push(`    ${clause.reason}`);
      for (const vote of votes) {
        const reasoning = String(vote.reasoning).replace(/\s+/g, " ");
        lines.push(
          `    seat ${Number(vote.seat) + 1} ${String(vote.lens).padEnd(12)} ${String(vote.vote).padEnd(12)} ${vote.provider}/${vote.model}: ${reasoning.slice(0, 160)}${reasoning.length > 160 ? "\u2026" : ""}`
        );
      }
    }
  }
  for (const reason of outcome.verdict.forced) lines.push(`forced FAIL: ${reason}`);
  if (entries.some((e) => e.kind === "review_vote" && e.payload.provider === "scripted")) {
    lines.push(
      "note: the panel is SCRIPTED (replayed fixture answers, not a model); use a real [provider] for real review"
    );
  }
  const counts = { met: 0, not_met: 0, unverifiable: 0 };
  for (const clause of outcome.verdict.clauses) counts[clause.status]++;
  lines.push("");
  lines.push(
    `VERDICT: ${outcome.verdict.overall.toUpperCase()}  (${counts.met} met, ${counts.not_met} not met, ${counts.unverifiable} unverifiable)`
  );
  lines.push(
    `cost $${outcome.spent.costUsd.toFixed(4)} \xB7 ${outcome.spent.totalTokens} tokens \xB7 session ${outcome.sessionId}`
  );
  lines.push(`head ${outcome.headHash} \xB7 signed by ${key.keyId}`);
  lines.push(`bundle ${bundlePath}`);
  lines.push(`verify: ${verifyCommand}`);
  return lines.join("\n");
}
function relativeOrAbsolute(cwd, path) {
  return path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path;
}
function shellQuote(text) {
  return /^[\w./@:+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
export {
  RUN_HELP,
  run
};
