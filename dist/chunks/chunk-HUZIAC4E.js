#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

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

// src/core/verify/json-answer.ts
function readJsonAnswer(text, structured, allowedKeys, options) {
  let data;
  if (structured !== void 0) {
    if (structured.length !== 1)
      return { problem: `${structured.length} structured answers, expected exactly one` };
    if (options.proseBesideStructured === "refuse" && text.trim() !== "")
      return { problem: "prose next to the structured answer" };
    data = structured[0];
  } else {
    const trimmed = text.trim();
    if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) return { problem: "not exactly one JSON object" };
    try {
      data = JSON.parse(trimmed);
    } catch {
      return { problem: "not exactly one JSON object" };
    }
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { problem: "not an object" };
  const record = data;
  const extra = Object.keys(record).filter((key) => !allowedKeys.includes(key));
  if (extra.length > 0) return { problem: `unexpected keys ${extra.join(", ")}` };
  return { record };
}

export {
  BudgetExceededError,
  BudgetMeter,
  budgetMeterFor,
  readJsonAnswer
};
