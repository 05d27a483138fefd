import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The bundled CLI shipped beside the action's entry in dist/ (scripts/build.mjs builds both). */
export const BUNDLED_CLI = 'cli.js';

/**
 * How a delegated CLI with `[executor] tools = "truss"` starts Truss's tool server from the Action
 * (docs/action.md): this Node with the action's own bundled CLI, `dist/cli.js` beside the running
 * `dist/action.js`, so the relay is exactly the code of this release, never a `truss` found on the
 * PATH or in the checked-out (untrusted) workspace. The relay holds no key: it only connects to the
 * run's tool socket (docs/mcp.md "Journaled tools for delegated agents").
 *
 * Resolved from the running entry file (`process.argv[1]`), not the working directory. Returns
 * undefined when there is no bundled CLI beside it (a source checkout run through a loader), and the
 * run then refuses such a contract saying why.
 */
export function actionToolServer(
  entry: string | undefined,
  node: string = process.execPath,
): { command: string; args: string[] } | undefined {
  if (!entry) return undefined;
  let dir: string;
  try {
    dir = dirname(realpathSync(entry));
  } catch {
    return undefined;
  }
  const cli = join(dir, BUNDLED_CLI);
  return existsSync(cli) ? { command: node, args: [cli] } : undefined;
}
