#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  formatEval,
  launchEval
} from "./chunk-E73EZMZD.js";
import {
  MEMORY_PLACE_HELP,
  MEMORY_PLACE_OPTIONS,
  cliSigner,
  decisionLines,
  entryDetail,
  entryJson,
  entryLine,
  memoryDbExists,
  openMemoryPlace
} from "./chunk-U3R62BZD.js";
import {
  runKeySecrets
} from "./chunk-TGBZQPIX.js";
import {
  promoteEntry,
  promotionPanel,
  revokeEntry,
  signProposals
} from "./chunk-Q63OCFTQ.js";
import {
  checkOutputPath
} from "./chunk-YOHY7DC3.js";
import {
  GITHUB_CONTRACT_FORMAT
} from "./chunk-4M5BANDN.js";
import {
  decideFromEval,
  evalPromotionArms
} from "./chunk-SHXLWOPV.js";
import {
  MEMORY_KINDS,
  findEntry,
  isMemoryKind,
  proposedItem,
  readTomlSource,
  secretRedactor,
  supersededBy
} from "./chunk-IB6JNNPN.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import {
  parseCommandArgs,
  requirePositionals
} from "./chunk-BG32PKDO.js";
import {
  UsageError,
  emit,
  printHelp
} from "./chunk-YTNF6YHN.js";
import {
  createNodeCrypto,
  exportBundle
} from "./chunk-HG7ESO7E.js";

// src/cli/commands/memory.ts
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

// src/cli/commands/memory-eval.ts
var EVAL_PROMOTE_HELP = `  --eval CONTRACT        (promote) promote only if a paired eval of CONTRACT passes more often with the
                         entry recalled (arm on) than without (arm off); signed with method eval
  --repeats N            (promote --eval) runs per arm (default 3)
  --isolation MODE       (promote --eval) as for truss run
  -o, --output FILE      (promote --eval) the eval's HTML page`;
async function promoteByEval(args, io, family) {
  const { values, positionals } = parseCommandArgs(`${family.name} promote`, args, {
    ...MEMORY_PLACE_OPTIONS,
    eval: { type: "string" },
    repeats: { type: "string" },
    isolation: { type: "string" },
    output: { type: "string", short: "o" },
    "dry-run": { type: "boolean" }
  });
  if (values.help) return printHelp(io, family.help);
  const [ref] = requirePositionals(`${family.name} promote`, positionals, ["ID|KEY"]);
  const repeats = values.repeats === void 0 ? 3 : Number(values.repeats);
  if (!Number.isInteger(repeats) || repeats < 1 || repeats > 100)
    throw new UsageError(`${family.name} promote --eval: --repeats must be an integer from 1 to 100`);
  const contractRef = values.eval;
  const dryRun = Boolean(values["dry-run"]);
  const place = openMemoryPlace(io, values, { write: !dryRun });
  try {
    const entry = findEntry(place.memory, ref, family.kind);
    const { arms, trials } = evalPromotionArms(entry);
    if (dryRun) {
      const preview = {
        dry_run: true,
        memory_id: entry.id,
        trust: entry.trust,
        method: "eval",
        contract: contractRef,
        repeats,
        arms: arms.map((arm) => ({ name: arm.name, change: arm.change }))
      };
      emit(
        io,
        Boolean(values.json),
        preview,
        () => `dry run: would run ${contractRef} ${repeats}\xD7 per arm (${arms.map((a) => `${a.name}: ${a.change}`).join("; ")}) and promote ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}) only if on passes more often than off`
      );
      return EXIT.ok;
    }
    return await launchEval(io, {
      contractRef,
      arms,
      repeats,
      values,
      trials,
      open: { store: place.ledger, memory: { store: place.memory, view: place.view } },
      finish: async ({ completed, bundlePath, pagePath, verifyCommand, store }) => {
        const result = await decideFromEval(cliSigner(io, place, values.key), entry, {
          sessionId: completed.sessionId,
          store,
          report: completed.report
        });
        emit(
          io,
          Boolean(values.json),
          {
            ...result,
            eval: {
              session_id: completed.sessionId,
              head_hash: completed.headHash,
              ...completed.report,
              bundle: bundlePath,
              page: pagePath,
              verify_command: verifyCommand
            }
          },
          () => [
            formatEval(completed.report),
            `eval session ${completed.sessionId} \xB7 bundle ${bundlePath} \xB7 page ${pagePath}`,
            ...decisionLines(entry, result)
          ].join("\n")
        );
        return result.payload.decision === "promote" ? EXIT.ok : EXIT.failed;
      }
    });
  } finally {
    place.close();
  }
}

