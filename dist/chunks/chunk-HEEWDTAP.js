#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  openRunMemory
} from "./chunk-ZYZHJ3CB.js";
import {
  finishParentSession
} from "./chunk-TPFXBJ7Z.js";
import {
  cancelOnSignals,
  progressPrinter,
  resolveRunKey,
  runKeySecrets,
  setUpIsolation
} from "./chunk-ZYEDR7CY.js";
import {
  startEval
} from "./chunk-RMNTHYXM.js";
import {
  findContract
} from "./chunk-BTXOVFDS.js";
import {
  parseArms
} from "./chunk-WJWQSWAM.js";
import {
  resolveContract
} from "./chunk-P5AJ53RB.js";
import {
  ledgerDbPath
} from "./chunk-5AD6KVJW.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import {
  renderEvalPage
} from "./chunk-ZRA5FVYF.js";
import {
  package_default
} from "./chunk-6CGPKGQX.js";
import {
  checkOutputPath
} from "./chunk-YFM4MSV3.js";
import {
  parseCommandArgs
} from "./chunk-K43WZLCU.js";
import {
  UsageError,
  printHelp
} from "./chunk-KUQNSCDZ.js";
import {
  LedgerStore
} from "./chunk-P2CFU6IE.js";
import {
  secretRedactor
} from "./chunk-OCGEL2BZ.js";

