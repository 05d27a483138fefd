#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  launchRun
} from "./chunk-BXTAIPBF.js";
import "./chunk-RBNXBNDD.js";
import "./chunk-ZYZHJ3CB.js";
import "./chunk-DZTWCUQU.js";
import "./chunk-3Q7L5AON.js";
import {
  cancelOnSignals,
  reportResult
} from "./chunk-ZYEDR7CY.js";
import "./chunk-AUVPGGCK.js";
import "./chunk-JPEGKRBQ.js";
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
import "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-ZRA5FVYF.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
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
import "./chunk-P2CFU6IE.js";
import "./chunk-VUSAMCY7.js";
import "./chunk-OCGEL2BZ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/cli/commands/run.ts
import { userInfo } from "node:os";
import { resolve } from "node:path";
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
  const abort = new AbortController();
  const detach = cancelOnSignals(abort);
  try {
    const launched = await launchRun(io, {
      contract: positionals[0],
      workdir: resolve(io.cwd, values.workdir ?? "."),
      db: values.db,
      key: values.key,
      base: values.base,
      bundle: values.bundle,
      isolation: values.isolation,
      reviewers,
      ...values.provider || values.model || values["base-url"] ? { provider: { kind: values.provider, model: values.model, base_url: values["base-url"] } } : {},
      intent: freeText || void 0,
      verifyOnly: Boolean(values["verify-only"]),
      principal: { login: io.env.GITHUB_ACTOR ?? userInfo().username, via: "cli" },
      signal: abort.signal
    });
    try {
      return reportResult(
        await launched.result,
        { ...launched.report, json: Boolean(values.json) },
        abort.signal
      );
    } finally {
      launched.close();
    }
  } finally {
    detach();
  }
}
export {
  RUN_HELP,
  run
};
