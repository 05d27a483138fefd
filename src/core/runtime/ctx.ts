import type { Isolation } from '../process/isolation.js';
import { BudgetMeter } from './budget.js';

/** Progress a run reports to whoever hosts it (CLI progress lines, Actions log groups). */
export type RunEvent =
  | { type: 'phase'; name: string }
  | { type: 'check_started'; clause: number; desc: string }
  | {
      type: 'check_finished';
      clause: number;
      desc: string;
      met: boolean;
      exitCode: number | null;
      durationMs: number;
    }
  | { type: 'review_started'; clause: number; desc: string; seats: number }
  /** What the panel of a review clause was not shown, or shown cut (a missing reviewer_context file, no diff). */
  | { type: 'review_evidence_note'; clause: number; note: string }
  | { type: 'vote'; clause: number; seat: number; lens: string; vote: string }
  | { type: 'review_finished'; clause: number; status: string }
  | { type: 'provider_retry'; provider: string; attempt: number; delayMs: number; reason: string }
  | { type: 'executor_started'; kind: string; replaying: boolean }
  | { type: 'agent_step'; step: number; tools: string[] }
  | { type: 'tool_call'; name: string; isError: boolean }
  /** The in-loop agent's next request against its model's window (docs/context.md "The gauge"). */
  | { type: 'context_pressure'; step: number; tokens: number; window: number; pressure: number }
  /** At the current growth, the context passes the compaction threshold within this many steps. */
  | { type: 'compaction_imminent'; step: number; steps_to_threshold: number }
  | { type: 'context_compacted'; step: number; mode: string; before_tokens: number; after_tokens: number }
  | { type: 'goal_repinned'; step: number }
  /** A child run of a fan-out or a spawn (docs/fanout.md) started / ended. */
  | { type: 'child_started'; attempt: number; sessionId: string }
  | {
      type: 'child_finished';
      attempt: number;
      sessionId: string;
      status: string;
      overall: string | null;
      costUsd: number;
    }
  /** Governed memory (docs/memory.md): entries recalled for the executor, proposals stored after the run. */
  | { type: 'memory_recalled'; entries: number; tokens: number }
  | { type: 'memory_proposed'; proposed: number; created: number }
  /** The run stops at `at` (epoch ms): the tighter of `[budget] max_duration` and the host's timeout. */
  | { type: 'deadline'; limit: string; source: string; at: number }
  | { type: 'warning'; message: string };

export type EventSink = (event: RunEvent) => void;

/**
 * The one context threaded through every provider call, check and tool: cancellation, deadline,
 * budget, clock and event sink. Nothing below a host reads process state directly.
 */
export interface Ctx {
  readonly signal: AbortSignal;
  /** Epoch ms after which work must stop; null = no deadline. */
  readonly deadline: number | null;
  readonly budget: BudgetMeter;
  readonly events: EventSink;
  /**
   * How every untrusted process of this run starts (checks, the bash tool, delegated CLIs): chosen
   * once by the host (docs/security.md). Absent = no isolation, with the environment still filtered.
   */
  readonly isolation?: Isolation | undefined;
  now(): number;
}

export function createCtx(options: {
  signal?: AbortSignal;
  deadline?: number | null;
  budget?: BudgetMeter;
  events?: EventSink;
  now?: () => number;
  isolation?: Isolation;
}): Ctx {
  const events = options.events ?? (() => {});
  return {
    signal: options.signal ?? new AbortController().signal,
    deadline: options.deadline ?? null,
    budget: options.budget ?? new BudgetMeter({}, (message) => events({ type: 'warning', message })),
    events,
    ...(options.isolation ? { isolation: options.isolation } : {}),
    now: options.now ?? Date.now,
  };
}
