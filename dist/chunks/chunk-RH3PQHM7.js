#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  CORE_CONTRACT_FORMAT,
  CancelledError,
  DurableReplayError,
  DurableSession,
  MEMORY_PROPOSED_KIND,
  MemoryError,
  ResumeRefusedError,
  SuspendedError,
  contractHash,
  extractLessons,
  ingestProposals,
  isMemoryKind,
  memorySettings,
  proposedItem,
  recallBlock,
  sha256Hex
} from "./chunk-P5AJ53RB.js";
import {
  BudgetMeter
} from "./chunk-HUZIAC4E.js";
import {
  readEntry,
  tryReadEntry
} from "./chunk-P2CFU6IE.js";
import {
  NO_ISOLATION,
  findRepoRoot,
  readGitInfo,
  recordedGitInfo,
  scrubEnv
} from "./chunk-VUSAMCY7.js";
import {
  harnessProgramEnv,
  redactBytes,
  redactWindow,
  redactionField,
  secretRedactor,
  tallyingRedactor
} from "./chunk-OCGEL2BZ.js";

// src/core/verify/verdict.ts
function recordedVerdict(v) {
  return {
    overall: v.overall,
    clauses: v.clauses.map((c) => ({
      ...c,
      kind: c.kind ?? "check",
      desc: c.desc ?? "",
      reason: c.reason ?? ""
    })),
    forced: v.forced ?? []
  };
}
function computeVerdict(clauses, conditions = {}) {
  const forced = [];
  if (conditions.budgetExhausted) forced.push(conditions.budgetExhausted);
  if (conditions.executorFailed) forced.push(conditions.executorFailed);
  let overall;
  if (forced.length > 0 || clauses.some((c) => c.status === "not_met")) overall = "fail";
  else if (clauses.length === 0 || clauses.some((c) => c.status === "unverifiable")) overall = "unverifiable";
  else overall = "pass";
  return { overall, clauses, forced };
}

// src/core/run/recorded-contract.ts
function readRecordedContract(store, sessionId, format = CORE_CONTRACT_FORMAT) {
  const info = store.requireSession(sessionId);
  const first = store.entry(sessionId, 0);
  if (first?.kind !== "run_started") {
    throw new ResumeRefusedError(`session ${sessionId} has no run_started entry to resume from`);
  }
  const read = tryReadEntry(first, "run_started");
  if ("error" in read) throw new ResumeRefusedError(`session ${sessionId}: ${read.error}`);
  const started = read.payload;
  const parsed = format.resolved.safeParse(started.contract);
  if (!parsed.success) {
    throw new ResumeRefusedError(
      `session ${sessionId}: the recorded contract does not parse with this truss (${parsed.error.issues[0]?.message ?? "invalid"})`
    );
  }
  const contract = parsed.data;
  const hash = contractHash(contract);
  if (hash !== started.contract_hash) {
    throw new ResumeRefusedError(
      `session ${sessionId}: the recorded contract hashes to ${hash}, not the recorded contract_hash ${started.contract_hash}`
    );
  }
  return {
    contract,
    contractHash: hash,
    codeVersion: started.code_version ?? info.code_version,
    git: recordedGitInfo(started.git),
    status: info.status
  };
}

// src/core/memory/context-summaries.ts
var SUMMARY_SALIENCE = 0.3;
function ingestContextSummaries(memory, sessionId, entries, blobOf) {
  const result = { proposed: [], created: [], skipped: [] };
  for (const entry of entries) {
    if (entry.kind !== "compaction_performed") continue;
    const read = tryReadEntry(entry, "compaction_performed");
    if ("error" in read) {
      result.skipped.push({ seq: entry.seq, index: -1, reason: read.error });
      continue;
    }
    const record = read.payload;
    if (record.policy.mode !== "summarize") continue;
    const bytes = blobOf(record.summary_sha256);
    if (!bytes) {
      result.skipped.push({
        seq: entry.seq,
        index: 0,
        reason: "its summary blob is gone (shredded or missing)"
      });
      continue;
    }
    const body = bytes.toString("utf8");
    if (sha256Hex(body) !== record.summary_sha256) {
      result.skipped.push({
        seq: entry.seq,
        index: 0,
        reason: "its summary blob does not hash to summary_sha256"
      });
      continue;
    }
    const writer = record.summary_seq === void 0 ? void 0 : entries.find((e) => e.seq === record.summary_seq);
    const sources = writer ? [{ session: sessionId, seq: writer.seq, entry_hash: writer.entry_hash }] : [];
    try {
      const { entry: stored, created } = memory.propose({
        kind: "context_summary",
        key: `context/${sessionId}/step-${record.step}`,
        body,
        salience: SUMMARY_SALIENCE,
        produced_by: { session: sessionId, seq: entry.seq, entry_hash: entry.entry_hash },
        sources
      });
      result.proposed.push(stored.id);
      if (created) result.created.push(stored.id);
    } catch (error) {
      if (!(error instanceof MemoryError)) throw error;
      result.skipped.push({ seq: entry.seq, index: 0, reason: error.message });
    }
  }
  return result;
}

// src/core/memory/tools.ts
var PROPOSABLE = ["goal", "decision", "fact", "lesson", "artifact", "scratch"];
var MAX_RESULTS = 32;
var TRUST_FLOOR = {
  type: "string",
  enum: ["verified", "unverified"],
  description: "verified (default): only entries a signed decision verified. unverified: also proposals nobody checked yet (may be wrong or hostile)."
};
function createMemoryTools(view, redact) {
  return [
    {
      name: "memory_query",
      description: "Search this repository's governed memory (lessons, facts, decisions, playbooks). Returns entries with their trust tier and provenance.",
      inputSchema: {
        type: "object",
        properties: {
          query: { type: "string", description: "words the key or body contains" },
          kind: {
            type: "string",
            description: "goal, decision, fact, lesson, playbook, artifact, scratch or context_summary"
          },
          key: { type: "string" },
          limit: { type: "integer", minimum: 1, maximum: MAX_RESULTS },
          min_trust: TRUST_FLOOR
        },
        additionalProperties: false
      },
      sideEffect: false,
      readOnly: true,
      async run(input) {
        if (input.kind !== void 0 && !isMemoryKind(input.kind))
          return {
            content: `memory_query: kind ${JSON.stringify(input.kind)} is not a memory kind`,
            isError: true
          };
        const floor = trustFloor(input.min_trust);
        if (!floor)
          return { content: 'memory_query: min_trust must be "verified" or "unverified"', isError: true };
        const limit = typeof input.limit === "number" ? Math.max(1, Math.min(MAX_RESULTS, Math.floor(input.limit))) : 10;
        const result = view.query({
          kind: input.kind,
          key: typeof input.key === "string" ? input.key : void 0,
          contains: typeof input.query === "string" && input.query.trim() ? input.query.trim() : void 0,
          limit,
          min_trust: floor
        });
        return answer({
          min_trust: floor,
          entries: result.entries.map(shown),
          ignored: ignoredIds(result.ignored)
        });
      }
    },
    {
      name: "memory_view",
      description: "Read memory entries by id (from memory_query or a recalled block).",
      inputSchema: {
        type: "object",
        properties: {
          id: { type: "string" },
          ids: { type: "array", items: { type: "string" }, maxItems: MAX_RESULTS },
          min_trust: TRUST_FLOOR
        },
        additionalProperties: false
      },
      sideEffect: false,
      readOnly: true,
      async run(input) {
        const ids = [
          ...typeof input.id === "string" ? [input.id] : [],
          ...Array.isArray(input.ids) ? input.ids.filter((id) => typeof id === "string") : []
        ].slice(0, MAX_RESULTS);
        if (ids.length === 0) return { content: "memory_view: give id or ids", isError: true };
        const floor = trustFloor(input.min_trust);
        if (!floor)
          return { content: 'memory_view: min_trust must be "verified" or "unverified"', isError: true };
        const result = view.byIds(ids, floor);
        return answer({
          min_trust: floor,
          entries: result.entries.map(shown),
          missing: result.missing,
          ignored: ignoredIds(result.ignored)
        });
      }
    },
    {
      name: "memory_propose",
      description: "Propose a memory entry for future runs (one lesson, fact or decision per entry). It is stored unverified: nothing you propose is trusted or recalled until a reviewer panel or a maintainer verifies it.",
      inputSchema: {
        type: "object",
        properties: {
          kind: { type: "string", enum: [...PROPOSABLE] },
          key: {
            type: "string",
            description: "a short slug; a later verified entry with the same key replaces it"
          },
          body: { type: "string" },
          salience: { type: "number", minimum: 0, maximum: 1 }
        },
        required: ["kind", "key", "body"],
        additionalProperties: false
      },
      sideEffect: false,
      async run(input) {
        if (!PROPOSABLE.includes(input.kind))
          return { content: `memory_propose: kind must be one of ${PROPOSABLE.join(", ")}`, isError: true };
        let item;
        try {
          item = proposedItem({
            kind: input.kind,
            key: String(input.key ?? ""),
            body: redact(String(input.body ?? "")),
            salience: typeof input.salience === "number" ? input.salience : 0.5
          });
        } catch (error) {
          if (!(error instanceof MemoryError)) throw error;
          return { content: `memory_propose: ${error.message}`, isError: true };
        }
        return {
          content: `proposed memory ${item.memory_id} (unverified: not trusted or recalled until it is verified)`,
          isError: false,
          data: { proposal: item }
        };
      },
      followUp(outcome) {
        const proposal = outcome.data?.proposal;
        if (outcome.isError || !proposal) return null;
        return {
          kind: MEMORY_PROPOSED_KIND,
          payload: { via: "memory_propose", entries: [proposal] }
        };
      }
    }
  ];
}
function trustFloor(value) {
  if (value === void 0 || value === "verified") return "verified";
  return value === "unverified" ? "unverified" : null;
}
function shown(entry) {
  return {
    id: entry.id,
    kind: entry.kind,
    key: entry.key,
    trust: entry.trust,
    body: entry.body,
    salience: entry.salience,
    produced_by: entry.provenance.produced_by,
    verified_by: entry.provenance.verified_by
  };
}
function ignoredIds(ignored) {
  return ignored.map((i) => ({ id: i.id, reason: i.reason }));
}
function answer(value) {
  return { content: JSON.stringify(value, null, 2), isError: false };
}

