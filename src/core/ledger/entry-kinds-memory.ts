/**
 * The entry kinds of governed memory (docs/memory.md) for the catalogue (entry-kinds.ts): signed
 * proposals (`memory_proposed`, `playbook_imported`), a decision about one entry (`memory_verdict`,
 * in a session of its own), a maintainer's own signed approval of a promotion (`memory_approval`) and what a run was told from memory (`memory_recall`). The memory view
 * (src/core/memory/view.ts) checks every verified entry against the `memory_verdict` it names.
 */
import { hex32, index, json, num, opt, text, UsageSchema } from './entry-shapes.js';
import { array, looseObject, maybe, object, oneOf } from './payload-shape.js';

/** What a `memory_verdict` decided (src/core/memory/store.ts `MemoryDecision`). */
export const MEMORY_DECISIONS = ['promote', 'reject', 'revoke', 'unverifiable'] as const;
/** How it was decided: the reviewer panel, a maintainer's own decision, a paired eval. */
export const MEMORY_DECISION_METHODS = ['panel', 'maintainer', 'eval'] as const;

/** A signed entry in another session: which session, which position, the hash that pins it. */
export const LedgerRefSchema = object({ session: text, seq: index, entry_hash: hex32 });

/** One proposed entry: its content, and its id to check (sha256 of kind ‖ key ‖ body). */
export const ProposedItemSchema = object({
  memory_id: hex32,
  kind: text,
  key: text,
  body: text,
  salience: num,
  /** An earlier entry of the same session it came from (a lesson's verdict). */
  produced_by: opt(object({ seq: index, entry_hash: hex32 })),
  /** Playbooks: the file imported and its sha256. */
  path: opt(text),
  file_sha256: opt(hex32),
});

/** One arm of an eval-gated promotion as its verdict quotes it from the `eval_report`. */
const EvalArmResultSchema = object({ arm: text, runs: num, passes: num, pass_rate: num });

/** What a `memory_verdict` decided by a paired eval names (docs/memory.md "Eval-gated promotion"). */
export const EvalEvidenceSchema = object({
  report: LedgerRefSchema,
  on: EvalArmResultSchema,
  off: EvalArmResultSchema,
});

const proposalFields = {
  via: text,
  entries: array(ProposedItemSchema),
};

export const MEMORY_KINDS = {
  /** Entries proposed by a run (`memory_propose`, lesson extraction) or `truss memory propose`: unverified. */
  memory_proposed: looseObject({
    ...proposalFields,
    /** Lessons the extractor dropped (below the salience threshold, unstorable), with why. */
    dropped: opt(array(json)),
    provider: opt(text),
    model: opt(text),
    usage: opt(UsageSchema),
    problem: maybe(text),
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
    approval: opt(LedgerRefSchema),
  }),
  /**
   * A maintainer's approval of one promotion, signed with their own key in a session of its own
   * (`run_started {kind: "memory_approval"}`): the entry by id and body hash, and the decision about
   * it that was the latest when they approved (`prior`, null for none), so an approval is spent by
   * the one promotion that follows it. Checked by the memory view (src/core/memory/approval.ts).
   */
  memory_approval: looseObject({
    memory_id: hex32,
    action: oneOf(['promote'] as const),
    entry: object({ kind: text, key: text, body_sha256: hex32, produced_by: LedgerRefSchema }),
    reason: text,
    prior: maybe(LedgerRefSchema),
  }),
  /** What the executor was told from memory before it started: never shown to the panel. */
  memory_recall: looseObject({
    ids: array(hex32),
    tokens: num,
    budget: opt(object({ max: num, tokens: num })),
    text: opt(text),
    /** An unverified entry recalled on trial by an eval-gated promotion's `on` arm. */
    trial: opt(hex32),
    ignored: opt(array(object({ id: text, kind: opt(text), key: opt(text), reason: text }))),
  }),
};
