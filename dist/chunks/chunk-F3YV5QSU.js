#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  BudgetExceededError
} from "./chunk-HUZIAC4E.js";

// src/core/run/replayed-usage.ts
function chargeReplayedUsage(budget, usage) {
  try {
    budget.record({
      inputTokens: usage?.input_tokens ?? 0,
      outputTokens: usage?.output_tokens ?? 0,
      costUsd: usage?.cost_usd ?? 0
    });
    return null;
  } catch (error) {
    if (!(error instanceof BudgetExceededError)) throw error;
    return error.message;
  }
}

export {
  chargeReplayedUsage
};
