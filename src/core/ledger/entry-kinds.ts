import { HUMAN_REVIEW_DECISIONS, type LedgerEntry } from './entry.js';
import { BENCH_KINDS } from './entry-kinds-bench.js';
import { CHILD_RUN_KINDS, ChildParentSchema } from './entry-kinds-children.js';
import { CONTEXT_KINDS, ContextSettingsSchema } from './entry-kinds-context.js';
import { DELEGATED_TOOL_KINDS, DelegatedToolsSchema } from './entry-kinds-delegated.js';
import { MCP_KINDS } from './entry-kinds-mcp.js';
import { MEMORY_KINDS } from './entry-kinds-memory.js';
import { TOOL_CALL_KINDS } from './entry-kinds-tools.js';
import {
  ApprovalAwaitSchema,
  CitationSchema,
  ClauseVerdictSchema,
  ContentBlockSchema,
  checkRun,
  counts,
  flag,
  GitSchema,
  hex32,
  index,
  json,
  num,
  OutputStreamSchema,
  opt,
  overall,
  RecordedInjectionSchema,
  recordedWork,
  SideEffectSchema,
  status,
  text,
  toolOutcome,
  UsageSchema,
} from './entry-shapes.js';
import { LedgerError } from './errors.js';
import {
  array,
  fits,
  type Infer,
  looseObject,
  maybe,
  nullable,
  object,
  oneOf,
  type PathKey,
  type Shape,
  type ShapeIssue,
  unknown,
} from './payload-shape.js';

export { CHILD_STATUSES, type ChildParent, type ChildRef, type VerdictRef } from './entry-kinds-children.js';
export {
  AwaitSpecSchema,
  type CheckRunFields,
  CLAUSE_STATUSES,
  type ClauseStatus,
  type ContractSummary,
  contractSummary,
  type OutputStream,
  OVERALLS,
  type Overall,
  type RecordedAwait,
  type RecordedClauseVerdict,
  type RecordedContentBlock,
  type RecordedInjection,
  readAwaitSpec,
  type ToolOutcomeFields,
} from './entry-shapes.js';

/**
 * The catalogue of entry kinds (docs/ledger.md "Entries", docs/runtime.md): each kind Truss writes
 * maps to the schema of its payload. Writers build payloads typed `PayloadOf<K>` and readers read
 * them with `readEntry`, so a field one side writes and the other reads differently is a type error,
 * and a signed payload that does not fit its kind (a numeric `decision`, a verdict clause without
 * `status`) is refused where it is read instead of being read as whatever it prints like.
 *
 * The fields readers decide on are strict; descriptive ones are optional (entries written by earlier
 * versions lack them) and type-checked when present. Payloads may carry more fields than listed
 * (kinds are extended, never repurposed): the top level is loose and nested objects accept unknown
 * keys. Integrity never depends on a payload (the chain verifier checks through here only what it
 * relies on itself: reviews, child anchors, fan-out reductions and eval reports). The schemas are
 * built from entry-shapes.ts with payload-shape.ts, not zod, because the report page bundles this
 * file. Kinds not listed here are not Truss's and are left alone.
 *
 * A feature with kinds of its own keeps them in an `entry-kinds-<feature>.ts` beside this file (as
 * child runs and MCP do) and spreads them in below; `PayloadOf`, `readEntry` and the malformed-payload
 * tests (test/ledger/entry-kinds.test.ts) then cover them like the rest.
 */