// src/cli/commands/eval.ts
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { userInfo } from "node:os";
import { dirname, join, resolve } from "node:path";
var EVAL_HELP = `Usage: truss eval CONTRACT --arms ARM,ARM[,...] [--repeats N] [options]

Paired eval (docs/eval.md): runs CONTRACT N times per arm, where each arm changes exactly one
setting of the resolved contract, and signs the comparison. Every run is its own signed child
session anchored in one eval session, which ends with a signed eval_report {arms: [{name, runs,
pass_rate, cost_usd, tokens, wall_ms, child_refs}], delta, summary}. Prints a table and writes an
HTML page with the comparison (pass rate and cost per arm).

An arm is [NAME:]PATH=VALUE, PATH a dotted key of the contract, VALUE JSON or text, e.g.
  --arms executor.model=claude-sonnet-4-5,executor.model=claude-opus-4-1
  --arms small:provider.script=small.json,large:provider.script=large.json
The panel is the contract's own for every arm; [contract], [[done]] and [fanout] cannot change.

Options:
  --arms LIST          the arms, comma-separated (at least two)
  --repeats N          runs per arm (default 3, at most 100)
  --workdir DIR        the repository (default: current directory)
  --db FILE            ledger database (default: <workdir>/.truss/ledger.db)
  --key FILE           signing key (as for truss run)
  --isolation MODE     auto | uid | bwrap | none (as for truss run)
  -o, --output FILE    the HTML page (default: <workdir>/.truss/eval/<session>.html)
  --json               print the eval report as JSON (progress still goes to stderr)

Exit codes: 0 the eval completed (whatever the pass rates), 1 it failed (run_failed is signed),
3 bad contract/arms/key, 64 usage, 130/143 interrupted`;
async function evalCommand(args, io) {
  const { values, positionals } = parseCommandArgs("eval", args, {
    arms: { type: "string" },
    repeats: { type: "string" },
    workdir: { type: "string" },
    db: { type: "string" },
    key: { type: "string" },
    isolation: { type: "string" },
    output: { type: "string", short: "o" },
    json: { type: "boolean" }
  });
  if (values.help) return printHelp(io, EVAL_HELP);
  if (positionals.length !== 1)
    throw new UsageError("eval: expected exactly one CONTRACT (a .toml path or a contract name)");
  if (!values.arms)
    throw new UsageError("eval: --arms is required (e.g. --arms executor.model=a,executor.model=b)");
  const repeats = values.repeats === void 0 ? 3 : Number(values.repeats);
  if (!Number.isInteger(repeats) || repeats < 1 || repeats > 100)
    throw new UsageError("eval: --repeats must be an integer from 1 to 100");
  return launchEval(io, {
    contractRef: positionals[0],
    arms: parseArms(values.arms),
    repeats,
    values,
    finish: ({ completed, bundlePath, pagePath, verifyCommand }) => {
      if (values.json) {
        io.stdout(
          `${JSON.stringify({ session_id: completed.sessionId, head_hash: completed.headHash, ...completed.report, bundle: bundlePath, page: pagePath, verify_command: verifyCommand }, null, 2)}
`
        );
      } else {
        io.stdout(
          `${formatEval(completed.report)}
session ${completed.sessionId} \xB7 head ${completed.headHash}
bundle ${bundlePath}
page ${pagePath}
verify: ${verifyCommand}
`
        );
      }
      return EXIT.ok;
    }
  });
}
async function launchEval(io, launch) {
  const { values, arms, repeats } = launch;
  const workdir = resolve(io.cwd, values.workdir ?? ".");
  const contractPath = findContract(launch.contractRef, workdir, io.cwd);
  const configPath = join(workdir, ".truss/config.toml");
  const { contract, hash } = resolveContract({
    configPath: existsSync(configPath) ? configPath : void 0,
    contractPath
  });
  const key = resolveRunKey(values.key, io);
  const dbPath = ledgerDbPath(io, values.db, workdir);
  checkOutputPath(dbPath, "--db");
  const sessionId = randomUUID();
  const pagePath = resolve(io.cwd, values.output ?? join(workdir, ".truss/eval", `${sessionId}.html`));
  checkOutputPath(pagePath, values.output ? "--output" : "the eval page", {
    workdir,
    flag: "--output"
  });
  mkdirSync(dirname(dbPath), { recursive: true });
  const keySecrets = runKeySecrets(values.key, io);
  const isolation = await setUpIsolation({
    io,
    flag: values.isolation,
    contract,
    workdir,
    dbPath,
    keyFile: values.key,
    contractPath
  });
  const abort = new AbortController();
  const detach = cancelOnSignals(abort);
  io.stderr(`truss eval ${contract.contract.id}: ${arms.length} arms \xD7 ${repeats} runs
`);
  const store = launch.open?.store ?? LedgerStore.open(dbPath);
  const memory = launch.open?.memory ?? openRunMemory(io, store, { workdir, keyFile: values.key });
  try {
    const result = await startEval({
      sessionId,
      contract,
      contractHash: hash,
      arms,
      repeats,
      workdir,
      store,
      signer: key,
      codeVersion: `truss ${package_default.version}`,
      principal: { login: io.env.GITHUB_ACTOR ?? userInfo().username, via: "cli" },
      trials: launch.trials,
      host: {
        events: progressPrinter(io, secretRedactor(io.env, keySecrets)),
        signal: abort.signal,
        isolation,
        env: io.env,
        secrets: keySecrets,
        hostCwd: io.cwd,
        toolServer: io.trussCommand,
        contractDir: dirname(contractPath),
        memory
      }
    });
    const finished = finishParentSession(io, {
      store,
      result,
      workdir,
      publicKeyHex: key.publicKeyHex,
      signal: abort.signal,
      pagePath,
      page: (completed, verifyCommand) => renderEvalPage({
        report: completed.report,
        sessionId: completed.sessionId,
        contractId: contract.contract.id,
        headHash: completed.headHash,
        verifyCommand,
        generator: `truss ${package_default.version}`
      })
    });
    if ("exit" in finished) return finished.exit;
    return await launch.finish({ ...finished, pagePath, store });
  } finally {
    detach();
    if (!launch.open) {
      memory.close();
      store.close();
    }
  }
}
function formatEval(report) {
  const header = ["arm", "change", "passed", "rate", "cost", "tokens", "wall"];
  const rows = report.arms.map((arm) => [
    arm.name,
    arm.change,
    `${arm.passes}/${arm.runs}`,
    `${Math.round(arm.pass_rate * 100)}%`,
    `$${arm.cost_usd.toFixed(4)}`,
    String(arm.tokens),
    `${(arm.wall_ms / 1e3).toFixed(1)} s`
  ]);
  const widths = header.map(
    (title, i) => Math.max(title.length, ...rows.map((row) => row[i].length))
  );
  const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join("  ").trimEnd();
  const lines = ["", line(header), ...rows.map(line)];
  const sign = (n) => n >= 0 ? "+" : "\u2212";
  for (const d of report.delta) {
    lines.push(
      `${d.arm} vs ${d.vs}: ${sign(d.pass_rate)}${Math.abs(Math.round(d.pass_rate * 100))} pp pass rate, ${sign(d.cost_usd)}$${Math.abs(d.cost_usd).toFixed(4)}, ${sign(d.tokens)}${Math.abs(d.tokens)} tokens`
    );
  }
  return lines.join("\n");
}

export {
  EVAL_HELP,
  evalCommand,
  launchEval,
  formatEval
};