// src/core/run/run-memory.ts
var MEMORY_RECALL_KIND = "memory_recall";
function recallForExecutor(session, options, contract, redact) {
  if (session.replaying) {
    if (session.peek()?.kind !== MEMORY_RECALL_KIND) return void 0;
    const recorded = session.record(MEMORY_RECALL_KIND, () => {
      throw new Error("memory_recall is replayed, never rebuilt");
    });
    const payload = readEntry(recorded, MEMORY_RECALL_KIND);
    return payload.text ? { text: payload.text, ids: payload.ids, tokens: payload.tokens } : void 0;
  }
  if (!options.memory) return void 0;
  const settings = memorySettings(contract.memory);
  const { block, ignored } = recallBlock(options.memory.view, contract, {
    max: settings.lesson_recall_max,
    tokens: settings.lesson_recall_tokens,
    playbooks: settings.playbooks,
    trial: options.memory.trial
  });
  for (const row of ignored) {
    options.ctx.events({
      type: "warning",
      message: `memory: ignored ${row.kind} ${row.key} (${row.id.slice(0, 12)}): ${row.reason}`
    });
  }
  if (!block && ignored.length === 0) return void 0;
  const text = block ? redact(block.text) : "";
  if (block) options.ctx.events({ type: "memory_recalled", entries: block.ids.length, tokens: block.tokens });
  session.record(MEMORY_RECALL_KIND, () => ({
    payload: {
      ids: block?.ids ?? [],
      tokens: block?.tokens ?? 0,
      budget: { max: settings.lesson_recall_max, tokens: settings.lesson_recall_tokens },
      text,
      ...block?.trial ? { trial: block.trial } : {},
      ignored: ignored.map((row) => ({ id: row.id, kind: row.kind, key: row.key, reason: row.reason }))
    }
  }));
  return block && text ? { text, ids: block.ids, tokens: block.tokens } : void 0;
}
function memoryTools(options, redact) {
  return options.memory ? createMemoryTools(options.memory.view, redact) : [];
}
async function proposeLessons(session, options, contract, verdict, executor, redact) {
  const settings = memorySettings(contract.memory);
  if (settings.lessons !== "on") return;
  const provider = options.executorProvider ?? ("seats" in options.panel ? options.panel.seats[0] : void 0);
  await session.activity(MEMORY_PROPOSED_KIND, "lessons", async () => {
    if (!provider) {
      return {
        payload: {
          via: "lesson_extraction",
          entries: [],
          problem: "no model to extract lessons with (no executor model, no panel)"
        }
      };
    }
    const v = readEntry(verdict, "verdict");
    const extracted = await extractLessons({
      provider,
      salienceMin: settings.lesson_salience_min,
      ctx: options.ctx,
      redact,
      source: {
        contract,
        verdict: {
          overall: v.overall,
          clauses: v.clauses.map((c) => ({
            desc: c.desc,
            status: c.status,
            reason: c.reason
          })),
          forced: v.forced ?? []
        },
        executor: executor ? {
          final_text: executor.finalText,
          failure: executor.failure,
          changed_files: executor.changedFiles
        } : null,
        verdictRef: { seq: verdict.seq, entry_hash: verdict.entry_hash }
      }
    });
    return {
      payload: {
        via: "lesson_extraction",
        entries: extracted.items,
        dropped: extracted.dropped,
        provider: extracted.provider,
        model: extracted.model,
        usage: extracted.usage,
        problem: extracted.problem
      }
    };
  });
}
function ingestRunProposals(session, options) {
  if (!options.memory) return;
  const entries = [...options.store.entries(session.id)];
  const proposals = ingestProposals(options.memory.store, session.id, entries);
  const summaries = ingestContextSummaries(
    options.memory.store,
    session.id,
    entries,
    (sha) => options.store.blob(sha)?.bytes
  );
  const proposed = proposals.proposed.length + summaries.proposed.length;
  if (proposed > 0)
    options.ctx.events({
      type: "memory_proposed",
      proposed,
      created: proposals.created.length + summaries.created.length
    });
  for (const skipped of proposals.skipped) {
    options.ctx.events({
      type: "warning",
      message: `memory: proposal ${skipped.index} of seq ${skipped.seq} not stored: ${skipped.reason}`
    });
  }
  for (const skipped of summaries.skipped) {
    options.ctx.events({
      type: "warning",
      message: `memory: the context summary of seq ${skipped.seq} not stored: ${skipped.reason}`
    });
  }
}

// src/core/run/child-run.ts
import { randomUUID } from "node:crypto";

