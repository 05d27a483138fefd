#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  external_exports
} from "./chunk-SF6ZOAOS.js";

// src/core/atomic-write.ts
import { randomBytes } from "node:crypto";
import { closeSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
function writeFileAtomic(path, content, options = {}) {
  const temp = `${path}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  const fd = openSync(temp, "wx", options.mode ?? 438);
  let closed = false;
  let renamed = false;
  try {
    const write = (chunk) => {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    };
    if (typeof content === "function") content(write);
    else write(content);
    closeSync(fd);
    closed = true;
    renameSync(temp, path);
    renamed = true;
  } finally {
    if (!closed) closeSync(fd);
    if (!renamed) rmSync(temp, { force: true });
  }
}

// src/core/ledger/errors.ts
var CanonicalJsonError = class extends Error {
  name = "CanonicalJsonError";
};
var KeyError = class extends Error {
  name = "KeyError";
};
var LedgerError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
  code;
  name = "LedgerError";
};
var BundleFormatError = class extends Error {
  name = "BundleFormatError";
};

// src/core/ledger/payload-shape.ts
function fits(shape, value) {
  return shape.problem(value) === null;
}
function fail(want) {
  return { path: [], want };
}
function within(key, issue) {
  return issue && { path: [key, ...issue.path], want: issue.want };
}
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function string(pattern, want = `expected a string matching ${String(pattern)}`) {
  return {
    problem: (value) => typeof value !== "string" ? fail("expected string") : pattern && !pattern.test(value) ? fail(want) : null
  };
}
function number() {
  return { problem: (value) => Number.isFinite(value) ? null : fail("expected number") };
}
function index() {
  return {
    problem: (value) => Number.isSafeInteger(value) && value >= 0 ? null : fail("expected an integer \u2265 0")
  };
}
function boolean() {
  return { problem: (value) => typeof value === "boolean" ? null : fail("expected boolean") };
}
function unknown() {
  return { problem: () => null };
}
function literal(expected) {
  return { problem: (value) => value === expected ? null : fail(`must be the string ${expected}`) };
}
function oneOf(values) {
  const last = values.at(-1);
  const want = `must be the string ${values.length > 1 ? `${values.slice(0, -1).join(", ")} or ${last}` : last}`;
  return { problem: (value) => values.includes(value) ? null : fail(want) };
}
function optional(shape) {
  return { optional: true, problem: (value) => value === void 0 ? null : shape.problem(value) };
}
function nullable(shape) {
  return { problem: (value) => value === null ? null : shape.problem(value) };
}
function maybe(shape) {
  return optional(nullable(shape));
}
function array(item) {
  return {
    problem(value) {
      if (!Array.isArray(value)) return fail("expected array");
      for (let i = 0; i < value.length; i++) {
        const issue = within(i, item.problem(value[i]));
        if (issue) return issue;
      }
      return null;
    }
  };
}
function record(values) {
  return {
    problem(value) {
      if (!isObject(value)) return fail("expected object");
      for (const key of Object.keys(value)) {
        const issue = within(key, values.problem(value[key]));
        if (issue) return issue;
      }
      return null;
    }
  };
}
function object(members) {
  const keys = Object.keys(members);
  return {
    members,
    problem(value) {
      if (!isObject(value)) return fail("expected object");
      for (const key of keys) {
        const member = value[key];
        const issue = within(
          key,
          members[key].problem(Object.hasOwn(value, key) ? member : void 0)
        );
        if (issue) return issue;
      }
      return null;
    }
  };
}
function looseObject(members) {
  return object(members);
}
function union(options) {
  return {
    problem: (value) => options.some((option) => option.problem(value) === null) ? null : fail("none of the shapes this field may have")
  };
}

// src/core/ledger/entry-shapes.ts
var text = string();
var num = number();
var flag = boolean();
var index2 = index();
var hex32 = string(/^[0-9a-f]{64}$/, "expected 64 lowercase hex characters");
var counts = record(number());
var json = record(unknown());
var opt = optional;
var CLAUSE_STATUSES = ["met", "not_met", "unverifiable"];
var OVERALLS = ["pass", "fail", "unverifiable"];
var status = oneOf(CLAUSE_STATUSES);
var overall = oneOf(OVERALLS);
var OutputStreamSchema = object({
  sha256: opt(text),
  bytes: opt(num),
  captured_bytes: opt(num),
  truncated: opt(flag),
  tail_sha256: opt(text),
  tail_bytes: opt(num),
  tail: opt(text)
});
var CheckRunSchema = object({
  exit_code: maybe(num),
  signal: maybe(text),
  timed_out: opt(flag),
  met: opt(flag),
  reasons: opt(array(text)),
  duration_ms: opt(num),
  stdout: opt(OutputStreamSchema),
  stderr: opt(OutputStreamSchema),
  redactions: opt(counts)
});
var checkRun = CheckRunSchema.members;
var ToolOutcomeSchema = object({
  content: opt(text),
  content_sha256: opt(text),
  content_bytes: opt(num),
  is_error: opt(flag),
  data: opt(json),
  redactions: opt(counts)
});
var toolOutcome = ToolOutcomeSchema.members;
var recordedWork = {
  diff_sha256: maybe(text),
  diff_bytes: opt(num),
  diff_truncated: opt(flag),
  diff_error: maybe(text),
  diff_stat: opt(counts),
  changed_files: opt(array(text)),
  head_before: maybe(text),
  head_after: maybe(text)
};
var GitSchema = object({
  repo: maybe(text),
  base_ref: maybe(text),
  base_sha: maybe(text),
  head_sha: maybe(text),
  dirty: opt(flag)
});
var ApprovalAwaitSchema = object({
  gate: text,
  tool: opt(text),
  spend: opt(num),
  threshold: opt(num)
});
var AwaitSpecSchema = union([
  object({ signal: text }),
  object({ timer: num }),
  object({ approval: ApprovalAwaitSchema })
]);
var ContentBlockSchema = union([
  object({ type: literal("text"), text }),
  object({ type: literal("tool_use"), id: text, name: text, input: json, inputError: opt(text) }),
  object({ type: literal("tool_result"), toolUseId: text, content: text, isError: flag })
]);
var UsageSchema = object({
  input_tokens: opt(num),
  output_tokens: opt(num),
  cost_usd: opt(num),
  cache_read_tokens: opt(num),
  cache_write_tokens: opt(num)
});
var RecordedInjectionSchema = object({
  policy: text,
  total: num,
  spans: array(
    object({ rule: text, source: text, path: text, line: nullable(num), column: num, match: text })
  )
});
var CitationSchema = object({
  location: text,
  problem: text,
  path: maybe(text),
  start_line: maybe(num),
  end_line: maybe(num),
  anchored: flag,
  unanchored: maybe(text),
  hunk: maybe(object({ header: text, lines: array(object({ n: maybe(num), text })) }))
});
var ClauseVerdictSchema = object({
  clause: index2,
  kind: opt(oneOf(["check", "review"])),
  desc: opt(text),
  status,
  reason: opt(text),
  votes: opt(object({ met: num, not_met: num, unverifiable: num })),
  injection: opt(object({ policy: text, spans: num, reported_by_seats: array(num), withheld_met: flag }))
});
var SideEffectSchema = looseObject({
  name: text,
  input: opt(json),
  result: opt(json),
  memo_key: text
});
function readAwaitSpec(value) {
  return fits(AwaitSpecSchema, value) ? value : null;
}
var IdentitySchema = object({ id: opt(text), title: maybe(text), intent: opt(text) });
var ContractSummarySchema = object({
  ...IdentitySchema.members,
  /** A resolved contract nests its identity here; older and hand-written ones carry it at the top. */
  contract: opt(IdentitySchema),
  done: opt(array(object({ desc: opt(text) }))),
  budget: opt(object({ max_cost_usd: maybe(num), max_total_tokens: maybe(num), max_steps: maybe(num) }))
});
function contractSummary(contract) {
  return fits(ContractSummarySchema, contract) ? contract : {};
}

// src/core/ledger/entry.ts
var HUMAN_REVIEW_DECISIONS = ["approved", "rejected", "needs_changes"];

// src/core/ledger/entry-kinds-children.ts
var CHILD_STATUSES = ["completed", "failed", "cancelled", "suspended"];
var VerdictRefSchema = object({ seq: index2, entry_hash: hex32 });
var ChildRefSchema = object({
  anchor_seq: index2,
  child_session_id: text,
  /** Absent reads as null (the child ended without a verdict). */
  verdict_ref: maybe(VerdictRefSchema)
});
var childAnchorFields = {
  child_root_hash: opt(hex32),
  task: opt(text),
  /** The child's write scope. */
  scope: opt(object({ write_scope: opt(array(text)) })),
  /** The child's share of the parent's budget (src/core/runtime/budget.ts `ContractBudget`). */
  budget_slice: opt(object({ max_cost_usd: opt(num), max_total_tokens: opt(num), max_steps: opt(num) })),
  /** How the child ended; a `completed` child must end with `run_completed`. */
  status: opt(oneOf(CHILD_STATUSES)),
  verdict_ref: maybe(VerdictRefSchema),
  attempt: opt(index2),
  finished_rank: opt(num),
  overall: maybe(overall),
  checks: opt(num),
  checks_met: opt(num),
  cost_usd: opt(num),
  total_tokens: opt(num),
  steps: opt(num),
  diff_sha256: maybe(text),
  error: maybe(text),
  /** `truss eval`: the arm and repeat this child ran for, and its wall time. */
  arm: opt(text),
  repeat: opt(index2),
  wall_ms: opt(num),
  /** `truss bench-verdicts`: the record and the patch (`good`, `bad`, `model`) this child judged. */
  instance_id: opt(text),
  side: opt(text)
};
var EvalArmSchema = object({
  name: text,
  /** The one setting this arm changes, `PATH=VALUE`. */
  change: opt(text),
  contract_hash: opt(text),
  runs: opt(index2),
  passes: opt(index2),
  pass_rate: opt(num),
  cost_usd: opt(num),
  tokens: opt(num),
  wall_ms: opt(num),
  child_refs: array(object({ ...ChildRefSchema.members, overall: maybe(overall) }))
});
var ChildParentSchema = looseObject({
  session_id: text,
  attempt: opt(index2),
  task: opt(text),
  scope: opt(object({ write_scope: opt(array(text)) })),
  budget_slice: opt(object({ max_cost_usd: opt(num), max_total_tokens: opt(num), max_steps: opt(num) })),
  arm: opt(text),
  repeat: opt(index2)
});
var ExcludedLegSchema = object({
  artifact: text,
  attempt: maybe(index2),
  arm: opt(maybe(text)),
  reason: text
});
var EvalDeltaSchema = object({
  arm: text,
  vs: text,
  pass_rate: opt(num),
  cost_usd: opt(num),
  tokens: opt(num),
  wall_ms: opt(num)
});
var CHILD_RUN_KINDS = {
  /**
   * The parent commits to a child session's final head and, since child runs (docs/fanout.md), to
   * its first entry, its verdict entry and what it was asked to do; the later fields are optional,
   * so anchors written before them still verify.
   */
  child_anchor: looseObject({ child_session_id: text, child_head_hash: text, ...childAnchorFields }),
  /** One judge seat's choice among a fan-out's passing attempts (`choice` is an attempt number). */
  fanout_judge_vote: looseObject({
    seat: index2,
    provider: text,
    model: text,
    choice: nullable(index2),
    reasoning: opt(text),
    usage: opt(UsageSchema),
    error: maybe(text)
  }),
  /** Which anchored child a fan-out chose and why; the verifier checks it against the anchors. */
  fanout_reduction: looseObject({
    reducer: text,
    attempts: opt(index2),
    children: array(ChildRefSchema),
    winner: maybe(object({ ...ChildRefSchema.members, attempt: opt(index2) })),
    why: opt(text),
    /** Attempts that ran on Actions runners: the legs refused, and the attempts no leg came for. */
    runners: opt(flag),
    excluded: opt(array(ExcludedLegSchema)),
    missing: opt(array(index2))
  }),
  /** The winning child's diff applied to the parent's workdir (or why not). */
  fanout_applied: looseObject({
    child_session_id: text,
    diff_sha256: text,
    applied: flag,
    error: maybe(text)
  }),
  /** `truss eval` (docs/eval.md): every run it counts is a child anchored before it. */
  eval_report: looseObject({
    repeats: index2,
    arms: array(EvalArmSchema),
    delta: array(EvalDeltaSchema),
    summary: text,
    /** Runs on Actions runners (docs/eval.md "On Actions"): legs refused, and runs no leg came for. */
    excluded: opt(array(ExcludedLegSchema)),
    missing: opt(array(object({ arm: text, repeat: index2 })))
  })
};

// src/core/ledger/entry-kinds-bench.ts
var BENCH_SIDES = ["good", "bad", "model"];
var JUDGES = ["checks", "panel", "both"];
var BenchSideSchema = object({
  side: oneOf(BENCH_SIDES),
  /** False when the patch was refused or does not apply: no run, every judge FAIL. */
  applied: flag,
  error: nullable(text),
  /** The `child_anchor` of the run (null when there was no run). */
  anchor_seq: nullable(index2),
  child_session_id: nullable(text),
  verdict_ref: nullable(VerdictRefSchema),
  checks: overall,
  /** `skipped`: checks only, no review clause. */
  panel: oneOf([...OVERALLS, "skipped"]),
  /** The run's verdict. */
  both: overall,
  cost_usd: num,
  tokens: num,
  wall_ms: num
});
var JudgeFiguresSchema = object({
  judge: oneOf(JUDGES),
  runs: index2,
  passes: index2,
  unverifiable: index2,
  /** Sides that should PASS and those the judge did not pass. */
  positives: index2,
  false_fail: index2,
  false_fail_rate: nullable(num),
  /** Sides that should not PASS and those the judge passed. */
  negatives: index2,
  false_pass: index2,
  false_pass_rate: nullable(num)
});
var BENCH_KINDS = {
  /** One record: how checks alone, the panel alone and both judged each of its patches. */
  bench_result: looseObject({
    instance_id: text,
    repo: opt(text),
    base_commit: opt(text),
    tests_commit: maybe(text),
    model: maybe(text),
    /** Why the record could not be judged at all (its test_patch does not apply). */
    error: maybe(text),
    sides: array(BenchSideSchema),
    wall_ms: opt(num)
  }),
  /** The benchmark's figures: `records` and `judges` must be the tally of the `bench_result`s. */
  bench_report: looseObject({
    mode: opt(oneOf(["verdicts", "solve"])),
    reference: opt(oneOf(["labels", "checks"])),
    dataset: opt(json),
    predictions: maybe(json),
    panel: opt(json),
    records: index2,
    errors: opt(array(object({ instance_id: text, error: text }))),
    judges: array(JudgeFiguresSchema),
    cost_usd: opt(num),
    tokens: opt(num),
    wall_ms: opt(num),
    wall_ms_per_record: opt(num),
    summary: opt(text)
  })
};

// src/core/ledger/entry-kinds-context.ts
var CompactionPolicySchema = object({
  mode: text,
  threshold: num,
  min_tail: num,
  exempt: array(text)
});
var ContextSettingsSchema = object({
  version: num,
  window: num,
  window_source: opt(text),
  goal_repin_every: num,
  compaction: CompactionPolicySchema,
  cache: text
});
var CONTEXT_KINDS = {
  /** Before each model step: the estimated tokens of each layer and the gauge's reading. */
  context_layers: looseObject({
    step: index2,
    layers: json,
    estimated_tokens: num,
    projected_tokens: num,
    window: num,
    pressure: num,
    memory_ids: opt(array(text))
  }),
  /** The goal restated after `step` model steps; `goal_sha256` is the re-pin text's hash. */
  goal_repinned: looseObject({ step: index2, goal_sha256: hex32, tokens: opt(num) }),
  /**
   * A governed compaction (checked by every verifier: ledger/compaction-check.ts): the journal range
   * whose conversation was replaced and the summary (a blob) by hash.
   */
  compaction_performed: looseObject({
    step: index2,
    before_tokens: num,
    after_tokens: num,
    window: opt(num),
    pressure: opt(num),
    elided_range: object({
      from_seq: index2,
      to_seq: index2,
      from_step: opt(index2),
      to_step: opt(index2),
      messages: opt(num)
    }),
    summary_sha256: hex32,
    summary_bytes: opt(num),
    summary_seq: opt(index2),
    previous_summary_sha256: opt(hex32),
    memory_dropped: opt(flag),
    policy: CompactionPolicySchema
  })
};

// src/core/ledger/entry-kinds-delegated.ts
var DelegatedToolsSchema = object({
  server: text,
  vendor: opt(text),
  calls: index2,
  /** The seq of the attempt's first `delegated_tool_call`; null when it made none. */
  first_seq: nullable(index2)
});
var DELEGATED_TOOL_KINDS = {
  /** The git snapshot the work is diffed against and the tools the CLI was offered. */
  delegated_started: looseObject({
    command: text,
    tools: oneOf(["truss"]),
    offered: array(text),
    git: maybe(object({ head_before: nullable(text), tree_before: text })),
    git_error: opt(text)
  }),
  /** One call the CLI made through Truss's tool server, refused ones included. */
  delegated_tool_call: looseObject({
    /** 1, 2, … within one start of the CLI. */
    call: index2,
    name: text,
    /** The arguments after the secret scan; absent (a blob by `input_sha256`) when larger than 32 KiB. */
    input: opt(json),
    input_bytes: opt(num),
    input_sha256: hex32,
    input_redactions: opt(counts),
    refused: opt(flag),
    /** A gated call: `pending` stopped the CLI and suspended the run, `released` ran on an approval. */
    approval: opt(oneOf(["pending", "released"])),
    ...toolOutcome
  })
};

// src/core/ledger/entry-kinds-mcp.ts
var mcpCallFields = {
  call_id: opt(text),
  name: text,
  transport: opt(text),
  server: text,
  tool: text,
  /** Of the arguments after the server's `secret_args` and every run secret were redacted. */
  args_sha256: hex32,
  args_redactions: opt(counts)
};
var mcpResultFields = {
  result_sha256: hex32,
  result_bytes: num,
  is_error: flag,
  redactions: opt(counts)
};
var McpListedToolSchema = object({
  name: text,
  tool: text,
  description: opt(text),
  input_schema: opt(json)
});
var MCP_KINDS = {
  /** The tools one MCP server offered (docs/mcp.md), or why it could not be used. */
  mcp_tools_listed: looseObject({
    server: text,
    transport: opt(text),
    listed: opt(num),
    tools: array(McpListedToolSchema),
    not_mounted: opt(array(object({ name: text, reason: text }))),
    unavailable: opt(text),
    error: opt(text)
  }),
  /** A memoised MCP call: the result is a blob (`result_sha256` null when the call failed). */
  mcp_tool_call: looseObject({
    ...mcpCallFields,
    memo_key: text,
    /** The `mcp_tool_pending` this call completes with a delivered signal. */
    pending_seq: opt(index2),
    refused: opt(flag),
    result_sha256: nullable(hex32),
    result_bytes: opt(num),
    is_error: flag,
    redactions: opt(counts),
    error: nullable(text)
  }),
  /** An MCP result marked pending: the run waits for `signal`, whose payload completes the call. */
  mcp_tool_pending: looseObject({ ...mcpCallFields, signal: text, reason: opt(text), ...mcpResultFields })
};

// src/core/ledger/entry-kinds-memory.ts
var MEMORY_DECISIONS = ["promote", "reject", "revoke", "unverifiable"];
var MEMORY_DECISION_METHODS = ["panel", "maintainer", "eval"];
var LedgerRefSchema = object({ session: text, seq: index2, entry_hash: hex32 });
var ProposedItemSchema = object({
  memory_id: hex32,
  kind: text,
  key: text,
  body: text,
  salience: num,
  /** An earlier entry of the same session it came from (a lesson's verdict). */
  produced_by: opt(object({ seq: index2, entry_hash: hex32 })),
  /** Playbooks: the file imported and its sha256. */
  path: opt(text),
  file_sha256: opt(hex32)
});
var EvalArmResultSchema = object({ arm: text, runs: num, passes: num, pass_rate: num });
var EvalEvidenceSchema = object({
  report: LedgerRefSchema,
  on: EvalArmResultSchema,
  off: EvalArmResultSchema
});
var proposalFields = {
  via: text,
  entries: array(ProposedItemSchema)
};
var MEMORY_KINDS = {
  /** Entries proposed by a run (`memory_propose`, lesson extraction) or `truss memory propose`: unverified. */
  memory_proposed: looseObject({
    ...proposalFields,
    /** Lessons the extractor dropped (below the salience threshold, unstorable), with why. */
    dropped: opt(array(json)),
    provider: opt(text),
    model: opt(text),
    usage: opt(UsageSchema),
    problem: maybe(text)
  }),
  /** Playbook files imported as unverified entries (`truss playbook import`). */
  playbook_imported: looseObject({ ...proposalFields, sections: opt(array(array(text))) }),
  /** One decision about one entry; a verified entry must name a `promote` one that checks. */
  memory_verdict: looseObject({
    memory_id: hex32,
    decision: oneOf(MEMORY_DECISIONS),
    method: oneOf(MEMORY_DECISION_METHODS),
    entry: object({ kind: text, key: text, body_sha256: hex32, produced_by: LedgerRefSchema }),
    reason: text,
    supersedes: array(hex32),
    revokes: maybe(LedgerRefSchema),
    votes: maybe(object({ met: num, not_met: num, unverifiable: num })),
    /** method `eval`: the signed `eval_report` it rests on and the two arms' results it read. */
    eval: opt(EvalEvidenceSchema),
    /** A promotion a maintainer approved with their own key: the signed `memory_approval` it rests on. */
    approval: opt(LedgerRefSchema)
  }),
  /**
   * A maintainer's approval of one promotion, signed with their own key in a session of its own
   * (`run_started {kind: "memory_approval"}`): the entry by id and body hash, and the decision about
   * it that was the latest when they approved (`prior`, null for none), so an approval is spent by
   * the one promotion that follows it. Checked by the memory view (src/core/memory/approval.ts).
   */
  memory_approval: looseObject({
    memory_id: hex32,
    action: oneOf(["promote"]),
    entry: object({ kind: text, key: text, body_sha256: hex32, produced_by: LedgerRefSchema }),
    reason: text,
    prior: maybe(LedgerRefSchema)
  }),
  /** What the executor was told from memory before it started: never shown to the panel. */
  memory_recall: looseObject({
    ids: array(hex32),
    tokens: num,
    budget: opt(object({ max: num, tokens: num })),
    text: opt(text),
    /** An unverified entry recalled on trial by an eval-gated promotion's `on` arm. */
    trial: opt(hex32),
    ignored: opt(array(object({ id: text, kind: opt(text), key: opt(text), reason: text })))
  })
};

// src/core/ledger/entry-kinds-tools.ts
var toolCallFields = {
  call_id: opt(text),
  name: text,
  /** The input as parsed (defaults applied), secret-scanned; `input_sha256` is of its canonical JSON. */
  input: json,
  input_sha256: hex32,
  input_redactions: opt(counts),
  /** The model asked to observe again instead of reusing an earlier observation. */
  revalidate: opt(flag),
  memo_key: text,
  /** The earlier call whose observation this one reused (nothing was fetched). */
  reused_seq: opt(index2),
  refused: opt(flag),
  result_sha256: nullable(hex32),
  result_bytes: opt(num),
  is_error: flag,
  error: nullable(text),
  redactions: opt(counts)
};
var TOOL_CALL_KINDS = {
  /** A read of GitHub through the host's client (github_pr_view, …). */
  github_tool_call: looseObject({
    ...toolCallFields,
    repository: maybe(text),
    number: opt(num),
    head_sha: opt(text),
    ref: opt(text)
  }),
  /** A web_fetch or web_search made by the harness under the network policy. */
  web_tool_call: looseObject({
    ...toolCallFields,
    final_url: opt(text),
    status: opt(num),
    content_type: maybe(text),
    raw_sha256: opt(hex32),
    bytes: opt(num),
    truncated: opt(flag),
    provider: opt(text),
    results: opt(num)
  })
};

// src/core/ledger/entry-kinds.ts
var ENTRY_KIND_SCHEMAS = {
  run_started: looseObject({
    /** Binds the session id to the chain (docs/ledger.md "Bundle"). */
    session_id: opt(text),
    /** `eval` for a `truss eval` session (docs/eval.md), whose arms are in `eval`; absent for a run. */
    kind: opt(text),
    eval: opt(json),
    /** The resolved contract; its shape is src/core/contract's, read with `contractSummary`. */
    contract: opt(unknown()),
    contract_hash: opt(text),
    code_version: opt(text),
    principal: opt(json),
    git: maybe(GitSchema),
    workdir_name: opt(text),
    workdir: opt(text),
    /** How the run's untrusted processes were isolated (docs/security.md); absent before it was recorded. */
    isolation: opt(
      object({ level: opt(text), requested: opt(text), network: opt(text), network_enforced: opt(flag) })
    ),
    started_at: opt(text),
    /** A child run names its parent and what it was given (docs/fanout.md "Child runs"). */
    parent: opt(ChildParentSchema)
  }),
  executor_started: looseObject({
    kind: opt(text),
    provider: opt(text),
    model: opt(text),
    max_steps: opt(num),
    tools: opt(array(text)),
    git: maybe(object({ head_before: nullable(text), tree_before: text })),
    git_error: opt(text),
    /** How the in-loop agent's requests are assembled (docs/context.md); absent before context assembly. */
    context: opt(ContextSettingsSchema)
  }),
  model_result: looseObject({
    provider: text,
    model: text,
    response_model: maybe(text),
    /** A harness call that is not an agent step (`context_summary`, docs/context.md). */
    purpose: opt(text),
    request_digest: opt(text),
    content: opt(array(ContentBlockSchema)),
    stop_reason: maybe(text),
    usage: opt(UsageSchema)
  }),
  tool_result: looseObject({
    name: text,
    call_id: opt(text),
    input: opt(json),
    refused: opt(flag),
    ...toolOutcome
  }),
  git_tool_call: SideEffectSchema,
  effect_tool_call: SideEffectSchema,
  executor_result: looseObject({
    kind: opt(text),
    status: opt(text),
    final_text: opt(text),
    steps: opt(num),
    failure: maybe(text),
    budget_exhausted: maybe(text),
    note: maybe(text),
    ...recordedWork
  }),
  delegated_result: looseObject({
    command: opt(text),
    resolved_command: maybe(text),
    args: opt(array(text)),
    prompt_via: opt(text),
    prompt_sha256: maybe(text),
    cleared_env: opt(array(text)),
    timeout_sec: maybe(num),
    exit_code: maybe(num),
    signal: maybe(text),
    timed_out: opt(flag),
    duration_ms: opt(num),
    stdout: opt(OutputStreamSchema),
    stderr: opt(OutputStreamSchema),
    git_error: maybe(text),
    redactions: opt(counts),
    /** `tools = "truss"`: how many calls this start of the CLI made (docs/mcp.md). */
    tools: opt(DelegatedToolsSchema),
    ...recordedWork
  }),
  /** The agent's own run of a check (`run_checks`): evidence only, never the verdict. */
  self_validation: looseObject({
    clause: index2,
    call_id: opt(text),
    desc: opt(text),
    cmd: opt(text),
    exit: maybe(num),
    summary: opt(text),
    workdir_hash: maybe(text),
    evidence_only: opt(flag),
    ...checkRun
  }),
  checks_workspace: looseObject({
    checkout: text,
    reason: opt(text),
    base_sha: maybe(text),
    head_sha: maybe(text),
    base_tree: maybe(text),
    diff_sha256: maybe(text),
    diff_bytes: opt(num),
    tree: maybe(text),
    duration_ms: opt(num),
    error: maybe(text)
  }),
  checks_setup: looseObject({ run: text, checkout: opt(text), ...checkRun }),
  check_result: looseObject({
    clause: index2,
    desc: opt(text),
    run: opt(text),
    expect_exit: maybe(num),
    checkout: opt(text),
    /** Before tails moved to blobs, hand-written and early bundles carried them inline. */
    stdout_tail: opt(text),
    stderr_tail: opt(text),
    ...checkRun
  }),
  review_evidence: looseObject({
    clause: index2,
    base_sha: maybe(text),
    head_sha: maybe(text),
    diff_sha256: opt(text),
    diff_bytes: opt(num),
    diff_truncated: opt(flag),
    files: opt(array(object({ path: text, bytes: maybe(num), truncated: opt(flag), problem: maybe(text) }))),
    notes: opt(array(text)),
    hidden_text: opt(array(object({ source: text, path: text, counts, total: num }))),
    injection_suspected: maybe(RecordedInjectionSchema),
    redactions: opt(counts)
  }),
  review_vote: looseObject({
    clause: index2,
    seat: index2,
    vote: status,
    lens: opt(text),
    provider: opt(text),
    model: opt(text),
    reasoning: opt(text),
    usage: opt(UsageSchema),
    error: maybe(text),
    aimed_at_reviewers: maybe(flag),
    /** The problems the seat named, anchored to changed lines or kept as prose (absent in older votes). */
    citations: opt(array(CitationSchema))
  }),
  verdict: looseObject({
    overall,
    clauses: array(ClauseVerdictSchema),
    forced: opt(array(text)),
    contract_id: opt(text),
    contract_hash: opt(text),
    git: maybe(object({ repo: maybe(text), base_sha: maybe(text), head_sha: maybe(text) })),
    executor: opt(text),
    cost_usd: opt(num),
    total_tokens: opt(num)
  }),
  /** What the harness did with a passing run's changes (src/core/run/publish-changes.ts). */
  changes_published: SideEffectSchema,
  /** `overall` is null for a run without a verdict of its own (`truss eval`). */
  run_completed: looseObject({ overall: maybe(overall), final_text: opt(text), finished_at: opt(text) }),
  run_failed: looseObject({ error: opt(text), failed_at: opt(text) }),
  clock_read: looseObject({ now: num }),
  random_draw: looseObject({ value: num }),
  timer_set: looseObject({ fire_at: num }),
  timer_fired: looseObject({ timer_seq: opt(index2), fire_at: opt(num), fired_at: opt(num) }),
  /** A consumed `truss signal`, or an approval gate released by the review at `review_seq`. */
  signal_received: looseObject({
    name: text,
    payload: opt(unknown()),
    queued_at: opt(num),
    gate: opt(ApprovalAwaitSchema),
    review_seq: opt(index2),
    review_entry_hash: opt(text),
    reviewer_key_id: opt(text)
  }),
  /** `await` is an AwaitSpec; read it with `readAwaitSpec` (it only names what the run waits for). */
  suspended: looseObject({ reason: text, await: json, fire_at: opt(num) }),
  /**
   * docs/ledger.md "Human sign-off": the decision is one of the three strings, never something that
   * merely prints like one (`["approved"]`, `true`); `note`, `actor` and `source` are descriptive.
   */
  human_review: looseObject({
    decision: oneOf(HUMAN_REVIEW_DECISIONS),
    attested_head_hash: hex32,
    reviewer_key_id: text,
    reviewer_public_key: hex32,
    note: maybe(text),
    actor: maybe(object({ login: maybe(text), id: maybe(num) })),
    source: maybe(json)
  }),
  /** A transparency-log receipt for an earlier entry (src/core/anchor/receipt.ts checks the proof). */
  anchor_receipt: looseObject({
    log_origin: text,
    log_public_key: hex32,
    log_key_id: text,
    leaf_index: index2,
    checkpoint: text,
    inclusion_proof: array(hex32),
    anchored_head_hash: hex32,
    anchored_seq: index2
  }),
  ...CHILD_RUN_KINDS,
  ...MCP_KINDS,
  ...BENCH_KINDS,
  ...TOOL_CALL_KINDS,
  ...DELEGATED_TOOL_KINDS,
  ...MEMORY_KINDS,
  ...CONTEXT_KINDS
};
var ENTRY_KINDS = Object.keys(ENTRY_KIND_SCHEMAS);
var SCHEMAS = ENTRY_KIND_SCHEMAS;
function isEntryKind(kind) {
  return Object.hasOwn(ENTRY_KIND_SCHEMAS, kind);
}
var MalformedEntryError = class extends LedgerError {
  constructor(seq, kind, detail) {
    super("malformed_entry", seq === null ? detail : `seq ${seq}: ${detail}`);
    this.seq = seq;
    this.kind = kind;
    this.detail = detail;
  }
  seq;
  kind;
  detail;
  name = "MalformedEntryError";
};
function readPayload(kind, payload) {
  const shape = SCHEMAS[kind];
  return fits(shape, payload) ? { payload } : { error: describeIssue(kind, payload, shape.problem(payload)) };
}
function tryReadEntry(entry, kind) {
  if (entry.kind !== kind) return { error: `expected a ${kind} entry, found ${JSON.stringify(entry.kind)}` };
  return readPayload(kind, entry.payload);
}
function readEntry(entry, kind) {
  const read = tryReadEntry(entry, kind);
  if ("error" in read) throw new MalformedEntryError(entry.seq ?? null, entry.kind, read.error);
  return read.payload;
}
function readEntries(entries, kind) {
  const read = [];
  for (const entry of entries) {
    if (entry.kind === kind) read.push({ ...entry, kind, payload: readEntry(entry, kind) });
  }
  return read;
}
function readKnownEntry(entry) {
  if (!isEntryKind(entry.kind)) return null;
  const read = readPayload(entry.kind, entry.payload);
  if ("error" in read) return read;
  return { seq: entry.seq, kind: entry.kind, payload: read.payload };
}
function describeIssue(kind, payload, issue) {
  if (!issue || issue.path.length === 0) return `${kind} payload is malformed (${issue?.want ?? "invalid"})`;
  let value = payload;
  for (const key of issue.path) value = value[key];
  return `${kind} ${issue.path.join(".")} ${describeValue(value)} is malformed (${issue.want})`;
}
function describeValue(value) {
  if (value === void 0) return "missing";
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 80);
  } catch {
    return typeof value;
  }
}

// src/core/ledger/encoding.ts
var HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
function bytesToHex(bytes) {
  const parts = new Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) parts[i] = HEX[bytes[i]];
  return parts.join("");
}
var HEX_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX_VALUE["0123456789abcdef".charCodeAt(i)] = i;
function hexToBytes(hex2, byteLength) {
  if (typeof hex2 !== "string" || hex2.length !== byteLength * 2) return void 0;
  const out = new Uint8Array(byteLength);
  for (let i = 0; i < byteLength; i++) {
    const high = HEX_VALUE[hex2.charCodeAt(2 * i)] ?? -1;
    const low = HEX_VALUE[hex2.charCodeAt(2 * i + 1)] ?? -1;
    if ((high | low) < 0) return void 0;
    out[i] = high << 4 | low;
  }
  return out;
}
function bytesEqual(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
var utf8 = new TextEncoder();
function utf8Bytes(text2) {
  return utf8.encode(text2);
}
function concatBytes(...parts) {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
function base64Encode(bytes, padded = true) {
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  const b64 = btoa(binary);
  return padded ? b64 : b64.replace(/=+$/, "");
}

// src/core/ledger/entry-hash.ts
var ZERO_HASH = new Uint8Array(32);
var KIND_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
var TERMINAL_KINDS = /* @__PURE__ */ new Set(["run_completed", "run_failed", "suspended"]);
var SUSPENDED_KIND = "suspended";
var HUMAN_REVIEW_KIND = "human_review";
var ANCHOR_RECEIPT_KIND = "anchor_receipt";
var ANNOTATION_KINDS = /* @__PURE__ */ new Set([HUMAN_REVIEW_KIND, ANCHOR_RECEIPT_KIND]);
function entryPreimage(prevHash, kind, canonicalPayload, seq) {
  const [prev, kindText, payloadText, seqBytes] = entryPreimageParts(prevHash, kind, canonicalPayload, seq);
  return concatBytes(prev, utf8Bytes(kindText), utf8Bytes(payloadText), seqBytes);
}
function entryPreimageParts(prevHash, kind, canonicalPayload, seq) {
  const seqBytes = new Uint8Array(8);
  if (Number.isSafeInteger(seq) && seq >= 0) {
    let low = seq % 4294967296;
    let high = (seq - low) / 4294967296;
    for (let i = 0; i < 4; i++, low >>>= 8, high >>>= 8) {
      seqBytes[i] = low & 255;
      seqBytes[i + 4] = high & 255;
    }
  } else {
    new DataView(seqBytes.buffer).setBigUint64(0, BigInt(seq), true);
  }
  return [prevHash, kind, canonicalPayload, seqBytes];
}

// src/core/ledger/trusted-keys.ts
var KEY_ROLES = ["signer", "reviewer", "log"];
var UNTAGGED_ROLES = ["signer", "reviewer"];
var NO_TRUSTED_KEYS = /* @__PURE__ */ new Map();
function rolePin(label, roles) {
  return { label, roles: [...roles] };
}
function isPinned(trusted, publicKeyHex, role) {
  return pinnedRoles(trusted, publicKeyHex).includes(role);
}
function pinnedRoles(trusted, publicKeyHex) {
  return rolesOf(trusted.get(publicKeyHex));
}
function rolesOf(pin) {
  if (typeof pin === "string") return KEY_ROLES;
  return Array.isArray(pin?.roles) ? pin.roles : [];
}
function hasRole(trusted, role) {
  for (const pin of trusted.values()) if (rolesOf(pin).includes(role)) return true;
  return false;
}
function keysFor(trusted, role) {
  return [...trusted.keys()].filter((hex2) => isPinned(trusted, hex2, role));
}
function parseTrustedKeys(text2, source, onWarning) {
  const keys = /* @__PURE__ */ new Map();
  const untagged = [];
  text2.split(/\r?\n/).forEach((line, index3) => {
    const content = line.replace(/#.*/, "").trim();
    if (content === "") return;
    const [hex2 = "", ...rest] = content.split(/\s+/);
    if (!hexToBytes(hex2.toLowerCase(), 32)) {
      throw new KeyError(
        `${source}:${index3 + 1}: expected a 64-character hex Ed25519 public key, got ${JSON.stringify(hex2.slice(0, 80))}`
      );
    }
    let roles;
    if (rest[0]?.startsWith("roles=")) {
      roles = parseRoles(rest.shift().slice("roles=".length), `${source}:${index3 + 1}`);
    } else {
      roles = [...UNTAGGED_ROLES];
      untagged.push(index3 + 1);
    }
    const key = hex2.toLowerCase();
    const earlier = keys.get(key);
    const merged = earlier ? [.../* @__PURE__ */ new Set([...earlier.roles, ...roles])] : roles;
    keys.set(key, { label: rest.join(" ") || earlier?.label || "", roles: merged });
  });
  if (untagged.length > 0) {
    onWarning?.(
      `${source}: line${untagged.length > 1 ? "s" : ""} ${untagged.join(", ")} pin${untagged.length > 1 ? "" : "s"} a key without roles=\u2026, so it is trusted as signer and reviewer; add roles=signer, roles=reviewer or roles=log after the key to say which (docs/ledger.md "Trusted keys and roles")`
    );
  }
  return keys;
}
function parseRoles(text2, where) {
  const roles = text2.split(",").filter((r) => r !== "");
  const bad = roles.filter((r) => !KEY_ROLES.includes(r));
  if (roles.length === 0 || bad.length > 0) {
    throw new KeyError(
      `${where}: roles=${text2} is not a comma-separated list of ${KEY_ROLES.join(", ")}; write e.g. roles=signer or roles=signer,reviewer`
    );
  }
  return [...new Set(roles)];
}

// src/core/ledger/child-anchor.ts
function sameVerdictRef(a, b) {
  if (!a || !b) return (a ?? null) === (b ?? null);
  return a.seq === b.seq && a.entry_hash === b.entry_hash;
}
function childAnchorFinding(seq, p) {
  return {
    seq,
    child_session_id: p.child_session_id,
    child_head_hash: p.child_head_hash,
    ...p.child_root_hash !== void 0 ? { child_root_hash: p.child_root_hash } : {},
    ...p.verdict_ref !== void 0 ? { verdict_ref: p.verdict_ref } : {},
    ...p.status !== void 0 ? { status: p.status } : {}
  };
}
function reductionChild(ref) {
  return {
    anchor_seq: ref.anchor_seq,
    child_session_id: ref.child_session_id,
    verdict_ref: ref.verdict_ref ?? null
  };
}
function readFanoutReduction(seq, p, anchors, kind = "fanout_reduction") {
  if (p.children.length === 0) return { error: `seq ${seq}: ${kind} has no children` };
  const children = [];
  for (const ref of p.children) {
    const child = reductionChild(ref);
    const anchor = anchors.get(child.anchor_seq);
    if (!anchor || anchor.child_session_id !== child.child_session_id) {
      return {
        error: `seq ${seq}: ${kind} names child ${child.child_session_id} at seq ${child.anchor_seq}, which is not a child_anchor of that session in this ledger`
      };
    }
    if (!sameVerdictRef(anchor.verdict_ref, child.verdict_ref)) {
      return {
        error: `seq ${seq}: ${kind}'s verdict ref for child ${child.child_session_id} is not the one its anchor (seq ${child.anchor_seq}) records`
      };
    }
    children.push(child);
  }
  if (!p.winner) return { seq, children, winner: null };
  const winner = reductionChild(p.winner);
  const weighed = children.find(
    (c) => c.anchor_seq === winner.anchor_seq && c.child_session_id === winner.child_session_id
  );
  if (!weighed) {
    return {
      error: `seq ${seq}: ${kind}'s winner ${winner.child_session_id} is not one of the children it weighed`
    };
  }
  if (!winner.verdict_ref || !sameVerdictRef(weighed.verdict_ref, winner.verdict_ref)) {
    return {
      error: `seq ${seq}: ${kind}'s winner ${winner.child_session_id} has verdict ref ${describeRef(winner.verdict_ref)}, but its anchor (seq ${winner.anchor_seq}) records ${describeRef(weighed.verdict_ref)}`
    };
  }
  return { seq, children, winner };
}
function checkEvalReport(seq, p, anchors) {
  const children = p.arms.flatMap((arm) => arm.child_refs);
  const checked = readFanoutReduction(seq, { children, winner: null }, anchors, "eval_report");
  return "error" in checked ? checked.error : null;
}
function childAnchorMismatch(anchor, child) {
  const where = `seq ${anchor.seq}: child anchor for ${anchor.child_session_id}`;
  if (anchor.child_root_hash !== void 0 && anchor.child_root_hash !== child.root_hash) {
    return `${where} commits to root ${short(anchor.child_root_hash)}, but the child starts at ${short(child.root_hash)}`;
  }
  if (anchor.verdict_ref !== void 0 && !sameVerdictRef(anchor.verdict_ref, child.verdict_ref)) {
    return `${where} commits to verdict ${describeRef(anchor.verdict_ref)}, but the child's verdict is ${describeRef(child.verdict_ref)}`;
  }
  if (anchor.status === "completed" && child.terminal_kind !== "run_completed") {
    return `${where} says the child completed, but it ends with ${child.terminal_kind ?? "nothing"}`;
  }
  return null;
}
function describeRef(ref) {
  return ref ? `seq ${ref.seq} (${short(ref.entry_hash)})` : "none";
}
function short(hash2) {
  return typeof hash2 === "string" ? `${hash2.slice(0, 12)}\u2026` : `${hash2}`;
}

