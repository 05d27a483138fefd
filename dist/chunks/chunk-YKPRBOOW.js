#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  approveOnMemoryBranch,
  decideOnMemoryBranch,
  readMemoryBranch,
  runMemoryFromBranch
} from "./chunk-WN7JW4AN.js";
import {
  cliOctokit,
  repositoryOf
} from "./chunk-RBNXBNDD.js";
import {
  formatEval,
  launchEval
} from "./chunk-HEEWDTAP.js";
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
} from "./chunk-ZYZHJ3CB.js";
import {
  promoteEntry,
  promotionPanel,
  revokeEntry,
  signProposals
} from "./chunk-DZTWCUQU.js";
import {
  resolveRunKey,
  runKeySecrets
} from "./chunk-ZYEDR7CY.js";
import {
  defaultBranchTrustedKeys
} from "./chunk-23665E7C.js";
import {
  GITHUB_CONTRACT_FORMAT
} from "./chunk-KKDUZS42.js";
import {
  decideFromEval,
  evalPromotionArms
} from "./chunk-RMNTHYXM.js";
import {
  findEntry,
  supersededBy
} from "./chunk-WYRVO7HT.js";
import {
  MEMORY_KINDS,
  MemoryError,
  isMemoryKind,
  proposedItem,
  readTomlSource
} from "./chunk-P5AJ53RB.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import {
  checkOutputPath
} from "./chunk-YFM4MSV3.js";
import {
  parseCommandArgs,
  requirePositionals
} from "./chunk-K43WZLCU.js";
import {
  UsageError,
  emit,
  printHelp
} from "./chunk-KUQNSCDZ.js";
import {
  createNodeCrypto,
  exportBundle,
  isPinned,
  writeFileAtomic
} from "./chunk-P2CFU6IE.js";
import {
  secretRedactor
} from "./chunk-OCGEL2BZ.js";

// src/cli/commands/memory.ts
import { existsSync, readFileSync } from "node:fs";
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

// src/cli/commands/memory-on-branch.ts
var BRANCH_DECIDE_HELP = `  --ledger-branch BRANCH (promote --maintainer|--eval, approve, revoke) decide memory on the ledger branch of
                         --repo through the GitHub API (token: GITHUB_TOKEN or GH_TOKEN), signed with
                         your key; runs count it only if .truss/trusted-keys on the default branch pins
                         that key (signer for a decision, reviewer for an approval)
  --repo OWNER/NAME      (with --ledger-branch) the repository (default: GITHUB_REPOSITORY); promote
                         --eval CONTRACT --ledger-branch B runs the paired eval here, recalling from the
                         branch, and commits the eval's bundle beside the decision`;
