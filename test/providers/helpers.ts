import type { ToolSpec } from '../../src/core/providers/index.js';
import { type BudgetLimits, BudgetMeter } from '../../src/core/runtime/budget.js';
import { type Ctx, createCtx, type RunEvent } from '../../src/core/runtime/ctx.js';

/** A key-shaped secret that must never show up in errors, events or results. */
export const ANTHROPIC_KEY = 'sk-ant-api03-PLANTED-anthropic-key-0123456789abcdef';
export const OPENAI_KEY = 'sk-proj-PLANTED-openai-key-0123456789abcdef';
export const GITHUB_TOKEN = 'ghs_PLANTEDgithubtoken0123456789abcdef';

/** A plain function tool, as every provider gets it. */
export const READ_FILE: ToolSpec = {
  name: 'read_file',
  description: 'Read a file of the work tree.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

export interface TestCtx {
  ctx: Ctx;
  events: RunEvent[];
  budget: BudgetMeter;
  controller: AbortController;
}

export function makeCtx(
  options: { limits?: BudgetLimits; now?: () => number; deadline?: number } = {},
): TestCtx {
  const events: RunEvent[] = [];
  const controller = new AbortController();
  const budget = new BudgetMeter(options.limits ?? {}, (message) =>
    events.push({ type: 'warning', message }),
  );
  const ctx = createCtx({
    signal: controller.signal,
    budget,
    events: (event) => events.push(event),
    ...(options.now ? { now: options.now } : {}),
    ...(options.deadline !== undefined ? { deadline: options.deadline } : {}),
  });
  return { ctx, events, budget, controller };
}

/** Records requested waits and returns at once: no real sleeping in tests. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms: number) => {
      delays.push(ms);
    },
  };
}

/** Everything observable about an error, for "the key is not in here" assertions. */
export function everythingAbout(error: unknown): string {
  const e = error as Error & { cause?: unknown };
  return [String(e), e.message, e.stack ?? '', JSON.stringify(e), JSON.stringify(e.cause ?? null)].join('\n');
}

export async function catchError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

export const ask = (content = 'Say hello.', extra: Record<string, unknown> = {}) => ({
  messages: [{ role: 'user' as const, content }],
  ...extra,
});