// src/core/ledger/verify-report.ts
var VERIFY_EXIT_CODES = {
  verified: 0,
  failed: 1,
  integrity_only: 4,
  incomplete: 5,
  /** Same code as `truss run` for a suspended run (src/cli/exit-codes.ts). */
  suspended: 6
};
function buildReport(input) {
  const { chain, trusted } = input;
  const report = {
    status: "verified",
    session_id: input.sessionId,
    session_id_signed: chain.signedSessionId !== null,
    entries: chain.entryCount,
    head_hash: chain.headHash,
    public_key: input.publicKeyHex,
    key_id: input.keyId,
    key_pinned: isPinned(trusted, input.publicKeyHex, "signer"),
    terminal_kind: chain.lastKind,
    root_hash: chain.rootHash,
    verdict_ref: chain.verdictRef,
    failure: chain.failure,
    notes: [],
    reviews: chain.reviews.map((review) => ({
      ...review,
      key_pinned: isPinned(trusted, review.reviewer_public_key, "reviewer")
    })),
    anchors: chain.anchorReceipts.map((anchor) => ({
      ...anchor,
      log_key_pinned: isPinned(trusted, anchor.log_public_key, "log")
    })),
    children: []
  };
  const fail2 = (failure) => {
    report.failure ??= failure;
    report.status = "failed";
    return report;
  };
  input.seen.add(input.sessionId);
  if (report.failure) return fail2(report.failure);
  if (input.declaredHead !== chain.headHash) {
    const seq = chain.entryCount - 1;
    return fail2({
      seq,
      code: "head_mismatch",
      message: `head_hash ${short2(input.declaredHead)} is not the hash of the last entry (seq ${seq}, ${short2(chain.headHash)}): the head was dropped or replaced`
    });
  }
  if (chain.signedSessionId !== null && chain.signedSessionId !== input.sessionId) {
    return fail2({
      seq: 0,
      code: "session_mismatch",
      message: `seq 0: the ledger is labelled session ${JSON.stringify(input.sessionId)}, but its signed run_started names session ${JSON.stringify(chain.signedSessionId)} (renamed session)`
    });
  }
  if (trusted.size > 0 && !report.key_pinned) {
    const roles = pinnedRoles(trusted, input.publicKeyHex);
    return fail2({
      seq: null,
      code: "untrusted_key",
      message: roles.length > 0 ? `the ledger is signed by ${input.keyId}, which is pinned only as ${roles.join(", ")}, not as a signer (roles=signer in trusted-keys)` : `the ledger is signed by ${input.keyId}, which is not a trusted key (re-signed or forged ledger)`
    });
  }
  for (const anchor of chain.childAnchors) {
    if (input.seen.has(anchor.child_session_id)) {
      return fail2({
        seq: anchor.seq,
        code: "duplicate_child",
        message: `seq ${anchor.seq}: child session ${anchor.child_session_id} is already part of this ledger (anchored before, or the session itself); a session is anchored once`
      });
    }
    const child = input.resolveChild(anchor);
    if (!child) {
      return fail2({
        seq: anchor.seq,
        code: "child_missing",
        message: `seq ${anchor.seq}: child session ${anchor.child_session_id} is not included`
      });
    }
    report.children.push(child);
    if (child.status === "failed") {
      return fail2({
        seq: anchor.seq,
        code: "child_failed",
        message: `seq ${anchor.seq}: child session ${anchor.child_session_id} failed verification: ${child.failure?.message ?? "unknown reason"}`
      });
    }
    if (child.head_hash !== anchor.child_head_hash) {
      return fail2({
        seq: anchor.seq,
        code: "child_anchor_mismatch",
        message: `seq ${anchor.seq}: child anchor commits to head ${short2(anchor.child_head_hash)} but child session ${anchor.child_session_id} ends at ${short2(child.head_hash)}`
      });
    }
    const mismatch = childAnchorMismatch(anchor, child);
    if (mismatch) return fail2({ seq: anchor.seq, code: "child_anchor_mismatch", message: mismatch });
  }
  if (!chain.terminal) {
    report.status = "incomplete";
    report.notes.push(
      `the last entry is ${chain.lastKind ?? "missing"}, not run_completed, run_failed or suspended: the run is unfinished or its tail was cut off`
    );
    return report;
  }
  if (!hasRole(trusted, "signer"))
    report.notes.push(
      `no trusted keys given: the chain is intact, but anyone could have signed it with ${input.keyId}`
    );
  for (const review of report.reviews) {
    if (!review.key_pinned)
      report.notes.push(
        `human review at seq ${review.seq} is signed by ${review.reviewer_key_id}, which is not a trusted key`
      );
  }
  for (const child of report.children) {
    if (child.status !== "verified")
      report.notes.push(`child session ${child.session_id} is ${child.status}`);
  }
  report.status = report.notes.length > 0 ? "integrity_only" : "verified";
  if (chain.suspended) {
    report.notes.push(
      "the run is suspended (approval gate, signal or timer): its decision and verdict are not in this ledger, so it is not a finished run"
    );
    if (report.status === "verified") report.status = "suspended";
  }
  return report;
}
function short2(hash2) {
  return typeof hash2 === "string" ? `${hash2.slice(0, 12)}\u2026` : String(hash2);
}

