import type { ResolvedContract } from '../contract/schema.js';
import { matchesToolPattern } from '../contract/tool-pattern.js';
import type { TrustedKeys } from '../ledger/trusted-keys.js';
import type { DurableSession } from './durable.js';

/**
 * Approval gates (docs/runtime.md "Approval gates"), default off: before a high-risk tool runs, or once model spend crosses
 * a threshold, the durable run suspends until a signed approved `human_review` releases it.
 */
export class ApprovalGates {
  readonly enabled: boolean;
  readonly highRiskTools: readonly string[];
  readonly spendThresholdUsd: number | undefined;
  readonly perCallSpendThresholdUsd: number | undefined;
  /**
   * Whose approvals release a gate: the contract's `approvers` plus the keys the host configured
   * (`.truss/trusted-keys`, `--approvers`, the Action's trusted keys). Empty means none: a gate then
   * stays suspended whatever is signed — an approval by any key would let anyone who can write
   * the database generate a key and release the high-risk tool.
   */
  readonly approvers: TrustedKeys;
  /** Set once the cumulative spend gate was released: it gates a run once. */
  #spendReleased = false;

  constructor(settings: ResolvedContract['approval_gates'], approvers: TrustedKeys = new Map()) {
    const merged = new Map(approvers);
    for (const key of settings.approvers ?? []) if (!merged.has(key)) merged.set(key, 'contract approver');
    this.approvers = merged;
    this.enabled = settings.enabled;
    this.highRiskTools = settings.high_risk_tools;
    this.spendThresholdUsd = settings.spend_threshold_usd;
    this.perCallSpendThresholdUsd = settings.per_call_spend_threshold_usd;
  }

  /** True when `tool` matches a `high_risk_tools` pattern of enabled gates. */
  gatesTool(tool: string): boolean {
    return this.enabled && this.highRiskTools.some((pattern) => matchesToolPattern(pattern, tool));
  }

  /** Before a tool call: suspends (SuspendedError) until approved when the tool is high-risk. */
  async beforeTool(session: DurableSession, tool: string, input: Record<string, unknown>): Promise<void> {
    if (!this.gatesTool(tool)) return;
    await session.awaitApproval(
      { gate: 'tool', tool },
      `approval needed before high-risk tool ${tool} runs: ${inputPreview(input)}`,
      this.approvers,
    );
  }

  /**
   * After a model call was journaled and charged: suspends when that call cost more than the
   * per-call threshold, or the run's spend first reaches the cumulative threshold.
   */
  async afterModelCall(session: DurableSession, callCostUsd: number, spentUsd: number): Promise<void> {
    if (!this.enabled) return;
    const perCall = this.perCallSpendThresholdUsd;
    if (perCall !== undefined && callCostUsd >= perCall && callCostUsd > 0) {
      await session.awaitApproval(
        { gate: 'per_call_spend', spend: round(callCostUsd), threshold: perCall },
        `approval needed: one model call cost $${callCostUsd.toFixed(4)}, at or over per_call_spend_threshold_usd $${perCall}`,
        this.approvers,
      );
    }
    const total = this.spendThresholdUsd;
    if (total !== undefined && !this.#spendReleased && spentUsd >= total && spentUsd > 0) {
      await session.awaitApproval(
        { gate: 'spend', spend: round(spentUsd), threshold: total },
        `approval needed: the run has spent $${spentUsd.toFixed(4)}, at or over spend_threshold_usd $${total}`,
        this.approvers,
      );
      this.#spendReleased = true;
    }
  }
}

/**
 * The gated call's input as the approver reads it: whole when short, else its start and its end with
 * the count of characters between. A start alone let a command padded in front hide what it runs at
 * the end from an approver who reads only this message. Cut between code points, never inside a
 * surrogate pair (the message is signed, and canonical JSON refuses a lone surrogate).
 */
export function inputPreview(input: Record<string, unknown>, head = 240, tail = 160): string {
  const points = Array.from(JSON.stringify(input));
  if (points.length <= head + tail + 60) return points.join('');
  const hidden = points.length - head - tail;
  return `${points.slice(0, head).join('')} … [${hidden} characters not shown] … ${points.slice(-tail).join('')}`;
}

function round(usd: number): number {
  return Math.round(usd * 1e6) / 1e6;
}