// src/core/runtime/budget-slice.ts
var SlicedBudgetMeter = class extends BudgetMeter {
  constructor(parent, slice, onWarning = () => {
  }) {
    super(slice, onWarning);
    this.parent = parent;
  }
  parent;
  assertCanSpend() {
    this.parent.assertCanSpend();
    super.assertCanSpend();
  }
  record(usage) {
    let parentError;
    try {
      this.parent.record(usage);
    } catch (error) {
      parentError = error;
    }
    super.record(usage);
    if (parentError) throw parentError;
  }
};
function clampSlice(requested, parent) {
  const min = (a, b) => a === void 0 ? b : b === void 0 ? a : Math.min(a, b);
  return {
    maxCostUsd: min(requested.maxCostUsd, parent.maxCostUsd),
    maxTotalTokens: min(requested.maxTotalTokens, parent.maxTotalTokens),
    maxSteps: min(requested.maxSteps, parent.maxSteps)
  };
}
function evenSlice(parent, k) {
  const share = (limit) => limit === void 0 ? void 0 : limit / k;
  return {
    maxCostUsd: share(parent.maxCostUsd),
    maxTotalTokens: parent.maxTotalTokens === void 0 ? void 0 : Math.floor(parent.maxTotalTokens / k),
    maxSteps: parent.maxSteps === void 0 ? void 0 : Math.max(1, Math.floor(parent.maxSteps / k))
  };
}

// src/core/runtime/child-ctx.ts
function childCtx(parent, scope) {
  const controller = new AbortController();
  let cancelReason = null;
  const cancel = (reason) => {
    if (controller.signal.aborted) return;
    cancelReason = reason;
    controller.abort(reason);
  };
  const onParentAbort = () => cancel(`the parent run was cancelled (${String(parent.signal.reason)})`);
  if (parent.signal.aborted) onParentAbort();
  else parent.signal.addEventListener("abort", onParentAbort, { once: true });
  const own = scope.timeoutMs === void 0 ? null : parent.now() + scope.timeoutMs;
  const deadline = own === null ? parent.deadline : parent.deadline === null ? own : Math.min(own, parent.deadline);
  let timer;
  if (deadline !== null) {
    timer = setTimeout(() => cancel("deadline"), Math.max(0, deadline - parent.now()));
    timer.unref();
  }
  const ctx = {
    signal: controller.signal,
    deadline,
    budget: scope.budget,
    events: scope.events,
    ...parent.isolation ? { isolation: parent.isolation } : {},
    now: () => parent.now()
  };
  return {
    ctx,
    cancel,
    get cancelReason() {
      return cancelReason;
    },
    dispose() {
      if (timer) clearTimeout(timer);
      parent.signal.removeEventListener("abort", onParentAbort);
    }
  };
}

// src/core/verify/check-entry.ts
import { createHash } from "node:crypto";