// src/core/ledger/crypto-node.ts
import { createHash, createPublicKey, hash, verify } from "node:crypto";

// node_modules/@noble/ed25519/index.js
var freeze = Object.freeze;
var P = 0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffedn;
var N = 0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3edn;
var _d = 0x52036cee2b6ffe738cc740797779e89800700a4d4141d8ab75eb4dca135978a3n;
var Gx = 0x216936d3cd6e53fec0a4e231fdd6dc5c692cc7609525a7b2c9562d608f25d51an;
var Gy = 0x6666666666666666666666666666666666666666666666666666666666666658n;
var _a = P - 1n;
var ed25519_CURVE = freeze({
  p: P,
  n: N,
  h: 8n,
  a: _a,
  d: _d,
  Gx,
  Gy
});
var LEN = 32;
var isBytes = (a) => {
  return a instanceof Uint8Array || ArrayBuffer.isView(a) && a.constructor.name === "Uint8Array" && a.BYTES_PER_ELEMENT === 1;
};
var abytes = (value, length, title = "") => {
  if (isBytes(value) && (length === void 0 || value.length === length))
    return value;
  const bytes = isBytes(value);
  const ofLen = length !== void 0 ? ` of length ${length}` : "";
  const got = bytes ? `length=${value.length}` : `type=${typeof value}`;
  const message = (title ? `"${title}" ` : "") + "expected Uint8Array" + ofLen + ", got " + got;
  if (!bytes)
    throw new TypeError(message);
  throw new RangeError(message);
};
var snapshotBytes = (value, title = "", length) => Uint8Array.from(abytes(value, length, title));
var padh = (n, pad) => n.toString(16).padStart(pad, "0");
var bytesToHex2 = (bytes) => {
  let hex2 = "";
  for (const byte of abytes(bytes))
    hex2 += padh(byte, 2);
  return hex2;
};
var hexToBytes2 = (hex2) => {
  const e = "hex invalid";
  if (typeof hex2 !== "string")
    throw new TypeError(e);
  if (hex2.length % 2 || !/^[\da-f]*$/i.test(hex2))
    throw new RangeError(e);
  const array2 = new Uint8Array(hex2.length / 2);
  for (let ai = 0, hi = 0; ai < array2.length; ai++, hi += 2) {
    const n1 = hex2.charCodeAt(hi);
    const n2 = hex2.charCodeAt(hi + 1);
    array2[ai] = ((n1 & 15) + (n1 >> 6) * 9) * 16 + (n2 & 15) + (n2 >> 6) * 9;
  }
  return array2;
};
var arange = (n, min, max, msg = "bad number: out of range") => {
  if (typeof n !== "bigint")
    throw new TypeError(msg);
  if (min <= n && n < max)
    return n;
  throw new RangeError(msg);
};
var mod = (a, b = P) => (a %= b) >= 0n ? a : b + a;
var P_MASK = (1n << 255n) - 1n;
var modP = (num2) => {
  if (num2 < 0n)
    throw new RangeError("negative coordinate");
  let r = (num2 >> 255n) * 19n + (num2 & P_MASK);
  r = (r >> 255n) * 19n + (r & P_MASK);
  return r % P;
};
var invert = (number2, modulo) => {
  if (number2 === 0n)
    throw new Error("invert: expected non-zero number");
  if (modulo <= 1n)
    throw new Error("invert: expected modulus > 1, got " + modulo);
  let a = mod(number2, modulo);
  let b = modulo;
  let x = 0n, u = 1n;
  while (a !== 0n) {
    const q = b / a;
    const r = b - a * q;
    const m = x - u * q;
    b = a, a = r, x = u, u = m;
  }
  const gcd = b;
  if (gcd !== 1n)
    throw new Error("invert: does not exist");
  return mod(x, modulo);
};
var apoint = (p) => {
  if (p instanceof Point)
    return p;
  throw new TypeError("Point expected");
};
var B256 = 2n ** 256n;
var Point = class _Point {
  static BASE;
  static ZERO;
  X;
  Y;
  Z;
  T;
  // Constructor only bounds-checks and freezes XYZT coordinates; it does not prove the point is
  // on-curve or that T matches X*Y/Z.
  constructor(X, Y, Z, T) {
    const max = B256;
    this.X = arange(X, 0n, max);
    this.Y = arange(Y, 0n, max);
    this.Z = arange(Z, 1n, max);
    this.T = arange(T, 0n, max);
    freeze(this);
  }
  static CURVE() {
    return ed25519_CURVE;
  }
  static fromAffine(p) {
    return new _Point(p.x, p.y, 1n, modP(p.x * p.y));
  }
  /** RFC8032 5.1.3: Uint8Array to Point. */
  static fromBytes(bytes, zip215 = false) {
    const normed = snapshotBytes(bytes, "point", LEN);
    const lastByte = normed[31];
    normed[31] = lastByte & ~128;
    const y = bytesToNumberLE(normed);
    if (!zip215)
      arange(y, 0n, P);
    const y2 = modP(y * y);
    const u = mod(y2 - 1n);
    const v = modP(_d * y2 + 1n);
    let { isValid, value: x } = uvRatio(u, v);
    if (!isValid)
      throw new Error("bad point: y not sqrt");
    const isLastByteOdd = !!(lastByte & 128);
    if (!zip215 && x === 0n && isLastByteOdd)
      throw new Error("bad point: x==0, isLastByteOdd");
    if (isLastByteOdd !== !!(x & 1n))
      x = mod(-x);
    return new _Point(x, y, 1n, modP(x * y));
  }
  static fromHex(hex2, zip215) {
    return _Point.fromBytes(hexToBytes2(hex2), zip215);
  }
  get x() {
    return this.toAffine().x;
  }
  get y() {
    return this.toAffine().y;
  }
  /** Checks if the point is valid and on-curve. */
  assertValidity() {
    const a = _a;
    const d = _d;
    const p = this;
    if (p.is0())
      throw new Error("bad point: ZERO");
    const { X, Y, Z, T } = p;
    const X2 = modP(X * X);
    const Y2 = modP(Y * Y);
    const Z2 = modP(Z * Z);
    const Z4 = modP(Z2 * Z2);
    const aX2 = modP(X2 * a);
    const left = modP(Z2 * (aX2 + Y2));
    const right = mod(Z4 + modP(d * modP(X2 * Y2)));
    if (left !== right)
      throw new Error("bad point: equation left != right (1)");
    const XY = modP(X * Y);
    const ZT = modP(Z * T);
    if (XY !== ZT)
      throw new Error("bad point: equation left != right (2)");
    return this;
  }
  /** Equality check: compare points P&Q. */
  equals(other) {
    const { X: X1, Y: Y1, Z: Z1 } = this;
    const { X: X2, Y: Y2, Z: Z2 } = apoint(other);
    return modP(X1 * Z2) === modP(X2 * Z1) && modP(Y1 * Z2) === modP(Y2 * Z1);
  }
  is0() {
    return this.equals(I);
  }
  /** Flip point over y coordinate. */
  negate() {
    return new _Point(mod(-this.X), this.Y, this.Z, mod(-this.T));
  }
  /** Point doubling. Complete formula. Cost: `4M + 4S + 1*a + 6add + 1*2`. */
  double() {
    const { X: X1, Y: Y1, Z: Z1 } = this;
    const a = _a;
    const A = modP(X1 * X1);
    const B = modP(Y1 * Y1);
    const C = modP(2n * Z1 * Z1);
    const D = modP(a * A);
    const x1y1 = mod(X1 + Y1);
    const E = mod(modP(x1y1 * x1y1) - A - B);
    const G2 = mod(D + B);
    const F = mod(G2 - C);
    const H = mod(D - B);
    const X3 = modP(E * F);
    const Y3 = modP(G2 * H);
    const T3 = modP(E * H);
    const Z3 = modP(F * G2);
    return new _Point(X3, Y3, Z3, T3);
  }
  /** Point addition. Complete formula. Cost: `9M + 1*a + 1*d + 7add`. */
  add(other) {
    const { X: X1, Y: Y1, Z: Z1, T: T1 } = this;
    const { X: X2, Y: Y2, Z: Z2, T: T2 } = apoint(other);
    const a = _a;
    const d = _d;
    const A = modP(X1 * X2);
    const B = modP(Y1 * Y2);
    const C = modP(modP(T1 * d) * T2);
    const D = modP(Z1 * Z2);
    const E = mod(modP(mod(X1 + Y1) * mod(X2 + Y2)) - A - B);
    const F = mod(D - C);
    const G2 = mod(D + C);
    const H = mod(B - modP(a * A));
    const X3 = modP(E * F);
    const Y3 = modP(G2 * H);
    const T3 = modP(E * H);
    const Z3 = modP(F * G2);
    return new _Point(X3, Y3, Z3, T3);
  }
  subtract(other) {
    return this.add(apoint(other).negate());
  }
  /**
   * Point-by-scalar multiplication. Safe mode requires `1 <= n < CURVE.n`.
   * Unsafe mode additionally permits `n = 0` and returns the identity point for that case.
   * Uses {@link wNAF} for base point.
   * Uses fake point to mitigate side-channel leakage.
   * @param n - scalar by which point is multiplied
   * @param safe - safe mode guards against timing attacks; unsafe mode is faster
   */
  multiply(n, safe = true) {
    if (!safe && n === 0n)
      return I;
    arange(n, 1n, N);
    if (!safe && this.is0())
      return I;
    if (n === 1n)
      return this;
    if (this.equals(G))
      return wNAF(n).p;
    let p = I;
    let f = G;
    let d = this;
    for (let i = 0; safe ? i < 256 : n > 0n; i++) {
      if (n & 1n)
        p = p.add(d);
      else if (safe)
        f = f.add(d);
      d = d.double();
      n >>= 1n;
    }
    return p;
  }
  multiplyUnsafe(scalar) {
    return this.multiply(scalar, false);
  }
  /** Convert point to 2d xy affine point. (X, Y, Z) ∋ (x=X/Z, y=Y/Z) */
  toAffine() {
    const { X, Y, Z } = this;
    if (this.equals(I))
      return { x: 0n, y: 1n };
    const iz = invert(Z, P);
    if (modP(Z * iz) !== 1n)
      throw new Error("invalid inverse");
    return { x: modP(X * iz), y: modP(Y * iz) };
  }
  toBytes() {
    const { x, y } = this.toAffine();
    const b = numTo32bLE(y);
    b[31] |= x & 1n ? 128 : 0;
    return b;
  }
  toHex() {
    return bytesToHex2(this.toBytes());
  }
  clearCofactor() {
    return this.multiply(8n, false);
  }
  isSmallOrder() {
    return this.clearCofactor().is0();
  }
  isTorsionFree() {
    return this.multiply(N / 2n, false).double().add(this).is0();
  }
};
var G = new Point(Gx, Gy, 1n, mod(Gx * Gy));
var I = new Point(0n, 1n, 1n, 0n);
Point.BASE = G;
Point.ZERO = I;
var numTo32bLE = (num2) => hexToBytes2(padh(arange(num2, 0n, B256), 64)).reverse();
var bytesToNumberLE = (b) => BigInt("0x" + bytesToHex2(Uint8Array.from(abytes(b)).reverse()));
var pow2 = (x, power) => {
  let r = x;
  while (power-- > 0) {
    r = modP(r * r);
  }
  return r;
};
var pow_2_252_3 = (x) => {
  const x2 = modP(x * x);
  const b2 = modP(x2 * x);
  const b4 = modP(pow2(b2, 2) * b2);
  const b5 = modP(pow2(b4, 1) * x);
  const b10 = modP(pow2(b5, 5) * b5);
  const b20 = modP(pow2(b10, 10) * b10);
  const b40 = modP(pow2(b20, 20) * b20);
  const b80 = modP(pow2(b40, 40) * b40);
  const b160 = modP(pow2(b80, 80) * b80);
  const b240 = modP(pow2(b160, 80) * b80);
  const b250 = modP(pow2(b240, 10) * b10);
  return modP(pow2(b250, 2) * x);
};
var RM1 = 0x2b8324804fc1df0b2b4d00993dfbd7a72f431806ad2fe478c4ee1b274a0ea0b0n;
var uvRatio = (u, v) => {
  const v3 = modP(v * modP(v * v));
  const v7 = modP(modP(v3 * v3) * v);
  const pow = pow_2_252_3(modP(u * v7));
  let x = modP(u * modP(v3 * pow));
  const vx2 = modP(v * modP(x * x));
  const root1 = x;
  const root2 = modP(x * RM1);
  const useRoot1 = vx2 === u;
  const useRoot2 = vx2 === mod(-u);
  const noRoot = vx2 === mod(-u * RM1);
  if (useRoot1)
    x = root1;
  if (useRoot2 || noRoot)
    x = root2;
  if ((mod(x) & 1n) === 1n)
    x = mod(-x);
  return { isValid: useRoot1 || useRoot2, value: x };
};
var precompute = () => {
  const points = [];
  let p = G;
  let b;
  for (let w = 0; w < 33; w++) {
    b = p;
    points.push(b);
    for (let i = 1; i < 128; i++) {
      b = b.add(p);
      points.push(b);
    }
    p = b.double();
  }
  return points;
};
var Gpows = void 0;
var ctneg = (cnd, p) => {
  const n = p.negate();
  return cnd ? n : p;
};
var wNAF = (n) => {
  const comp = Gpows || (Gpows = precompute());
  let p = I;
  let f = G;
  for (let w = 0; w < 33; w++) {
    let wbits = Number(n & 255n);
    n >>= 8n;
    if (wbits > 128) {
      wbits -= 256;
      n += 1n;
    }
    const off = w * 128;
    const offP = off + Math.abs(wbits) - 1;
    const isOddW = w % 2 !== 0;
    const isNeg = wbits < 0;
    if (wbits === 0) {
      f = f.add(ctneg(isOddW, comp[off]));
    } else {
      p = p.add(ctneg(isNeg, comp[offP]));
    }
  }
  if (n !== 0n)
    throw new Error("invalid wnaf");
  return { p, f };
};

// src/core/ledger/ed25519-fixed-key.ts
var N2 = Point.CURVE().n;
function isAcceptablePublicKey(publicKey) {
  if (publicKey.length !== 32) return false;
  try {
    return !Point.fromBytes(publicKey, false).isSmallOrder();
  } catch {
    return false;
  }
}

// src/core/ledger/crypto-node.ts
var SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
function publicKeyObject(publicKey) {
  return createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, publicKey]),
    format: "der",
    type: "spki"
  });
}
function nodeEntryHash(prevHash, kind, canonicalPayload, seq) {
  const [prev, kindText, payloadText, seqBytes] = entryPreimageParts(prevHash, kind, canonicalPayload, seq);
  const kindLength = Buffer.byteLength(kindText, "utf8");
  const payloadLength = Buffer.byteLength(payloadText, "utf8");
  const preimage = Buffer.allocUnsafe(prev.length + kindLength + payloadLength + seqBytes.length);
  preimage.set(prev, 0);
  let offset = prev.length;
  offset += preimage.write(kindText, offset, "utf8");
  offset += preimage.write(payloadText, offset, "utf8");
  preimage.set(seqBytes, offset);
  return hash("sha256", preimage, "buffer");
}
function createNodeCrypto() {
  const keys = /* @__PURE__ */ new Map();
  let lastBytes;
  let lastCopy;
  let lastKey = null;
  const keyFor = (publicKey) => {
    if (publicKey === lastBytes && lastCopy && bytesEqual(publicKey, lastCopy)) return lastKey;
    const key = lookUp(publicKey);
    lastBytes = publicKey;
    lastCopy = publicKey.slice();
    lastKey = key;
    return key;
  };
  const lookUp = (publicKey) => {
    const hex2 = bytesToHex(publicKey);
    let key = keys.get(hex2);
    if (key === void 0) {
      try {
        key = publicKey.length === 32 && isAcceptablePublicKey(publicKey) ? publicKeyObject(publicKey) : null;
      } catch {
        key = null;
      }
      keys.set(hex2, key);
    }
    return key;
  };
  return {
    sha256: (data) => createHash("sha256").update(data).digest(),
    entryHash: nodeEntryHash,
    verify: (signature, message, publicKey) => {
      const key = keyFor(publicKey);
      if (key === null || signature.length !== 64) return false;
      try {
        return verify(null, message, key, signature);
      } catch {
        return false;
      }
    }
  };
}

// src/core/ledger/canonical-json.ts
var MAX_JSON_DEPTH = 64;
function canonicalJson(value) {
  return serialize(value, "$", 0);
}
function serialize(value, path, depth) {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      return serializeNumber(value, path);
    case "string":
      return serializeString(value, path);
    case "object":
      if (depth >= MAX_JSON_DEPTH) {
        throw new CanonicalJsonError(
          `${path}: nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects, the most a ledger payload may have; flatten it, or store the data as a blob and record its hash`
        );
      }
      if (Array.isArray(value)) return serializeArray(value, path, depth + 1);
      return serializeObject(value, path, depth + 1);
    default:
      throw new CanonicalJsonError(`${path}: ${typeof value} is not a JSON value`);
  }
}
function serializeNumber(value, path) {
  if (!Number.isFinite(value)) {
    throw new CanonicalJsonError(`${path}: ${value} is not representable in JSON`);
  }
  if (Number.isInteger(value) && !Number.isSafeInteger(value) && Math.abs(value) < 1e21) {
    throw new CanonicalJsonError(
      `${path}: integer ${value} is outside the safe range (\xB12^53-1); encode it as a string`
    );
  }
  return JSON.stringify(value);
}
function serializeString(value, path) {
  if (!value.isWellFormed()) {
    throw new CanonicalJsonError(`${path}: string contains a lone UTF-16 surrogate`);
  }
  return JSON.stringify(value);
}
function serializeArray(value, path, depth) {
  let out = "[";
  for (let i = 0; i < value.length; i++) {
    if (i > 0) out += ",";
    if (!(i in value)) throw new CanonicalJsonError(`${path}[${i}]: sparse array hole`);
    out += serialize(value[i], `${path}[${i}]`, depth);
  }
  return `${out}]`;
}
function serializeObject(value, path, depth) {
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const name = proto?.constructor?.name ?? "unknown";
    throw new CanonicalJsonError(`${path}: ${name} is not a plain object`);
  }
  if (Object.getOwnPropertySymbols(value).length > 0) {
    throw new CanonicalJsonError(`${path}: symbol keys are not JSON`);
  }
  const keys = Object.keys(value).sort();
  const record2 = value;
  let out = "{";
  let first = true;
  for (const key of keys) {
    const child = `${path}.${key}`;
    if (!key.isWellFormed()) throw new CanonicalJsonError(`${child}: key contains a lone UTF-16 surrogate`);
    if (!first) out += ",";
    first = false;
    out += `${JSON.stringify(key)}:${serialize(record2[key], child, depth)}`;
  }
  return `${out}}`;
}

