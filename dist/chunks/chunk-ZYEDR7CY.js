#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  prepareConfigDir
} from "./chunk-AUVPGGCK.js";
import {
  checkoutLine,
  contextLine,
  createRunIsolation,
  formatCount,
  isolationLine,
  reportFromEntries,
  selfValidationLine
} from "./chunk-RMNTHYXM.js";
import {
  describeAwait
} from "./chunk-P5AJ53RB.js";
import {
  perInstallKeyPath
} from "./chunk-JRDODRIK.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import {
  reportPathFor,
  writeReportFile
} from "./chunk-ZRA5FVYF.js";
import {
  package_default
} from "./chunk-6CGPKGQX.js";
import {
  checkOutputPath,
  makeOutputDir,
  refuseLinksInWorkdir
} from "./chunk-YFM4MSV3.js";
import {
  cliTrustedKeys
} from "./chunk-K4EWXBDF.js";
import {
  jsonText
} from "./chunk-KUQNSCDZ.js";
import {
  describeIsolation,
  logLine,
  parseIsolationMode
} from "./chunk-SNYT3JXL.js";
import {
  citationsOf
} from "./chunk-ASHGVO73.js";
import {
  createNodeCrypto,
  exportBundleToFile,
  loadKeyFile,
  loadOrCreateKeyFile,
  parseSeedBase64,
  readEntries,
  streamTail,
  tailsFromStore
} from "./chunk-P2CFU6IE.js";

// src/cli/fanout-output.ts
function fanoutLines(summary) {
  const lines = [
    `fan-out: ${summary.attempts} attempt${summary.attempts === 1 ? "" : "s"}, reducer ${summary.reducer}`
  ];
  for (const leg of summary.legs) {
    const mark = leg.attempt === summary.winner ? "\u2605" : " ";
    const verdict = leg.overall ? leg.overall.toUpperCase() : `no verdict (${leg.status})`;
    lines.push(
      `  ${mark} attempt ${leg.attempt}  ${verdict.padEnd(12)} ${leg.checksMet}/${leg.checks} checks met  $${leg.costUsd.toFixed(4)}  ${leg.totalTokens} tokens  session ${leg.sessionId}${leg.error && !leg.overall ? `  (${leg.error})` : ""}`
    );
  }
  const notStarted = summary.attempts - summary.legs.length;
  if (notStarted > 0)
    lines.push(
      `    ${notStarted} attempt${notStarted === 1 ? "" : "s"} not started (an attempt had already passed)`
    );
  lines.push(
    summary.winner === null ? `winner: none \u2014 ${summary.why}` : `winner: attempt ${summary.winner} \u2014 ${summary.why}`
  );
  if (summary.applied) {
    lines.push(
      summary.applied.applied ? "the winner's changes were applied to the workdir" : `the winner's changes were NOT applied: ${summary.applied.error ?? "unknown reason"}`
    );
  }
  return lines;
}
function fanoutJson(summary) {
  return {
    reducer: summary.reducer,
    attempts: summary.attempts,
    winner: summary.winner,
    why: summary.why,
    reduction_seq: summary.reductionSeq,
    applied: summary.applied,
    legs: summary.legs.map((leg) => ({
      attempt: leg.attempt,
      session_id: leg.sessionId,
      status: leg.status,
      verdict: leg.overall,
      checks_met: leg.checksMet,
      checks: leg.checks,
      cost_usd: leg.costUsd,
      total_tokens: leg.totalTokens,
      finished_rank: leg.finishedRank,
      verdict_ref: leg.verdictRef,
      error: leg.error
    }))
  };
}

