#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  checkMcpPinning
} from "./chunk-I6WH3Z34.js";
import {
  cancelOnSignals,
  checkRunOutputs,
  progressPrinter,
  reportResult,
  resolveRunKey,
  runKeySecrets,
  setUpIsolation
} from "./chunk-OS73HRLK.js";
import {
  prepareRun,
  startRun
} from "./chunk-W6WSICM6.js";
import {
  acquireSessionLease,
  secretRedactor
} from "./chunk-JS4RAAFT.js";
import "./chunk-FGO343MA.js";
import "./chunk-N47IBKY3.js";
import {
  package_default
} from "./chunk-A5EGQXLX.js";
import "./chunk-YOHY7DC3.js";
import {
  ledgerDbPath
} from "./chunk-63LJ5ZNP.js";
import {
  resolveContract
} from "./chunk-7YTHTWHE.js";
import {
  findContract
} from "./chunk-UE2FQCNU.js";
import "./chunk-C4ORF7HY.js";
import "./chunk-P44NM2NO.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-E2XF3M5S.js";
import {
  checkReceipt
} from "./chunk-AXUT4KTB.js";
import {
  parseCommandArgs
} from "./chunk-VCW7KPCO.js";
import {
  UsageError,
  printHelp
} from "./chunk-PQNVCJVT.js";
import {
  LedgerStore,
  resolveTrustedKeys
} from "./chunk-CE73N2QF.js";
import "./chunk-HASXX6FY.js";
import "./chunk-C24IPAXU.js";

// src/cli/commands/run.ts
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { userInfo } from "node:os";
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
  --verify-only        judge the working tree as it is (executor "none"), even if the contract names one
  --isolation MODE     auto | uid | bwrap | none: how checks, the agent's tools and delegated CLIs are
                       confined (default: [sandbox] isolation, else auto = strongest available;
                       see docs/security.md)
  --json               print the outcome as JSON (progress still goes to stderr)

The executor ([executor] kind) runs first: none (verify the working tree as it is), in-loop
(Truss's own agent loop over [executor]/[provider] with the harness tools) or delegated-cli (a
vendor agent CLI). Every step is journaled; a run stopped by an approval gate or a wait is
suspended and continues with \`truss resume\` (or \`truss signal\`).

Exit codes: 0 PASS, 1 FAIL, 2 UNVERIFIABLE, 3 bad contract/config/key, 6 SUSPENDED (the output
says how to release it), 64 usage`;
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
    "verify-only": { type: "boolean" },
    isolation: { type: "string" },
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
      ...freeText ? { intent: freeText } : {},
      ...values["verify-only"] ? { verifyOnly: true } : {}
    }
  });
  for (const warning of checkMcpPinning(contract, "warn")) io.stderr(`truss: warning: ${warning}
`);
  const key = resolveRunKey(values.key, io);
  const dbPath = ledgerDbPath(io, values.db, workdir);
  checkRunOutputs(io, { dbPath, workdir, bundle: values.bundle });
  mkdirSync(dirname(dbPath), { recursive: true });
  const keySecrets = runKeySecrets(values.key, io);
  const redact = secretRedactor(io.env, keySecrets);
  const progress = progressPrinter(io, redact);
  const isolation = await setUpIsolation({
    io,
    flag: values.isolation,
    contract,
    workdir,
    dbPath,
    keyFile: values.key
  });
  const abort = new AbortController();
  const detach = cancelOnSignals(abort);
  io.stderr(
    `truss run ${contract.contract.id}${contract.contract.title ? ` \u2014 ${contract.contract.title}` : ""}
`
  );
  const prepared = prepareRun(contract, {
    workdir,
    host: {
      events: progress,
      signal: abort.signal,
      isolation,
      env: io.env,
      secrets: keySecrets,
      hostCwd: io.cwd,
      contractDir: dirname(contractPath),
      // Who may release an approval gate later (with the contract's own approvers).
      approvers: resolveTrustedKeys({ cwd: workdir }).trusted
    }
  });
  const store = LedgerStore.open(dbPath, { receipts: checkReceipt });
  const sessionId = randomUUID();
  let releaseLease;
  try {
    releaseLease = acquireSessionLease(dbPath, sessionId);
    const result = await startRun(prepared, {
      sessionId,
      contractHash: hash,
      store,
      signer: key,
      codeVersion: `truss ${package_default.version}`,
      principal: { login: io.env.GITHUB_ACTOR ?? userInfo().username, via: "cli" },
      baseRef: values.base
    });
    return reportResult(
      result,
      {
        io,
        store,
        key,
        dbPath,
        workdir,
        bundle: values.bundle,
        json: Boolean(values.json)
      },
      abort.signal
    );
  } finally {
    releaseLease?.();
    detach();
    store.close();
  }
}
export {
  RUN_HELP,
  run
};