// src/core/ledger/bench-entries.ts
function checkBenchResult(seq, p, anchors) {
  for (const [index3, side] of p.sides.entries()) {
    const at = `seq ${seq}: bench_result sides[${index3}]`;
    const panelPassed = side.panel === "pass" || side.panel === "skipped";
    if (side.both === "pass" && !(side.checks === "pass" && panelPassed))
      return `${at}: both is pass, but checks are ${side.checks} and the panel ${side.panel}`;
    if ((side.checks === "fail" || side.panel === "fail") && side.both !== "fail")
      return `${at}: a judge failed the patch, but both is ${side.both}`;
    if (side.anchor_seq === null) {
      if (side.applied || side.both !== "fail")
        return `${at}: a side without a run must be an unapplied patch, judged fail`;
      continue;
    }
    const child = {
      anchor_seq: side.anchor_seq,
      child_session_id: side.child_session_id ?? "",
      verdict_ref: side.verdict_ref
    };
    const checked = readFanoutReduction(seq, { children: [child], winner: null }, anchors, "bench_result");
    if ("error" in checked) return checked.error;
  }
  return null;
}
function tallyBench(sides) {
  const judges = JUDGES.filter((judge) => judge !== "panel" || sides.some((s) => s.panel !== "skipped"));
  return judges.map((judge) => {
    const figures = {
      judge,
      runs: 0,
      passes: 0,
      unverifiable: 0,
      positives: 0,
      false_fail: 0,
      false_fail_rate: null,
      negatives: 0,
      false_pass: 0,
      false_pass_rate: null
    };
    let referenced = true;
    for (const side of sides) {
      const said = side[judge];
      figures.runs++;
      if (said === "pass") figures.passes++;
      if (said === "unverifiable") figures.unverifiable++;
      if (side.side === "model" && judge === "checks") {
        referenced = false;
        continue;
      }
      const shouldPass = side.side === "model" ? side.checks === "pass" : side.side === "good";
      if (shouldPass) {
        figures.positives++;
        if (said !== "pass") figures.false_fail++;
      } else {
        figures.negatives++;
        if (said === "pass") figures.false_pass++;
      }
    }
    if (referenced) {
      figures.false_fail_rate = figures.positives === 0 ? null : figures.false_fail / figures.positives;
      figures.false_pass_rate = figures.negatives === 0 ? null : figures.false_pass / figures.negatives;
    }
    return figures;
  });
}
function checkBenchReport(seq, p, results) {
  if (p.records !== results.length)
    return `seq ${seq}: bench_report counts ${p.records} records, but the ledger holds ${results.length} bench_result entries`;
  if (canonicalJson(p.judges) !== canonicalJson(tallyBench(results.flat())))
    return `seq ${seq}: bench_report's judges are not the tally of the ledger's bench_result entries`;
  return null;
}
var CountingEntries = class {
  #benchResults = [];
  /** Why `entry` cannot be trusted (with its failure code), or null; other kinds are not its. */
  check(entry, anchors) {
    const { seq } = entry;
    if (entry.kind === "eval_report") {
      const read = tryReadEntry(entry, "eval_report");
      const message2 = "error" in read ? `seq ${seq}: ${read.error}` : checkEvalReport(seq, read.payload, anchors);
      return message2 ? { code: "bad_eval_report", message: message2 } : null;
    }
    let message = null;
    if (entry.kind === "bench_result") {
      const read = tryReadEntry(entry, "bench_result");
      message = "error" in read ? `seq ${seq}: ${read.error}` : checkBenchResult(seq, read.payload, anchors);
      if (!message && !("error" in read)) this.#benchResults.push(read.payload.sides);
    } else if (entry.kind === "bench_report") {
      const read = tryReadEntry(entry, "bench_report");
      message = "error" in read ? `seq ${seq}: ${read.error}` : checkBenchReport(seq, read.payload, this.#benchResults);
    }
    return message ? { code: "bad_bench_result", message } : null;
  }
};

// src/core/ledger/compaction-check.ts
function checkCompaction(seq, p, previous, lastToSeq, sha2562) {
  const where = `seq ${seq}: compaction_performed`;
  const range = isObject2(p.elided_range) ? p.elided_range : {};
  const from = range.from_seq;
  const to = range.to_seq;
  if (!isSeq(from) || !isSeq(to) || from > to || to >= seq) {
    return `${where} elides ${String(from)}\u2026${String(to)}, which is not a range of earlier entries`;
  }
  if (from <= lastToSeq) {
    return `${where} elides from seq ${from}, inside the range an earlier compaction already elided (up to seq ${lastToSeq})`;
  }
  for (const field of ["before_tokens", "after_tokens"]) {
    if (!isSeq(p[field])) return `${where} ${field} is not a token count`;
  }
  const policy = isObject2(p.policy) ? p.policy : {};
  if (policy.mode !== "summarize" && policy.mode !== "evict") {
    return `${where} policy.mode ${JSON.stringify(policy.mode ?? null)} is not summarize or evict`;
  }
  if (typeof p.summary_sha256 !== "string" || !/^[0-9a-f]{64}$/.test(p.summary_sha256)) {
    return `${where} summary_sha256 is not a SHA-256`;
  }
  if (policy.mode === "evict") return null;
  if (!previous || p.summary_seq !== previous.seq || previous.kind !== "model_result" || previous.payload.purpose !== "context_summary") {
    return `${where} names summary_seq ${String(p.summary_seq)}, but the entry before it is not the summary call (a model_result with purpose context_summary)`;
  }
  const content = Array.isArray(previous.payload.content) ? previous.payload.content : [];
  const text2 = content.flatMap(
    (block) => isObject2(block) && block.type === "text" && typeof block.text === "string" ? [block.text] : []
  ).join("\n");
  if (bytesToHex(sha2562(new TextEncoder().encode(text2))) !== p.summary_sha256) {
    return `${where} summary_sha256 is not the hash of the summary the model_result at seq ${previous.seq} holds`;
  }
  return null;
}
var CompactionChecker = class {
  #previous = null;
  #compactedTo = -1;
  next(entry, sha2562, fail2) {
    if (entry.kind === "compaction_performed") {
      const read = tryReadEntry(entry, "compaction_performed");
      const error = "error" in read ? `seq ${entry.seq}: ${read.error}` : checkCompaction(entry.seq, read.payload, this.#previous, this.#compactedTo, sha2562);
      if (error) fail2(error);
      else this.#compactedTo = entry.payload.elided_range.to_seq;
    }
    this.#previous = entry;
  }
};
function isObject2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function isSeq(value) {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

// src/core/ledger/delegated-tools-check.ts
var DelegatedToolsCheck = class {
  /** Whether a `delegated_started` is open (no `delegated_result` yet). */
  #open = false;
  /** The calls since it opened: seq and call number. */
  #calls = [];
  /** Looks at one entry in chain order; says why it is inconsistent, if it is. */
  observe(entry, fail2) {
    const why = this.#check(entry);
    if (why) fail2(why);
  }
  #check(entry) {
    const { seq, kind } = entry;
    if (kind === "delegated_started") {
      this.#open = true;
      this.#calls = [];
      return null;
    }
    if (kind === "delegated_tool_call") {
      const read2 = tryReadEntry(entry, "delegated_tool_call");
      if ("error" in read2) return `seq ${seq}: ${read2.error}`;
      if (!this.#open)
        return `seq ${seq}: delegated_tool_call outside a delegated run (no delegated_started before it)`;
      this.#calls.push({ seq, call: read2.payload.call });
      return null;
    }
    if (kind !== "delegated_result") return null;
    const open = this.#open;
    const calls = this.#calls;
    this.#open = false;
    this.#calls = [];
    const read = tryReadEntry(entry, "delegated_result");
    if ("error" in read) return `seq ${seq}: ${read.error}`;
    const tools = read.payload.tools;
    if (tools === void 0) {
      return calls.length > 0 ? `seq ${seq}: delegated_result does not account for the tool calls before it` : null;
    }
    if (!open) return `seq ${seq}: delegated_result counts tool calls but no delegated_started opened them`;
    const first = tools.first_seq;
    const attempt = tools.calls === 0 || first === null ? [] : calls.filter((c) => c.seq >= first);
    if (tools.calls > 0 && attempt[0]?.seq !== first) {
      return `seq ${seq}: delegated_result tools.first_seq ${String(first)} is not a tool call of this run`;
    }
    if (attempt.length !== tools.calls || attempt.some((c, i) => c.call !== i + 1)) {
      return `seq ${seq}: delegated_result counts ${tools.calls} tool calls, but the entries from seq ${String(first)} record ${attempt.length} (numbered ${attempt.map((c) => c.call).join(", ") || "none"})`;
    }
    return null;
  }
};

// src/core/ledger/key-id.ts
function u32be(n) {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, false);
  return out;
}
function sshWirePublicKey(publicKey) {
  const type = utf8Bytes("ssh-ed25519");
  return concatBytes(u32be(type.length), type, u32be(publicKey.length), publicKey);
}
function keyIdFromPublicKey(publicKey, sha2562) {
  return `SHA256:${base64Encode(sha2562(sshWirePublicKey(publicKey)), false)}`;
}

// src/core/ledger/memory-approval-check.ts
var MemoryApprovalCheck = class {
  #started = null;
  #approved = false;
  /** Looks at one entry in chain order; says why it is inconsistent, if it is. */
  observe(entry, sha2562, fail2) {
    if (entry.seq === 0 && entry.kind === "run_started") this.#started = entry.payload;
    if (entry.kind !== "memory_approval") return;
    const why = this.#check(entry, sha2562);
    if (why) fail2(`seq ${entry.seq}: memory_approval ${why}`);
  }
  #check(entry, sha2562) {
    const read = tryReadEntry(entry, "memory_approval");
    if ("error" in read) return read.error.replace(/^memory_approval /, "");
    const approval = read.payload;
    const started = this.#started;
    if (started?.kind !== "memory_approval")
      return "is not in an approval session (run_started.kind is not memory_approval)";
    if (this.#approved) return "is the second approval in its session (one session, one approval)";
    this.#approved = true;
    if (started.memory_id !== approval.memory_id)
      return `approves ${approval.memory_id.slice(0, 12)}, but its session is about ${String(started.memory_id).slice(0, 12)}`;
    const pinned = started.entry ?? {};
    const hex2 = (text2) => bytesToHex(sha2562(new TextEncoder().encode(text2)));
    if (pinned.kind !== approval.entry.kind || pinned.key !== approval.entry.key || pinned.body_sha256 !== approval.entry.body_sha256 || JSON.stringify(pinned.produced_by) !== JSON.stringify(approval.entry.produced_by))
      return "pins another entry than its session names";
    if (typeof pinned.body !== "string" || hex2(pinned.body) !== approval.entry.body_sha256)
      return "names a body hash that is not the hash of the body its session carries";
    if (hex2(`${approval.entry.kind}\0${approval.entry.key}\0${pinned.body}`) !== approval.memory_id)
      return "names an id that is not the hash of the entry's kind, key and body";
    return null;
  }
};

// src/core/ledger/receipt-checker.ts
var REFUSE_RECEIPTS = () => ({
  error: "cannot be checked: this verifier was given no receipt checker"
});

// src/core/ledger/tool-call-check.ts
var PROVENANCE_CALL_KINDS = /* @__PURE__ */ new Set(["github_tool_call", "web_tool_call"]);
var ToolCallChecker = class {
  constructor(sha2562) {
    this.sha256 = sha2562;
  }
  sha256;
  #observed = /* @__PURE__ */ new Map();
  /** Null for other kinds and for a call that holds together, else why not (a `bad_tool_call` at its seq). */
  check(entry) {
    if (!PROVENANCE_CALL_KINDS.has(entry.kind)) return null;
    const kind = entry.kind === "github_tool_call" ? "github_tool_call" : "web_tool_call";
    const read = tryReadEntry(entry, kind);
    if ("error" in read) return `seq ${entry.seq}: ${read.error}`;
    const p = read.payload;
    const what = `seq ${entry.seq}: ${kind}`;
    if (bytesToHex(this.sha256(utf8Bytes(canonicalJson(p.input)))) !== p.input_sha256)
      return `${what} input does not hash to its input_sha256`;
    const completed = p.error === null;
    if (completed && p.result_sha256 === null) return `${what} completed without a result_sha256`;
    if (p.reused_seq !== void 0) {
      const earlier = this.#observed.get(p.reused_seq);
      if (!earlier || earlier.kind !== kind || earlier.name !== p.name || earlier.input_sha256 !== p.input_sha256 || earlier.result_sha256 !== p.result_sha256) {
        return `${what} reuses seq ${p.reused_seq}, which is not an earlier ${p.name} call with the same input and result`;
      }
    } else if (completed && p.result_sha256 !== null) {
      this.#observed.set(entry.seq, {
        kind,
        name: p.name,
        input_sha256: p.input_sha256,
        result_sha256: p.result_sha256
      });
    }
    return null;
  }
};

// src/core/ledger/chain-verifier.ts
var ChainVerifier = class {
  /**
   * `receipts` checks `anchor_receipt` entries (the anchor layer's `checkReceipt`); without one,
   * every receipt fails verification.
   */
  constructor(crypto, sessionPublicKey, receipts = REFUSE_RECEIPTS) {
    this.crypto = crypto;
    this.sessionPublicKey = sessionPublicKey;
    this.receipts = receipts;
  }
  crypto;
  sessionPublicKey;
  receipts;
  #failure = null;
  #count = 0;
  #prev = ZERO_HASH;
  #reviewableHead = null;
  #lastKind = null;
  /** Seq of the first `verdict`, and of the first `run_completed`/`run_failed` (docs/ledger.md "Verification results"). */
  #verdictSeq = null;
  #verdictRef = null;
  #rootHash = null;
  #signedSessionId = null;
  #endSeq = null;
  /** Hash → seq of every entry an annotation may attest (every earlier non-annotation entry). */
  #attestable = /* @__PURE__ */ new Map();
  /**
   * Hashes (and seqs) of attestable entries not yet in #attestable, packed 32 bytes each: most
   * ledgers have no review or receipt to check, so hex strings are made only when one shows up.
   */
  #unindexed = new Uint8Array(32 * 256);
  #unindexedSeqs = [];
  #unindexedCount = 0;
  #receipts = [];
  #reviews = [];
  #anchors = [];
  #anchorsBySeq = /* @__PURE__ */ new Map();
  #reductions = [];
  #counting = new CountingEntries();
  #reviewerKeys = /* @__PURE__ */ new Set();
  #compactions = new CompactionChecker();
  #toolCalls = new ToolCallChecker((data) => this.crypto.sha256(data));
  #delegated = new DelegatedToolsCheck();
  #approvals = new MemoryApprovalCheck();
  #views = {
    contract: null,
    evidence: { checks: [], panel: [], self_validation: [] },
    verdict: null
  };
  get failed() {
    return this.#failure !== null;
  }
  fail(seq, code, message) {
    this.#failure ??= { seq, code, message };
  }
  /**
   * Checks the next entry. `signatureAttested` skips only the Ed25519 verification, for entries a
   * signed verified_through checkpoint covers (checkpoint.ts); the caller must then confirm that the
   * recomputed chain reaches the checkpoint's hash and signatures digest, and discard the result if
   * it does not. Every other check runs either way.
   */
  push(entry, signatureAttested = false) {
    if (this.#failure) return;
    const expected = this.#count;
    if (entry.seq !== expected) {
      const message = entry.seq < expected ? `seq ${entry.seq} appears again at position ${expected} (duplicated or replayed entry)` : `position ${expected} holds seq ${entry.seq} (entries are missing or out of order)`;
      this.fail(expected, "seq_gap", message);
      return;
    }
    if (!KIND_PATTERN.test(entry.kind)) {
      this.fail(
        expected,
        "bad_kind",
        `seq ${expected}: kind ${JSON.stringify(entry.kind)} is not a valid entry kind`
      );
      return;
    }
    if (!bytesEqual(entry.prevHash, this.#prev)) {
      this.fail(
        expected,
        "prev_hash_mismatch",
        `seq ${expected}: prev_hash does not link to the entry before it`
      );
      return;
    }
    const computed = this.crypto.entryHash ? this.crypto.entryHash(entry.prevHash, entry.kind, entry.canonicalPayload, entry.seq) : this.crypto.sha256(entryPreimage(entry.prevHash, entry.kind, entry.canonicalPayload, entry.seq));
    if (!bytesEqual(computed, entry.entryHash)) {
      this.fail(
        expected,
        "entry_hash_mismatch",
        `seq ${expected}: entry_hash does not match the recomputed hash of its contents`
      );
      return;
    }
    const signer = entry.kind === HUMAN_REVIEW_KIND ? this.#reviewerKey(entry) : this.sessionPublicKey;
    if (!signer) return;
    if (!signatureAttested && !this.crypto.verify(entry.signature, entry.entryHash, signer)) {
      const whose = entry.kind === HUMAN_REVIEW_KIND ? "the reviewer key it names" : "the session key";
      this.fail(expected, "bad_signature", `seq ${expected}: signature is not valid for ${whose}`);
      return;
    }
    if (entry.kind === HUMAN_REVIEW_KIND) {
      if (!this.#recordReview(entry)) return;
    } else if (entry.kind === ANCHOR_RECEIPT_KIND) {
      if (!this.#recordReceipt(entry)) return;
    } else if (!ANNOTATION_KINDS.has(entry.kind)) {
      if (!this.#recordTerminal(entry)) return;
      this.#reviewableHead = entry.entryHash;
      this.#lastKind = entry.kind;
      this.#remember(entry.entryHash, entry.seq);
      this.#collect(entry);
      this.#compactions.next(entry, this.crypto.sha256, (why) => this.fail(entry.seq, "bad_compaction", why));
    }
    this.#prev = entry.entryHash;
    this.#count++;
  }
  finish() {
    if (!this.#failure && this.#count === 0) this.fail(null, "empty_ledger", "the ledger has no entries");
    const reviewableHead = this.#reviewableHead && bytesToHex(this.#reviewableHead);
    for (const review of this.#reviews) review.stale = review.attested_head_hash !== reviewableHead;
    return {
      failure: this.#failure,
      entryCount: this.#count,
      headHash: this.#count > 0 ? bytesToHex(this.#prev) : null,
      reviewableHead,
      lastKind: this.#lastKind,
      terminal: this.#lastKind !== null && TERMINAL_KINDS.has(this.#lastKind),
      suspended: this.#lastKind === SUSPENDED_KIND,
      signedSessionId: this.#signedSessionId,
      reviews: this.#reviews,
      childAnchors: this.#anchors,
      fanoutReductions: this.#reductions,
      rootHash: this.#rootHash,
      verdictRef: this.#verdictRef,
      anchorReceipts: this.#receipts,
      reviewerKeys: [...this.#reviewerKeys],
      views: this.#views
    };
  }
  /**
   * A session carries one machine verdict and ends once: a second `verdict`, or a second
   * `run_completed`/`run_failed`, would let a reader pick whichever they like (docs/ledger.md
   * "Verification results", `duplicate_terminal`).
   */
  #recordTerminal(entry) {
    const ends = entry.kind === "run_completed" || entry.kind === "run_failed";
    if (entry.kind !== "verdict" && !ends) return true;
    const first = entry.kind === "verdict" ? this.#verdictSeq : this.#endSeq;
    if (first !== null) {
      const what = entry.kind === "verdict" ? "a second verdict" : `a second end of run (${entry.kind})`;
      this.fail(
        entry.seq,
        "duplicate_terminal",
        `seq ${entry.seq}: ${what} after seq ${first}: a session has exactly one terminal verdict, so this ledger says two different things`
      );
      return false;
    }
    if (entry.kind === "verdict") {
      this.#verdictSeq = entry.seq;
      this.#verdictRef = { seq: entry.seq, entry_hash: bytesToHex(entry.entryHash) };
    } else this.#endSeq = entry.seq;
    return true;
  }
  #remember(entryHash, seq) {
    const offset = this.#unindexedCount * 32;
    if (offset + 32 > this.#unindexed.length) {
      const grown = new Uint8Array(this.#unindexed.length * 2);
      grown.set(this.#unindexed);
      this.#unindexed = grown;
    }
    this.#unindexed.set(entryHash, offset);
    this.#unindexedSeqs.push(seq);
    this.#unindexedCount++;
  }
  /** Moves the packed hashes into #attestable (once a review or receipt needs to look one up). */
  #index() {
    for (let i = 0; i < this.#unindexedCount; i++) {
      this.#attestable.set(
        bytesToHex(this.#unindexed.subarray(i * 32, i * 32 + 32)),
        this.#unindexedSeqs[i]
      );
    }
    this.#unindexedCount = 0;
    this.#unindexedSeqs = [];
  }
  #reviewKeyFailure(seq, message) {
    this.fail(seq, "bad_reviewer_key", `seq ${seq}: ${message}`);
    return void 0;
  }
  #reviewerKey(entry) {
    const key = hexToBytes(entry.payload.reviewer_public_key, 32);
    if (!key) return this.#reviewKeyFailure(entry.seq, "human_review has no valid reviewer_public_key");
    if (bytesEqual(key, this.sessionPublicKey)) {
      return this.#reviewKeyFailure(
        entry.seq,
        "human_review names the session key as its reviewer: a sign-off must come from the reviewer's own key"
      );
    }
    if (entry.payload.reviewer_key_id !== keyIdFromPublicKey(key, this.crypto.sha256)) {
      return this.#reviewKeyFailure(entry.seq, "reviewer_key_id does not match reviewer_public_key");
    }
    return key;
  }
  /**
   * An anchor receipt must prove something about this ledger: the hash it anchors is an earlier
   * non-annotation entry at exactly the seq it names, and its inclusion proof and checkpoint check out.
   */
  #recordReceipt(entry) {
    const checked = this.receipts(entry.payload, this.crypto);
    if ("error" in checked) {
      this.fail(entry.seq, "bad_anchor_receipt", `seq ${entry.seq}: anchor_receipt ${checked.error}`);
      return false;
    }
    const { finding } = checked;
    this.#index();
    if (this.#attestable.get(finding.anchored_head_hash) !== finding.anchored_seq) {
      this.fail(
        entry.seq,
        "bad_anchor_receipt",
        `seq ${entry.seq}: anchor_receipt anchors ${finding.anchored_head_hash.slice(0, 12)}\u2026 as seq ${finding.anchored_seq}, which is not that entry of this ledger`
      );
      return false;
    }
    this.#receipts.push({ seq: entry.seq, ...finding });
    return true;
  }
  #recordReview(entry) {
    const attested = entry.payload.attested_head_hash;
    this.#index();
    if (typeof attested !== "string" || !this.#attestable.has(attested)) {
      this.fail(
        entry.seq,
        "unknown_attestation",
        `seq ${entry.seq}: human_review attests a head that is not an earlier entry of this ledger`
      );
      return false;
    }
    const read = tryReadEntry(entry, HUMAN_REVIEW_KIND);
    if ("error" in read) {
      this.fail(entry.seq, "malformed_entry", `seq ${entry.seq}: ${read.error}`);
      return false;
    }
    const p = read.payload;
    this.#reviewerKeys.add(p.reviewer_public_key);
    this.#reviews.push({
      seq: entry.seq,
      decision: p.decision,
      actor: p.actor ?? null,
      note: p.note ?? null,
      source: p.source ?? null,
      reviewer_key_id: p.reviewer_key_id,
      reviewer_public_key: p.reviewer_public_key,
      attested_head_hash: p.attested_head_hash,
      stale: false
    });
    return true;
  }
  /**
   * Integrity does not depend on what a payload says (any JSON object verifies); the payloads this
   * verifier itself relies on are read through the catalogue (entry-kinds.ts). Every other reader
   * reads its kinds there too, and refuses a payload that does not fit instead of reading it as a pass.
   */
  #collect(entry) {
    const p = entry.payload;
    if (entry.seq === 0) this.#rootHash = bytesToHex(entry.entryHash);
    const toolCallError = this.#toolCalls.check(entry);
    if (toolCallError) this.fail(entry.seq, "bad_tool_call", toolCallError);
    this.#delegated.observe(entry, (why) => this.fail(entry.seq, "bad_delegated_tools", why));
    this.#approvals.observe(
      entry,
      this.crypto.sha256,
      (why) => this.fail(entry.seq, "bad_memory_approval", why)
    );
    switch (entry.kind) {
      case "run_started":
        this.#views.contract = p.contract ?? null;
        if (entry.seq === 0 && p.session_id !== void 0) {
          if (typeof p.session_id === "string") this.#signedSessionId = p.session_id;
          else this.fail(0, "malformed_entry", "seq 0: run_started session_id is not a string");
        }
        break;
      case "check_result":
        this.#views.evidence.checks.push(p);
        break;
      case "review_vote":
        this.#views.evidence.panel.push(p);
        break;
      case "self_validation":
        this.#views.evidence.self_validation.push(p);
        break;
      case "verdict":
        this.#views.verdict = p;
        break;
      case "child_anchor": {
        const read = tryReadEntry(entry, "child_anchor");
        if ("error" in read) {
          this.fail(entry.seq, "malformed_entry", `seq ${entry.seq}: ${read.error}`);
          break;
        }
        const anchor = childAnchorFinding(entry.seq, read.payload);
        this.#anchors.push(anchor);
        this.#anchorsBySeq.set(entry.seq, anchor);
        break;
      }
      case "fanout_reduction": {
        const read = tryReadEntry(entry, "fanout_reduction");
        const reduction = "error" in read ? { error: `seq ${entry.seq}: ${read.error}` } : readFanoutReduction(entry.seq, read.payload, this.#anchorsBySeq);
        if ("error" in reduction) this.fail(entry.seq, "bad_fanout_reduction", reduction.error);
        else this.#reductions.push(reduction);
        break;
      }
      case "eval_report":
      case "bench_result":
      case "bench_report": {
        const bad = this.#counting.check(entry, this.#anchorsBySeq);
        if (bad) this.fail(entry.seq, bad.code, bad.message);
        break;
      }
    }
  }
};

