#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  finishParentSession
} from "./chunk-TPFXBJ7Z.js";
import {
  cancelOnSignals,
  progressPrinter,
  relativeOrAbsolute,
  resolveRunKey,
  runKeySecrets,
  setUpIsolation
} from "./chunk-ZYEDR7CY.js";
import "./chunk-AUVPGGCK.js";
import "./chunk-JPEGKRBQ.js";
import {
  startBench
} from "./chunk-RMNTHYXM.js";
import "./chunk-BTXOVFDS.js";
import {
  BenchInputError,
  benchContract,
  parseBenchDataset,
  parsePredictions,
  resolveBenchRepo
} from "./chunk-WYRVO7HT.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-25BZ7EXM.js";
import "./chunk-WJWQSWAM.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-XIQFOUBC.js";
import "./chunk-RH3PQHM7.js";
import "./chunk-P5AJ53RB.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-JRDODRIK.js";
import {
  ledgerDbPath
} from "./chunk-5AD6KVJW.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import {
  renderBenchPage
} from "./chunk-ZRA5FVYF.js";
import {
  package_default
} from "./chunk-6CGPKGQX.js";
import {
  checkOutputPath
} from "./chunk-YFM4MSV3.js";
import "./chunk-K4EWXBDF.js";
import "./chunk-RDZHSOJG.js";
import {
  parseCommandArgs
} from "./chunk-K43WZLCU.js";
import {
  UsageError,
  printHelp
} from "./chunk-KUQNSCDZ.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-SNYT3JXL.js";
import "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import {
  LedgerStore
} from "./chunk-P2CFU6IE.js";
import "./chunk-VUSAMCY7.js";
import {
  secretRedactor
} from "./chunk-OCGEL2BZ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/cli/commands/bench-verdicts.ts
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { basename, dirname, join, resolve } from "node:path";

// src/cli/bench-output.ts
function formatBench(report, results) {
  const fraction = (n, of, rate) => rate === null ? "\u2014" : `${n}/${of} (${Math.round(rate * 100)}%)`;
  const name = (j) => j.judge === "checks" ? "checks" : j.judge === "panel" ? report.panel.kind === "placeholder" ? "panel*" : "panel" : "both";
  const table = [
    ["judge", "passed", "false PASS", "false FAIL", "unverifiable"],
    ...report.judges.map((j) => [
      name(j),
      `${j.passes}/${j.runs}`,
      fraction(j.false_pass, j.negatives, j.false_pass_rate),
      fraction(j.false_fail, j.positives, j.false_fail_rate),
      String(j.unverifiable)
    ])
  ];
  const lines = ["", ...columns(table)];
  lines.push(
    report.mode === "solve" ? "measured against the checks: false PASS = passes a patch the tests fail; false FAIL = fails one they pass" : "false PASS = a bad patch judged PASS; false FAIL = a good patch not judged PASS (UNVERIFIABLE included)"
  );
  lines.push(`panel: ${report.panel.label}`);
  if (report.panel.kind === "placeholder")
    lines.push("* the placeholder panel is not a model: its row measures nothing");
  lines.push("");
  const records = results.map((result) => [
    result.instance_id,
    ...result.error ? [`not judged: ${result.error}`] : result.sides.map(
      (side) => `${side.side}${side.applied ? "" : "(not applied)"} ${side.checks}/${side.panel}/${side.both}`
    ),
    `${(result.wall_ms / 1e3).toFixed(1)} s`
  ]);
  const perPatch = Math.max(1, ...results.map((result) => result.sides.length));
  const header = ["record", "checks/panel/both per patch", ...Array(perPatch - 1).fill(""), "wall"];
  lines.push(...columns([header, ...records]));
  for (const { instance_id, error } of report.errors) lines.push(`not judged: ${instance_id}: ${error}`);
  lines.push(
    `${report.records} records \xB7 $${report.cost_usd.toFixed(4)} \xB7 ${report.tokens} tokens \xB7 ${(report.wall_ms / 1e3).toFixed(1)} s (${(report.wall_ms_per_record / 1e3).toFixed(1)} s per record)`
  );
  return lines.join("\n");
}
function columns(rows) {
  const widths = [];
  for (const row of rows) {
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length);
  }
  return rows.map(
    (row) => row.map((cell, i) => cell.padEnd(widths[i])).join("  ").trimEnd()
  );
}

