#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  DurableSession,
  MemoryError,
  ResolvedContractSchema,
  contractHash,
  formatRef,
  sha256Hex
} from "./chunk-P5AJ53RB.js";
import {
  BudgetMeter
} from "./chunk-HUZIAC4E.js";
import {
  isPinned,
  readPayload,
  tryReadEntry
} from "./chunk-P2CFU6IE.js";
import {
  shellQuote
} from "./chunk-OCGEL2BZ.js";

// src/core/contract/bench-dataset.ts
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
var BenchInputError = class extends Error {
  name = "BenchInputError";
};
var INSTANCE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
var COMMIT = /^[0-9a-fA-F]{7,64}$/;
function parseBenchDataset(text, file) {
  const records = jsonItems(text, file).map(({ value, where }, index) => readRecord(value, where, index + 1));
  if (records.length === 0)
    throw new BenchInputError(`${file}: no records (expected JSON Lines, one instance a line)`);
  const seen = /* @__PURE__ */ new Map();
  for (const record of records) {
    const first = seen.get(record.instanceId);
    if (first)
      throw new BenchInputError(
        `${record.where}: instance_id ${record.instanceId} appears twice (first at ${first}); ids must be unique`
      );
    seen.set(record.instanceId, record.where);
  }
  return records;
}
function parsePredictions(text, file) {
  let whole;
  try {
    whole = JSON.parse(text);
  } catch {
    whole = void 0;
  }
  let items;
  if (isObject(whole) && !("instance_id" in whole)) {
    items = Object.entries(whole).map(([id, value]) => ({
      value: isObject(value) ? { instance_id: id, ...value } : value,
      where: `${file}: ${JSON.stringify(id)}`
    }));
  } else if (isObject(whole)) items = [{ value: whole, where: file }];
  else items = jsonItems(text, file);
  const predictions = items.map(({ value, where }) => {
    if (!isObject(value)) throw new BenchInputError(`${where}: a prediction must be a JSON object`);
    const instanceId = requiredString(value, "instance_id", where);
    const patch = value.model_patch;
    if (patch !== void 0 && patch !== null && typeof patch !== "string")
      throw new BenchInputError(`${where}: model_patch must be a string (the diff) or null`);
    const model = value.model_name_or_path;
    if (model !== void 0 && typeof model !== "string")
      throw new BenchInputError(`${where}: model_name_or_path must be a string`);
    return { instanceId, modelPatch: patch ?? "", model: model ?? "unknown", where };
  });
  if (predictions.length === 0) throw new BenchInputError(`${file}: no predictions`);
  const seen = /* @__PURE__ */ new Set();
  for (const prediction of predictions) {
    if (seen.has(prediction.instanceId))
      throw new BenchInputError(`${prediction.where}: a second prediction for ${prediction.instanceId}`);
    seen.add(prediction.instanceId);
  }
  return predictions;
}
function resolveBenchRepo(repo, options) {
  const named = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repo) && !repo.startsWith(".");
  if (options.reposDir && named) {
    const dir2 = join(options.reposDir, repo.replace("/", "__"));
    if (isGitRepository(dir2)) return dir2;
    throw new BenchInputError(
      `repository ${repo} is not on this machine: Truss fetches nothing \u2014 clone it as ${dir2} (DIR/owner__name under --repos DIR)`
    );
  }
  const dir = resolve(options.datasetDir, repo);
  if (isGitRepository(dir)) return dir;
  throw new BenchInputError(
    named ? `repository ${repo} is not on this machine: Truss fetches nothing \u2014 clone it as DIR/${repo.replace("/", "__")} and pass --repos DIR` : `repository ${repo} (${dir}) is not a git repository: set "repo" to a local clone's path (relative to the dataset), or to owner/name with --repos DIR`
  );
}
function isGitRepository(dir) {
  return existsSync(dir) && statSync(dir).isDirectory() && (existsSync(join(dir, ".git")) || existsSync(join(dir, "HEAD")) && existsSync(join(dir, "objects")));
}
function readRecord(value, where, position) {
  if (!isObject(value)) throw new BenchInputError(`${where}: a record must be a JSON object`);
  const id = value.instance_id === void 0 ? `record-${position}` : value.instance_id;
  if (typeof id !== "string" || !INSTANCE_ID.test(id))
    throw new BenchInputError(
      `${where}: instance_id must be letters, digits, ".", "_" or "-" (at most 128), e.g. "owner__repo-123"`
    );
  const baseCommit = requiredString(value, "base_commit", where);
  if (!COMMIT.test(baseCommit))
    throw new BenchInputError(`${where}: base_commit must be a commit hash (7 to 64 hex digits)`);
  const good = value.good_patch ?? value.patch;
  const failToPass = testList(value, "FAIL_TO_PASS", where);
  const passToPass = testList(value, "PASS_TO_PASS", where);
  if (failToPass.length + passToPass.length === 0)
    throw new BenchInputError(
      `${where}: FAIL_TO_PASS and PASS_TO_PASS are both empty: there is nothing to check`
    );
  return {
    instanceId: id,
    repo: requiredString(value, "repo", where),
    baseCommit,
    problemStatement: requiredString(value, "problem_statement", where),
    goodPatch: optionalString(good, value.good_patch !== void 0 ? "good_patch" : "patch", where),
    badPatch: optionalString(value.bad_patch, "bad_patch", where),
    testPatch: optionalString(value.test_patch, "test_patch", where),
    failToPass,
    passToPass,
    testCmd: optionalString(value.test_cmd, "test_cmd", where),
    setup: optionalString(value.setup, "setup", where),
    where
  };
}
function testList(record, field, where) {
  let value = record[field];
  if (value === void 0 || value === null) return [];
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      throw new BenchInputError(`${where}: ${field} is a string but not a JSON array of test names`);
    }
  }
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string" && item.trim() !== ""))
    throw new BenchInputError(`${where}: ${field} must be a list of test names (or a JSON string of one)`);
  return value;
}
function requiredString(record, field, where) {
  const value = record[field];
  if (typeof value !== "string" || value.trim() === "")
    throw new BenchInputError(`${where}: ${field} is missing or empty`);
  return value;
}
function optionalString(value, field, where) {
  if (value === void 0 || value === null || value === "") return null;
  if (typeof value !== "string") throw new BenchInputError(`${where}: ${field} must be a string`);
  return value;
}
function jsonItems(text, file) {
  if (text.trimStart().startsWith("[")) {
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BenchInputError(`${file}: starts with "[" but is not a JSON array`);
    }
    if (!Array.isArray(parsed)) throw new BenchInputError(`${file}: not a JSON array`);
    return parsed.map((value, index) => ({ value, where: `${file}: item ${index + 1}` }));
  }
  const items = [];
  for (const [index, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue;
    const where = `${file}:${index + 1}`;
    try {
      items.push({ value: JSON.parse(line), where });
    } catch {
      throw new BenchInputError(`${where}: not a JSON object (JSON Lines: one record per line)`);
    }
  }
  return items;
}
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/core/contract/bench-contract.ts
var BENCH_REVIEW_DESC = "the change resolves the problem described in the intent, correctly and completely, without breaking other behaviour";
function benchContract(record, settings) {
  const template = record.testCmd ?? settings.testCmd;
  if (!template) {
    throw new BenchInputError(
      `${record.where}: no test command for ${record.instanceId}: pass --test-cmd (e.g. "pytest {test}" or "node {test}") or set "test_cmd" in the record`
    );
  }
  const perTest = template.includes("{test}");
  if (perTest === template.includes("{tests}")) {
    throw new BenchInputError(
      `${record.where}: the test command ${JSON.stringify(template)} must contain exactly one of {test} (one check per test) and {tests} (one check per list)`
    );
  }
  const check = (desc, tests) => ({
    kind: "check",
    desc,
    run: perTest ? template.replaceAll("{test}", shellQuote(tests[0])) : template.replaceAll("{tests}", tests.map(shellQuote).join(" ")),
    timeout_sec: settings.timeoutSec
  });
  const lists = [
    ["FAIL_TO_PASS", record.failToPass],
    ["PASS_TO_PASS", record.passToPass]
  ];
  const checks = lists.flatMap(([name, tests]) => {
    if (tests.length === 0) return [];
    if (!perTest) return [check(`${name}: ${tests.length} test${tests.length === 1 ? "" : "s"}`, tests)];
    return tests.map((test) => check(`${name} ${test}`, [test]));
  });
  const setup = record.setup ?? settings.setup;
  const raw = {
    reviewers: settings.reviewers,
    contract: {
      id: record.instanceId,
      title: `verdict benchmark: ${record.instanceId}`,
      intent: record.problemStatement
    },
    done: [...settings.provider ? [{ kind: "review", desc: BENCH_REVIEW_DESC }] : [], ...checks],
    executor: { kind: "none" },
    ...settings.provider ? { provider: settings.provider } : {},
    ...setup ? { checks: { setup } } : {}
  };
  const parsed = ResolvedContractSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BenchInputError(
      `${record.where}: ${record.instanceId} does not make a valid contract: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim()
    );
  }
  return { contract: parsed.data, hash: contractHash(parsed.data) };
}

// src/core/memory/verdict-payload.ts
var MEMORY_VERDICT_KIND = "memory_verdict";
var MEMORY_SESSION_KIND = "memory";
function readMemoryVerdict(payload) {
  const read = readPayload("memory_verdict", payload);
  return "error" in read ? read : read.payload;
}

// src/core/memory/decision-session.ts
async function signDecision(who, entry, decide) {
  const { session, pinned, clock } = openMemorySession(who, MEMORY_SESSION_KIND, entry, {
    trust: entry.trust
  });
  let decision;
  try {
    decision = await decide(session);
  } catch (error) {
    session.record("run_failed", () => ({
      payload: {
        error: String(error.message ?? error),
        failed_at: new Date(clock()).toISOString()
      }
    }));
    throw error;
  }
  const payload = {
    memory_id: entry.id,
    decision: decision.decision,
    method: decision.method,
    entry: pinned,
    reason: decision.reason,
    supersedes: decision.supersedes ?? [],
    revokes: decision.revokes ?? null,
    votes: decision.votes ?? null,
    ...decision.eval ? { eval: decision.eval } : {},
    ...decision.approval ? { approval: decision.approval } : {}
  };
  const verdict = session.record(MEMORY_VERDICT_KIND, () => ({
    payload
  }));
  session.record("run_completed", () => ({
    payload: { overall: null, decision: decision.decision, finished_at: new Date(clock()).toISOString() }
  }));
  const ref = { session: session.id, seq: verdict.seq, entry_hash: verdict.entry_hash };
  const applied = who.memory.applyDecision({
    memory_id: entry.id,
    decision: decision.decision,
    ref,
    supersedes: payload.supersedes,
    evidence: evidenceSessions(payload)
  });
  return { sessionId: session.id, ref, payload, entry: applied };
}
function openMemorySession(who, kind, entry, extra = {}) {
  const clock = who.clock ?? Date.now;
  const session = DurableSession.start({
    store: who.ledger,
    signer: who.signer,
    codeVersion: who.codeVersion
  });
  const pinned = {
    kind: entry.kind,
    key: entry.key,
    body_sha256: sha256Hex(entry.body),
    produced_by: entry.provenance.produced_by
  };
  session.record("run_started", () => ({
    payload: {
      session_id: session.id,
      kind,
      memory_id: entry.id,
      entry: { ...pinned, ...extra, body: entry.body },
      code_version: who.codeVersion,
      principal: who.principal,
      started_at: new Date(clock()).toISOString()
    }
  }));
  return { session, pinned, clock };
}
function evidenceSessions(payload) {
  return payload.eval ? [payload.eval.report.session] : [];
}
function supersededBy(memory, entry) {
  return memory.list({ kind: entry.kind, key: entry.key, trust: ["verified"] }).filter((other) => other.id !== entry.id).map((other) => other.id);
}

// src/core/memory/store.ts
function nextTrust(current, decision) {
  const allowed = {
    promote: ["unverified"],
    reject: ["unverified"],
    revoke: ["verified"],
    unverifiable: ["unverified", "verified", "rejected", "stale"]
  };
  if (!allowed[decision].includes(current)) {
    throw new MemoryError(
      "bad_transition",
      `cannot ${decision} an entry that is ${current}` + (decision === "revoke" ? " (only verified entries are revoked)" : " (only unverified entries are decided)")
    );
  }
  const to = {
    promote: "verified",
    reject: "rejected",
    revoke: "stale",
    unverifiable: null
  };
  return to[decision] ?? current;
}
function findEntry(store, text, kind) {
  const exact = store.get(text);
  if (exact && (!kind || exact.kind === kind)) return exact;
  const byPrefix = /^[0-9a-f]{8,64}$/.test(text) ? store.list({ idPrefix: text, includeSuperseded: true, kind }) : [];
  if (byPrefix.length === 1) return byPrefix[0];
  if (byPrefix.length > 1)
    throw new MemoryError(
      "ambiguous",
      `${text} is the prefix of ${byPrefix.length} entries; give more of the id`
    );
  const byKey = store.list({ key: text, kind, includeSuperseded: false });
  const live = byKey.filter((entry) => entry.trust === "verified" || entry.trust === "unverified");
  const candidates = live.length > 0 ? live : byKey;
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1)
    throw new MemoryError(
      "ambiguous",
      `key ${text} names ${candidates.length} entries (${candidates.map((e) => `${e.id.slice(0, 12)} ${e.trust}`).join(", ")}); give the id`
    );
  throw new MemoryError(
    "no_entry",
    `no memory entry ${text}${kind ? ` of kind ${kind}` : ""}; list them with truss memory list`
  );
}

// src/core/runtime/ctx.ts
function createCtx(options) {
  const events = options.events ?? (() => {
  });
  return {
    signal: options.signal ?? new AbortController().signal,
    deadline: options.deadline ?? null,
    budget: options.budget ?? new BudgetMeter({}, (message) => events({ type: "warning", message })),
    events,
    ...options.isolation ? { isolation: options.isolation } : {},
    now: options.now ?? Date.now
  };
}

// src/core/memory/eval-evidence.ts
var EVAL_ARM_OFF = "off";
var EVAL_ARM_ON = "on";
function evalEvidenceProblem(verdicts, trusted, verdict) {
  const evidence = verdict.eval;
  if (!evidence) return "it was decided by an eval but names no eval report";
  const where = `its eval report ${formatRef(evidence.report)}`;
  const resolved = verdicts.resolve(evidence.report);
  if ("problem" in resolved) return `${where}: ${resolved.problem}`;
  if (resolved.sessionKind !== "eval") return `${where} is not in an eval session`;
  if (!isPinned(trusted, resolved.publicKeyHex, "signer"))
    return `${where} is signed by ${resolved.publicKeyHex.slice(0, 16)}\u2026, a key not trusted to decide memory`;
  const report = tryReadEntry(resolved.entry, "eval_report");
  if ("error" in report) return `${where}: ${report.error}`;
  for (const quoted of [evidence.on, evidence.off]) {
    const arm = report.payload.arms.find((a) => a.name === quoted.arm);
    if (!arm) return `${where} has no arm ${quoted.arm}`;
    if (arm.runs !== quoted.runs || arm.passes !== quoted.passes || arm.pass_rate !== quoted.pass_rate)
      return `${where}: arm ${quoted.arm} passed ${arm.passes}/${arm.runs}, the verdict quotes ${quoted.passes}/${quoted.runs}`;
  }
  if (evidence.on.arm !== EVAL_ARM_ON || evidence.off.arm !== EVAL_ARM_OFF)
    return `${where}: the verdict compares ${evidence.on.arm} with ${evidence.off.arm}, not ${EVAL_ARM_ON} with ${EVAL_ARM_OFF}`;
  if (!(evidence.on.pass_rate > evidence.off.pass_rate))
    return `${where}: the on arm's pass rate (${evidence.on.pass_rate}) is not higher than the off arm's (${evidence.off.pass_rate})`;
  const arms = resolved.started?.payload.eval?.arms;
  const onArm = Array.isArray(arms) ? arms.find((a) => a?.name === EVAL_ARM_ON) : void 0;
  if (onArm?.trial !== verdict.memory_id) return `${where}: its on arm did not have this entry on trial`;
  return null;
}

export {
  BenchInputError,
  parseBenchDataset,
  parsePredictions,
  resolveBenchRepo,
  benchContract,
  createCtx,
  MEMORY_VERDICT_KIND,
  MEMORY_SESSION_KIND,
  readMemoryVerdict,
  signDecision,
  openMemorySession,
  evidenceSessions,
  supersededBy,
  EVAL_ARM_OFF,
  EVAL_ARM_ON,
  evalEvidenceProblem,
  nextTrust,
  findEntry
};