// src/core/process/bounded-capture.ts
function streamCuts(captured) {
  return {
    bytes: { end: captured.truncated },
    tail: { start: captured.tailCut ?? captured.totalBytes > Buffer.byteLength(captured.tail) }
  };
}
var DEFAULT_MAX_CAPTURE_BYTES = 16 * 1024 * 1024;
var DEFAULT_TAIL_BYTES = 4096;
var BoundedCapture = class {
  #maxBytes;
  #tailBytes;
  #head = [];
  #headLength = 0;
  #tail = [];
  #tailLength = 0;
  #total = 0;
  constructor(maxBytes = DEFAULT_MAX_CAPTURE_BYTES, tailBytes = DEFAULT_TAIL_BYTES) {
    this.#maxBytes = nonNegativeInteger(maxBytes, "maxCaptureBytes");
    this.#tailBytes = nonNegativeInteger(tailBytes, "tailBytes");
  }
  get totalBytes() {
    return this.#total;
  }
  push(chunk) {
    if (chunk.length === 0) return;
    this.#total += chunk.length;
    const room = this.#maxBytes - this.#headLength;
    if (room > 0) {
      const kept = chunk.length <= room ? chunk : Buffer.from(chunk.subarray(0, room));
      this.#head.push(kept);
      this.#headLength += kept.length;
    }
    if (this.#tailBytes === 0) return;
    if (chunk.length >= this.#tailBytes) {
      this.#tail = [Buffer.from(chunk.subarray(chunk.length - this.#tailBytes))];
      this.#tailLength = this.#tailBytes;
      return;
    }
    this.#tail.push(chunk);
    this.#tailLength += chunk.length;
    for (let first = this.#tail[0]; first && this.#tailLength - first.length >= this.#tailBytes; ) {
      this.#tail.shift();
      this.#tailLength -= first.length;
      first = this.#tail[0];
    }
  }
  result() {
    const bytes = Buffer.concat(this.#head, this.#headLength);
    const tailWindow = Buffer.concat(this.#tail, this.#tailLength);
    const tailBytes = tailWindow.subarray(Math.max(0, tailWindow.length - this.#tailBytes));
    return {
      bytes,
      totalBytes: this.#total,
      truncated: this.#total > bytes.length,
      tail: decodeTail(tailBytes, this.#total > tailBytes.length),
      tailCut: this.#total > tailBytes.length
    };
  }
};
function decodeTail(window, startsMidStream) {
  let start = 0;
  if (startsMidStream) {
    while (start < 3 && start < window.length && ((window[start] ?? 0) & 192) === 128) start++;
  }
  return Buffer.from(window.buffer, window.byteOffset + start, window.length - start).toString("utf8");
}
function nonNegativeInteger(value, name) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
  return value;
}

// src/core/verify/check-entry.ts
function checkRunFields(outcome, baseRedact) {
  const tally = tallyingRedactor(baseRedact);
  const redact = tally.redact;
  const out = streamCuts(outcome.stdout);
  const err = streamCuts(outcome.stderr);
  const stdout = redactBytes(outcome.stdout.bytes, redact, out.bytes);
  const stderr = redactBytes(outcome.stderr.bytes, redact, err.bytes);
  const stdoutTail = Buffer.from(redactWindow(redact, outcome.stdout.tail, out.tail), "utf8");
  const stderrTail = Buffer.from(redactWindow(redact, outcome.stderr.tail, err.tail), "utf8");
  const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
  const stream = (bytes, captured, tail) => ({
    sha256: sha256(bytes),
    bytes: captured.totalBytes,
    captured_bytes: bytes.length,
    truncated: captured.truncated,
    tail_sha256: sha256(tail),
    tail_bytes: tail.length
  });
  const fields = {
    exit_code: outcome.exitCode,
    signal: outcome.signal,
    timed_out: outcome.timedOut,
    met: outcome.met,
    reasons: outcome.reasons.map(redact),
    duration_ms: Math.round(outcome.durationMs),
    stdout: stream(stdout, outcome.stdout, stdoutTail),
    stderr: stream(stderr, outcome.stderr, stderrTail)
  };
  return {
    fields: { ...fields, ...redactionField(tally.counts()) },
    blobs: [stdout, stderr, stdoutTail, stderrTail]
  };
}

// src/core/process/process-supervisor.ts
import { spawn } from "node:child_process";
import { performance as performance2 } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

// src/core/process/inherited-descriptors.ts
import { closeSync, readdirSync, readFileSync } from "node:fs";
var O_CLOEXEC = 524288;
function closeInheritedDescriptors(fdinfoDir = "/proc/self/fdinfo") {
  let names;
  try {
    names = readdirSync(fdinfoDir);
  } catch {
    return [];
  }
  const closed = [];
  for (const name of names) {
    const fd = Number(name);
    if (!Number.isInteger(fd) || fd <= 2) continue;
    let flags;
    try {
      const match = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`${fdinfoDir}/${name}`, "utf8"));
      if (!match) continue;
      flags = Number.parseInt(match[1], 8);
    } catch {
      continue;
    }
    if ((flags & O_CLOEXEC) !== 0) continue;
    try {
      closeSync(fd);
      closed.push(fd);
    } catch {
    }
  }
  return closed;
}
var inheritedClosed = false;
function closeInheritedDescriptorsOnce() {
  if (inheritedClosed) return;
  inheritedClosed = true;
  closeInheritedDescriptors();
}

// src/core/process/process-group.ts
import { readdir, readFile } from "node:fs/promises";
function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}
async function groupHasLiveMembers(pgid) {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return error.code === "EPERM";
  }
  if (process.platform !== "linux") return true;
  let entries;
  try {
    entries = await readdir("/proc");
  } catch {
    return true;
  }
  const states = await Promise.all(
    entries.filter((name) => /^\d+$/.test(name)).map((pid) => readProcessGroupState(pid))
  );
  return states.some(
    (state) => state !== null && state.pgrp === pgid && state.state !== "Z" && state.state !== "X"
  );
}
async function readProcessGroupState(pid) {
  let stat;
  try {
    stat = await readFile(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [state, , pgrp] = fields;
  if (state === void 0 || pgrp === void 0) return null;
  return { state, pgrp: Number(pgrp) };
}

// src/core/process/process-supervisor.ts
var DEFAULT_KILL_GRACE_MS = 3e3;
var ORPHAN_TERM_GRACE_MS = 150;
var DRAIN_BOUND_MS = 500;
var ORPHAN_POLL_MS = 20;
var MAX_TIMER_MS = 2 ** 31 - 1;
async function runSupervised(options) {
  const started = performance2.now();
  const stdout = new BoundedCapture(options.maxCaptureBytes, options.tailBytes);
  const stderr = new BoundedCapture(options.maxCaptureBytes, options.tailBytes);
  const notStarted = { exitCode: null, signal: null, timedOut: false, cancelled: false, spawnError: null };
  if (options.signal.aborted) {
    return finish({ ...notStarted, cancelled: true }, [], started, stdout, stderr);
  }
  closeInheritedDescriptorsOnce();
  let prepared;
  try {
    prepared = await (options.isolation ?? NO_ISOLATION).prepare({
      file: options.file,
      args: options.args,
      argv0: options.argv0,
      cwd: options.cwd,
      env: options.env
    });
  } catch (error) {
    const message = `isolation could not prepare the process: ${error.message ?? String(error)}`;
    return finish(
      { ...notStarted, spawnError: { message, code: "EISOLATION" } },
      [],
      started,
      stdout,
      stderr
    );
  }
  const wrapped = prepared.file !== options.file;
  const termination = await supervise(
    {
      ...options,
      file: prepared.file,
      args: prepared.args,
      argv0: wrapped ? prepared.file : options.argv0,
      cwd: prepared.cwd,
      env: prepared.env
    },
    (chunk) => {
      stdout.push(chunk);
      options.onStdout?.(chunk);
    },
    (chunk) => {
      stderr.push(chunk);
      options.onStderr?.(chunk);
    }
  );
  await prepared.dispose(termination.pid);
  const { pid: _pid, ...rest } = termination;
  return finish(rest, prepared.droppedEnv, started, stdout, stderr);
}
function finish(termination, droppedEnv, started, stdout, stderr) {
  return {
    ...termination,
    droppedEnv,
    durationMs: performance2.now() - started,
    stdout: stdout.result(),
    stderr: stderr.result()
  };
}
function supervise(options, onStdout, onStderr) {
  return new Promise((resolve2) => {
    const result = {
      exitCode: null,
      signal: null,
      timedOut: false,
      cancelled: false,
      spawnError: null
    };
    const timers = /* @__PURE__ */ new Set();
    const later = (ms, fn) => {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          fn();
        },
        Math.min(Math.max(0, ms), MAX_TIMER_MS)
      );
      timers.add(timer);
    };
    let exited = false;
    let reaped = false;
    let settled = false;
    let openStreams = 2;
    let child;
    try {
      child = spawn(options.file, [...options.args], {
        argv0: options.argv0 ?? options.file,
        cwd: options.cwd,
        env: options.env,
        detached: true,
        // own process group, so the whole tree can be signalled
        shell: false,
        stdio: [options.stdin === null ? "ignore" : "pipe", "pipe", "pipe"],
        windowsHide: true
      });
    } catch (error) {
      const err2 = error;
      resolve2({ ...result, spawnError: { message: err2.message ?? String(error), code: err2.code } });
      return;
    }
    const pgid = child.pid;
    result.pid = pgid;
    const out = child.stdout;
    const err = child.stderr;
    const streams = [out, err];
    const settle = () => {
      if (settled || !exited || !reaped || openStreams > 0) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      options.signal.removeEventListener("abort", onAbort);
      resolve2(result);
    };
    const stop = (why) => {
      if (exited || result.timedOut || result.cancelled || pgid === void 0) return;
      if (why === "timeout") result.timedOut = true;
      else result.cancelled = true;
      signalGroup(pgid, "SIGTERM");
      later(options.killGraceMs ?? DEFAULT_KILL_GRACE_MS, () => {
        if (!exited) signalGroup(pgid, "SIGKILL");
      });
    };
    function onAbort() {
      stop("cancel");
    }
    const finishExit = () => {
      exited = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      later(DRAIN_BOUND_MS, () => {
        for (const stream of streams) stream.destroy();
      });
      if (pgid === void 0) {
        reaped = true;
        settle();
        return;
      }
      void reapGroup(pgid).then(() => {
        reaped = true;
        settle();
      });
    };
    out.on("data", onStdout);
    err.on("data", onStderr);
    for (const stream of streams) {
      stream.on("error", () => {
      });
      stream.once("close", () => {
        openStreams--;
        settle();
      });
    }
    child.once("exit", (code, signal) => {
      if (exited) return;
      result.exitCode = code;
      result.signal = signal;
      finishExit();
    });
    child.on("error", (error) => {
      if (exited) return;
      result.spawnError = { message: error.message, code: error.code };
      finishExit();
    });
    if (child.stdin && options.stdin !== null) {
      child.stdin.on("error", () => {
      });
      if (typeof options.stdin === "string") child.stdin.end(options.stdin, "utf8");
      else options.stdin.pipe(child.stdin);
    }
    later(options.timeoutMs, () => stop("timeout"));
    options.signal.addEventListener("abort", onAbort, { once: true });
  });
}
async function reapGroup(pgid) {
  if (!signalGroup(pgid, "SIGTERM")) return;
  const start = performance2.now();
  let killed = false;
  for (; ; ) {
    await sleep(ORPHAN_POLL_MS);
    if (!await groupHasLiveMembers(pgid)) return;
    const elapsed = performance2.now() - start;
    if (!killed && elapsed >= ORPHAN_TERM_GRACE_MS) {
      signalGroup(pgid, "SIGKILL");
      killed = true;
    } else if (elapsed >= DRAIN_BOUND_MS - ORPHAN_POLL_MS) {
      return;
    }
  }
}

// src/core/process/shell-runner.ts
var KILL_GRACE_MS = 1e3;
async function runShell(command, options) {
  const outcome = await runSupervised({
    file: options.shell ?? "/bin/sh",
    args: ["-c", command],
    cwd: options.workdir,
    env: options.env,
    stdin: null,
    timeoutMs: options.timeoutMs,
    signal: options.ctx.signal,
    killGraceMs: KILL_GRACE_MS,
    maxCaptureBytes: options.maxCaptureBytes,
    tailBytes: options.tailBytes,
    onStdout: options.onStdout,
    onStderr: options.onStderr,
    isolation: options.ctx.isolation
  });
  return { ...outcome, spawnError: outcome.spawnError?.message ?? null };
}

// src/core/process/stream-scan.ts
var SubstringScanner = class {
  #needles;
  #found;
  #overlap;
  #carry = Buffer.alloc(0);
  #pending;
  constructor(needles) {
    this.#needles = needles.map((needle) => Buffer.from(needle, "utf8"));
    this.#found = this.#needles.map((needle) => needle.length === 0);
    this.#pending = this.#found.filter((found) => !found).length;
    this.#overlap = Math.max(0, ...this.#needles.map((needle) => needle.length - 1));
  }
  push(chunk) {
    if (this.#pending === 0 || chunk.length === 0) return;
    const window = this.#carry.length === 0 ? chunk : Buffer.concat([this.#carry, chunk]);
    for (let i = 0; i < this.#needles.length; i++) {
      if (this.#found[i]) continue;
      const needle = this.#needles[i];
      if (needle && window.indexOf(needle) !== -1) {
        this.#found[i] = true;
        this.#pending--;
      }
    }
    const keep = Math.min(this.#overlap, window.length);
    this.#carry = keep === 0 ? Buffer.alloc(0) : Buffer.from(window.subarray(window.length - keep));
  }
  /** Whether needle `index` (in constructor order) occurred anywhere in the stream so far. */
  found(index) {
    return this.#found[index] ?? false;
  }
};

// src/core/verify/regex-match.ts
import { Worker } from "node:worker_threads";
var WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
for (const source of workerData.sources) {
  let result;
  try {
    result = new RegExp(source).test(workerData.text) ? 'match' : 'no_match';
  } catch {
    result = 'invalid';
  }
  parentPort.postMessage(result);
}
`;
async function matchWithDeadline(sources, text, deadlineMs, signal) {
  if (sources.length === 0) return [];
  const results = [];
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { sources: [...sources], text } });
  try {
    await new Promise((resolve2, reject) => {
      const timer = setTimeout(resolve2, Math.max(0, deadlineMs));
      const finish2 = (error) => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        if (error) reject(error);
        else resolve2();
      };
      const onAbort = () => finish2();
      signal?.addEventListener("abort", onAbort, { once: true });
      if (signal?.aborted) finish2();
      worker.on("message", (result) => {
        results.push(result);
        if (results.length === sources.length) finish2();
      });
      worker.on("error", (error) => finish2(error));
      worker.on("exit", () => finish2());
    });
  } finally {
    await worker.terminate();
  }
  while (results.length < sources.length) results.push("timeout");
  return results;
}

// src/core/verify/check-runner.ts
async function runCheck(clause, options) {
  const contains = new SubstringScanner(clause.expect_contains);
  const forbidden = new SubstringScanner(clause.expect_not_contains);
  const env = scrubEnv(options.env, [...clause.env, ...options.extraEnvNames ?? []]);
  env.TRUSS_CHECK = "1";
  const outcome = await runShell(clause.run, {
    workdir: options.workdir,
    env,
    ctx: options.ctx,
    timeoutMs: clause.timeout_sec * 1e3,
    ...options.tailBytes !== void 0 ? { tailBytes: options.tailBytes } : {},
    ...options.maxCaptureBytes !== void 0 ? { maxCaptureBytes: options.maxCaptureBytes } : {},
    onStdout: (chunk) => {
      contains.push(chunk);
      forbidden.push(chunk);
    }
  });
  const reasons = explain(clause, outcome, contains, forbidden);
  let matchMs = 0;
  if (shouldMatch(clause, outcome)) {
    const started = performance.now();
    reasons.push(
      ...await matchReasons(
        clause,
        outcome.stdout,
        // What is left of the check's deadline; a little grace so a worker can start at all.
        Math.max(clause.timeout_sec * 1e3 - outcome.durationMs, MATCH_GRACE_MS),
        options.ctx.signal
      )
    );
    matchMs = performance.now() - started;
  }
  return {
    met: reasons.length === 0,
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    cancelled: outcome.cancelled,
    durationMs: outcome.durationMs + matchMs,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    reasons
  };
}
function explain(clause, outcome, contains, forbidden) {
  if (outcome.spawnError !== null) return [`could not start the check: ${outcome.spawnError}`];
  if (outcome.cancelled) return ["cancelled"];
  if (outcome.timedOut) return [`timed out after ${clause.timeout_sec}s; process group killed`];
  const reasons = [];
  if (outcome.exitCode === null) {
    reasons.push(`killed by signal ${outcome.signal ?? "unknown"}, expected exit code ${clause.expect_exit}`);
  } else if (outcome.exitCode !== clause.expect_exit) {
    reasons.push(`exit code ${outcome.exitCode}, expected ${clause.expect_exit}`);
  }
  clause.expect_contains.forEach((needle, i) => {
    if (!contains.found(i)) reasons.push(`stdout does not contain ${JSON.stringify(needle)}`);
  });
  clause.expect_not_contains.forEach((needle, i) => {
    if (forbidden.found(i)) reasons.push(`stdout contains forbidden ${JSON.stringify(needle)}`);
  });
  return reasons;
}
var MATCH_GRACE_MS = 250;
function shouldMatch(clause, outcome) {
  return clause.expect_matches.length > 0 && outcome.spawnError === null && !outcome.cancelled && !outcome.timedOut;
}
async function matchReasons(clause, stdout, remainingMs, signal) {
  const text = stdout.bytes.toString("utf8");
  const note = stdout.truncated ? ` (only the first ${stdout.bytes.length} of ${stdout.totalBytes} bytes were searched)` : "";
  const results = await matchWithDeadline(clause.expect_matches, text, remainingMs, signal);
  const reasons = [];
  clause.expect_matches.forEach((source, i) => {
    const result = results[i];
    if (result === "invalid") reasons.push(`invalid regular expression /${source}/`);
    else if (result === "no_match") reasons.push(`stdout does not match /${source}/${note}`);
    else if (result === "timeout")
      reasons.push(
        `matching /${source}/ did not finish within the check's timeout of ${clause.timeout_sec}s (a pattern with catastrophic backtracking?); not met`
      );
  });
  return reasons;
}

