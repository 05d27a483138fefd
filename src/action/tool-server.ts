import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TrussCommand } from '../core/executors/index.js';
import { relayBeside } from '../core/process/index.js';

/** The bundled CLI shipped beside the action's entry in dist/ (scripts/build.mjs builds both). */
export const BUNDLED_CLI = 'cli.cjs';

/**
 * How a delegated CLI with `[executor] tools = "truss"` starts Truss's tool server from the Action
 * (docs/action.md): this Node with the action's own bundled CLI, `dist/cli.cjs` beside the running
 * `dist/action.cjs`, so the relay is exactly the code of this release, never a `truss` found on the
 * PATH or in the checked-out (untrusted) workspace. The relay holds no key: it only connects to the
 * run's tool socket (docs/mcp.md "Journaled tools for delegated agents").
 *
 * On a runner dist/ lies under the runner's HOME (`_actions/…`), which the isolation hides from the
 * sandbox: the run copies the self-contained `dist/relay.js` into its tool directory (which the
 * sandbox is given) and the CLI starts that copy (`relayScript`).
 *
 * Resolved from the running entry file (`process.argv[1]`), not the working directory. Returns
 * undefined when there is no bundled CLI beside it (a source checkout run through a loader), and the
 * run then refuses such a contract saying why.
 */
export function actionToolServer(
  entry: string | undefined,
  node: string = process.execPath,
): TrussCommand | undefined {
  if (!entry) return undefined;
  let dir: string;
  try {
    dir = dirname(realpathSync(entry));
  } catch {
    return undefined;
  }
  const cli = join(dir, BUNDLED_CLI);
  if (!existsSync(cli)) return undefined;
  const relay = relayBeside(entry);
  return { command: node, args: [cli], ...(relay ? { relayScript: relay } : {}) };
}