// src/core/ledger/decode-entry.ts
function decodeBundleEntry(raw, position) {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { error: `entry ${position} is not an object` };
  const e = raw;
  if (typeof e.seq !== "number" || !Number.isSafeInteger(e.seq) || e.seq < 0)
    return { error: `entry ${position}: seq is not a non-negative integer` };
  if (typeof e.kind !== "string") return { error: `entry ${position}: kind is not a string` };
  if (typeof e.payload !== "object" || e.payload === null || Array.isArray(e.payload)) {
    return { error: `entry ${position}: payload is not a JSON object` };
  }
  const prevHash = hexToBytes(e.prev_hash, 32);
  const entryHash = hexToBytes(e.entry_hash, 32);
  const signature = hexToBytes(e.signature, 64);
  if (!prevHash) return { error: `entry ${position}: prev_hash is not 64 lowercase hex characters` };
  if (!entryHash) return { error: `entry ${position}: entry_hash is not 64 lowercase hex characters` };
  if (!signature) return { error: `entry ${position}: signature is not 128 lowercase hex characters` };
  let canonicalPayload;
  try {
    canonicalPayload = canonicalJson(e.payload);
  } catch (error) {
    return { error: `entry ${position}: payload cannot be canonicalised (${error.message})` };
  }
  return {
    seq: e.seq,
    kind: e.kind,
    payload: e.payload,
    canonicalPayload,
    prevHash,
    entryHash,
    signature
  };
}

// src/core/ledger/json-structure.ts
var MAX_BUNDLE_DEPTH = 2 * MAX_JSON_DEPTH;
function findJsonStructureProblem(text2, maxDepth) {
  const stack = [];
  let expectKey = false;
  const length = text2.length;
  for (let i = 0; i < length; i++) {
    const c = text2.charCodeAt(i);
    if (c === 34) {
      const start = i;
      let escaped = false;
      for (i++; i < length; i++) {
        const d = text2.charCodeAt(i);
        if (d === 92) {
          escaped = true;
          i++;
        } else if (d === 34) {
          break;
        }
      }
      if (!expectKey) continue;
      const keys = stack[stack.length - 1];
      if (!keys) continue;
      const key = escaped ? JSON.parse(text2.slice(start, i + 1)) : text2.slice(start + 1, i);
      if (keys.has(key)) return { kind: "duplicate_key", key, position: start };
      keys.add(key);
      expectKey = false;
      continue;
    }
    switch (c) {
      case 123:
      case 91:
        if (stack.length >= maxDepth) return { kind: "too_deep", limit: maxDepth, position: i };
        stack.push(c === 123 ? /* @__PURE__ */ new Set() : null);
        expectKey = c === 123;
        break;
      case 125:
      case 93:
        stack.pop();
        expectKey = false;
        break;
      case 44:
        expectKey = Boolean(stack[stack.length - 1]);
        break;
    }
  }
  return null;
}
function lineColumn(text2, position) {
  let line = 1;
  let lineStart = 0;
  for (let i = text2.indexOf("\n"); i !== -1 && i < position; i = text2.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return `${line}:${position - lineStart + 1}`;
}
function jsonStructureMessage(source, text2, problem) {
  const at = lineColumn(text2, problem.position);
  if (problem.kind === "duplicate_key") {
    return `${source}: key ${JSON.stringify(problem.key)} appears twice in one object (the second at ${at}); JSON readers disagree on which value wins, so a bundle with a repeated key is refused \u2014 export it again with \`truss ledger export\``;
  }
  return `${source}: nested deeper than ${problem.limit} levels of arrays and objects at ${at}; ledger payloads nest at most ${MAX_JSON_DEPTH} levels, so this is not a bundle Truss wrote \u2014 export it again with \`truss ledger export\``;
}

// src/core/ledger/bundle.ts
var BUNDLE_SCHEMA_VERSION = "truss.ledger.v1";
var OFFLINE_VERIFICATION_ALGORITHM = "sha256(prev_hash || kind || jcs(payload) || u64le(seq))";
function parseBundle(text2, source) {
  let data;
  try {
    data = JSON.parse(text2);
  } catch (error) {
    const problem2 = error instanceof RangeError ? findJsonStructureProblem(text2, MAX_BUNDLE_DEPTH) : null;
    if (problem2) throw new BundleFormatError(jsonStructureMessage(source, text2, problem2));
    throw new BundleFormatError(
      `${source}: not valid JSON${jsonErrorLocation(text2, error)}; is this a truss ledger bundle (truss ledger export)?`
    );
  }
  const problem = findJsonStructureProblem(text2, MAX_BUNDLE_DEPTH);
  if (problem) throw new BundleFormatError(jsonStructureMessage(source, text2, problem));
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new BundleFormatError(
      `${source}: expected a JSON object with schema_version "${BUNDLE_SCHEMA_VERSION}"`
    );
  }
  const bundle = data;
  if (bundle.schema_version !== BUNDLE_SCHEMA_VERSION) {
    throw new BundleFormatError(
      `${source}: schema_version is ${JSON.stringify(bundle.schema_version) ?? "missing"}, expected "${BUNDLE_SCHEMA_VERSION}" (a newer truss may read it)`
    );
  }
  checkLedgerShape(bundle.ledger, `${source}: ledger`);
  return data;
}
function checkLedgerShape(value, where) {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new BundleFormatError(`${where} is missing or not an object`);
  const ledger = value;
  for (const field of ["session_id", "public_key", "pubkey_id"]) {
    if (typeof ledger[field] !== "string")
      throw new BundleFormatError(`${where}.${field} is missing or not a string`);
  }
  if (ledger.head_hash !== null && typeof ledger.head_hash !== "string")
    throw new BundleFormatError(`${where}.head_hash is not a string`);
  if (!Array.isArray(ledger.entries))
    throw new BundleFormatError(`${where}.entries is missing or not an array`);
  if (ledger.child_sessions !== void 0 && !Array.isArray(ledger.child_sessions)) {
    throw new BundleFormatError(`${where}.child_sessions is not an array`);
  }
  ledger.child_sessions?.forEach((child, i) => {
    checkLedgerShape(child, `${where}.child_sessions[${i}]`);
  });
}
function jsonErrorLocation(text2, error) {
  if (text2.trim() === "") return " (the file is empty)";
  const message = error.message;
  const match = /position (\d+)/.exec(message);
  if (!match) {
    if (!/end of JSON input/.test(message)) return " (it does not parse as a JSON document)";
    const lines = text2.split("\n");
    return ` (the file ends early, at ${lines.length}:${(lines.at(-1) ?? "").length + 1})`;
  }
  const position = Number(match[1]);
  const before = text2.slice(0, position);
  const line = before.split("\n").length;
  const col = position - before.lastIndexOf("\n");
  return ` at ${line}:${col}`;
}
var BundleLedgerVerifier = class {
  #header;
  #options;
  #keyId;
  #chain;
  /** The sessions of the tree verified so far, shared with the children (ReportInput.seen). */
  #seen;
  #position = 0;
  constructor(header, options, seen = /* @__PURE__ */ new Set()) {
    this.#header = header;
    this.#options = options;
    this.#seen = seen;
    const publicKey = hexToBytes(header.public_key, 32);
    this.#keyId = publicKey ? keyIdFromPublicKey(publicKey, options.crypto.sha256) : header.pubkey_id;
    this.#chain = new ChainVerifier(options.crypto, publicKey ?? new Uint8Array(32), options.receipts);
    if (!publicKey) {
      this.#chain.fail(
        null,
        "key_mismatch",
        "ledger.public_key is not a 64-character hex Ed25519 public key"
      );
    } else if (this.#keyId !== header.pubkey_id) {
      this.#chain.fail(
        null,
        "key_mismatch",
        `ledger.pubkey_id ${header.pubkey_id} is not the fingerprint of ledger.public_key (${this.#keyId})`
      );
    }
  }
  /** True once the chain has failed; later entries are not looked at. */
  get failed() {
    return this.#chain.failed;
  }
  /** Feeds the next element of `ledger.entries` (raw JSON from an untrusted file). */
  push(raw) {
    const position = this.#position++;
    if (this.#chain.failed) return;
    const decoded = decodeBundleEntry(raw, position);
    if ("error" in decoded) this.#chain.fail(position, "malformed_entry", decoded.error);
    else this.#chain.push(decoded);
  }
  /**
   * Ends the chain and decides trust: head, key pinning, the anchored children (verified in memory).
   * A child carried twice fails as `duplicate_child`: which copy a reader shows would be a guess,
   * and importLedger refuses such a bundle too.
   */
  finish(childSessions) {
    const children = /* @__PURE__ */ new Map();
    for (const child of childSessions ?? []) {
      if (children.has(child.session_id)) {
        this.#chain.fail(
          null,
          "duplicate_child",
          `ledger.child_sessions carries child session ${child.session_id} twice; a session is carried once`
        );
      }
      children.set(child.session_id, child);
    }
    const chain = this.#chain.finish();
    const report = buildReport({
      sessionId: this.#header.session_id,
      publicKeyHex: this.#header.public_key,
      keyId: this.#keyId,
      chain,
      declaredHead: this.#header.head_hash,
      trusted: this.#options.trusted,
      resolveChild: (anchor) => {
        const child = children.get(anchor.child_session_id);
        return child ? verifyLedger(child, this.#options, this.#seen).report : null;
      },
      seen: this.#seen
    });
    return { report, views: chain.views };
  }
};
function verifyBundle(bundle, options) {
  return finishBundle(bundle, verifyLedger(bundle.ledger, options));
}
function finishBundle(bundle, ledger) {
  const { report, views } = ledger;
  if (report.status === "failed") return report;
  for (const view of ["contract", "evidence", "verdict"]) {
    if (bundle[view] === void 0) continue;
    if (canonicalJson(bundle[view]) !== canonicalJson(views[view])) {
      report.status = "failed";
      report.failure = {
        seq: null,
        code: "view_mismatch",
        message: `the bundle's "${view}" view does not match what the signed entries say (edited convenience view)`
      };
      return report;
    }
  }
  return report;
}
function verifyLedger(ledger, options, seen = /* @__PURE__ */ new Set()) {
  const verifier = new BundleLedgerVerifier(ledger, options, seen);
  for (const entry of ledger.entries) {
    if (verifier.failed) break;
    verifier.push(entry);
  }
  return verifier.finish(ledger.child_sessions);
}

// src/core/ledger/output-tails.ts
var SHREDDED_TAIL = "[output shredded with truss ledger shred]";
var MISSING_TAIL = "[output tail not available here]";
function streamTail(stream, tails) {
  if (!stream || typeof stream !== "object") return "";
  const s = stream;
  if (typeof s.tail === "string") return s.tail;
  if (typeof s.tail_sha256 !== "string") return "";
  if (s.tail_bytes === 0) return "";
  const text2 = tails?.(s.tail_sha256);
  if (text2 === null) return SHREDDED_TAIL;
  return text2 ?? MISSING_TAIL;
}
function tailHashes(checks) {
  const hashes = [];
  for (const check of checks) {
    if (!check || typeof check !== "object") continue;
    for (const name of ["stdout", "stderr"]) {
      const hash2 = check[name]?.tail_sha256;
      if (typeof hash2 === "string") hashes.push(hash2);
    }
  }
  return hashes;
}

// src/core/ledger/store-tails.ts
import { createHash as createHash2 } from "node:crypto";
function tailsFromStore(store) {
  return (hash2) => {
    const blob = store.blob(hash2);
    if (!blob) return void 0;
    if (blob.bytes === null) return null;
    return createHash2("sha256").update(blob.bytes).digest("hex") === hash2 ? blob.bytes.toString("utf8") : void 0;
  };
}
function bundleBlobs(store, hashes) {
  const tails = tailsFromStore(store);
  const blobs = {};
  for (const hash2 of hashes) {
    const text2 = tails(hash2);
    if (text2 === null) blobs[hash2] = { shredded: true };
    else if (text2 !== void 0) blobs[hash2] = { utf8: text2 };
  }
  return blobs;
}

// src/core/ledger/export.ts
var BUNDLE_OPEN = `{"schema_version":${JSON.stringify(BUNDLE_SCHEMA_VERSION)},
"ledger":`;
var ENTRIES_CLOSE = '\n],"child_sessions":[';
var LEDGER_CLOSE = '],"anchor_refs":[]}';
function ledgerOpen(header) {
  const fields = JSON.stringify(header).slice(0, -1);
  return `${fields === "{" ? fields : `${fields},`}"entries":[`;
}
function entryLine(json2, first) {
  return `${first ? "\n" : ",\n"}${json2}`;
}
function writeBundle(store, sessionId, crypto, write) {
  store.snapshot(() => {
    write(BUNDLE_OPEN);
    const chain = writeLedger(store, sessionId, crypto, write, /* @__PURE__ */ new Set());
    const { contract, evidence, verdict } = chain.views;
    write(
      `,
"contract":${JSON.stringify(contract)},
"evidence":${JSON.stringify(evidence)},
"verdict":${JSON.stringify(verdict)},
`
    );
    const tails = tailHashes([...evidence.checks, ...evidence.self_validation]);
    write(`"blobs":${JSON.stringify(bundleBlobs(store, tails))},
`);
    const status2 = chain.failure ? "failed" : "verified";
    write(
      `"offline_verification":${JSON.stringify({ algorithm: OFFLINE_VERIFICATION_ALGORITHM, signature_algorithm: "ed25519", status: status2 })}}
`
    );
  });
}
function writeLedger(store, sessionId, crypto, write, seen) {
  seen.add(sessionId);
  const session = store.requireSession(sessionId);
  const header = {
    session_id: session.id,
    public_key: session.public_key,
    pubkey_id: session.pubkey_id,
    head_hash: session.head_hash
  };
  write(ledgerOpen({ ...header }));
  let first = true;
  const chain = store.verifyChainAsJson(sessionId, crypto, (json2) => {
    write(entryLine(json2, first));
    first = false;
  });
  write(ENTRIES_CLOSE);
  let firstChild = true;
  for (const anchor of chain.childAnchors) {
    if (seen.has(anchor.child_session_id) || !store.session(anchor.child_session_id)) continue;
    write(firstChild ? "\n" : ",\n");
    firstChild = false;
    writeLedger(store, anchor.child_session_id, crypto, write, seen);
  }
  write(LEDGER_CLOSE);
  return chain;
}
function exportBundle(store, sessionId, crypto) {
  const chunks = [];
  writeBundle(store, sessionId, crypto, (chunk) => chunks.push(chunk));
  return JSON.parse(chunks.join(""));
}
function exportBundleToFile(store, sessionId, crypto, path) {
  writeFileAtomic(
    path,
    (write) => {
      let buffer = "";
      writeBundle(store, sessionId, crypto, (chunk) => {
        buffer += chunk;
        if (buffer.length >= 1 << 20) {
          write(buffer);
          buffer = "";
        }
      });
      write(buffer);
    },
    { mode: 420 }
  );
}

// src/core/ledger/keys.ts
import {
  createHash as createHash3,
  createPrivateKey,
  createPublicKey as createPublicKey2,
  randomBytes as randomBytes2,
  sign
} from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
var PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
var SigningKey = class _SigningKey {
  publicKey;
  publicKeyHex;
  keyId;
  #privateKey;
  constructor(privateKey) {
    this.#privateKey = privateKey;
    const spki = createPublicKey2(privateKey).export({ format: "der", type: "spki" });
    this.publicKey = new Uint8Array(spki.subarray(spki.length - 32));
    this.publicKeyHex = bytesToHex(this.publicKey);
    this.keyId = keyIdFromPublicKey(this.publicKey, sha256);
  }
  static fromSeed(seed) {
    if (seed.length !== 32) throw new KeyError(`an Ed25519 seed is 32 bytes, got ${seed.length}`);
    const der = Buffer.concat([PKCS8_ED25519_PREFIX, seed]);
    return new _SigningKey(createPrivateKey({ key: der, format: "der", type: "pkcs8" }));
  }
  static generate() {
    const seed = randomBytes2(32);
    return { key: _SigningKey.fromSeed(seed), seedBase64: seed.toString("base64") };
  }
  sign(message) {
    return sign(null, message, this.#privateKey);
  }
  /** Keeps the seed out of accidental `console.log` / JSON output. */
  toJSON() {
    return { publicKey: this.publicKeyHex, keyId: this.keyId };
  }
};
function sha256(data) {
  return createHash3("sha256").update(data).digest();
}
function parseSeedBase64(text2, source) {
  const trimmed = text2.trim();
  if (trimmed === "")
    throw new KeyError(`${source} is empty; expected one line of base64 (a 32-byte Ed25519 seed)`);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || trimmed.length % 4 !== 0) {
    throw new KeyError(
      `${source} is not base64; expected one line of base64 (a 32-byte Ed25519 seed, from \`truss keygen\`)`
    );
  }
  const seed = Buffer.from(trimmed, "base64");
  if (seed.length !== 32) {
    throw new KeyError(
      `${source} decodes to ${seed.length} bytes; an Ed25519 seed is 32 bytes (generate one with \`truss keygen\`)`
    );
  }
  return SigningKey.fromSeed(seed);
}
function loadKeyFile(path, onWarning) {
  let text2;
  try {
    text2 = readFileSync(path, "utf8");
  } catch (error) {
    const code = error.code;
    throw new KeyError(
      `cannot read key file ${path} (${code ?? "error"}); create one with \`truss keygen --out ${path}\``
    );
  }
  if (onWarning && process.platform !== "win32" && (statSync(path).mode & 63) !== 0) {
    onWarning(`key file ${path} is readable by other users; run \`chmod 600 ${path}\``);
  }
  return parseSeedBase64(text2, `key file ${path}`);
}
function resolveSigningKey(options) {
  if (options.keyFile) return loadKeyFile(options.keyFile, options.onWarning);
  const fromEnv = options.env.TRUSS_SIGNING_KEY;
  if (fromEnv !== void 0 && fromEnv !== "") return parseSeedBase64(fromEnv, "TRUSS_SIGNING_KEY");
  throw new KeyError(
    "no signing key: pass --key FILE or set TRUSS_SIGNING_KEY (create one with `truss keygen`)"
  );
}
function parsePublicKeyHex(text2, source) {
  const key = hexToBytes(text2.trim().toLowerCase(), 32);
  if (!key) throw new KeyError(`${source}: expected a 64-character hex Ed25519 public key`);
  return key;
}
function loadOrCreateKeyFile(path) {
  if (existsSync(path)) return { key: loadKeyFile(path), created: false };
  mkdirSync(dirname(path), { recursive: true, mode: 448 });
  const { key, seedBase64 } = SigningKey.generate();
  try {
    writeFileSync(path, `${seedBase64}
`, { mode: 384, flag: "wx" });
  } catch (error) {
    if (error.code === "EEXIST") return { key: loadKeyFile(path), created: false };
    throw new KeyError(
      `cannot create key file ${path} (${error.code ?? "error"}); pass --key FILE`
    );
  }
  return { key, created: true };
}