// src/core/verify/clean-room.ts
import { spawn as spawn2 } from "node:child_process";
import { createHash as createHash2 } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
var CleanRoomError = class extends Error {
  name = "CleanRoomError";
};
async function materializeCleanRoom(options) {
  const started = performance.now();
  const env = cleanRoomGitEnv(options.env);
  const parent = options.parentDir ?? tmpdir();
  const dir = await mkdtemp(join(parent, options.prefix ?? "truss-cleanroom-"));
  const scratch = await mkdtemp(join(tmpdir(), "truss-cleanroom-scratch-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const source = await sourceObjects(options.repoRoot, env);
    const template = join(scratch, "template");
    await mkdir(template);
    await git(["init", "-q", `--template=${template}`, dir], { cwd: scratch, env });
    await writeFile(join(dir, ".git", "objects", "info", "alternates"), `${source}
`);
    const base = await git(["rev-parse", "--verify", "--quiet", `${options.baseSha}^{commit}`], {
      cwd: dir,
      env
    }).catch(() => {
      throw new CleanRoomError(
        `the base commit ${options.baseSha} is not in ${options.repoRoot}; fetch it (e.g. actions/checkout with fetch-depth: 0) or set [sandbox] checkout = "in-place"`
      );
    });
    const baseSha = base.trim();
    const expectedTree = (await git(["rev-parse", `${baseSha}^{tree}`], { cwd: dir, env })).trim();
    await git(["update-ref", "HEAD", baseSha], { cwd: dir, env });
    await git(["read-tree", baseSha], { cwd: dir, env });
    await git(["checkout-index", "-a", "-f"], { cwd: dir, env });
    const baseTree = await treeOf(dir, env, join(scratch, "base-index"));
    if (baseTree !== expectedTree) {
      throw new CleanRoomError(
        `the checked-out base commit ${baseSha} re-hashes to tree ${baseTree}, not its recorded tree ${expectedTree}: the repository's objects were altered, or checkout filters (.gitattributes eol/filter, submodules) change files; run \`git fsck\` or set [sandbox] checkout = "in-place"`
      );
    }
    const diff = Buffer.from(options.diff);
    if (diff.length > 0) {
      const patch = join(scratch, "executor.patch");
      await writeFile(patch, diff);
      await git(["apply", "--whitespace=nowarn", patch], { cwd: dir, env }).catch((error) => {
        throw new CleanRoomError(
          `the executor's recorded diff does not apply to base commit ${baseSha}: ${error.message.replace(/\s+/g, " ").trim()}. If the workdir had uncommitted changes before the run, commit them first, or set [sandbox] checkout = "in-place"`
        );
      });
    }
    const tree = await treeOf(dir, env, join(scratch, "after-index"));
    const headSha = await executorHead(dir, env, baseSha, options.headSha ?? null);
    if (headSha !== baseSha) {
      await git(["update-ref", "HEAD", headSha], { cwd: dir, env });
      await git(["read-tree", headSha], { cwd: dir, env });
    }
    if (options.prepare) await options.prepare(dir);
    return {
      dir,
      baseSha,
      headSha,
      baseTree,
      diffSha256: createHash2("sha256").update(diff).digest("hex"),
      diffBytes: diff.length,
      tree,
      durationMs: performance.now() - started,
      dispose
    };
  } catch (error) {
    await dispose();
    if (error instanceof CleanRoomError) throw error;
    throw new CleanRoomError(
      `could not materialize the clean copy for the checks: ${error.message}`
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
function cleanRoomGitEnv(host) {
  return {
    ...scrubEnv(host),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    LC_ALL: "C"
  };
}
async function executorHead(dir, env, baseSha, headSha) {
  if (!headSha || headSha === baseSha) return baseSha;
  try {
    await git(["merge-base", "--is-ancestor", baseSha, headSha], { cwd: dir, env });
    return (await git(["rev-parse", "--verify", `${headSha}^{commit}`], { cwd: dir, env })).trim();
  } catch {
    return baseSha;
  }
}
async function sourceObjects(repoRoot, env) {
  const common = (await git(["-c", `safe.directory=${repoRoot}`, "rev-parse", "--git-common-dir"], { cwd: repoRoot, env })).trim();
  const dir = isAbsolute(common) ? common : resolve(repoRoot, common);
  return join(dir, "objects");
}
async function treeOf(dir, env, indexFile) {
  const scoped = { cwd: dir, env: { ...env, GIT_INDEX_FILE: indexFile } };
  await git(["add", "-A", "-f", "--", "."], scoped);
  return (await git(["write-tree"], scoped)).trim();
}
function git(args, options) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn2("git", args, {
      cwd: options.cwd,
      env: harnessProgramEnv(options.env, options.cwd),
      stdio: ["ignore", "pipe", "pipe"]
    });
    const out = [];
    const err = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolvePromise(Buffer.concat(out).toString("utf8"));
      else
        reject(
          new Error(
            `git ${args[0] === "-c" ? args[2] : args[0]} failed (exit ${code}): ${Buffer.concat(err).toString("utf8").slice(0, 2e3)}`
          )
        );
    });
  });
}

