import { relative } from 'node:path';
import type { z } from 'zod';
import { isWithin, PolicyViolation } from './policy.js';
import type { ToolPolicy } from './policy-types.js';
import type { ToolOutcome } from './tool.js';

/** A tool's input did not match its schema; the message names the field and the problem. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}

/** Parses a tool's input with its zod schema, or throws {@link ToolInputError} naming every problem. */
export function parseInput<T extends z.ZodType>(tool: string, schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'input';
    return `${where}: ${issue.message}`;
  });
  throw new ToolInputError(`invalid input for ${tool}: ${problems.join('; ')}`);
}

export function ok(content: string, data?: Record<string, unknown>): ToolOutcome {
  return data === undefined ? { content, isError: false } : { content, isError: false, data };
}

export function fail(content: string, data?: Record<string, unknown>): ToolOutcome {
  return data === undefined ? { content, isError: true } : { content, isError: true, data };
}

/**
 * Turns anything a tool threw into an error outcome the model can read: policy refusals and input
 * errors keep their message (and the violation code goes into `data`), file-system errors are
 * described by their code. Never includes a stack.
 */
export function errorOutcome(tool: string, error: unknown): ToolOutcome {
  if (error instanceof PolicyViolation) {
    return fail(error.message, { refused: true, violation: error.code });
  }
  if (error instanceof ToolInputError) return fail(error.message, { invalidInput: true });
  const err = error as NodeJS.ErrnoException;
  const message = error instanceof Error ? error.message : String(error);
  return fail(`${tool} failed: ${message}`, err?.code ? { code: err.code } : undefined);
}

/** How a resolved path is shown to the model: relative to the workdir when inside it. */
export function displayPath(policy: ToolPolicy, real: string): string {
  if (!isWithin(real, policy.workdir)) return real;
  return relative(policy.workdir, real) || '.';
}