// src/core/ledger/store-blobs.ts
import { createHash as createHash4 } from "node:crypto";

// src/core/ledger/store-statements.ts
var JOURNAL_COLUMNS = "seq, kind, payload, prev_hash, entry_hash, signature";
function prepareStatements(db, readonly) {
  const write = (prepare) => readonly ? void 0 : prepare();
  const sessionColumns = `s.id, s.status, s.code_version, s.model, s.tenant, s.user, s.head_hash, s.pubkey_id, s.public_key,
      s.created_at, s.updated_at, (SELECT count(*) FROM journal j WHERE j.session_id = s.id) AS entries`;
  return {
    session: db.prepare(`SELECT ${sessionColumns} FROM sessions s WHERE s.id = ?`),
    sessions: db.prepare(
      `SELECT ${sessionColumns} FROM sessions s ORDER BY s.created_at, s.id`
    ),
    insertSession: write(
      () => db.prepare(
        `INSERT INTO sessions (id, status, code_version, model, tenant, user, head_hash, pubkey_id, public_key, created_at, updated_at)
             VALUES (@id, 'running', @code_version, @model, @tenant, @user, NULL, @pubkey_id, @public_key, @now, @now)`
      )
    ),
    // One lookup per append: the session's head and key, and the last seq from the journal's
    // primary key (an index seek, not a scan).
    head: db.prepare(
      `SELECT s.status, s.head_hash, s.public_key, s.pubkey_id,
           (SELECT max(j.seq) FROM journal j WHERE j.session_id = s.id) AS tip
         FROM sessions s WHERE s.id = ?`
    ),
    insertEntry: write(
      () => db.prepare(
        `INSERT INTO journal (session_id, seq, kind, payload, prev_hash, entry_hash, signature, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
      )
    ),
    moveHead: write(
      () => db.prepare("UPDATE sessions SET head_hash = ?, status = ?, updated_at = ? WHERE id = ?")
    ),
    insertMemo: write(
      () => db.prepare(
        "INSERT INTO tool_memo (session_id, memo_key, seq, result, created_at) VALUES (?, ?, ?, ?, ?)"
      )
    ),
    insertBlob: write(
      () => db.prepare("INSERT OR IGNORE INTO blobs (hash, bytes, size, created_at) VALUES (?, ?, ?, ?)")
    ),
    entries: db.prepare(
      `SELECT ${JOURNAL_COLUMNS} FROM journal WHERE session_id = ? ORDER BY seq`
    ),
    // The same rows as arrays: better-sqlite3 builds a keyed object per row natively, which costs
    // more than the verifier's whole per-row work besides SQLite itself (see walkChain).
    entryTuples: db.prepare(
      `SELECT ${JOURNAL_COLUMNS} FROM journal WHERE session_id = ? ORDER BY seq`
    ).raw(true),
    entry: db.prepare(
      `SELECT ${JOURNAL_COLUMNS} FROM journal WHERE session_id = ? AND seq = ?`
    ),
    reviewableHead: db.prepare(
      "SELECT seq, entry_hash FROM journal WHERE session_id = ? AND kind NOT IN (?, ?) ORDER BY seq DESC LIMIT 1"
    ),
    memo: db.prepare(
      "SELECT seq, result FROM tool_memo WHERE session_id = ? AND memo_key = ?"
    ),
    blob: db.prepare(
      "SELECT bytes, size FROM blobs WHERE hash = ?"
    ),
    shred: write(() => db.prepare("UPDATE blobs SET bytes = NULL WHERE hash = ? AND bytes IS NOT NULL")),
    lastSignalTime: db.prepare(
      "SELECT max(created_at) AS t FROM signals WHERE session_id = ?"
    ),
    insertSignal: write(
      () => db.prepare(
        "INSERT INTO signals (session_id, name, payload, status, created_at) VALUES (?, ?, ?, 'pending', ?)"
      )
    ),
    signals: db.prepare("SELECT name, payload, status, created_at FROM signals WHERE session_id = ? ORDER BY created_at"),
    deliverSignal: write(
      () => db.prepare(
        "UPDATE signals SET status = 'delivered' WHERE session_id = ? AND name = ? AND created_at = ? AND status = 'pending'"
      )
    ),
    syncNormal: write(() => db.prepare("PRAGMA synchronous = NORMAL")),
    syncFull: write(() => db.prepare("PRAGMA synchronous = FULL")),
    // Only writable opens migrate, so only they are sure to have the verified_through table.
    checkpoint: write(
      () => db.prepare(
        "SELECT seq, entry_hash, signatures_digest, signature FROM verified_through WHERE session_id = ?"
      )
    ),
    putCheckpoint: write(
      () => db.prepare(
        `INSERT INTO verified_through (session_id, seq, entry_hash, signatures_digest, signature, created_at)
             VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (session_id) DO UPDATE SET seq = excluded.seq, entry_hash = excluded.entry_hash,
               signatures_digest = excluded.signatures_digest, signature = excluded.signature, created_at = excluded.created_at`
      )
    )
  };
}
function writable(ctx, statement) {
  if (!statement) throw new LedgerError("read_only", `${ctx.path} is open read-only`);
  return statement;
}

// src/core/ledger/store-blobs.ts
function insertBlob(ctx, bytes, now) {
  const hash2 = createHash4("sha256").update(bytes).digest();
  writable(ctx, ctx.stmts.insertBlob).run(hash2, bytes, bytes.length, now);
  return hash2;
}
function readBlob(ctx, hashHex) {
  const hash2 = hexToBytes(hashHex, 32);
  if (!hash2) return void 0;
  const row = ctx.stmts.blob.get(Buffer.from(hash2));
  const actual = row?.bytes ? createHash4("sha256").update(row.bytes).digest() : null;
  if (actual && !actual.equals(hash2))
    throw new LedgerError(
      "blob_tampered",
      `blob ${hashHex} in ${ctx.path} does not hash to its name: its bytes were changed after it was stored`
    );
  return row;
}
function shredBlob(ctx, hashHex) {
  const hash2 = hexToBytes(hashHex, 32);
  if (!hash2) throw new LedgerError("bad_hash", `blob hash must be 64 lowercase hex characters`);
  const shredded = writable(ctx, ctx.stmts.shred).run(Buffer.from(hash2)).changes > 0;
  if (shredded) ctx.db.pragma("wal_checkpoint(TRUNCATE)");
  return shredded;
}

// src/core/ledger/store-append.ts
var MAX_PAYLOAD_BYTES = 4 * 1024 * 1024;
var STATUS_AFTER = {
  run_completed: "completed",
  run_failed: "failed",
  suspended: "suspended"
};
function createAppend(ctx) {
  const appendTx = ctx.db.transaction((pending) => appendInTransaction(ctx, pending));
  return (sessionId, kind, payload, signer, options = {}) => {
    if (!KIND_PATTERN.test(kind))
      throw new LedgerError("bad_kind", `entry kind ${JSON.stringify(kind)} must match ${KIND_PATTERN}`);
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      throw new LedgerError("bad_payload", `the payload of a ${kind} entry must be a JSON object`);
    }
    if (kind === "run_started" && payload.session_id !== void 0 && payload.session_id !== sessionId) {
      throw new LedgerError(
        "session_mismatch",
        `run_started names session ${JSON.stringify(payload.session_id)}, but it is being appended to session ${sessionId}`
      );
    }
    const canonicalPayload = canonicalJson(payload);
    const payloadBytes = Buffer.byteLength(canonicalPayload, "utf8");
    if (payloadBytes > MAX_PAYLOAD_BYTES) {
      throw new LedgerError(
        "payload_too_large",
        `the ${kind} payload is ${payloadBytes} bytes (limit ${MAX_PAYLOAD_BYTES}); store large content as a blob and journal its hash`
      );
    }
    const memoText = options.memo ? canonicalJson(options.memo.result) : void 0;
    const pending = { sessionId, kind, payload, canonicalPayload, signer, options, memoText };
    if (!options.deferSync) return appendTx.immediate(pending);
    if (options.memo || options.deliverSignal || kind === HUMAN_REVIEW_KIND || TERMINAL_KINDS.has(kind)) {
      throw new LedgerError(
        "defer_sync_refused",
        `a ${kind} entry${options.memo ? " with a memo" : options.deliverSignal ? " that consumes a signal" : ""} must be committed durably (deferSync refused)`
      );
    }
    writable(ctx, ctx.stmts.syncNormal).run();
    try {
      return appendTx.immediate(pending);
    } finally {
      writable(ctx, ctx.stmts.syncFull).run();
    }
  };
}
function appendInTransaction(ctx, pending) {
  const { sessionId, kind, payload, canonicalPayload, signer, options, memoText } = pending;
  const session = ctx.stmts.head.get(sessionId);
  if (!session) throw new LedgerError("no_session", `no session ${sessionId} in ${ctx.path}`);
  const expectedKey = kind === HUMAN_REVIEW_KIND ? hexToBytes(payload.reviewer_public_key, 32) : session.public_key;
  if (kind === HUMAN_REVIEW_KIND && expectedKey && bytesEqual(expectedKey, session.public_key)) {
    throw new LedgerError(
      "wrong_signer",
      `refusing to append human_review to ${sessionId}: it is signed by the session key; sign off with your own key (truss keygen)`
    );
  }
  if (!expectedKey || !bytesEqual(signer.publicKey, expectedKey)) {
    const whose = kind === HUMAN_REVIEW_KIND ? "the reviewer_public_key in its payload" : `the session key ${session.pubkey_id}`;
    throw new LedgerError(
      "wrong_signer",
      `refusing to append ${kind} to ${sessionId}: signer ${signer.keyId} is not ${whose}`
    );
  }
  const seq = session.tip === null ? 0 : session.tip + 1;
  const prevHash = session.head_hash ?? ZERO_HASH;
  const entryHash = nodeEntryHash(prevHash, kind, canonicalPayload, seq);
  const signature = signer.sign(entryHash);
  const now = ctx.clock();
  writable(ctx, ctx.stmts.insertEntry).run(
    sessionId,
    seq,
    kind,
    canonicalPayload,
    prevHash,
    entryHash,
    signature,
    now
  );
  const status2 = ANNOTATION_KINDS.has(kind) ? session.status : STATUS_AFTER[kind] ?? "running";
  writable(ctx, ctx.stmts.moveHead).run(entryHash, status2, now, sessionId);
  if (options.memo) {
    try {
      writable(ctx, ctx.stmts.insertMemo).run(sessionId, options.memo.key, seq, memoText, now);
    } catch (error) {
      if (error.code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
        throw new LedgerError(
          "memo_exists",
          `memo ${JSON.stringify(options.memo.key)} is already recorded for session ${sessionId}`
        );
      }
      throw error;
    }
  }
  if (options.deliverSignal) {
    const { name, createdAt } = options.deliverSignal;
    if (writable(ctx, ctx.stmts.deliverSignal).run(sessionId, name, createdAt).changes !== 1) {
      throw new LedgerError(
        "signal_not_pending",
        `signal ${JSON.stringify(name)} of ${sessionId} is not pending (delivered twice?)`
      );
    }
  }
  for (const bytes of options.blobs ?? []) insertBlob(ctx, bytes, now);
  return {
    seq,
    kind,
    payload,
    prev_hash: Buffer.from(prevHash.buffer, prevHash.byteOffset, prevHash.byteLength).toString("hex"),
    entry_hash: entryHash.toString("hex"),
    signature: Buffer.from(signature.buffer, signature.byteOffset, signature.byteLength).toString("hex")
  };
}

// src/core/ledger/store-import.ts
var STATUS_AFTER2 = {
  run_completed: "completed",
  run_failed: "failed",
  suspended: "suspended"
};
function importLedger(ctx, ledger) {
  const imported = [];
  const tx = ctx.db.transaction(() => insertLedger(ctx, ledger, imported));
  tx.immediate();
  return imported;
}
function insertLedger(ctx, ledger, imported) {
  const id = ledger.session_id;
  if (ctx.stmts.session.get(id))
    throw new LedgerError("session_exists", `cannot import session ${id}: it is already in ${ctx.path}`);
  const publicKey = hexToBytes(ledger.public_key, 32);
  if (!publicKey)
    throw new LedgerError(
      "bad_payload",
      `cannot import session ${id}: its public_key is not 64 hex characters`
    );
  const first = ledger.entries[0]?.payload;
  const now = ctx.clock();
  writable(ctx, ctx.stmts.insertSession).run({
    id,
    code_version: typeof first?.code_version === "string" ? first.code_version : "",
    model: null,
    tenant: "local",
    user: "local",
    pubkey_id: ledger.pubkey_id,
    public_key: Buffer.from(publicKey),
    now
  });
  let prev = ZERO_HASH;
  let status2 = "running";
  for (const [index3, entry] of ledger.entries.entries()) {
    const where = `cannot import session ${id}: entry ${index3}`;
    const canonical = canonicalJson(entry.payload);
    const hash2 = nodeEntryHash(prev, entry.kind, canonical, entry.seq);
    const signature = hexToBytes(entry.signature, 64);
    if (entry.seq !== index3 || entry.prev_hash !== Buffer.from(prev).toString("hex"))
      throw new LedgerError("bad_head", `${where} does not follow the one before it`);
    if (hash2.toString("hex") !== entry.entry_hash || !signature)
      throw new LedgerError("bad_hash", `${where}: its hash or signature is not what its fields give`);
    writable(ctx, ctx.stmts.insertEntry).run(
      id,
      entry.seq,
      entry.kind,
      canonical,
      Buffer.from(prev),
      hash2,
      Buffer.from(signature),
      now
    );
    if (!ANNOTATION_KINDS.has(entry.kind)) status2 = STATUS_AFTER2[entry.kind] ?? "running";
    prev = hash2;
  }
  if (ledger.entries.length > 0) writable(ctx, ctx.stmts.moveHead).run(Buffer.from(prev), status2, now, id);
  imported.push(id);
  const anchored = new Set(
    ledger.entries.flatMap(
      (entry) => entry.kind === "child_anchor" && typeof entry.payload.child_session_id === "string" ? [entry.payload.child_session_id] : []
    )
  );
  for (const child of ledger.child_sessions ?? []) {
    if (!anchored.delete(child.session_id))
      throw new LedgerError(
        "unanchored_child",
        `cannot import session ${id}: it carries child session ${child.session_id}, which none of its child_anchor entries names (or it is carried twice); a bundle truss exports carries only the children it anchors`
      );
    insertLedger(ctx, child, imported);
  }
}

// src/core/ledger/store-open.ts
import { chmodSync, existsSync as existsSync2 } from "node:fs";
import Database2 from "better-sqlite3";

// src/core/ledger/schema.ts
var MIGRATIONS = [
  `
  CREATE TABLE sessions (
    id            TEXT PRIMARY KEY,
    status        TEXT NOT NULL,
    code_version  TEXT NOT NULL,
    model         TEXT,
    tenant        TEXT NOT NULL DEFAULT 'local',
    user          TEXT NOT NULL DEFAULT 'local',
    head_hash     BLOB,
    pubkey_id     TEXT,
    public_key    BLOB,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
  );
  CREATE TABLE journal (
    session_id    TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    kind          TEXT NOT NULL,
    payload       TEXT NOT NULL,
    prev_hash     BLOB NOT NULL,
    entry_hash    BLOB NOT NULL,
    signature     BLOB NOT NULL,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (session_id, seq)
  );
  CREATE TABLE snapshots (
    session_id    TEXT NOT NULL,
    at_seq        INTEGER NOT NULL,
    messages      TEXT NOT NULL,
    state         TEXT NOT NULL,
    PRIMARY KEY (session_id, at_seq)
  );
  CREATE TABLE blobs (
    hash          BLOB PRIMARY KEY,
    bytes         BLOB,
    size          INTEGER NOT NULL,
    created_at    INTEGER NOT NULL
  );
  CREATE TABLE signals (
    session_id    TEXT NOT NULL,
    name          TEXT NOT NULL,
    payload       TEXT,
    status        TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (session_id, name, created_at)
  );
  CREATE TABLE timers (
    session_id    TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    fire_at       INTEGER NOT NULL,
    status        TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
  );
  CREATE TABLE tool_memo (
    session_id    TEXT NOT NULL,
    memo_key      TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    result        TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (session_id, memo_key)
  );
  `,
  // 2: the session key's signed "verified through seq N" checkpoint (checkpoint.ts), so a local
  // resume need not verify every signature again. Bookkeeping only: never exported, never needed to
  // verify a ledger.
  `
  CREATE TABLE verified_through (
    session_id        TEXT PRIMARY KEY,
    seq               INTEGER NOT NULL,
    entry_hash        BLOB NOT NULL,
    signatures_digest BLOB NOT NULL,
    signature         BLOB NOT NULL,
    created_at        INTEGER NOT NULL
  );
  `
];
var SCHEMA_VERSION = MIGRATIONS.length;
function checkSchemaVersion(db, path, allowEmpty = false) {
  const current = db.pragma("user_version", { simple: true });
  if (current > SCHEMA_VERSION) {
    throw new LedgerError(
      "schema_too_new",
      `${path} uses ledger schema ${current}, newer than this truss understands (${SCHEMA_VERSION}); upgrade truss`
    );
  }
  if (current === 0 && !allowEmpty)
    throw new LedgerError("not_a_ledger", `${path} is not a truss ledger database (no schema)`);
  return current;
}
function refuseForeignDatabase(db, path) {
  if (db.pragma("user_version", { simple: true }) !== 0) return;
  const tables = db.prepare(
    "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 4"
  ).all().map((row) => row.name);
  if (tables.length === 0) return;
  throw new LedgerError(
    "foreign_database",
    `${path} is not a truss ledger database: it has no ledger schema version but holds other tables (${tables.join(", ")}); refusing to add truss tables to it. Pass --db with a new file or an existing truss ledger.`
  );
}
function applyLedgerMigrations(db) {
  for (const migration of MIGRATIONS) db.exec(migration);
}
function migrate(db, path) {
  const current = checkSchemaVersion(db, path, true);
  if (current === SCHEMA_VERSION) return;
  refuseForeignDatabase(db, path);
  db.transaction(() => {
    for (let version = current; version < SCHEMA_VERSION; version++) db.exec(MIGRATIONS[version]);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

// src/core/ledger/schema-guard.ts
import Database from "better-sqlite3";

// src/core/ledger/memory-tables.ts
var MEMORY_META_TABLE = "CREATE TABLE IF NOT EXISTS memory_meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)";
var MEMORY_MIGRATIONS = [
  `
  CREATE TABLE memory_entries (
    id            TEXT PRIMARY KEY,
    kind          TEXT NOT NULL,
    mem_key       TEXT NOT NULL,
    body          TEXT NOT NULL,
    trust         TEXT NOT NULL,
    produced_by   TEXT NOT NULL,
    verified_by   TEXT,
    decided_by    TEXT,
    sources       TEXT NOT NULL,
    salience      REAL NOT NULL,
    superseded_by TEXT,
    write_seq     INTEGER NOT NULL UNIQUE,
    created_at    INTEGER NOT NULL
  );
  CREATE INDEX memory_entries_key ON memory_entries (kind, mem_key, trust);
  CREATE TABLE memory_decisions (
    memory_id     TEXT NOT NULL,
    decision      TEXT NOT NULL,
    session_id    TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    entry_hash    TEXT NOT NULL,
    write_seq     INTEGER NOT NULL,
    PRIMARY KEY (session_id, seq, memory_id)
  );
  CREATE INDEX memory_decisions_id ON memory_decisions (memory_id, write_seq);
  `
];

// src/core/ledger/schema-guard.ts
var reference;
function referenceObjects() {
  if (reference) return reference;
  const db = new Database(":memory:");
  try {
    applyLedgerMigrations(db);
    db.exec(MEMORY_META_TABLE);
    for (const step of MEMORY_MIGRATIONS) db.exec(step);
    reference = new Map(schemaObjects(db).map((object2) => [`${object2.type}\0${object2.name}`, object2]));
  } finally {
    db.close();
  }
  return reference;
}
function schemaObjects(db) {
  return db.prepare("SELECT type, name, tbl_name, sql FROM main.sqlite_master ORDER BY rowid").all();
}
function requireLedgerSchema(db, path) {
  const allowed = referenceObjects();
  for (const object2 of schemaObjects(db)) {
    if (object2.type === "table" && /^sqlite_stat[1-4]$/.test(object2.name)) continue;
    const known = allowed.get(`${object2.type}\0${object2.name}`);
    if (known && known.tbl_name === object2.tbl_name && known.sql === object2.sql) continue;
    throw new LedgerError(
      "foreign_schema",
      `${path} is not truss's ledger schema: it holds ${object2.type} ${object2.name}${known ? " declared otherwise than truss declares it" : ", which truss never creates"}; refusing to read it`
    );
  }
}
function requireIntact(db, path) {
  const problems = db.pragma("integrity_check(5)").map(
    (row) => row.integrity_check
  );
  if (problems.length === 1 && problems[0] === "ok") return;
  throw new LedgerError(
    "not_a_ledger",
    `${path} fails SQLite's integrity check (${problems.join("; ").slice(0, 300)}); refusing to read it`
  );
}

// src/core/ledger/store-open.ts
function openLedgerDatabase(path, options) {
  let db;
  try {
    db = new Database2(path, {
      readonly: options.readonly ?? false,
      fileMustExist: Boolean(options.readonly || options.mustExist)
    });
  } catch (error) {
    throw new LedgerError("open_failed", `cannot open ledger database ${path}: ${error.message}`);
  }
  let readingSchema = false;
  const requireTrussFile = () => {
    readingSchema = true;
    requireLedgerSchema(db, path);
    if (options.untrusted) requireIntact(db, path);
    readingSchema = false;
  };
  try {
    if (!options.readonly) {
      refuseForeignDatabase(db, path);
      checkSchemaVersion(db, path, true);
      requireTrussFile();
      restrictToOwner(path);
      db.pragma("journal_mode = WAL");
      db.pragma("synchronous = FULL");
      db.pragma("busy_timeout = 5000");
      db.pragma("secure_delete = ON");
      migrate(db, path);
    } else {
      checkSchemaVersion(db, path);
      requireTrussFile();
    }
  } catch (error) {
    db.close();
    if (error instanceof LedgerError) throw error;
    if (readingSchema && /^SQLITE_CORRUPT/.test(String(error.code))) throw error;
    throw new LedgerError(
      "not_a_ledger",
      `${path} is not a usable truss ledger database: ${error.message}`
    );
  }
  return db;
}
function restrictToOwner(path) {
  if (path === ":memory:" || path === "") return;
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (!existsSync2(file)) continue;
    try {
      chmodSync(file, 384);
    } catch (error) {
      if (error.code !== "EPERM") throw error;
    }
  }
}