var OPTIONS = {
  ...MEMORY_PLACE_OPTIONS,
  "ledger-branch": { type: "string" },
  repo: { type: "string" },
  maintainer: { type: "boolean" },
  reason: { type: "string" },
  "dry-run": { type: "boolean" },
  eval: { type: "string" },
  repeats: { type: "string" },
  isolation: { type: "string" },
  output: { type: "string", short: "o" }
};
function onLedgerBranch(args) {
  return args.some((arg) => arg === "--ledger-branch" || arg.startsWith("--ledger-branch="));
}
async function decideOnBranch(args, io, family, action) {
  const command = `${family.name} ${action}`;
  const { values, positionals } = parseCommandArgs(command, args, OPTIONS);
  if (values.help) return printHelp(io, family.help);
  const [ref] = requirePositionals(command, positionals, ["ID|KEY"]);
  const reason = values.reason?.trim() ?? "";
  const byEval = action === "promote" && values.eval !== void 0;
  if (byEval && values.maintainer)
    throw new UsageError(`${command}: --eval and --maintainer are two ways to decide; give one`);
  if (!reason && !byEval)
    throw new UsageError(`${command}: --reason is required (it is signed into the decision)`);
  if (action === "promote" && !values.maintainer && !byEval)
    throw new UsageError(
      `${command} --ledger-branch: decide as a maintainer (--maintainer --reason TEXT) or by a paired eval (--eval CONTRACT), or sign an approval for the promotion job with \`truss ${family.name} approve\``
    );
  const repeats = values.repeats === void 0 ? 3 : Number(values.repeats);
  if (!Number.isInteger(repeats) || repeats < 1 || repeats > 100)
    throw new UsageError(`${command} --eval: --repeats must be an integer from 1 to 100`);
  const branch = values["ledger-branch"];
  const repo = branchRepository(values.repo ?? io.env.GITHUB_REPOSITORY, command);
  const token = io.env.GITHUB_TOKEN || io.env.GH_TOKEN;
  if (!token)
    throw new UsageError(
      `${command} --ledger-branch: set GITHUB_TOKEN (or GH_TOKEN) to a token that can push to ${branch}`
    );
  const octokit = await cliOctokit(io, token, stderrLogger(io));
  const place = { octokit, ...repo, branch };
  const dryRun = Boolean(values["dry-run"]);
  const signer = resolveRunKey(values.key, io);
  const role = action === "approve" ? "reviewer" : "signer";
  const trusted = await defaultBranchTrustedKeys(octokit, repo);
  const pin = {
    key: signer.publicKeyHex,
    role,
    pinned: isPinned(trusted.keys, signer.publicKeyHex, role),
    trusted_keys: `.truss/trusted-keys@${trusted.ref}`
  };
  const pinNote = pin.pinned ? `your key ${pin.key.slice(0, 16)}\u2026 is pinned as ${role} in ${pin.trusted_keys}: runs count it` : `warning: your key ${pin.key.slice(0, 16)}\u2026 is not pinned as ${role} in ${pin.trusted_keys}: runs will ignore this ${action === "approve" ? "approval" : "decision"} until it is (add "${pin.key} roles=signer,reviewer <name>")`;
  if (dryRun) {
    const entry = findEntry((await readMemoryBranch(place)).store, ref, family.kind);
    const preview = { dry_run: true, action, memory_id: entry.id, trust: entry.trust, repo, branch, ...pin };
    emit(
      io,
      Boolean(values.json),
      preview,
      () => `dry run: would sign ${action === "approve" ? "an approval of promoting" : `the ${action === "promote" ? "promotion" : "revocation"} of`} ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}, ${entry.trust}) and commit it to ${branch} of ${repo.owner}/${repo.repo}
${pinNote}`
    );
    return EXIT.ok;
  }
  const local = openMemoryPlace(io, values, { write: true });
  try {
    const who = cliSigner(io, local, values.key);
    const principal = { ...who.principal, via: "cli-ledger-branch" };
    const signing = {
      ...place,
      ledger: local.ledger,
      signer: who.signer,
      codeVersion: who.codeVersion,
      principal
    };
    let out;
    if (action === "approve") {
      const approved = await approveOnMemoryBranch({ ...signing, entry: ref, reason });
      const entry = (await readMemoryBranch(place)).store.get(approved.memoryId);
      out = {
        memory_id: approved.memoryId,
        session_id: approved.sessionId,
        decision: "approve",
        commit: { sha: approved.commit.commitSha, url: approved.commit.url ?? null },
        entry: { kind: entry.kind, key: entry.key }
      };
    } else {
      const { result, commit } = await decideOnMemoryBranch({
        ...signing,
        entry: ref,
        decide: async (signer2, entry) => {
          if (action === "revoke") return revokeEntry(signer2, entry, reason);
          if (!byEval) return promoteEntry(signer2, entry, { method: "maintainer", reason });
          const memory2 = await runMemoryFromBranch({
            ...place,
            trusted: trusted.keys,
            ownKey: who.signer.publicKeyHex,
            log: stderrLogger(io)
          });
          return evalDecision(io, { ...values, repeats }, signer2, entry, { store: local.ledger, memory: memory2 });
        }
      });
      out = {
        memory_id: result.payload.memory_id,
        session_id: result.sessionId,
        decision: result.payload.decision,
        commit: { sha: commit.commitSha, url: commit.url ?? null },
        entry: { kind: result.payload.entry.kind, key: result.payload.entry.key }
      };
    }
    emit(
      io,
      Boolean(values.json),
      { ...out, repo, branch, ...pin },
      () => [
        `${out.decision === "approve" ? "approved promoting" : out.decision === "promote" ? "promoted" : "revoked"} ${out.entry.kind} ${out.entry.key} (${out.memory_id.slice(0, 12)}) on ${branch}: signed session ${out.session_id}, commit ${out.commit.url ?? out.commit.sha}`,
        pinNote,
        ...out.decision === "approve" ? [
          `now run the promotion job (mode: memory, memory-command: promote, memory-entry: ${out.memory_id.slice(0, 12)}): its panel promotion names this approval`
        ] : []
      ].join("\n")
    );
    return out.decision === action || out.decision === "approve" ? EXIT.ok : EXIT.failed;
  } finally {
    local.close();
  }
}
async function evalDecision(io, values, who, entry, open) {
  const { arms, trials } = evalPromotionArms(entry);
  let decided = null;
  const exit = await launchEval(io, {
    contractRef: values.eval,
    arms,
    repeats: values.repeats,
    values,
    trials,
    open,
    finish: async ({ completed, store, bundlePath }) => {
      decided = await decideFromEval(who, entry, {
        sessionId: completed.sessionId,
        store,
        report: completed.report
      });
      io.stderr(
        `${formatEval(completed.report)}
eval session ${completed.sessionId} \xB7 bundle ${bundlePath}
`
      );
      return EXIT.ok;
    }
  });
  if (!decided)
    throw new MemoryError(
      "bad_transition",
      `the paired eval did not complete (exit ${exit}); nothing was decided`
    );
  return decided;
}
function branchRepository(text, command) {
  const repository = repositoryOf(text);
  if (!repository)
    throw new UsageError(
      `${command} --ledger-branch: name the repository with --repo OWNER/NAME (or GITHUB_REPOSITORY)`
    );
  return repository;
}
function stderrLogger(io) {
  return {
    info: () => {
    },
    warning: (message) => io.stderr(`warning: ${message}
`),
    error: (message) => io.stderr(`error: ${message}
`),
    group: (_name, fn) => fn()
  };
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
  approve ID|KEY --reason TEXT --ledger-branch B --repo O/R
                                    sign your approval of promoting an entry of the ledger branch, for
                                    the promotion job (memory-approval on GitHub)
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
  --reason TEXT          (promote --maintainer, revoke, approve) why, signed into the decision
  --reviewers N --provider KIND --model M --base-url URL
                         (promote) the panel, as for truss run (default: .truss/config.toml)
  --dry-run              (propose, promote, revoke, approve) show what would be signed; write nothing
  -o, --output FILE      (export) write the export to FILE instead of stdout
${EVAL_PROMOTE_HELP}
${BRANCH_DECIDE_HELP}

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
  approve,
  export: exportMemory
};
function approve(args, io, family) {
  if (args.includes("--help") || args.includes("-h")) return printHelp(io, family.help);
  if (!onLedgerBranch(args))
    throw new UsageError(
      `${family.name} approve: approvals are for promotion jobs on GitHub; give --ledger-branch BRANCH --repo OWNER/NAME (locally, promote with --maintainer --reason)`
    );
  return decideOnBranch(args, io, family, "approve");
}
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
  if (onLedgerBranch(args)) return decideOnBranch(args, io, family, "promote");
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
    const panel = values.maintainer ? null : await panelFor(io, place.workdir, values);
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
  if (onLedgerBranch(args)) return decideOnBranch(args, io, family, "revoke");
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
  if (output) checkOutputPath(output, "--output", { workdir: io.cwd, flag: "--output" });
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
      writeFileAtomic(output, text, { mode: 384 });
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
  approve,
  listEntries,
  showEntry,
  promote,
  revoke
};