// src/core/verify/check-workspace.ts
var DEFAULT_SETUP_TIMEOUT_SEC = 1800;
var CheckWorkspace = class {
  #options;
  #mode = "checkout";
  #recordedTree = null;
  #unavailable = null;
  #room = null;
  #ready = null;
  constructor(options) {
    this.#options = options;
  }
  /** `checkout` (no executor), `clean-room` or `in-place`. */
  get mode() {
    return this.#mode;
  }
  /** Why no check can run (the clean copy or setup failed); null when they can. */
  get unavailable() {
    return this.#unavailable;
  }
  /** Journals (or replays) where checks run and the setup; call once, before the first check. */
  async open() {
    const { session, contract, work } = this.#options;
    if (!contract.done.some((clause) => clause.kind === "check")) return;
    if (work) {
      this.#mode = work.headBefore ? contract.sandbox?.checkout ?? "clean-room" : "in-place";
      const { entry: entry2 } = await session.activity("checks_workspace", this.#mode, async () => ({
        payload: await this.#workspacePayload(work)
      }));
      const p = entry2.payload;
      this.#recordedTree = p.tree ?? null;
      if (typeof p.error === "string") {
        this.#unavailable = `checks not run: ${p.error}`;
        return;
      }
    }
    const setup = contract.checks?.setup;
    if (!setup) return;
    const { entry } = await session.activity("checks_setup", setup, async () => {
      const dir = await this.#directory(false);
      const outcome = await runCheck(setupClause(setup, contract), {
        workdir: dir,
        env: this.#options.env,
        extraEnvNames: contract.check_env,
        ctx: this.#options.ctx
      });
      if (outcome.cancelled) throw new CancelledError();
      const { fields, blobs } = checkRunFields(outcome, this.#options.redact);
      return { payload: { run: setup, checkout: this.#mode, ...fields }, blobs };
    });
    if (entry.payload.met !== true) {
      const reasons = entry.payload.reasons?.join("; ") ?? "failed";
      this.#unavailable = `checks not run: [checks] setup \`${setup}\` failed (${reasons})`;
    }
  }
  /** The directory a live check runs in (the clean copy is built on first use). */
  async directory() {
    return this.#directory(true);
  }
  /** Removes the clean copy, if one was made. */
  async dispose() {
    const room = this.#room;
    this.#room = null;
    this.#ready = null;
    await room?.dispose();
  }
  async #directory(withSetup) {
    if (this.#mode !== "clean-room") return this.#options.workdir;
    this.#ready ??= this.#build(withSetup);
    return this.#ready;
  }
  async #build(withSetup) {
    const room = await this.#materialize();
    if (this.#recordedTree && room.tree !== this.#recordedTree) {
      await room.dispose();
      throw new CleanRoomError(
        `the clean copy rebuilt on resume has tree ${room.tree}, but the run recorded ${this.#recordedTree}; start a new run`
      );
    }
    this.#room = room;
    const setup = this.#options.contract.checks?.setup;
    if (withSetup && setup) {
      const outcome = await runCheck(setupClause(setup, this.#options.contract), {
        workdir: room.dir,
        env: this.#options.env,
        extraEnvNames: this.#options.contract.check_env,
        ctx: this.#options.ctx
      });
      if (!outcome.met)
        throw new CleanRoomError(
          `[checks] setup failed when re-run for the resumed checks: ${outcome.reasons.join("; ")}`
        );
    }
    return room.dir;
  }
  async #materialize() {
    const { work, store, env, workdir } = this.#options;
    if (!work?.headBefore)
      throw new CleanRoomError(
        'the executor recorded no base commit (the workdir is not a git repository, or HEAD was unborn); commit first or set [sandbox] checkout = "in-place"'
      );
    if (work.diffError)
      throw new CleanRoomError(`${work.diffError}; the checks cannot be rebuilt from the recorded work`);
    if (work.diffTruncated)
      throw new CleanRoomError(
        'the executor diff was cut at its size cap, so it cannot rebuild the work; set [sandbox] checkout = "in-place" for changes this large'
      );
    let diff = Buffer.alloc(0);
    if (work.diffSha256) {
      const blob = store.blob(work.diffSha256);
      if (!blob?.bytes)
        throw new CleanRoomError(
          `the executor diff blob ${work.diffSha256} is not in the ledger (shredded?)`
        );
      diff = blob.bytes;
    }
    const repoRoot = await findRepoRoot(workdir, env);
    if (!repoRoot) throw new CleanRoomError(`${workdir} is not inside a git work tree`);
    return materializeCleanRoom({
      repoRoot,
      baseSha: work.headBefore,
      headSha: work.headAfter ?? null,
      diff,
      env,
      parentDir: this.#options.cleanRoomParent,
      prepare: this.#options.prepareCleanRoom
    });
  }
  async #workspacePayload(work) {
    if (this.#mode === "in-place") {
      return {
        checkout: "in-place",
        reason: work.headBefore ? `opted out with [sandbox] checkout = "in-place": checks run in the executor's own working directory` : "no base commit to rebuild the work from (the workdir is not a git repository, or HEAD was unborn): checks run in the executor's own working directory",
        base_sha: work.headBefore,
        diff_sha256: work.diffSha256
      };
    }
    try {
      await this.#directory(false);
      const room = this.#room;
      return {
        checkout: "clean-room",
        base_sha: room.baseSha,
        head_sha: room.headSha,
        base_tree: room.baseTree,
        diff_sha256: room.diffSha256,
        diff_bytes: room.diffBytes,
        tree: room.tree,
        duration_ms: Math.round(room.durationMs),
        error: null
      };
    } catch (error) {
      this.#ready = null;
      if (!(error instanceof CleanRoomError)) throw error;
      return {
        checkout: "clean-room",
        base_sha: work.headBefore,
        diff_sha256: work.diffSha256,
        error: this.#options.redact(error.message)
      };
    }
  }
};
function setupClause(run, contract) {
  return {
    kind: "check",
    desc: "[checks] setup",
    run,
    expect_exit: 0,
    expect_contains: [],
    expect_not_contains: [],
    expect_matches: [],
    timeout_sec: contract.checks?.setup_timeout_sec ?? DEFAULT_SETUP_TIMEOUT_SEC,
    env: []
  };
}