// src/core/ledger/checkpoint.ts
import { createHash as createHash5 } from "node:crypto";
var DOMAIN = utf8Bytes("truss.verified_through.v1\n");
function checkpointMessage(sessionId, checkpoint) {
  const seq = new Uint8Array(8);
  new DataView(seq.buffer).setBigUint64(0, BigInt(checkpoint.seq), true);
  return concatBytes(
    DOMAIN,
    utf8Bytes(sessionId),
    utf8Bytes("\n"),
    seq,
    checkpoint.entryHash,
    checkpoint.signaturesDigest
  );
}
function checkpointSignedBy(sessionId, checkpoint, sessionPublicKey, crypto) {
  if (!Number.isSafeInteger(checkpoint.seq) || checkpoint.seq < 0) return false;
  if (checkpoint.entryHash.length !== 32 || checkpoint.signaturesDigest.length !== 32) return false;
  return crypto.verify(checkpoint.signature, checkpointMessage(sessionId, checkpoint), sessionPublicKey);
}
var SignaturesDigest = class {
  #hash = createHash5("sha256");
  #count = 0;
  /** How many signatures went in (the next one must be for this seq). */
  get count() {
    return this.#count;
  }
  update(signature) {
    this.#hash.update(signature);
    this.#count++;
  }
  /** The digest so far; the stream can go on afterwards. */
  digest() {
    return this.#hash.copy().digest();
  }
  matches(expected) {
    return bytesEqual(this.digest(), expected);
  }
};

// src/core/ledger/store-rows.ts
function toLedgerEntry(row) {
  let payload;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = { unparseable_payload: row.payload };
  }
  return {
    seq: row.seq,
    kind: row.kind,
    payload,
    prev_hash: bytesToHex(row.prev_hash),
    entry_hash: bytesToHex(row.entry_hash),
    signature: bytesToHex(row.signature)
  };
}
function entryHandler(onEntry) {
  return (row, decoded) => {
    if (!decoded) {
      onEntry(toLedgerEntry(row));
      return;
    }
    onEntry({
      seq: row.seq,
      kind: row.kind,
      payload: decoded.payload,
      prev_hash: row.prev_hash.toString("hex"),
      entry_hash: row.entry_hash.toString("hex"),
      signature: row.signature.toString("hex")
    });
  };
}
var BYTE_FIELDS = [
  ["prev_hash", 32],
  ["entry_hash", 32],
  ["signature", 64]
];
function decodeRow(row, checkCanonical = true) {
  const malformed = (error) => ({
    code: "malformed_entry",
    error: `seq ${row.seq}: ${error}`
  });
  if (typeof row.seq !== "number" || !Number.isSafeInteger(row.seq))
    return malformed("seq is not an integer");
  if (typeof row.kind !== "string") return malformed("kind is not text");
  for (const [field, length] of BYTE_FIELDS) {
    const value = row[field];
    if (!Buffer.isBuffer(value) || value.length !== length)
      return malformed(`${field} is not ${length} bytes`);
  }
  if (typeof row.payload !== "string") return malformed("payload is not text");
  let payload;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    return malformed("payload is not valid JSON");
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload))
    return malformed("payload is not a JSON object");
  if (checkCanonical) {
    let canonical;
    try {
      canonical = canonicalJson(payload);
    } catch (error) {
      return malformed(`payload cannot be canonicalised (${error.message})`);
    }
    if (canonical !== row.payload)
      return {
        code: "payload_not_canonical",
        error: `seq ${row.seq}: stored payload is not in canonical form`
      };
  }
  return {
    seq: row.seq,
    kind: row.kind,
    payload,
    canonicalPayload: row.payload,
    prevHash: row.prev_hash,
    entryHash: row.entry_hash,
    signature: row.signature
  };
}

// src/core/ledger/store-sessions.ts
import { randomUUID } from "node:crypto";
function createSession(ctx, options) {
  const id = options.id ?? randomUUID();
  try {
    writable(ctx, ctx.stmts.insertSession).run({
      id,
      code_version: options.codeVersion,
      model: options.model ?? null,
      tenant: options.tenant ?? "local",
      user: options.user ?? "local",
      pubkey_id: options.signer.keyId,
      public_key: Buffer.from(options.signer.publicKey),
      now: ctx.clock()
    });
  } catch (error) {
    if (error.code === "SQLITE_CONSTRAINT_PRIMARYKEY")
      throw new LedgerError("session_exists", `session ${id} already exists`);
    throw error;
  }
  return requireSession(ctx, id);
}
function findSession(ctx, id) {
  const row = ctx.stmts.session.get(id);
  return row ? toSessionInfo(row) : void 0;
}
function requireSession(ctx, id) {
  const session = findSession(ctx, id);
  if (!session)
    throw new LedgerError(
      "no_session",
      `no session ${id} in ${ctx.path}; list sessions with \`truss ledger list --db ${ctx.path}\``
    );
  return session;
}
function listSessions(ctx) {
  return ctx.stmts.sessions.all().map(toSessionInfo);
}
function toSessionInfo(row) {
  return {
    ...row,
    head_hash: row.head_hash ? row.head_hash.toString("hex") : null,
    public_key: Buffer.isBuffer(row.public_key) ? row.public_key.toString("hex") : ""
  };
}

// src/core/ledger/store-verify.ts
function walkChain(ctx, sessionId, crypto, onRow, decodeAll, resume = {}) {
  const { checkpoint, signatures } = resume;
  let checkpointReached = false;
  const session = requireSession(ctx, sessionId);
  const publicKey = hexToBytes(session.public_key, 32);
  const verifier = new ChainVerifier(crypto, publicKey ?? new Uint8Array(32), ctx.receipts);
  if (!publicKey) {
    verifier.fail(
      null,
      "key_mismatch",
      `sessions.public_key of ${sessionId} is not a 32-byte Ed25519 public key`
    );
  } else if (keyIdFromPublicKey(publicKey, crypto.sha256) !== session.pubkey_id) {
    verifier.fail(
      null,
      "key_mismatch",
      `sessions.pubkey_id ${session.pubkey_id} is not the fingerprint of sessions.public_key`
    );
  }
  for (const [seq, kind, payload, prev_hash, entry_hash, signature] of ctx.stmts.entryTuples.iterate(
    sessionId
  )) {
    const row = { seq, kind, payload, prev_hash, entry_hash, signature };
    const attested = checkpoint !== void 0 && typeof row.seq === "number" && row.seq <= checkpoint.seq;
    const decoded = verifier.failed && !decodeAll ? void 0 : decodeRow(row, !attested);
    if (decoded && !verifier.failed) {
      if ("error" in decoded) verifier.fail(row.seq, decoded.code, decoded.error);
      else verifier.push(decoded, attested);
    }
    if (signatures && Buffer.isBuffer(row.signature)) signatures.update(row.signature);
    if (checkpoint && row.seq === checkpoint.seq && !verifier.failed) {
      checkpointReached = signatures !== void 0 && signatures.count === checkpoint.seq + 1 && bytesEqual(row.entry_hash, checkpoint.entryHash) && signatures.matches(checkpoint.signaturesDigest);
    }
    onRow?.(row, decoded !== void 0 && !("error" in decoded) ? decoded : void 0);
  }
  return { chain: verifier.finish(), checkpointReached };
}
function verifyChainAsJson(ctx, sessionId, crypto, onEntry) {
  return walkChain(
    ctx,
    sessionId,
    crypto,
    (row, decoded) => {
      if (!decoded) {
        onEntry(JSON.stringify(toLedgerEntry(row)));
        return;
      }
      onEntry(
        `{"seq":${row.seq},"kind":${JSON.stringify(row.kind)},"payload":${row.payload},"prev_hash":"${row.prev_hash.toString("hex")}","entry_hash":"${row.entry_hash.toString("hex")}","signature":"${row.signature.toString("hex")}"}`
      );
    },
    true
  ).chain;
}
function verifySession(ctx, sessionId, options, seen = /* @__PURE__ */ new Set()) {
  const session = requireSession(ctx, sessionId);
  const publicKey = hexToBytes(session.public_key, 32);
  return buildReport({
    sessionId,
    publicKeyHex: session.public_key,
    keyId: publicKey ? keyIdFromPublicKey(publicKey, options.crypto.sha256) : session.pubkey_id,
    chain: walkChain(ctx, sessionId, options.crypto, void 0, false).chain,
    declaredHead: session.head_hash,
    trusted: options.trusted,
    resolveChild: (anchor) => findSession(ctx, anchor.child_session_id) ? verifySession(ctx, anchor.child_session_id, options, seen) : null,
    seen
  });
}

// src/core/ledger/store-resume.ts
function verifyForResume(ctx, sessionId, crypto, options) {
  const onRow = entryHandler(options.onEntry);
  const stored = ctx.stmts.checkpoint?.get(sessionId);
  const checkpoint = stored && signedCheckpoint(ctx, sessionId, stored, crypto);
  let result;
  if (options.useCheckpoint && checkpoint) {
    const signatures = new SignaturesDigest();
    const attempt = walkChain(ctx, sessionId, crypto, onRow, false, { checkpoint, signatures });
    if (attempt.checkpointReached && !attempt.chain.failure) {
      result = { chain: attempt.chain, checkpoint: "used", checkpointSeq: checkpoint.seq, signatures };
    } else {
      options.onRestart();
    }
  }
  if (!result) {
    const signatures = new SignaturesDigest();
    const chain2 = walkChain(ctx, sessionId, crypto, onRow, false, { signatures }).chain;
    const use = !options.useCheckpoint ? "not_used" : stored ? "rejected" : "none";
    result = { chain: chain2, checkpoint: use, checkpointSeq: null, signatures };
  }
  const { chain } = result;
  if (checkpoint && !chain.failure && chain.entryCount <= checkpoint.seq) {
    chain.failure = {
      seq: chain.entryCount,
      code: "head_mismatch",
      message: `the journal ends at seq ${chain.entryCount - 1}, but a checkpoint signed by the session key covers seq ${checkpoint.seq}: entries were removed`
    };
  }
  return result;
}
function signedCheckpoint(ctx, sessionId, row, crypto) {
  const session = findSession(ctx, sessionId);
  const publicKey = session && hexToBytes(session.public_key, 32);
  if (!publicKey) return void 0;
  const fields = [row.entry_hash, row.signatures_digest, row.signature];
  if (typeof row.seq !== "number" || !fields.every((field) => Buffer.isBuffer(field))) return void 0;
  const checkpoint = {
    seq: row.seq,
    entryHash: row.entry_hash,
    signaturesDigest: row.signatures_digest,
    signature: row.signature
  };
  return checkpointSignedBy(sessionId, checkpoint, publicKey, crypto) ? checkpoint : void 0;
}
function writeCheckpoint(ctx, sessionId, checkpoint, signer) {
  const put = writable(ctx, ctx.stmts.putCheckpoint);
  ctx.db.transaction(() => {
    const session = ctx.stmts.head.get(sessionId);
    if (!session) throw new LedgerError("no_session", `no session ${sessionId} in ${ctx.path}`);
    if (!bytesEqual(signer.publicKey, session.public_key)) {
      throw new LedgerError(
        "wrong_signer",
        `refusing to checkpoint ${sessionId}: signer ${signer.keyId} is not the session key ${session.pubkey_id}`
      );
    }
    const entry = ctx.stmts.entry.get(sessionId, checkpoint.seq);
    if (!entry || !bytesEqual(entry.entry_hash, checkpoint.entryHash)) {
      throw new LedgerError(
        "checkpoint_mismatch",
        `refusing to checkpoint ${sessionId} at seq ${checkpoint.seq}: the stored entry has another hash`
      );
    }
    const signature = signer.sign(checkpointMessage(sessionId, checkpoint));
    put.run(
      sessionId,
      checkpoint.seq,
      Buffer.from(checkpoint.entryHash),
      Buffer.from(checkpoint.signaturesDigest),
      Buffer.from(signature),
      ctx.clock()
    );
  }).immediate();
}

// src/core/ledger/store-signals.ts
function queueSignal(ctx, sessionId, name, payload) {
  requireSession(ctx, sessionId);
  const text2 = payload === void 0 ? null : canonicalJson(payload);
  return ctx.db.transaction(() => {
    const last = ctx.stmts.lastSignalTime.get(sessionId)?.t ?? null;
    const createdAt = Math.max(ctx.clock(), last === null ? 0 : last + 1);
    writable(ctx, ctx.stmts.insertSignal).run(sessionId, name, text2, createdAt);
    return { name, payload: payload ?? null, status: "pending", created_at: createdAt };
  }).immediate();
}
function listSignals(ctx, sessionId) {
  return ctx.stmts.signals.all(sessionId).map((row) => ({
    name: row.name,
    payload: row.payload === null ? null : JSON.parse(row.payload),
    status: row.status === "delivered" ? "delivered" : "pending",
    created_at: row.created_at
  }));
}

