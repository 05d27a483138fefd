import { checkToolAllowed } from './policy.js';
import type { Tool, ToolContext, ToolOutcome } from './tool.js';
import { errorOutcome, fail } from './tool-kit.js';

/** Tools by name. */
export type ToolRegistry = ReadonlyMap<string, Tool>;

/**
 * Runs one local tool call under policy: unknown tools and tools the contract does not allow are
 * refused (an error outcome, never an exception), as is any call after cancellation. Whatever the
 * tool throws becomes an error outcome.
 */
export async function invokeTool(
  registry: ToolRegistry,
  name: string,
  input: Record<string, unknown>,
  context: ToolContext,
): Promise<ToolOutcome> {
  const tool = registry.get(name);
  if (tool === undefined) {
    return fail(`unknown tool ${JSON.stringify(name)}; available: ${[...registry.keys()].join(', ')}`, {
      unknownTool: true,
    });
  }
  try {
    checkToolAllowed(context.policy, name);
  } catch (error) {
    return errorOutcome(name, error);
  }
  if (context.ctx.signal.aborted) return fail(`${name} refused: the run was cancelled`, { cancelled: true });
  try {
    return await tool.run(input, context);
  } catch (error) {
    return errorOutcome(name, error);
  }
}