const ENTRY_KIND_SCHEMAS = {
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
      object({ level: opt(text), requested: opt(text), network: opt(text), network_enforced: opt(flag) }),
    ),
    started_at: opt(text),
    /** A child run names its parent and what it was given (docs/fanout.md "Child runs"). */
    parent: opt(ChildParentSchema),
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
    context: opt(ContextSettingsSchema),
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
    usage: opt(UsageSchema),
  }),
  tool_result: looseObject({
    name: text,
    call_id: opt(text),
    input: opt(json),
    refused: opt(flag),
    ...toolOutcome,
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
    ...recordedWork,
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
    ...recordedWork,
  }),
  /** The agent's own run of a check (`run_checks`): evidence only, never the verdict. */
  self_validation: looseObject({
    clause: index,
    call_id: opt(text),
    desc: opt(text),
    cmd: opt(text),
    exit: maybe(num),
    summary: opt(text),
    workdir_hash: maybe(text),
    evidence_only: opt(flag),
    ...checkRun,
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
    error: maybe(text),
  }),
  checks_setup: looseObject({ run: text, checkout: opt(text), ...checkRun }),
  check_result: looseObject({
    clause: index,
    desc: opt(text),
    run: opt(text),
    expect_exit: maybe(num),
    checkout: opt(text),
    /** Before tails moved to blobs, hand-written and early bundles carried them inline. */
    stdout_tail: opt(text),
    stderr_tail: opt(text),
    ...checkRun,
  }),
  review_evidence: looseObject({
    clause: index,
    base_sha: maybe(text),
    head_sha: maybe(text),
    diff_sha256: opt(text),
    diff_bytes: opt(num),
    diff_truncated: opt(flag),
    files: opt(array(object({ path: text, bytes: maybe(num), truncated: opt(flag), problem: maybe(text) }))),
    notes: opt(array(text)),
    hidden_text: opt(array(object({ source: text, path: text, counts, total: num }))),
    injection_suspected: maybe(RecordedInjectionSchema),
    redactions: opt(counts),
  }),
  review_vote: looseObject({
    clause: index,
    seat: index,
    vote: status,
    lens: opt(text),
    provider: opt(text),
    model: opt(text),
    reasoning: opt(text),
    usage: opt(UsageSchema),
    error: maybe(text),
    aimed_at_reviewers: maybe(flag),
    /** The problems the seat named, anchored to changed lines or kept as prose (absent in older votes). */
    citations: opt(array(CitationSchema)),
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
    total_tokens: opt(num),
    /** The wall-clock deadline that stopped the run and forced FAIL (docs/contracts.md "[budget]"). */
    deadline: opt(object({ limit: text, source: text, at: opt(text) })),
  }),
  /** What the harness did with a passing run's changes (src/core/run/publish-changes.ts). */
  changes_published: SideEffectSchema,
  /** `overall` is null for a run without a verdict of its own (`truss eval`). */
  run_completed: looseObject({ overall: maybe(overall), final_text: opt(text), finished_at: opt(text) }),
  run_failed: looseObject({ error: opt(text), failed_at: opt(text) }),
  clock_read: looseObject({ now: num }),
  random_draw: looseObject({ value: num }),
  timer_set: looseObject({ fire_at: num }),
  timer_fired: looseObject({ timer_seq: opt(index), fire_at: opt(num), fired_at: opt(num) }),
  /** A consumed `truss signal`, or an approval gate released by the review at `review_seq`. */
  signal_received: looseObject({
    name: text,
    payload: opt(unknown()),
    queued_at: opt(num),
    gate: opt(ApprovalAwaitSchema),
    review_seq: opt(index),
    review_entry_hash: opt(text),
    reviewer_key_id: opt(text),
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
    source: maybe(json),
  }),
  /** A transparency-log receipt for an earlier entry (src/core/anchor/receipt.ts checks the proof). */
  anchor_receipt: looseObject({
    log_origin: text,
    log_public_key: hex32,
    log_key_id: text,
    leaf_index: index,
    checkpoint: text,
    inclusion_proof: array(hex32),
    anchored_head_hash: hex32,
    anchored_seq: index,
  }),
  ...CHILD_RUN_KINDS,
  ...MCP_KINDS,
  ...BENCH_KINDS,
  ...TOOL_CALL_KINDS,
  ...DELEGATED_TOOL_KINDS,
  ...MEMORY_KINDS,
  ...CONTEXT_KINDS,
};

export type EntryKind = keyof typeof ENTRY_KIND_SCHEMAS;
export type PayloadOf<K extends EntryKind> = Infer<(typeof ENTRY_KIND_SCHEMAS)[K]>;

/** Every catalogued kind, in the order a run writes them. */
export const ENTRY_KINDS = Object.keys(ENTRY_KIND_SCHEMAS) as readonly EntryKind[];

/** Indexed by a generic K this keeps PayloadOf<K> (the object literal above widens to a union). */
const SCHEMAS: { [K in EntryKind]: Shape<PayloadOf<K>> } = ENTRY_KIND_SCHEMAS;