// src/core/ledger/store.ts
var LedgerStore = class _LedgerStore {
  path;
  #ctx;
  #append;
  constructor(path, options) {
    this.path = path;
    const db = openLedgerDatabase(path, options);
    this.#ctx = {
      path,
      db,
      clock: options.clock ?? Date.now,
      receipts: options.receipts,
      stmts: prepareStatements(db, Boolean(options.readonly))
    };
    this.#append = createAppend(this.#ctx);
  }
  /** Opens (creating and migrating if needed) a ledger database. */
  static open(path, options = {}) {
    return new _LedgerStore(path, options);
  }
  close() {
    this.#ctx.db.close();
  }
  /** The connection's current SQLite `synchronous` level: FULL between appends, always. */
  synchronous() {
    const level = this.#ctx.db.pragma("synchronous", { simple: true });
    return ["OFF", "NORMAL", "FULL", "EXTRA"][level] ?? "EXTRA";
  }
  /** Starts a session bound to one signing key; only that key may sign its non-review entries. */
  createSession(options) {
    return createSession(this.#ctx, options);
  }
  session(id) {
    return findSession(this.#ctx, id);
  }
  requireSession(id) {
    return requireSession(this.#ctx, id);
  }
  sessions() {
    return listSessions(this.#ctx);
  }
  /**
   * Appends one signed, chained entry. `human_review` entries must be signed by the reviewer key
   * their payload names; every other kind by the session key.
   */
  append(sessionId, kind, payload, signer, options = {}) {
    return this.#append(sessionId, kind, payload, signer, options);
  }
  /**
   * Records a human decision signed by the reviewer's own key, pinned to the evidence it saw: the
   * current reviewable head (the last entry that is not itself a review).
   */
  appendHumanReview(sessionId, reviewer, review) {
    const attested = this.reviewableHead(sessionId);
    if (!attested)
      throw new LedgerError("nothing_to_attest", `session ${sessionId} has no entries to review`);
    const payload = {
      ...review,
      attested_head_hash: attested,
      reviewer_key_id: reviewer.keyId,
      reviewer_public_key: reviewer.publicKeyHex
    };
    return {
      ...this.append(sessionId, HUMAN_REVIEW_KIND, payload, reviewer),
      kind: HUMAN_REVIEW_KIND,
      payload
    };
  }
  reviewableHead(sessionId) {
    return this.reviewableHeadEntry(sessionId)?.entry_hash ?? null;
  }
  /** The last entry that is not an annotation (review, anchor receipt), with its seq: what gets attested or anchored. */
  reviewableHeadEntry(sessionId) {
    const row = this.#ctx.stmts.reviewableHead.get(sessionId, HUMAN_REVIEW_KIND, ANCHOR_RECEIPT_KIND);
    return row ? { seq: row.seq, entry_hash: row.entry_hash.toString("hex") } : null;
  }
  /** Streams a session's entries in seq order without loading the whole journal. */
  *entries(sessionId) {
    for (const row of this.#ctx.stmts.entries.iterate(sessionId)) yield toLedgerEntry(row);
  }
  entry(sessionId, seq) {
    const row = this.#ctx.stmts.entry.get(sessionId, seq);
    return row ? toLedgerEntry(row) : void 0;
  }
  memo(sessionId, key) {
    const row = this.#ctx.stmts.memo.get(sessionId, key);
    return row ? { seq: row.seq, result: JSON.parse(row.result) } : void 0;
  }
  /**
   * Queues an external signal for a session (`truss signal`). It reaches the journal only when the
   * run consumes it at a deterministic point (a `signal_received` entry), never by a concurrent append.
   */
  queueSignal(sessionId, name, payload) {
    return queueSignal(this.#ctx, sessionId, name, payload);
  }
  /** The session's signal queue, oldest first. */
  signals(sessionId) {
    return listSignals(this.#ctx, sessionId);
  }
  /**
   * Copies a verified bundle's ledger (and the child sessions it carries) into this store verbatim,
   * so a parent written here can anchor sessions signed elsewhere (store-import.ts). Returns the
   * imported session ids.
   */
  importLedger(ledger) {
    return importLedger(this.#ctx, ledger);
  }
  /** Stores bytes by sha256 outside any entry; returns the hex hash to journal. */
  putBlob(bytes) {
    return insertBlob(this.#ctx, bytes, this.#ctx.clock()).toString("hex");
  }
  /** `bytes` is null once the blob was shredded; `undefined` means no such blob. */
  blob(hashHex) {
    return readBlob(this.#ctx, hashHex);
  }
  /**
   * Crypto-shred: deletes a blob's bytes but keeps its hash and size. Entries only ever hold the hash,
   * so the chain stays verifiable after sensitive output is erased.
   */
  shredBlob(hashHex) {
    return shredBlob(this.#ctx, hashHex);
  }
  /** Writes a consistent copy of the whole database (WAL included) to `path`, e.g. for an artifact. */
  async backupTo(path) {
    await this.#ctx.db.backup(path);
  }
  /** Runs `fn` inside one read transaction so everything it reads comes from a single snapshot. */
  snapshot(fn) {
    return this.#ctx.db.transaction(fn).deferred();
  }
  /**
   * Verifies a stored session (and the child sessions it anchors) with the same chain verifier as
   * bundles, plus the store-specific checks: payload text is canonical and `sessions.head_hash` is the
   * last entry's hash.
   */
  verifySession(sessionId, options) {
    return this.snapshot(() => verifySession(this.#ctx, sessionId, options));
  }
  /** Verifies the chain only, returning the raw chain result (views, anchors, reviews) for exporters. */
  verifyChain(sessionId, crypto, onEntry) {
    return walkChain(this.#ctx, sessionId, crypto, onEntry && entryHandler(onEntry), false).chain;
  }
  /**
   * The chain walk of a resume. With `useCheckpoint`, a verified_through checkpoint signed by the
   * session key lets the walk skip the Ed25519 verification of the entries it covers while still
   * re-hashing and re-linking every entry and checking that the chain reaches the checkpoint's hash
   * and signatures digest. Anything else — no checkpoint, a forged or unverifiable one, a chain that
   * does not reach it, any failure at all — falls back to verifying every signature (`onRestart`
   * tells the caller to drop the entries it collected), so a failure is always reported exactly as
   * verifyChain reports it. Without `useCheckpoint` (an imported database) every signature is verified.
   */
  verifyForResume(sessionId, crypto, options) {
    return verifyForResume(this.#ctx, sessionId, crypto, options);
  }
  /**
   * Records that entries 0..checkpoint.seq were verified or written by the holder of the session
   * key, signed by that key (checkpoint.ts). Refuses another signer and a checkpoint whose hash is
   * not the stored entry's at that seq. Replaces the previous checkpoint.
   */
  writeCheckpoint(sessionId, checkpoint, signer) {
    writeCheckpoint(this.#ctx, sessionId, checkpoint, signer);
  }
  /**
   * Verifies the chain like verifyChain and hands each entry over as its JSON text (the fields of
   * LedgerEntry in order). A row that decoded cleanly has canonical payload text, which is spliced in
   * as it is instead of being parsed and serialised again; any other row goes through toLedgerEntry.
   */
  verifyChainAsJson(sessionId, crypto, onEntry) {
    return verifyChainAsJson(this.#ctx, sessionId, crypto, onEntry);
  }
};

// src/core/ledger/verify-bundle-file.ts
import { randomBytes as randomBytes3 } from "node:crypto";
import { closeSync as closeSync2, fstatSync, openSync as openSync2, readSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
var MAX_WHOLE_BUNDLE_BYTES = 512 * 1024 * 1024;
var DEFAULT_CHUNK_BYTES = 1 << 20;
var MAX_HEADER_CHARS = 1 << 20;
var ENTRIES_OPEN = '"entries":[';
var ENTRY_ENVELOPE_CHARS = 4096;
var MAX_ENTRY_LINE_CHARS = MAX_PAYLOAD_BYTES + ENTRY_ENVELOPE_CHARS;
var NotStreamable = class extends Error {
};
function verifyBundleFile(path, options) {
  try {
    return verifyOpenedFile(path, options);
  } catch (error) {
    throw tooLongForMemory(path, error) ?? error;
  }
}
function tooLongForMemory(path, error) {
  const tooLong = error instanceof RangeError || error?.code === "ERR_STRING_TOO_LONG";
  if (!tooLong) return null;
  return new BundleFormatError(
    `${path} is too large to verify in memory (${error.message}); export it again with \`truss ledger export\``
  );
}
function verifyOpenedFile(path, options) {
  let fd;
  try {
    fd = openSync2(path, "r");
  } catch (error) {
    throw unreadable(path, error);
  }
  try {
    let stats;
    try {
      stats = fstatSync(fd);
    } catch (error) {
      throw unreadable(path, error);
    }
    const limit = options.maxWholeFileBytes ?? MAX_WHOLE_BUNDLE_BYTES;
    if (!stats.isFile()) {
      options.onLayout?.("whole_file", "not a regular file");
      return verifyBundle(parseBundle(readWhole(fd, path, limit, false), path), options);
    }
    let reason;
    try {
      const report = streamVerify(fd, path, options);
      options.onLayout?.("streamed");
      return report;
    } catch (error) {
      if (!(error instanceof NotStreamable)) throw error;
      reason = error.message;
    }
    options.onLayout?.("whole_file", reason);
    if (stats.size > limit) throw tooLarge(path, stats.size, limit, reason);
    return verifyBundle(parseBundle(readWhole(fd, path, limit, true), path), options);
  } finally {
    closeSync2(fd);
  }
}
function tooLarge(path, size, limit, reason) {
  return new BundleFormatError(
    `${path} is ${Math.round(size / 2 ** 20)} MiB and not laid out one entry per line as \`truss ledger export\` writes it (${reason}); such bundles above ${Math.round(limit / 2 ** 20)} MiB are refused`
  );
}
function unreadable(path, error) {
  return new BundleFormatError(`cannot read ${path} (${error.code ?? "error"})`);
}
function readChunk(fd, path, buffer, position) {
  try {
    return readSync(fd, buffer, 0, buffer.length, position);
  } catch (error) {
    throw unreadable(path, error);
  }
}
function readWhole(fd, path, limit, seekable) {
  const chunks = [];
  let position = 0;
  for (; ; ) {
    const buffer = Buffer.allocUnsafe(DEFAULT_CHUNK_BYTES);
    const n = readChunk(fd, path, buffer, seekable ? position : null);
    if (n === 0) break;
    chunks.push(n === buffer.length ? buffer : buffer.subarray(0, n));
    position += n;
    if (position > limit) {
      throw new BundleFormatError(
        `${path} holds more than ${Math.round(limit / 2 ** 20)} MiB; bundles read whole above that are refused`
      );
    }
  }
  return Buffer.concat(chunks).toString("utf8");
}
function streamVerify(fd, path, options) {
  const chunkSize = Math.max(1, Math.floor(options.chunkSize ?? DEFAULT_CHUNK_BYTES));
  const buffer = Buffer.allocUnsafe(chunkSize);
  const decoder = new StringDecoder("utf8");
  const scanner = new LayoutScanner(options, options.maxWholeFileBytes ?? MAX_WHOLE_BUNDLE_BYTES);
  let position = 0;
  for (; ; ) {
    const n = readChunk(fd, path, buffer, position);
    if (n === 0) break;
    position += n;
    scanner.feed(decoder.write(n === chunkSize ? buffer : buffer.subarray(0, n)));
  }
  scanner.feed(decoder.end());
  return scanner.finish(path);
}
var LayoutScanner = class {
  /**
   * `maxWholeChars` is the whole-file limit: an entry line and the tail are each parsed whole, so
   * neither may be longer than what the whole-file path would read.
   */
  constructor(options, maxWholeChars) {
    this.options = options;
    this.maxWholeChars = maxWholeChars;
    this.#maxLineChars = Math.min(MAX_ENTRY_LINE_CHARS, maxWholeChars);
  }
  options;
  maxWholeChars;
  #state = "header";
  #header = [];
  #headerChars = 0;
  /** Pieces of a line that spans chunks, and their length. */
  #pending = [];
  #pendingChars = 0;
  #tail = [];
  /** Line number (1-based) of the line being looked at, for NotStreamable reasons. */
  #line = 0;
  #entries = 0;
  /** The previous entry line ended with a comma, so another entry must follow. */
  #comma = false;
  #ledger;
  #verifier;
  /** Characters after the closing `]` held so far. */
  #tailChars = 0;
  /** The longest entry line held: MAX_ENTRY_LINE_CHARS, or the whole-file limit when that is lower. */
  #maxLineChars;
  feed(text2) {
    let start = 0;
    while (this.#state !== "tail") {
      const newline = text2.indexOf("\n", start);
      if (newline === -1) break;
      let line = text2.slice(start, newline + 1);
      if (this.#pending.length > 0) {
        this.#pending.push(line);
        line = this.#pending.join("");
        this.#pending.length = 0;
        this.#pendingChars = 0;
      }
      start = newline + 1;
      this.#onLine(line);
    }
    if (start >= text2.length) return;
    const rest = start === 0 ? text2 : text2.slice(start);
    if (this.#state === "tail") {
      this.#pushTail(rest);
      return;
    }
    this.#pending.push(rest);
    this.#pendingChars += rest.length;
    if (this.#state === "header" && this.#headerChars + this.#pendingChars > MAX_HEADER_CHARS) {
      throw new NotStreamable(
        `no line ending in ${ENTRIES_OPEN} within the first ${MAX_HEADER_CHARS} characters`
      );
    }
    if (this.#state === "entries" && this.#pendingChars > this.#maxLineChars)
      throw lineTooLong(this.#line + 1, this.#maxLineChars);
  }
  #pushTail(text2) {
    this.#tailChars += text2.length;
    if (this.#tailChars > this.maxWholeChars) {
      throw new NotStreamable(
        `what follows the entries is more than ${Math.round(this.maxWholeChars / 2 ** 20)} MiB, the limit for what is parsed whole`
      );
    }
    this.#tail.push(text2);
  }
  /** `raw` includes its '\n' (the last line of a file may lack one). */
  #onLine(raw) {
    this.#line++;
    let end = raw.length;
    if (raw.charCodeAt(end - 1) === 10) end--;
    if (raw.charCodeAt(end - 1) === 13) end--;
    const line = end === raw.length ? raw : raw.slice(0, end);
    if (this.#state === "header") {
      this.#onHeaderLine(raw, line);
      return;
    }
    const first = line.charCodeAt(0);
    if (first === 123) {
      this.#onEntryLine(line);
    } else if (first === 93) {
      if (this.#comma) throw new NotStreamable(`line ${this.#line}: the entry before it ends with a comma`);
      this.#state = "tail";
      this.#pushTail(raw);
    } else {
      throw new NotStreamable(
        `line ${this.#line} starts neither an entry ({) nor the end of the entries (])`
      );
    }
  }
  #onHeaderLine(raw, line) {
    this.#header.push(raw);
    this.#headerChars += raw.length;
    if (this.#headerChars > MAX_HEADER_CHARS) {
      throw new NotStreamable(
        `no line ending in ${ENTRIES_OPEN} within the first ${MAX_HEADER_CHARS} characters`
      );
    }
    if (!line.endsWith(ENTRIES_OPEN)) return;
    let bundle;
    try {
      bundle = parseBundle(`${this.#header.join("")}]}}`, "header");
    } catch (error) {
      throw new NotStreamable(`the header does not read as a bundle (${error.message})`);
    }
    this.#ledger = ledgerHeader(bundle);
    this.#verifier = new BundleLedgerVerifier(this.#ledger, this.options);
    this.#state = "entries";
  }
  #onEntryLine(line) {
    if (line.length > this.#maxLineChars) throw lineTooLong(this.#line, this.#maxLineChars);
    if (this.#entries > 0 && !this.#comma) {
      throw new NotStreamable(`line ${this.#line}: the entry before it does not end with a comma`);
    }
    this.#comma = line.charCodeAt(line.length - 1) === 44;
    let entry;
    const text2 = this.#comma ? line.slice(0, -1) : line;
    try {
      entry = JSON.parse(text2);
    } catch {
      throw new NotStreamable(`line ${this.#line} is not one complete JSON entry`);
    }
    if (findJsonStructureProblem(text2, MAX_BUNDLE_DEPTH - 3)) {
      throw new NotStreamable(`line ${this.#line} repeats a key or nests too deep`);
    }
    this.#entries++;
    const verifier = this.#verifier;
    if (!verifier.failed) verifier.push(entry);
  }
  finish(path) {
    if (this.#pending.length > 0) {
      const last = this.#pending.join("");
      this.#pending.length = 0;
      this.#pendingChars = 0;
      this.#onLine(last);
    }
    if (this.#state === "header") throw new NotStreamable(`no line ends in ${ENTRIES_OPEN}`);
    if (this.#state === "entries") throw new NotStreamable("the file ends inside the entries");
    const placeholder = `truss-streamed-entries-${randomBytes3(16).toString("hex")}`;
    const text2 = [...this.#header, JSON.stringify(placeholder), ...this.#tail].join("");
    this.#tail.length = 0;
    let skeleton;
    try {
      skeleton = parseBundle(text2, path);
    } catch (error) {
      throw new NotStreamable(
        `the document around the entries does not read as a bundle (${error.message})`
      );
    }
    const entries = skeleton.ledger.entries;
    if (entries.length !== 1 || entries[0] !== placeholder) {
      throw new NotStreamable("the streamed lines are not the value of ledger.entries (repeated keys?)");
    }
    const ledger = ledgerHeader(skeleton);
    const started = this.#ledger;
    for (const field of ["session_id", "public_key", "pubkey_id", "head_hash"]) {
      if (ledger[field] !== started[field]) {
        throw new NotStreamable(`ledger.${field} is given again after the entries with another value`);
      }
    }
    const verifier = this.#verifier;
    return finishBundle(skeleton, verifier.finish(skeleton.ledger.child_sessions));
  }
};
function lineTooLong(line, max) {
  const why = max === MAX_ENTRY_LINE_CHARS ? "of the longest entry the exporter writes" : "of the whole-file limit";
  return new NotStreamable(`line ${line} is longer than the ${max} characters ${why}`);
}
function ledgerHeader(bundle) {
  const { session_id, public_key, pubkey_id, head_hash } = bundle.ledger;
  return { session_id, public_key, pubkey_id, head_hash };
}

// src/core/ledger/human-review-entry.ts
import { createHash as createHash6 } from "node:crypto";
function signDetachedHumanReview(options) {
  const head = hexToBytes(options.headHash, 32);
  if (!head) throw new LedgerError("bad_head", "the head to extend must be a 64-character hex hash");
  if (!hexToBytes(options.attestedHeadHash, 32))
    throw new LedgerError("bad_head", "the attested head must be a 64-character hex hash");
  if (!Number.isSafeInteger(options.headSeq) || options.headSeq < 0)
    throw new LedgerError("bad_head", `the head seq must be a non-negative integer, got ${options.headSeq}`);
  const payload = {
    ...options.review,
    attested_head_hash: options.attestedHeadHash,
    reviewer_key_id: options.reviewer.keyId,
    reviewer_public_key: options.reviewer.publicKeyHex
  };
  const seq = options.headSeq + 1;
  const entryHash = createHash6("sha256").update(entryPreimage(head, HUMAN_REVIEW_KIND, canonicalJson(payload), seq)).digest();
  return {
    seq,
    kind: HUMAN_REVIEW_KIND,
    payload,
    prev_hash: options.headHash,
    entry_hash: entryHash.toString("hex"),
    signature: bytesToHex(options.reviewer.sign(entryHash))
  };
}
function checkDetachedHumanReview(entry, head, options) {
  if (entry.kind !== HUMAN_REVIEW_KIND) return `expected a ${HUMAN_REVIEW_KIND} entry, got ${entry.kind}`;
  if (entry.seq !== head.seq + 1) return `seq ${entry.seq} does not follow the head (seq ${head.seq})`;
  if (entry.prev_hash !== head.hash) return "prev_hash does not point at the ledger head";
  const publicKey = hexToBytes(entry.payload.reviewer_public_key, 32);
  if (!publicKey) return "reviewer_public_key is not a 64-character hex key";
  const prev = hexToBytes(entry.prev_hash, 32);
  if (!prev) return "prev_hash is not a 64-character hex hash";
  let canonical;
  try {
    canonical = canonicalJson(entry.payload);
  } catch (error) {
    return `payload is not canonical JSON: ${error.message}`;
  }
  const hash2 = options.crypto.sha256(entryPreimage(prev, entry.kind, canonical, entry.seq));
  if (bytesToHex(hash2) !== entry.entry_hash) return "entry_hash does not match the entry";
  const signature = hexToBytes(entry.signature, 64);
  if (!signature || !options.crypto.verify(signature, hash2, publicKey))
    return "the signature is not valid for reviewer_public_key";
  const read = tryReadEntry(entry, HUMAN_REVIEW_KIND);
  if ("error" in read) return read.error;
  if (!isPinned(options.trusted, read.payload.reviewer_public_key, "reviewer"))
    return `reviewer key ${read.payload.reviewer_key_id} is not pinned as a reviewer (roles=reviewer in trusted-keys)`;
  return null;
}

// src/core/ledger/bundle-append.ts
function appendHumanReviewToBundle(bundle, reviewer, review) {
  const ledger = bundle.ledger;
  if (reviewer.publicKeyHex === ledger.public_key) {
    throw new LedgerError(
      "wrong_signer",
      "a human review must be signed by the reviewer key, not the session key"
    );
  }
  const last = ledger.entries.at(-1);
  const head = hexToBytes(ledger.head_hash, 32);
  if (!last || !head || last.entry_hash !== ledger.head_hash)
    throw new LedgerError("bad_head", "the bundle has no valid head to extend");
  const attested = [...ledger.entries].reverse().find((e) => !ANNOTATION_KINDS.has(e.kind))?.entry_hash;
  if (!attested) throw new LedgerError("nothing_to_attest", "the bundle has no evidence to review");
  const entry = signDetachedHumanReview({
    headHash: ledger.head_hash,
    headSeq: last.seq,
    attestedHeadHash: attested,
    reviewer,
    review
  });
  return {
    bundle: {
      ...bundle,
      ledger: { ...ledger, entries: [...ledger.entries, entry], head_hash: entry.entry_hash }
    },
    entry
  };
}

// src/core/ledger/human-review-payload.ts
function readHumanReview(payload) {
  const read = readPayload("human_review", payload);
  if ("error" in read) return read;
  const p = read.payload;
  return {
    review: {
      decision: p.decision,
      attested_head_hash: p.attested_head_hash,
      reviewer_key_id: p.reviewer_key_id,
      reviewer_public_key: p.reviewer_public_key,
      note: p.note ?? "",
      actor: p.actor ? { login: p.actor.login ?? null, id: p.actor.id ?? null } : null,
      source: p.source ?? null
    }
  };
}

// src/core/ledger/presigned-review.ts
var hex = (bytes) => external_exports.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`));
var PresignedReviewSchema = external_exports.object({
  seq: external_exports.number().int().nonnegative(),
  kind: external_exports.literal("human_review"),
  payload: external_exports.record(external_exports.string(), external_exports.unknown()),
  prev_hash: hex(32),
  entry_hash: hex(32),
  signature: hex(64)
});
function presignedReviewSigner(input, crypto, approvers) {
  const parsed = PresignedReviewSchema.safeParse(input);
  if (!parsed.success) {
    throw new LedgerError(
      "malformed_review",
      `the pre-signed approval is not a human_review entry: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(entry)"}: ${i.message}`).join("; ")}`
    );
  }
  const read = tryReadEntry(parsed.data, "human_review");
  if ("error" in read)
    throw new LedgerError(
      "malformed_review",
      `the pre-signed approval is not a human_review entry: ${read.error}`
    );
  const review = { ...parsed.data, payload: read.payload };
  const publicKey = hexToBytes(review.payload.reviewer_public_key, 32);
  const keyId = keyIdFromPublicKey(publicKey, crypto.sha256);
  if (review.payload.reviewer_key_id !== keyId)
    throw new LedgerError(
      "malformed_review",
      `the pre-signed approval names key ${review.payload.reviewer_key_id}, but its public key is ${keyId}`
    );
  if (!isPinned(approvers, review.payload.reviewer_public_key, "reviewer"))
    throw new LedgerError(
      "untrusted_reviewer",
      `the pre-signed approval is signed by ${keyId}, which is not pinned as a reviewer: add it to trusted-keys (or .truss/trusted-keys) with roles=reviewer to accept approvals from it`
    );
  if (review.seq < 1)
    throw new LedgerError(
      "malformed_review",
      "the pre-signed approval cannot be the first entry of a ledger"
    );
  const entryHash = hexToBytes(review.entry_hash, 32);
  const signature = hexToBytes(review.signature, 64);
  const problem = checkDetachedHumanReview(
    review,
    { hash: review.prev_hash, seq: review.seq - 1 },
    { crypto, trusted: approvers }
  );
  if (problem !== null)
    throw new LedgerError("review_refused", `the pre-signed approval is refused: ${problem}`);
  const signer = {
    publicKey,
    publicKeyHex: review.payload.reviewer_public_key,
    keyId,
    sign(message) {
      if (!bytesEqual(message, entryHash))
        throw new LedgerError(
          "stale_review",
          `the pre-signed approval was signed for entry ${review.entry_hash} (seq ${review.seq} after ${review.prev_hash}), not for this ledger's next entry ${bytesToHex(message)}: the ledger moved, so ask for a new approval`
        );
      return signature;
    }
  };
  return { signer, review };
}

// src/core/ledger/trust.ts
import { existsSync as existsSync3, readFileSync as readFileSync2 } from "node:fs";
import { join } from "node:path";
var REPO_TRUSTED_KEYS_PATH = ".truss/trusted-keys";
function resolveTrustedKeys(options) {
  const trusted = /* @__PURE__ */ new Map();
  const sources = [];
  for (const [index3, key] of (options.keys ?? []).entries()) {
    trusted.set(bytesToHex(parsePublicKeyHex(key, `--key #${index3 + 1}`)), "command line");
  }
  if (options.keys?.length) sources.push("--key");
  let file = options.file;
  if (!file && trusted.size === 0 && existsSync3(join(options.cwd, REPO_TRUSTED_KEYS_PATH))) {
    const repoFile = join(options.cwd, REPO_TRUSTED_KEYS_PATH);
    const problem = options.vetRepoFile?.(repoFile) ?? null;
    if (problem === null) file = repoFile;
    else
      options.onWarning?.(
        `not trusting the keys in ${repoFile}: ${problem}, and a branch can pin its own author's key there. Pass --trusted-keys ${repoFile} to use it anyway, or --key HEX.`
      );
  }
  if (file) {
    let text2;
    try {
      text2 = readFileSync2(file, "utf8");
    } catch (error) {
      throw new KeyError(
        `cannot read trusted keys file ${file} (${error.code ?? "error"})`
      );
    }
    for (const [key, pin] of parseTrustedKeys(text2, file, options.onWarning)) {
      if (!trusted.has(key)) trusted.set(key, pin);
    }
    sources.push(file);
  }
  return { trusted, source: sources.length ? sources.join(" + ") : null };
}

export {
  writeFileAtomic,
  CanonicalJsonError,
  KeyError,
  LedgerError,
  BundleFormatError,
  canonicalJson,
  readAwaitSpec,
  contractSummary,
  MalformedEntryError,
  readPayload,
  tryReadEntry,
  readEntry,
  readEntries,
  readKnownEntry,
  tallyBench,
  bytesToHex,
  hexToBytes,
  bytesEqual,
  utf8Bytes,
  concatBytes,
  ZERO_HASH,
  TERMINAL_KINDS,
  HUMAN_REVIEW_KIND,
  ANCHOR_RECEIPT_KIND,
  ANNOTATION_KINDS,
  keyIdFromPublicKey,
  NO_TRUSTED_KEYS,
  rolePin,
  isPinned,
  hasRole,
  keysFor,
  parseTrustedKeys,
  VERIFY_EXIT_CODES,
  parseBundle,
  verifyBundle,
  signDetachedHumanReview,
  appendHumanReviewToBundle,
  SignaturesDigest,
  createNodeCrypto,
  streamTail,
  tailsFromStore,
  writeBundle,
  exportBundle,
  exportBundleToFile,
  readHumanReview,
  SigningKey,
  parseSeedBase64,
  loadKeyFile,
  resolveSigningKey,
  loadOrCreateKeyFile,
  MEMORY_META_TABLE,
  MEMORY_MIGRATIONS,
  presignedReviewSigner,
  checkSchemaVersion,
  LedgerStore,
  resolveTrustedKeys,
  verifyBundleFile
};