// src/cli/commands/bench-verdicts.ts
var BENCH_VERDICTS_HELP = `Usage: truss bench-verdicts DATASET.jsonl [options]

Verdict-quality benchmark (docs/bench-verdicts.md): how often is the verdict right? Every record
(SWE-bench's instance shape: repo, base_commit, problem_statement, patch or good_patch, bad_patch,
test_patch, FAIL_TO_PASS, PASS_TO_PASS) becomes a contract \u2014 the problem statement as intent, its
tests as checks, a review clause for the panel \u2014 run with executor none on the good and on the bad
patch, each run a signed child session in its own temp copy of the repository. Reports false-PASS
and false-FAIL rates of checks alone, the panel alone and both, with cost and wall time, signed as
one bench_result per record and a bench_report; prints a table and writes an HTML page.

Repositories are never fetched: "repo" is a path to a local clone (relative to the dataset), or
owner/name with --repos DIR, read as DIR/owner__name.

Options:
  --repos DIR          where owner/name repositories are cloned, as DIR/owner__name
  --solve FILE         grade the model patches in FILE (SWE-bench predictions: instance_id,
                       model_patch, model_name_or_path) instead of each record's good and bad patch
  --instances LIST     only these instance ids (comma-separated)
  --test-cmd CMD       for records without test_cmd: {test} runs one check per test,
                       {tests} one per list, e.g. "pytest {tests}" (test names are shell-quoted)
  --setup CMD          for records without setup: [checks] setup, e.g. "npm ci"
  --timeout SEC        each check's timeout (default 300)
  --checks-only        no review clause: measure the checks alone
  --provider KIND      the panel: anthropic | openai-compatible | github-models | scripted
  --model MODEL        the panel's model
  --base-url URL       API base URL (OpenAI-compatible servers)
  --script FILE        the panel's scripted fixture (implies --provider scripted)
  --reviewers N        panel seats (default 3)
  --db FILE            ledger database (default: .truss/ledger.db)
  --key FILE           signing key (as for truss run)
  --isolation MODE     auto | uid | bwrap | none (as for truss run)
  -o, --output FILE    the HTML page (default: .truss/bench/<session>.html)
  --json               print the report and every record's result as JSON

Without --provider (or --script) the panel is a PLACEHOLDER \u2014 scripted seats that always vote met,
as the shipped example contracts run without an API key \u2014 and every output labels its figures so.

Exit codes: 0 the benchmark completed (whatever the rates), 1 it failed (run_failed is signed),
3 bad dataset, predictions, repository or key, 64 usage, 130/143 interrupted`;
async function benchVerdicts(args, io) {
  const { values, positionals } = parseCommandArgs("bench-verdicts", args, {
    repos: { type: "string" },
    solve: { type: "string" },
    instances: { type: "string" },
    "test-cmd": { type: "string" },
    setup: { type: "string" },
    timeout: { type: "string" },
    "checks-only": { type: "boolean" },
    provider: { type: "string" },
    model: { type: "string" },
    "base-url": { type: "string" },
    script: { type: "string" },
    reviewers: { type: "string" },
    db: { type: "string" },
    key: { type: "string" },
    isolation: { type: "string" },
    output: { type: "string", short: "o" },
    json: { type: "boolean" }
  });
  if (values.help) return printHelp(io, BENCH_VERDICTS_HELP);
  if (positionals.length !== 1) throw new UsageError("bench-verdicts: expected exactly one DATASET.jsonl");
  const timeoutSec = values.timeout === void 0 ? 300 : Number(values.timeout);
  if (!(timeoutSec > 0 && timeoutSec <= 86400))
    throw new UsageError("bench-verdicts: --timeout must be a number of seconds from 1 to 86400");
  const panel = panelChoice(values, io);
  const datasetPath = resolve(io.cwd, positionals[0]);
  const datasetText = readInput(datasetPath, "dataset");
  let records = parseBenchDataset(datasetText, relativeOrAbsolute(io.cwd, datasetPath));
  if (values.instances) {
    const wanted = values.instances.split(",").map((id) => id.trim());
    const unknown = wanted.filter((id) => !records.some((r) => r.instanceId === id));
    if (unknown.length > 0)
      throw new BenchInputError(`--instances: no record ${unknown.join(", ")} in the dataset`);
    records = records.filter((r) => wanted.includes(r.instanceId));
  }
  const predictionsPath = values.solve ? resolve(io.cwd, values.solve) : void 0;
  const predictionsText = predictionsPath ? readInput(predictionsPath, "--solve predictions") : void 0;
  const allPredictions = predictionsPath && predictionsText !== void 0 ? parsePredictions(predictionsText, relativeOrAbsolute(io.cwd, predictionsPath)) : void 0;
  const predictions = allPredictions && values.instances ? allPredictions.filter((p) => records.some((r) => r.instanceId === p.instanceId)) : allPredictions;
  const judged = predictions ? records.filter((r) => predictions.some((p) => p.instanceId === r.instanceId)) : records;
  const reposDir = values.repos ? resolve(io.cwd, values.repos) : void 0;
  const repos = new Map(
    judged.map((r) => [
      r.instanceId,
      resolveBenchRepo(r.repo, { ...reposDir ? { reposDir } : {}, datasetDir: dirname(datasetPath) })
    ])
  );
  const contractSettings = { testCmd: values["test-cmd"] ?? null, setup: values.setup ?? null, timeoutSec };
  const key = resolveRunKey(values.key, io);
  const dbPath = ledgerDbPath(io, values.db);
  checkOutputPath(dbPath, "--db");
  const sessionId = randomUUID();
  const pagePath = resolve(io.cwd, values.output ?? join(io.cwd, ".truss/bench", `${sessionId}.html`));
  checkOutputPath(pagePath, values.output ? "--output" : "the benchmark page", {
    workdir: io.cwd,
    flag: "--output"
  });
  mkdirSync(dirname(dbPath), { recursive: true });
  const keySecrets = runKeySecrets(values.key, io);
  const first = judged[0];
  const work = mkdtempSync(join(tmpdir(), "truss-bench-work-"));
  const abort = new AbortController();
  const detach = cancelOnSignals(abort);
  const store = LedgerStore.open(dbPath);
  try {
    const isolation = await setUpIsolation({
      io,
      flag: values.isolation,
      contract: benchContract(first ?? records[0], {
        ...contractSettings,
        provider: null,
        reviewers: 1
      }).contract,
      workdir: work,
      dbPath,
      keyFile: values.key
    });
    io.stderr(
      `truss bench-verdicts ${basename(datasetPath)}: ${judged.length} records${predictions ? `, ${predictions.length} model patches` : ""}
`
    );
    const progress = progressPrinter(io, secretRedactor(io.env, keySecrets));
    const result = await startBench({
      sessionId,
      records,
      predictions,
      repos,
      contract: contractSettings,
      panel,
      dataset: { file: basename(datasetPath), sha256: sha256(datasetText) },
      predictionsFile: predictionsPath && predictionsText !== void 0 ? { file: basename(predictionsPath), sha256: sha256(predictionsText) } : void 0,
      store,
      signer: key,
      codeVersion: `truss ${package_default.version}`,
      principal: { login: io.env.GITHUB_ACTOR ?? userInfo().username, via: "cli" },
      host: {
        events: (event) => {
          if (event.type === "phase") io.stderr(`  \u2026 ${event.name}
`);
          else progress(event);
        },
        signal: abort.signal,
        isolation,
        env: io.env,
        secrets: keySecrets,
        hostCwd: io.cwd,
        cleanRoomParent: work
      }
    });
    const finished = finishParentSession(io, {
      store,
      result,
      workdir: io.cwd,
      publicKeyHex: key.publicKeyHex,
      signal: abort.signal,
      pagePath,
      page: (completed2, verifyCommand2) => renderBenchPage({
        report: completed2.report,
        results: completed2.results,
        sessionId: completed2.sessionId,
        headHash: completed2.headHash,
        verifyCommand: verifyCommand2,
        generator: `truss ${package_default.version}`
      })
    });
    if ("exit" in finished) return finished.exit;
    const { completed, bundlePath, verifyCommand } = finished;
    const where = { bundle: bundlePath, page: pagePath, verify_command: verifyCommand };
    io.stdout(
      values.json ? `${JSON.stringify({ session_id: completed.sessionId, head_hash: completed.headHash, ...completed.report, results: completed.results, ...where }, null, 2)}
` : `${formatBench(completed.report, completed.results)}
session ${completed.sessionId} \xB7 head ${completed.headHash}
bundle ${bundlePath}
page ${pagePath}
verify: ${verifyCommand}
`
    );
    return EXIT.ok;
  } finally {
    detach();
    store.close();
    rmSync(work, { recursive: true, force: true });
  }
}
function panelChoice(values, io) {
  const reviewers = values.reviewers === void 0 ? 3 : Number(values.reviewers);
  if (!(Number.isInteger(reviewers) && reviewers >= 1 && reviewers <= 15))
    throw new UsageError("bench-verdicts: --reviewers must be an integer from 1 to 15");
  const named = ["provider", "model", "base-url", "script"].filter((flag) => values[flag] !== void 0);
  if (values["checks-only"]) {
    if (named.length > 0)
      throw new UsageError(`bench-verdicts: --checks-only has no panel; drop --${named.join(", --")}`);
    return { kind: "checks-only" };
  }
  const script = values.script;
  const kind = values.provider ?? (script ? "scripted" : void 0);
  if (!kind) {
    if (named.length > 0) throw new UsageError("bench-verdicts: --model and --base-url need --provider KIND");
    return { kind: "placeholder", reviewers };
  }
  if (!["anthropic", "openai-compatible", "github-models", "scripted"].includes(kind))
    throw new UsageError(
      `bench-verdicts: --provider must be anthropic, openai-compatible, github-models or scripted`
    );
  if (kind === "scripted" && !script)
    throw new UsageError("bench-verdicts: --provider scripted needs --script FILE");
  if (kind !== "scripted" && !values.model)
    throw new UsageError(`bench-verdicts: --provider ${kind} needs --model MODEL`);
  const scriptPath = script ? resolve(io.cwd, script) : void 0;
  return {
    kind: "provider",
    reviewers,
    settings: {
      kind,
      ...values.model ? { model: values.model } : {},
      ...values["base-url"] ? { base_url: values["base-url"] } : {},
      ...scriptPath ? { script: basename(scriptPath) } : {}
    },
    fixtureDir: scriptPath ? dirname(scriptPath) : void 0
  };
}
function readInput(path, what) {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = error.code;
    throw new BenchInputError(
      `cannot read the ${what} ${path}${typeof code === "string" ? ` (${code})` : ""}`
    );
  }
}
function sha256(text) {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
export {
  BENCH_VERDICTS_HELP,
  benchVerdicts
};