// src/core/run/check-clause.ts
async function verifyCheck(session, index, clause, options, contract, redact, workspace) {
  const { ctx } = options;
  if (workspace.unavailable) {
    return {
      clause: index,
      kind: "check",
      desc: clause.desc,
      status: "unverifiable",
      reason: workspace.unavailable
    };
  }
  ctx.events({ type: "check_started", clause: index, desc: clause.desc });
  const { entry } = await session.activity("check_result", `clause ${index}`, async () => {
    const outcome = await runCheck(clause, {
      workdir: await workspace.directory(),
      env: options.env,
      extraEnvNames: contract.check_env,
      ctx
    });
    if (outcome.cancelled) throw new CancelledError();
    const { fields, blobs } = checkRunFields(outcome, redact);
    return {
      payload: {
        clause: index,
        desc: clause.desc,
        run: clause.run,
        expect_exit: clause.expect_exit,
        ...fields,
        // Where it ran, when an executor ran before it (checks-only runs use the checkout as before).
        ...workspace.mode === "checkout" ? {} : { checkout: workspace.mode }
      },
      blobs
    };
  });
  const p = entry.payload;
  const met = p.met === true;
  ctx.events({
    type: "check_finished",
    clause: index,
    desc: clause.desc,
    met,
    exitCode: p.exit_code ?? null,
    durationMs: p.duration_ms ?? 0
  });
  const reason = met ? `exit ${p.exit_code}, expectations met` : (p.reasons ?? []).join("; ");
  return { clause: index, kind: "check", desc: clause.desc, status: met ? "met" : "not_met", reason };
}

// src/core/run/run-types.ts
var RunAbortedError = class extends Error {
  constructor(message, sessionId) {
    super(message);
    this.sessionId = sessionId;
  }
  sessionId;
  name = "RunAbortedError";
};

// src/core/run/run-contract.ts
async function runContract(options) {
  const git2 = options.git !== void 0 ? await options.git : await readGitInfo(options.workdir, options.baseRef);
  const session = DurableSession.start({
    store: options.store,
    signer: options.signer,
    codeVersion: options.codeVersion,
    id: options.sessionId,
    ...options.clock ? { clock: options.clock } : {}
  });
  return drive(session, options, options.contract, options.contractHash, () => ({
    // Binds the session id to the signed chain (docs/ledger.md "Bundle": session_mismatch).
    session_id: session.id,
    contract: options.contract,
    contract_hash: options.contractHash,
    code_version: options.codeVersion,
    principal: options.principal,
    git: git2 ? {
      repo: git2.repo,
      base_ref: git2.base_ref,
      base_sha: git2.base_sha,
      head_sha: git2.head_sha,
      dirty: git2.dirty
    } : null,
    workdir_name: options.workdir.split("/").pop() ?? "",
    // Which isolation the untrusted processes of this run got, signed with the rest (docs/security.md).
    isolation: { ...(options.ctx.isolation ?? NO_ISOLATION).report },
    // Where the run's files are: `truss resume` continues there (src/cli/resume-workdir.ts).
    workdir: options.workdir,
    started_at: new Date(options.ctx.now()).toISOString(),
    // A child run names its parent and what it was given (docs/fanout.md "Child runs").
    ...options.parent ? { parent: options.parent } : {}
  }));
}
async function resumeContract(options) {
  const recorded = options.recorded ?? readRecordedContract(options.store, options.sessionId, options.contractFormat);
  if (options.expectedContractHash && options.expectedContractHash !== recorded.contractHash) {
    throw new ResumeRefusedError(
      `refusing to resume ${options.sessionId}: the contract resolves to ${options.expectedContractHash}, but the session recorded ${recorded.contractHash}`
    );
  }
  if (recorded.status === "failed") {
    throw new ResumeRefusedError(
      `session ${options.sessionId} ended with run_failed; it cannot be resumed (start a new run)`
    );
  }
  const session = DurableSession.open({
    store: options.store,
    signer: options.signer,
    sessionId: options.sessionId,
    crypto: options.crypto,
    ...options.verify ? { verify: options.verify } : {},
    ...options.clock ? { clock: options.clock } : {}
  });
  return drive(session, options, recorded.contract, recorded.contractHash, () => {
    throw new ResumeRefusedError(`session ${options.sessionId} has no run_started entry`);
  });
}
async function drive(session, options, contract, contractHash2, runStarted) {
  const { store, ctx } = options;
  const redact = secretRedactor(options.env, options.secrets ?? []);
  const replayable = session.recorded.length;
  const started = session.record("run_started", () => ({ payload: runStarted() }));
  ctx.isolation?.warm?.();
  const git2 = recordedGitInfo(started.payload.git);
  const base = () => ({
    sessionId: session.id,
    git: git2,
    headHash: store.session(session.id)?.head_hash ?? "",
    spent: { costUsd: ctx.budget.spent.costUsd, totalTokens: ctx.budget.spent.totalTokens },
    replayed: Math.min(replayable, session.cursor)
  });
  const workspace = {};
  try {
    let computed;
    let executor;
    let fanout;
    const identity = {
      sessionId: session.id,
      codeVersion: started.payload.code_version ?? "",
      principal: started.payload.principal ?? {},
      git: git2,
      isChild: started.payload.parent !== void 0
    };
    if (contract.fanout && !identity.isChild) {
      const { isChild: _isChild, sessionId: _sessionId, ...who } = identity;
      ({
        verdict: computed,
        executor,
        summary: fanout
      } = await (await import("./fanout-YDWNC7HT.js")).runFanout(session, { ...options, ...who }, contract, redact));
    } else {
      ({ computed, executor } = await verifyOwnWork(
        session,
        options,
        contract,
        git2,
        redact,
        workspace,
        identity
      ));
    }
    const headAfter = fanout ? git2?.head_sha ?? null : executor?.headAfter ?? git2?.head_sha ?? null;
    const verdictEntry = session.record(
      "verdict",
      () => ({
        payload: {
          ...computed,
          contract_id: contract.contract.id,
          contract_hash: contractHash2,
          git: git2 ? { base_sha: git2.base_sha, head_sha: headAfter } : null,
          executor: contract.executor.kind,
          cost_usd: ctx.budget.spent.costUsd,
          total_tokens: ctx.budget.spent.totalTokens,
          ...fanout ? {
            fanout: {
              reducer: fanout.reducer,
              reduction_seq: fanout.reductionSeq,
              winner: fanout.winner,
              why: fanout.why
            }
          } : {}
        }
      }),
      {
        check: (recorded) => recorded.payload.overall === computed.overall ? null : `overall ${computed.overall}, recorded ${recorded.payload.overall}`
      }
    );
    await proposeLessons(session, options, contract, verdictEntry, executor, redact);
    if (computed.overall === "pass" && options.publishChanges) {
      await (await import("./publish-changes-G7OC2BQA.js")).publishPassingRun(
        session,
        options.publishChanges,
        {
          sessionId: session.id,
          contractId: contract.contract.id,
          title: contract.contract.title ?? null,
          startSha: git2?.head_sha ?? null,
          verdictHash: verdictEntry.entry_hash
        },
        redact
      );
    }
    session.record("run_completed", () => ({
      payload: { overall: computed.overall, finished_at: new Date(ctx.now()).toISOString() }
    }));
    ingestRunProposals(session, options);
    const verdict = recordedVerdict(verdictEntry.payload);
    return { status: "completed", ...base(), verdict, executor, ...fanout ? { fanout } : {} };
  } catch (error) {
    if (error instanceof SuspendedError) {
      ctx.events({ type: "warning", message: `run suspended: ${error.suspension.reason}` });
      return { status: "suspended", ...base(), suspension: error.suspension };
    }
    if (error instanceof DurableReplayError) throw error;
    if (session.replaying) throw error;
    const message = redact(
      ctx.signal.aborted || error instanceof CancelledError ? "cancelled" : error.message ?? String(error)
    );
    session.record("run_failed", () => ({
      payload: { error: message, failed_at: new Date(ctx.now()).toISOString() }
    }));
    throw new RunAbortedError(`run ${session.id} failed: ${message}`, session.id);
  } finally {
    await workspace.current?.dispose();
  }
}
async function verifyOwnWork(session, options, contract, git2, redact, workspace, identity) {
  const { store, ctx } = options;
  const executor = contract.executor.kind === "none" ? null : await (await import("./run-executor-ST6T35LJ.js")).runExecutor(session, options, contract, redact, identity);
  const checks = new CheckWorkspace({
    session,
    store,
    contract,
    workdir: options.workdir,
    env: options.env,
    ctx,
    redact,
    work: executor ? executor.work ?? { headBefore: null, diffSha256: null, diffTruncated: false } : null,
    cleanRoomParent: options.cleanRoomParent,
    prepareCleanRoom: options.prepareCleanRoom ?? (ctx.isolation ? (dir) => ctx.isolation.addWorkdir(dir) : void 0)
  });
  workspace.current = checks;
  const notAttempted = executor?.unverifiable ?? null;
  if (!notAttempted) await checks.open();
  const clauses = [];
  let panelBudget;
  let reviewClause;
  const reviewGit = executor && git2 && !git2.base_sha ? { ...git2, base_sha: git2.head_sha, base_ref: "run start" } : git2;
  for (const [index, clause] of contract.done.entries()) {
    if (ctx.signal.aborted) throw new CancelledError();
    if (notAttempted) {
      clauses.push({
        clause: index,
        kind: clause.kind,
        desc: clause.desc,
        status: "unverifiable",
        reason: notAttempted
      });
      continue;
    }
    if (clause.kind === "check") {
      clauses.push(await verifyCheck(session, index, clause, options, contract, redact, checks));
      continue;
    }
    reviewClause ??= (await import("./review-clause-LKKPPIBA.js")).verifyReview;
    const review = await reviewClause(session, index, clause, options, contract, reviewGit, redact);
    clauses.push(review.clause);
    panelBudget ??= review.budgetExhausted ?? void 0;
  }
  const budgetExhausted = executor?.budgetExhausted ?? panelBudget;
  const executorFailed = executor?.failure ? `executor failed: ${executor.failure}` : void 0;
  const computed = computeVerdict(clauses, {
    ...budgetExhausted ? { budgetExhausted } : {},
    ...executorFailed ? { executorFailed } : {}
  });
  return { computed, executor };
}

