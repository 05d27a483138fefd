import type { EntryKind, PayloadOf } from '../ledger/entry-kinds.js';
import type { Ctx } from '../runtime/ctx.js';
import type { ToolPolicy } from './policy-types.js';

/** What a tool needs from the run: where it works, the policy it is held to, and the run context. */
export interface ToolContext {
  workdir: string;
  policy: ToolPolicy;
  ctx: Ctx;
  /**
   * No process of the judged work runs while this call does (the in-loop agent: tools run one at a
   * time between model turns, and each sandboxed process is ended with all its descendants before its
   * tool returns; no MCP server of the contract's is running). Then a tool that runs several gits
   * checks `.git` and the configs once, before the first; a call from a delegated CLI or an editor,
   * whose own processes run meanwhile, checks before each (docs/security.md, "Git metadata").
   */
  workIdle?: boolean;
}

/** A tool's result as the model sees it, plus structured data for the journal. */
export interface ToolOutcome {
  content: string;
  isError: boolean;
  /**
   * Offsets in `content` where a window cut out of a longer output begins (bash's truncated tail,
   * behind its header): the part of a secret the cut went through is only found where the cut is
   * known, so the journal's secret scan is told (redact.ts, WindowCut).
   */
  cuts?: readonly number[];
  /** Extra facts for provenance (e.g. a commit SHA); never secrets. */
  data?: Record<string, unknown>;
}

/**
 * A harness tool: Truss defines the schema, the model asks for a call, Truss executes it locally
 * under policy and journals it. `sideEffect` tools (git_commit, later PR creation) are memoised
 * with their signed provenance so a resume never repeats them.
 */
export interface Tool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the input object. */
  readonly inputSchema: Record<string, unknown>;
  readonly sideEffect: boolean;
  /**
   * Only reads (read_file, list_dir, git_status, git_diff): running it again changes nothing, so its
   * tool_result may be committed without its own fsync (LedgerStore.append `deferSync`).
   */
  readonly readOnly?: boolean;
  run(input: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome>;
  /**
   * A signed entry the journaled outcome calls for, recorded right after it and replayed with it:
   * the spawn tool's `child_anchor` (docs/fanout.md "The spawn tool"). Null: none for this outcome.
   */
  followUp?(outcome: ToolOutcome): FollowUpStep | null;
}

/** The entry a tool's outcome calls for: a catalogued kind (entry-kinds.ts) and its payload. */
export type FollowUpStep = {
  [K in EntryKind]: {
    kind: K;
    payload: PayloadOf<K>;
    /** Spend behind the outcome, charged to the run's meter again when it is replayed (a child's). */
    charge?: { inputTokens: number; outputTokens: number; costUsd: number; steps?: number };
  };
}[EntryKind];
