import { constraintsSchema, type ResolvedContract } from '../../src/core/contract/schema.js';
import { createCtx } from '../../src/core/runtime/ctx.js';
import { resolvePolicy } from '../../src/core/tools/policy.js';
import type { ToolContext } from '../../src/core/tools/tool.js';

// What a tool call needs, apart from the test helpers that start processes and import vitest: the
// child that runs one tool under a small heap (test/helpers/tool-under-heap.ts) loads only this.

type Constraints = ResolvedContract['constraints'];

/** The resolved `[constraints]` defaults with `overrides` on top, as the contract loader produces them. */
export function constraints(overrides: Partial<Constraints> = {}): Constraints {
  return { ...constraintsSchema().parse({}), ...overrides };
}

/** Every harness tool allowed (the contract default allows only the four file/shell tools). */
export const ALL_TOOLS = ['*'];

export function toolContext(
  workdir: string,
  overrides: Partial<Constraints> = {},
  signal?: AbortSignal,
): ToolContext {
  const policy = resolvePolicy(constraints({ allow_tools: ALL_TOOLS, ...overrides }), workdir);
  return { workdir, policy, ctx: createCtx(signal ? { signal } : {}) };
}

/**
 * The environment git runs with in these tests: an empty HOME, so the host's global config (which may
 * name a user) never leaks in and is never touched.
 */
export function gitEnv(home: string): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C' };
}