// src/cli/outcome-json.ts
function verifyCommandFor(cwd, bundlePath, publicKeyHex) {
  return `npx truss verify ${shellQuote(relativeOrAbsolute(cwd, bundlePath))} --key ${publicKeyHex}`;
}
function completedJson(outcome, context, files, entries) {
  return {
    session_id: outcome.sessionId,
    status: "completed",
    verdict: outcome.verdict.overall,
    clauses: outcome.verdict.clauses,
    forced: outcome.verdict.forced,
    executor: outcome.executor ? {
      kind: outcome.executor.kind,
      steps: outcome.executor.steps,
      failure: outcome.executor.failure,
      budget_exhausted: outcome.executor.budgetExhausted,
      changed_files: outcome.executor.changedFiles,
      final_text: outcome.executor.finalText
    } : null,
    checkout: reportFromEntries(outcome.sessionId, entries).checkout,
    self_validation: readEntries(entries, "self_validation").map((e) => e.payload),
    ...signedFields(outcome, context, files),
    verify_command: verifyCommandFor(
      context.commandCwd ?? context.io.cwd,
      files.bundlePath,
      context.key.publicKeyHex
    ),
    git: outcome.git,
    isolation: readEntries(entries, "run_started")[0]?.payload.isolation ?? null,
    ...outcome.fanout ? { fanout: fanoutJson(outcome.fanout) } : {}
  };
}
function releaseCommands(outcome, context) {
  const { suspension } = outcome;
  const cwd = context.commandCwd ?? context.io.cwd;
  const db = shellQuote(relativeOrAbsolute(cwd, context.dbPath));
  const workdir = context.workdir === cwd ? "" : ` --workdir ${shellQuote(context.workdir)}`;
  const resume = `truss resume ${outcome.sessionId} --db ${db}${workdir}`;
  if ("approval" in suspension.await) {
    return [
      `truss review approve ${outcome.sessionId} --db ${db} --key REVIEWER_KEY_FILE --note '...'   (a reviewer's own key, not the session key)`,
      resume
    ];
  }
  if ("signal" in suspension.await) {
    return [`truss signal ${outcome.sessionId} ${suspension.await.signal} [PAYLOAD] --db ${db}${workdir}`];
  }
  return [
    `${resume}   (at or after ${new Date(suspension.fireAt ?? 0).toISOString()}, when the timer fires)`
  ];
}
function suspendedJson(outcome, context, files, release) {
  return {
    session_id: outcome.sessionId,
    status: "suspended",
    suspension: outcome.suspension,
    ...signedFields(outcome, context, files),
    release
  };
}
function signedFields(outcome, context, files) {
  return {
    replayed: outcome.replayed,
    cost_usd: outcome.spent.costUsd,
    total_tokens: outcome.spent.totalTokens,
    head_hash: outcome.headHash,
    public_key: context.key.publicKeyHex,
    key_id: context.key.keyId,
    db: context.dbPath,
    bundle: files.bundlePath,
    report: files.reportPath
  };
}
function relativeOrAbsolute(cwd, path) {
  return path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path;
}
function shellQuote(text) {
  return /^[\w./@:+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

// src/cli/run-output.ts
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
var OVERALL_EXIT = {
  pass: EXIT.ok,
  fail: EXIT.failed,
  unverifiable: EXIT.unverifiable
};
function resolveRunKey(keyFile, io) {
  const warn = (message) => io.stderr(`warning: ${message}
`);
  if (keyFile) return loadKeyFile(resolve(io.cwd, keyFile), warn);
  if (io.env.TRUSS_SIGNING_KEY !== void 0)
    return parseSeedBase64(io.env.TRUSS_SIGNING_KEY, "TRUSS_SIGNING_KEY");
  const path = perInstallKeyPath(io.env);
  const { key, created } = loadOrCreateKeyFile(path);
  if (created)
    io.stderr(`created a signing key for this machine at ${path} (public key ${key.publicKeyHex})
`);
  return key;
}
function runKeySecrets(keyFile, io) {
  if (io.env.TRUSS_SIGNING_KEY && !keyFile) return [];
  const path = keyFile ? resolve(io.cwd, keyFile) : perInstallKeyPath(io.env);
  try {
    const seed = readFileSync(path, "utf8").trim();
    return seed ? [seed] : [];
  } catch {
    return [];
  }
}
function progressPrinter(io, redact) {
  const say = (line) => io.stderr(`${logLine(line)}
`);
  return (event) => {
    switch (event.type) {
      case "executor_started":
        say(`  \u2026 executor ${event.kind}${event.replaying ? " (replaying the journal)" : ""}`);
        break;
      case "agent_step":
        say(
          `      step ${event.step}${event.tools.length ? `: ${event.tools.join(", ")}` : ": final answer"}`
        );
        break;
      case "tool_call":
        if (event.isError) say(`      ${event.name}: error (the model sees it)`);
        break;
      case "context_compacted":
        say(
          `      context compacted (${event.mode}) after step ${event.step}: ${formatCount(event.before_tokens)} \u2192 ${formatCount(event.after_tokens)} tokens`
        );
        break;
      case "check_finished":
        say(
          `  ${event.met ? "\u2714" : "\u2718"} check  [${event.clause + 1}] ${event.desc} (${Math.round(event.durationMs)} ms)`
        );
        break;
      case "review_started":
        say(`  \u2026 review [${event.clause + 1}] ${event.desc}${event.seats ? ` (${event.seats} seats)` : ""}`);
        break;
      case "vote":
        say(`      seat ${event.seat + 1} (${event.lens}): ${event.vote}`);
        break;
      case "provider_retry":
        say(
          `      ${event.provider}: retry ${event.attempt} in ${Math.round(event.delayMs)} ms (${redact(event.reason)})`
        );
        break;
      case "warning":
        say(`  warning: ${redact(event.message)}`);
        break;
      case "memory_recalled":
        say(
          `  \u2026 memory: ${event.entries} verified entr${event.entries === 1 ? "y" : "ies"} recalled (${event.tokens} tokens)`
        );
        break;
      case "memory_proposed":
        say(
          `  \u2026 memory: ${event.proposed} proposal${event.proposed === 1 ? "" : "s"} stored unverified (${event.created} new); see truss memory list`
        );
        break;
      case "child_started":
        say(`  \u2026 attempt ${event.attempt} (session ${event.sessionId})`);
        break;
      case "child_finished":
        say(
          `  ${event.overall === "pass" ? "\u2714" : "\u2718"} attempt ${event.attempt}: ${event.overall ? event.overall.toUpperCase() : event.status} ($${event.costUsd.toFixed(4)})`
        );
        break;
      default:
        break;
    }
  };
}
function checkRunOutputs(io, options) {
  checkOutputPath(options.dbPath, "--db");
  const bundle = options.bundle ? resolve(io.cwd, options.bundle) : join(options.workdir, ".truss/bundles", "session.json");
  const inside = { workdir: options.workdir, flag: "--bundle" };
  checkOutputPath(bundle, options.bundle ? "--bundle" : "the bundle", inside);
  checkOutputPath(reportPathFor(bundle), "the HTML report", inside);
}
function bundlePathFor(io, workdir, sessionId, bundle) {
  return resolve(io.cwd, bundle ?? join(workdir, ".truss/bundles", `${sessionId}.json`));
}
function exportSessionBundle(io, store, options) {
  const bundlePath = bundlePathFor(io, options.workdir, options.sessionId, options.bundle);
  makeOutputDir(options.workdir, bundlePath, options.bundle ? "--bundle" : "the bundle", "--bundle");
  refuseLinksInWorkdir(options.workdir, reportPathFor(bundlePath), "the HTML report", "--bundle");
  exportBundleToFile(store, options.sessionId, createNodeCrypto(), bundlePath);
  return bundlePath;
}
function reportResult(result, context, signal) {
  if (result.status !== "aborted") return reportOutcome(result, context);
  context.io.stderr(
    `truss: ${result.message}
the ledger records run_failed; inspect it with: truss ledger show ${result.sessionId} --db ${context.dbPath}
`
  );
  return abortedExit(signal);
}
function exportOutcome(outcome, context) {
  const bundlePath = exportBundleOf(outcome, context);
  return { bundlePath, reportPath: writeRunReport(context, bundlePath) };
}
function exportBundleOf(outcome, context) {
  return exportSessionBundle(context.io, context.store, {
    workdir: context.workdir,
    sessionId: outcome.sessionId,
    bundle: context.bundle
  });
}
function outcomeSummary(result, context) {
  if (result.status === "aborted") {
    return {
      session_id: result.sessionId,
      status: "aborted",
      message: result.message,
      cancelled: result.cancelled,
      db: context.dbPath,
      inspect: `truss ledger show ${result.sessionId} --db ${shellQuote(context.dbPath)}`
    };
  }
  const files = exportOutcome(result, context);
  if (result.status === "suspended") {
    return suspendedJson(result, context, files, releaseCommands(result, context));
  }
  return completedJson(result, context, files, [...context.store.entries(result.sessionId)]);
}
function reportOutcome(outcome, context) {
  const { io, store } = context;
  if (outcome.status === "suspended" || context.json) {
    const files = exportOutcome(outcome, context);
    if (outcome.status === "suspended") return reportSuspended(outcome, context, files);
    const entries2 = [...store.entries(outcome.sessionId)];
    io.stdout(`${jsonText(completedJson(outcome, context, files, entries2))}
`);
    return OVERALL_EXIT[outcome.verdict.overall];
  }
  const bundlePath = exportBundleOf(outcome, context);
  const entries = [...store.entries(outcome.sessionId)];
  const verifyCommand = verifyCommandFor(io.cwd, bundlePath, context.key.publicKeyHex);
  io.stdout(`${formatVerdict(store, entries, outcome, context.key, bundlePath, verifyCommand)}
`);
  const reportPath = writeRunReport(context, bundlePath);
  if (reportPath)
    io.stdout(`report ${reportPath} (open it in a browser; it re-verifies the ledger itself)
`);
  return OVERALL_EXIT[outcome.verdict.overall];
}
function writeRunReport(context, bundlePath) {
  const output = reportPathFor(bundlePath);
  try {
    const { trusted, source } = cliTrustedKeys(context.io, { cwd: context.workdir });
    writeReportFile({
      bundlePath,
      output,
      trusted,
      trustSource: source,
      generator: `truss ${package_default.version}`,
      crypto: createNodeCrypto()
    });
    return output;
  } catch (error) {
    context.io.stderr(`warning: could not write the HTML report ${output}: ${error.message}
`);
    return null;
  }
}
function reportSuspended(outcome, context, files) {
  const { io } = context;
  const { suspension } = outcome;
  const release = releaseCommands(outcome, context);
  if (context.json) {
    io.stdout(`${jsonText(suspendedJson(outcome, context, files, release))}
`);
  } else {
    const lines = [
      "",
      `SUSPENDED at seq ${suspension.seq}: ${suspension.reason}`,
      `waiting for: ${describeAwait(suspension.await)}`
    ];
    if (suspension.noApprovers) {
      lines.push(
        `no approvers are configured, so no approval can release this gate yet: add the reviewer's public key to ${join(context.workdir, ".truss/trusted-keys")} or to the contract's [approval_gates] approvers = ["<64 hex>"] (or pass truss resume --approvers FILE)`
      );
    }
    if (suspension.blocked) {
      lines.push(
        `blocked: ${suspension.blocked.decision} by ${suspension.blocked.reviewer_key_id} at seq ${suspension.blocked.seq}${suspension.blocked.note ? ` (${suspension.blocked.note})` : ""}; the run stays suspended until a later approval`
      );
    }
    lines.push("to continue:", ...release.map((line) => `  ${line}`));
    lines.push(`session ${outcome.sessionId} \xB7 head ${outcome.headHash}`, `bundle ${files.bundlePath}`);
    if (files.reportPath) lines.push(`report ${files.reportPath}`);
    io.stdout(`${lines.join("\n")}
`);
  }
  return EXIT.suspended;
}
var MARK = { met: "\u2714 met", not_met: "\u2718 NOT MET", unverifiable: "? unverifiable" };
function formatVerdict(store, entries, outcome, key, bundlePath, verifyCommand) {
  const lines = [""];
  if (outcome.fanout) lines.push(...fanoutLines(outcome.fanout));
  if (outcome.executor) {
    const e = outcome.executor;
    lines.push(
      `executor ${e.kind}: ${e.failure ? `FAILED (${e.failure})` : e.budgetExhausted ? `stopped (${e.budgetExhausted})` : "finished"}${e.kind === "in-loop" ? `, ${e.steps} model call${e.steps === 1 ? "" : "s"}` : ""}${e.changedFiles.length ? `, changed ${e.changedFiles.join(", ")}` : ""}`
    );
  }
  const report = reportFromEntries(outcome.sessionId, entries);
  if (report.context) lines.push(`context: ${contextLine(report.context)}`);
  const where = checkoutLine(report.checkout);
  if (where) lines.push(where);
  for (const clause of outcome.verdict.clauses) {
    lines.push(`[${clause.clause + 1}] ${clause.kind.padEnd(6)} ${MARK[clause.status]}  ${clause.desc}`);
    const self = report.clauses.find((c) => c.index === clause.clause);
    const seen = self ? selfValidationLine(self) : null;
    if (seen) lines.push(`    ${seen}`);
    if (clause.kind === "check") {
      const result = readEntries(entries, "check_result").find(
        (e) => e.payload.clause === clause.clause
      )?.payload;
      if (clause.status !== "met" && result) {
        lines.push(`    ${clause.reason}`);
        const tails = tailsFromStore(store);
        const tail = [streamTail(result.stdout, tails), streamTail(result.stderr, tails)].join("\n").trim();
        for (const line of tail.split("\n").slice(-12)) if (line) lines.push(`    \u2502 ${line}`);
      }
    } else {
      const votes = readEntries(entries, "review_vote").filter((e) => e.payload.clause === clause.clause).map((e) => e.payload);
      if (votes.length === 0 || clause.injection) lines.push(`    ${clause.reason}`);
      for (const vote of votes) {
        const reasoning = (vote.reasoning ?? "").replace(/\s+/g, " ");
        lines.push(
          `    seat ${vote.seat + 1} ${(vote.lens ?? "").padEnd(12)} ${vote.vote.padEnd(12)} ${vote.provider ?? ""}/${vote.model ?? ""}: ${reasoning.slice(0, 160)}${reasoning.length > 160 ? "\u2026" : ""}`
        );
        for (const citation of citationsOf(vote)) {
          const where2 = citation.anchored ? `${citation.path}:${citation.start_line}${citation.end_line !== citation.start_line ? `-${citation.end_line}` : ""}` : `${citation.location} (not on a changed line: ${citation.unanchored})`;
          lines.push(`      \u21B3 ${where2}: ${citation.problem.replace(/\s+/g, " ").slice(0, 160)}`);
        }
      }
    }
  }
  for (const reason of outcome.verdict.forced) lines.push(`forced FAIL: ${reason}`);
  const isolation = report.isolation;
  lines.push(isolation ? isolationLine(isolation) : "checks isolated: not recorded (none)");
  const all = outcome.fanout ? [...entries, ...outcome.fanout.legs.flatMap((leg) => [...store.entries(leg.sessionId)])] : entries;
  if (readEntries(all, "review_vote").some((e) => e.payload.provider === "scripted")) {
    lines.push(
      "note: the panel is SCRIPTED (replayed fixture answers, not a model); use a real [provider] for real review"
    );
  }
  if (readEntries(all, "model_result").some((e) => e.payload.provider === "scripted")) {
    lines.push("note: the agent is SCRIPTED (replayed fixture answers, not a model)");
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
  return lines.map(logLine).join("\n");
}
function cancelOnSignals(abort) {
  const onInt = () => abort.abort("SIGINT");
  const onTerm = () => abort.abort("SIGTERM");
  process.once("SIGINT", onInt);
  process.once("SIGTERM", onTerm);
  return () => {
    process.off("SIGINT", onInt);
    process.off("SIGTERM", onTerm);
  };
}
async function setUpIsolation(options) {
  const { io } = options;
  const keyFile = options.keyFile ? resolve(io.cwd, options.keyFile) : void 0;
  const trussDir = prepareConfigDir(options.workdir, [options.contractPath, keyFile]);
  const isolation = await createRunIsolation({
    mode: options.flag !== void 0 ? parseIsolationMode(options.flag, "--isolation") : void 0,
    contract: options.contract,
    workdir: options.workdir,
    dbPath: options.dbPath,
    keyFiles: [keyFile],
    configPaths: [
      trussDir,
      ...options.contractPath && relative(trussDir, resolve(options.contractPath)).startsWith("..") ? [options.contractPath] : []
    ],
    env: io.env,
    scratchRoot: tmpdir()
  });
  io.stderr(`${describeIsolation(isolation.report)}
`);
  for (const note of isolation.report.notes) io.stderr(`  note: ${note}
`);
  return isolation;
}
function abortedExit(signal) {
  if (signal.aborted && signal.reason === "SIGINT") return EXIT.interrupted;
  if (signal.aborted && signal.reason === "SIGTERM") return EXIT.terminated;
  return EXIT.failed;
}

export {
  verifyCommandFor,
  relativeOrAbsolute,
  shellQuote,
  resolveRunKey,
  runKeySecrets,
  progressPrinter,
  checkRunOutputs,
  bundlePathFor,
  exportSessionBundle,
  reportResult,
  outcomeSummary,
  cancelOnSignals,
  setUpIsolation,
  abortedExit
};
