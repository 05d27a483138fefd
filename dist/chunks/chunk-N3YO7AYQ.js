#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/runtime/durable-errors.ts
var DurableReplayError = class extends Error {
  name = "DurableReplayError";
};
var NonDeterminismError = class extends DurableReplayError {
  constructor(seq, expected, found) {
    super(
      `non-determinism at seq ${seq}: the run requested ${expected} but the journal records ${found}; the contract, fixture or truss version changed since this session was recorded (start a new run)`
    );
    this.seq = seq;
    this.expected = expected;
    this.found = found;
  }
  seq;
  expected;
  found;
  name = "NonDeterminismError";
};
var MemoTamperError = class extends DurableReplayError {
  name = "MemoTamperError";
};
var ResumeRefusedError = class extends DurableReplayError {
  name = "ResumeRefusedError";
};
var SuspendedError = class extends Error {
  constructor(suspension) {
    super(`suspended at seq ${suspension.seq}: ${suspension.reason}`);
    this.suspension = suspension;
  }
  suspension;
  name = "SuspendedError";
};
function describeAwait(spec) {
  if ("signal" in spec) return `signal ${spec.signal}`;
  if ("timer" in spec) return `timer ${spec.timer}`;
  const { gate, tool } = spec.approval;
  return `approval ${gate}${tool ? ` ${tool}` : ""}`;
}

// src/core/runtime/budget.ts
var BudgetExceededError = class extends Error {
  constructor(dimension, spent, limits) {
    super(`budget exhausted: ${describe(dimension, spent, limits)}`);
    this.dimension = dimension;
    this.spent = spent;
    this.limits = limits;
  }
  dimension;
  spent;
  limits;
  name = "BudgetExceededError";
};
function describe(dimension, spent, limits) {
  switch (dimension) {
    case "cost":
      return `spent $${spent.costUsd.toFixed(4)} of max_cost_usd $${limits.maxCostUsd}`;
    case "tokens":
      return `used ${spent.totalTokens} of max_total_tokens ${limits.maxTotalTokens}`;
    case "steps":
      return `took ${spent.steps} of max_steps ${limits.maxSteps}`;
  }
}
var BudgetMeter = class {
  constructor(limits, onWarning = () => {
  }) {
    this.limits = limits;
    this.onWarning = onWarning;
  }
  limits;
  onWarning;
  spent = { costUsd: 0, totalTokens: 0, steps: 0 };
  #warned = false;
  assertCanSpend() {
    const over = this.#exceeded(true);
    if (over) throw new BudgetExceededError(over, { ...this.spent }, this.limits);
  }
  record(usage) {
    this.spent.totalTokens += usage.inputTokens + usage.outputTokens;
    this.spent.costUsd += usage.costUsd;
    this.spent.steps += usage.steps ?? 0;
    const over = this.#exceeded(false);
    if (over) throw new BudgetExceededError(over, { ...this.spent }, this.limits);
    if (!this.#warned && this.fraction() >= 0.8) {
      this.#warned = true;
      this.onWarning(`80% of the budget is spent (${Math.round(this.fraction() * 100)}%)`);
    }
  }
  /** The largest used fraction across the limited dimensions (0 when nothing is limited). */
  fraction() {
    const { maxCostUsd, maxTotalTokens, maxSteps } = this.limits;
    return Math.max(
      maxCostUsd ? this.spent.costUsd / maxCostUsd : 0,
      maxTotalTokens ? this.spent.totalTokens / maxTotalTokens : 0,
      maxSteps ? this.spent.steps / maxSteps : 0
    );
  }
  #exceeded(beforeCall) {
    const { maxCostUsd, maxTotalTokens, maxSteps } = this.limits;
    const past = (spent, limit) => limit !== void 0 && (beforeCall ? spent >= limit : spent > limit);
    if (past(this.spent.costUsd, maxCostUsd)) return "cost";
    if (past(this.spent.totalTokens, maxTotalTokens)) return "tokens";
    if (past(this.spent.steps, maxSteps)) return "steps";
    return null;
  }
};
function budgetMeterFor(budget, onWarning) {
  return new BudgetMeter(
    { maxCostUsd: budget.max_cost_usd, maxTotalTokens: budget.max_total_tokens, maxSteps: budget.max_steps },
    onWarning
  );
}

export {
  BudgetExceededError,
  BudgetMeter,
  budgetMeterFor,
  DurableReplayError,
  NonDeterminismError,
  MemoTamperError,
  ResumeRefusedError,
  SuspendedError,
  describeAwait
};