export function isEntryKind(kind: string): kind is EntryKind {
  return Object.hasOwn(ENTRY_KIND_SCHEMAS, kind);
}

/** A ledger entry whose payload was read as its kind `K`. */
export type EntryOf<K extends EntryKind> = Omit<LedgerEntry, 'kind' | 'payload'> & {
  kind: K;
  payload: PayloadOf<K>;
};

/** An entry whose payload was read as its kind: `kind` narrows `payload`. */
export type KnownEntry = {
  [K in EntryKind]: { seq: number; kind: K; payload: PayloadOf<K> };
}[EntryKind];

/** The entry fields a reader needs: kind and payload (seq, when known, names it in errors). */
export interface EntryLike {
  seq?: number;
  kind: string;
  payload: unknown;
}

/** A catalogued entry whose payload does not fit its kind, or an entry of another kind than asked for. */
export class MalformedEntryError extends LedgerError {
  override name = 'MalformedEntryError';
  constructor(
    readonly seq: number | null,
    readonly kind: string,
    /** What is wrong, without the seq: `check_result met "yes" is malformed (expected boolean)`. */
    readonly detail: string,
  ) {
    super('malformed_entry', seq === null ? detail : `seq ${seq}: ${detail}`);
  }
}

/** Validates a payload as `kind`; the error names the first bad field and its value. */
export function readPayload<K extends EntryKind>(
  kind: K,
  payload: unknown,
): { payload: PayloadOf<K> } | { error: string } {
  // Shapes check and never convert: what passes is the payload as signed, typed as its kind.
  const shape = SCHEMAS[kind];
  return fits(shape, payload) ? { payload } : { error: describeIssue(kind, payload, shape.problem(payload)) };
}

/** `readEntry` without throwing: the typed payload, or what is wrong (without the seq). */
export function tryReadEntry<K extends EntryKind>(
  entry: EntryLike,
  kind: K,
): { payload: PayloadOf<K> } | { error: string } {
  if (entry.kind !== kind) return { error: `expected a ${kind} entry, found ${JSON.stringify(entry.kind)}` };
  return readPayload(kind, entry.payload);
}

/**
 * The one way to read an entry's payload: checks that the entry is of `kind` and that its payload
 * fits the kind's schema, and returns it typed; throws MalformedEntryError otherwise.
 */
export function readEntry<K extends EntryKind>(entry: EntryLike, kind: K): PayloadOf<K> {
  const read = tryReadEntry(entry, kind);
  if ('error' in read) throw new MalformedEntryError(entry.seq ?? null, entry.kind, read.error);
  return read.payload;
}

/** Every entry of `kind` among `entries`, in order, read with `readEntry` (a malformed one throws). */
export function readEntries<K extends EntryKind>(entries: Iterable<LedgerEntry>, kind: K): EntryOf<K>[] {
  const read: EntryOf<K>[] = [];
  for (const entry of entries) {
    if (entry.kind === kind) read.push({ ...entry, kind, payload: readEntry(entry, kind) });
  }
  return read;
}

/**
 * Reads any entry by its own kind: a KnownEntry for a catalogued kind, `{error}` when its payload
 * does not fit, null for a kind the catalogue does not list.
 */
export function readKnownEntry(entry: {
  seq: number;
  kind: string;
  payload: unknown;
}): KnownEntry | { error: string } | null {
  if (!isEntryKind(entry.kind)) return null;
  const read = readPayload(entry.kind, entry.payload);
  if ('error' in read) return read;
  // The kind was checked above; TypeScript cannot pair a union kind with its payload by itself.
  return { seq: entry.seq, kind: entry.kind, payload: read.payload } as KnownEntry;
}

function describeIssue(kind: string, payload: unknown, issue: ShapeIssue | null): string {
  if (!issue || issue.path.length === 0) return `${kind} payload is malformed (${issue?.want ?? 'invalid'})`;
  let value: unknown = payload;
  for (const key of issue.path) value = (value as Record<PathKey, unknown>)[key];
  return `${kind} ${issue.path.join('.')} ${describeValue(value)} is malformed (${issue.want})`;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 80);
  } catch {
    return typeof value;
  }
}