// src/core/run/child-run.ts
async function runChild(parent, request, onCancel) {
  const { ctx } = parent;
  const meter = new SlicedBudgetMeter(
    ctx.budget,
    {
      maxCostUsd: request.budgetSlice.max_cost_usd,
      maxTotalTokens: request.budgetSlice.max_total_tokens,
      maxSteps: request.budgetSlice.max_steps
    },
    (message) => ctx.events({ type: "warning", message: `attempt ${request.attempt}: ${message}` })
  );
  const child = childCtx(ctx, {
    budget: meter,
    // A child's own progress stays in its ledger; its warnings reach the parent's host.
    events: (event) => {
      if (event.type === "warning")
        ctx.events({ type: "warning", message: `attempt ${request.attempt}: ${event.message}` });
    },
    timeoutMs: request.timeoutMs
  });
  onCancel?.(child.cancel);
  const sessionId = randomUUID();
  ctx.events({ type: "child_started", attempt: request.attempt, sessionId });
  let status = "failed";
  let error = null;
  let executor = null;
  try {
    const outcome = await runContract({
      ...parent,
      workdir: request.workdir,
      ctx: child.ctx,
      contract: request.contract,
      contractHash: request.contractHash,
      sessionId,
      publishChanges: void 0,
      parent: {
        session_id: parent.sessionId,
        attempt: request.attempt,
        task: request.task,
        scope: request.scope,
        budget_slice: request.budgetSlice
      }
    });
    status = outcome.status === "completed" ? "completed" : "suspended";
    if (outcome.status === "completed") executor = outcome.executor;
    else error = `suspended: ${outcome.suspension.reason}`;
  } catch (thrown) {
    if (!(thrown instanceof RunAbortedError) || !parent.store.session(sessionId)) throw thrown;
    status = child.cancelReason ? "cancelled" : "failed";
    error = child.cancelReason ?? thrown.message;
  } finally {
    child.dispose();
  }
  const result = readChild(parent.store, sessionId);
  ctx.events({
    type: "child_finished",
    attempt: request.attempt,
    sessionId,
    status,
    overall: result.verdict?.overall ?? null,
    costUsd: meter.spent.costUsd
  });
  return {
    attempt: request.attempt,
    sessionId,
    status,
    ...result,
    usage: { ...meter.spent },
    executor,
    diffSha256: executor?.work?.diffSha256 ?? null,
    error
  };
}
function readChild(store, sessionId) {
  let rootHash = "";
  let verdict = null;
  let verdictRef = null;
  for (const entry of store.entries(sessionId)) {
    if (entry.seq === 0) rootHash = entry.entry_hash;
    if (entry.kind === "verdict" && !verdictRef) {
      verdictRef = { seq: entry.seq, entry_hash: entry.entry_hash };
      verdict = recordedVerdict(readEntry(entry, "verdict"));
    }
  }
  return { verdict, verdictRef, rootHash, headHash: store.requireSession(sessionId).head_hash ?? "" };
}

// src/core/runtime/recorded-work.ts
function recordedWork(p) {
  return {
    headBefore: p.head_before ?? null,
    headAfter: p.head_after ?? null,
    diffSha256: p.diff_sha256 && (p.diff_bytes ?? 0) > 0 ? p.diff_sha256 : null,
    diffTruncated: p.diff_truncated === true,
    diffError: p.diff_error ?? null
  };
}

export {
  materializeCleanRoom,
  cleanRoomGitEnv,
  clampSlice,
  evenSlice,
  childCtx,
  recordedVerdict,
  streamCuts,
  checkRunFields,
  runSupervised,
  runShell,
  runCheck,
  readRecordedContract,
  recallForExecutor,
  memoryTools,
  RunAbortedError,
  recordedWork,
  runContract,
  resumeContract,
  runChild,
  readChild
};