// src/cli/commands/memory.ts
var MEMORY_HELP = `Usage: truss memory <command> [options]

Governed memory (docs/memory.md): lessons, facts, decisions and playbooks with trust tiers and
signed provenance. Every write enters unverified; only a signed memory_verdict (a reviewer panel,
or a maintainer's decision) makes an entry verified, and only verified entries are recalled.

Commands:
  list                              entries (verified and unverified; --all for every tier)
  show ID|KEY                       one entry: provenance, decisions, whether its verdict checks
  propose KIND KEY (BODY | --file F) sign a proposal: an unverified entry
  promote ID|KEY                    panel review against its provenance (or --maintainer --reason)
  revoke ID|KEY --reason TEXT       a verified entry becomes stale, with a signed reason
  export [-o FILE]                  every entry, its decisions and their signed sessions (JSON)

Options:
${MEMORY_PLACE_HELP}
  --kind KIND            (list) only this kind: ${MEMORY_KINDS.join(", ")}
  --name KEY             (list) only entries with this key
  --query TEXT           (list) key or body contains TEXT
  --verified-only        (list) only entries whose signed verdict checks
  --all                  (list) also rejected, stale and superseded entries
  --file FILE            (propose) read the body from FILE
  --salience N           (propose) 0..1 (default 0.5)
  --maintainer           (promote) decide yourself, without the panel (needs --reason)
  --reason TEXT          (promote --maintainer, revoke) why, signed into the decision
  --reviewers N --provider KIND --model M --base-url URL
                         (promote) the panel, as for truss run (default: .truss/config.toml)
  --dry-run              (propose, promote, revoke) show what would be signed; write nothing
  -o, --output FILE      (export) write the export to FILE instead of stdout
${EVAL_PROMOTE_HELP}

Exit codes: 0 ok, 1 a promotion the panel (or the eval) did not pass, 3 bad input (unknown entry, a transition
the tier does not allow, no panel), 64 usage`;
var LIST_OPTIONS = {
  ...MEMORY_PLACE_OPTIONS,
  kind: { type: "string" },
  name: { type: "string" },
  query: { type: "string" },
  "verified-only": { type: "boolean" },
  all: { type: "boolean" },
  limit: { type: "string" }
};
var DECIDE_OPTIONS = {
  ...MEMORY_PLACE_OPTIONS,
  maintainer: { type: "boolean" },
  reason: { type: "string" },
  reviewers: { type: "string" },
  provider: { type: "string" },
  model: { type: "string" },
  "base-url": { type: "string" },
  "dry-run": { type: "boolean" }
};
async function memory(args, io) {
  const [command, ...rest] = args;
  if (!command || command === "--help" || command === "-h" || command === "help")
    return printHelp(io, MEMORY_HELP);
  const run = MEMORY_COMMANDS[command];
  if (!run)
    throw new UsageError(
      `memory: unknown command "${command}"; use ${Object.keys(MEMORY_COMMANDS).join(", ")}`
    );
  return run(rest, io, { name: "memory", help: MEMORY_HELP });
}
var MEMORY_COMMANDS = {
  list: listEntries,
  show: showEntry,
  propose: proposeEntry,
  promote,
  revoke,
  export: exportMemory
};
function listEntries(args, io, family) {
  const { values, positionals } = parseCommandArgs(`${family.name} list`, args, LIST_OPTIONS);
  if (values.help) return printHelp(io, family.help);
  requirePositionals(`${family.name} list`, positionals, []);
  const kind = family.kind ?? kindOf(values.kind, `${family.name} list`);
  const limit = values.limit === void 0 ? void 0 : Number(values.limit);
  if (limit !== void 0 && !(Number.isInteger(limit) && limit > 0))
    throw new UsageError(`${family.name} list: --limit must be a positive integer`);
  if (!memoryDbExists(io, values)) {
    emit(
      io,
      Boolean(values.json),
      { trusted_keys: null, entries: [] },
      () => `no ${family.kind ?? "memory"} entries yet (no ledger database)`
    );
    return EXIT.ok;
  }
  const place = openMemoryPlace(io, values, { write: false });
  try {
    const rows = place.memory.list({
      kind,
      key: values.name,
      contains: values.query,
      trust: values.all ? void 0 : values["verified-only"] ? ["verified"] : ["verified", "unverified"],
      includeSuperseded: Boolean(values.all)
    });
    const ignored = rows.filter((e) => e.trust === "verified" && place.view.problemOf(e) !== null);
    const shown = rows.filter((e) => !(values["verified-only"] && ignored.includes(e))).slice(0, limit ?? rows.length);
    for (const entry of ignored) {
      io.stderr(
        `warning: ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}) claims verified but is ignored: ${place.view.problemOf(entry)}
`
      );
    }
    emit(
      io,
      Boolean(values.json),
      { trusted_keys: place.trustedFrom, entries: shown.map((e) => entryJson(e, place.view)) },
      () => shown.length === 0 ? `no ${family.kind ?? "memory"} entries${values["verified-only"] ? " verified" : ""} in ${place.dbPath}` : shown.map((e) => entryLine(e, place.view)).join("\n")
    );
    return EXIT.ok;
  } finally {
    place.close();
  }
}
function showEntry(args, io, family) {
  const { values, positionals } = parseCommandArgs(`${family.name} show`, args, MEMORY_PLACE_OPTIONS);
  if (values.help) return printHelp(io, family.help);
  const [ref] = requirePositionals(`${family.name} show`, positionals, ["ID|KEY"]);
  const place = openMemoryPlace(io, values, { write: false });
  try {
    const entry = findEntry(place.memory, ref, family.kind);
    emit(
      io,
      Boolean(values.json),
      { ...entryJson(entry, place.view), decisions: place.memory.decisions(entry.id) },
      () => entryDetail(entry, place)
    );
    return EXIT.ok;
  } finally {
    place.close();
  }
}
function proposeEntry(args, io, family) {
  const { values, positionals } = parseCommandArgs(`${family.name} propose`, args, {
    ...MEMORY_PLACE_OPTIONS,
    file: { type: "string" },
    salience: { type: "string" },
    "dry-run": { type: "boolean" }
  });
  if (values.help) return printHelp(io, family.help);
  if (positionals.length < 2 || positionals.length > 3)
    throw new UsageError(`${family.name} propose: expected KIND KEY [BODY] (or --file FILE for the body)`);
  const [kindText, key, inline] = positionals;
  const kind = kindOf(kindText, `${family.name} propose`);
  if (kind === "playbook")
    throw new UsageError("memory propose: import playbooks with `truss playbook import PATH`");
  if (inline === void 0 === (values.file === void 0))
    throw new UsageError(`${family.name} propose: give the body as BODY or --file FILE (one of them)`);
  const body = values.file ? readFileSync(resolve(io.cwd, values.file), "utf8") : inline;
  const salience = values.salience === void 0 ? 0.5 : Number(values.salience);
  const redact = secretRedactor(io.env, runKeySecrets(values.key, io));
  const item = proposedItem({ kind, key, body: redact(body), salience });
  if (values["dry-run"]) {
    emit(
      io,
      Boolean(values.json),
      { dry_run: true, kind: "memory_proposed", entries: [item] },
      () => `dry run: would sign a proposal of ${kind} ${key} (${item.memory_id.slice(0, 12)}), unverified`
    );
    return EXIT.ok;
  }
  const place = openMemoryPlace(io, values, { write: true });
  try {
    const signed = signProposals(cliSigner(io, place, values.key), {
      kind: "memory_proposed",
      via: "cli",
      items: [item]
    });
    const entry = place.memory.get(item.memory_id);
    emit(
      io,
      Boolean(values.json),
      { session_id: signed.sessionId, created: signed.ingest.created.length > 0, entry },
      () => `${signed.ingest.created.length > 0 ? "proposed" : "already stored"} ${kind} ${key} ${entry.id.slice(0, 12)} (${entry.trust}); promote it with \`truss memory promote ${entry.id.slice(0, 12)}\``
    );
    return EXIT.ok;
  } finally {
    place.close();
  }
}
async function promote(args, io, family) {
  if (args.some((arg) => arg === "--eval" || arg.startsWith("--eval="))) {
    if (args.includes("--maintainer"))
      throw new UsageError(
        `${family.name} promote: --eval and --maintainer are two ways to decide; give one`
      );
    return promoteByEval(args, io, family);
  }
  const { values, positionals } = parseCommandArgs(`${family.name} promote`, args, DECIDE_OPTIONS);
  if (values.help) return printHelp(io, family.help);
  const [ref] = requirePositionals(`${family.name} promote`, positionals, ["ID|KEY"]);
  if (values.maintainer && !values.reason?.trim())
    throw new UsageError(
      `${family.name} promote --maintainer: --reason is required (it is signed into the decision)`
    );
  const dryRun = Boolean(values["dry-run"]);
  const place = openMemoryPlace(io, values, { write: !dryRun });
  try {
    const entry = findEntry(place.memory, ref, family.kind);
    const panel = values.maintainer ? null : panelFor(io, place.workdir, values);
    if (panel && "unavailable" in panel)
      throw new UsageError(
        `${family.name} promote: ${panel.unavailable}; or decide as a maintainer with --maintainer --reason TEXT`
      );
    if (dryRun) {
      const preview = {
        dry_run: true,
        memory_id: entry.id,
        trust: entry.trust,
        method: values.maintainer ? "maintainer" : "panel",
        seats: panel && "seats" in panel ? panel.seats.length : 0,
        supersedes: supersededBy(place.memory, entry)
      };
      emit(
        io,
        Boolean(values.json),
        preview,
        () => `dry run: would ${preview.method === "panel" ? `ask ${preview.seats} seats to review` : "sign a maintainer promotion of"} ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}, ${entry.trust})${preview.supersedes.length ? `, superseding ${preview.supersedes.length}` : ""}`
      );
      return EXIT.ok;
    }
    const redact = secretRedactor(io.env, runKeySecrets(values.key, io));
    const result = await promoteEntry(
      cliSigner(io, place, values.key),
      entry,
      panel && "seats" in panel ? { method: "panel", seats: panel.seats, redact } : { method: "maintainer", reason: values.reason }
    );
    emit(io, Boolean(values.json), result, () => decisionLines(entry, result).join("\n"));
    return result.payload.decision === "promote" ? EXIT.ok : EXIT.failed;
  } finally {
    place.close();
  }
}
async function revoke(args, io, family) {
  const { values, positionals } = parseCommandArgs(`${family.name} revoke`, args, DECIDE_OPTIONS);
  if (values.help) return printHelp(io, family.help);
  const [ref] = requirePositionals(`${family.name} revoke`, positionals, ["ID|KEY"]);
  if (!values.reason?.trim())
    throw new UsageError(`${family.name} revoke: --reason is required (it is signed into the decision)`);
  const dryRun = Boolean(values["dry-run"]);
  const place = openMemoryPlace(io, values, { write: !dryRun });
  try {
    const entry = findEntry(place.memory, ref, family.kind);
    if (dryRun) {
      emit(
        io,
        Boolean(values.json),
        { dry_run: true, memory_id: entry.id, trust: entry.trust, reason: values.reason },
        () => `dry run: would sign the revocation of ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}, ${entry.trust}): ${values.reason}`
      );
      return EXIT.ok;
    }
    const result = await revokeEntry(cliSigner(io, place, values.key), entry, values.reason);
    emit(
      io,
      Boolean(values.json),
      result,
      () => `revoked ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}): now ${result.entry.trust}; signed memory_verdict ${result.ref.session}#${result.ref.seq}`
    );
    return EXIT.ok;
  } finally {
    place.close();
  }
}
function exportMemory(args, io, family) {
  const { values, positionals } = parseCommandArgs(`${family.name} export`, args, {
    ...MEMORY_PLACE_OPTIONS,
    output: { type: "string", short: "o" }
  });
  if (values.help) return printHelp(io, family.help);
  requirePositionals(`${family.name} export`, positionals, []);
  const output = values.output ? resolve(io.cwd, values.output) : null;
  if (output) checkOutputPath(output, "--output");
  const place = openMemoryPlace(io, values, { write: false });
  try {
    const entries = place.memory.list({ includeSuperseded: true, kind: family.kind });
    const sessions = /* @__PURE__ */ new Set();
    const decisions = Object.fromEntries(
      entries.map((e) => {
        const records = place.memory.decisions(e.id);
        for (const ref of [e.provenance.produced_by, ...e.provenance.sources, ...records.map((r) => r.ref)])
          if (place.ledger.session(ref.session)) sessions.add(ref.session);
        return [e.id, records];
      })
    );
    const crypto = createNodeCrypto();
    const text = `${JSON.stringify(
      {
        format: "truss.memory.v1",
        entries: entries.map((e) => entryJson(e, place.view)),
        decisions,
        sessions: Object.fromEntries(
          [...sessions].sort().map((id) => [id, exportBundle(place.ledger, id, crypto)])
        )
      },
      null,
      2
    )}
`;
    if (output) {
      writeFileSync(output, text, { mode: 384 });
      io.stderr(`wrote ${entries.length} entries and ${sessions.size} sessions to ${output}
`);
    } else io.stdout(text);
    return EXIT.ok;
  } finally {
    place.close();
  }
}
function panelFor(io, workdir, values) {
  const reviewers = values.reviewers === void 0 ? void 0 : Number(values.reviewers);
  if (reviewers !== void 0 && !(Number.isInteger(reviewers) && reviewers >= 1 && reviewers <= 15))
    throw new UsageError("promote: --reviewers must be an integer from 1 to 15");
  const configPath = join(workdir, ".truss/config.toml");
  return promotionPanel({
    config: existsSync(configPath) ? readTomlSource(configPath) : void 0,
    format: GITHUB_CONTRACT_FORMAT,
    overrides: {
      ...reviewers !== void 0 ? { reviewers } : {},
      ...values.provider || values.model || values["base-url"] ? { provider: { kind: values.provider, model: values.model, base_url: values["base-url"] } } : {}
    },
    env: io.env,
    cwd: workdir,
    fallbackCwd: io.cwd
  });
}
function kindOf(text, command) {
  if (text === void 0) return void 0;
  if (!isMemoryKind(text)) throw new UsageError(`${command}: kind must be one of ${MEMORY_KINDS.join(", ")}`);
  return text;
}

export {
  EVAL_PROMOTE_HELP,
  MEMORY_HELP,
  memory,
  MEMORY_COMMANDS,
  listEntries,
  showEntry,
  promote,
  revoke
};
