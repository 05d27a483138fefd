import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The self-contained relay a build ships beside its entries (src/cli/relay.ts, built to dist/relay.js). */
export const BUNDLED_RELAY = 'relay.js';

/**
 * The `relay.js` beside a built entry file (the Action's dist/action.cjs, an installed dist/cli.cjs),
 * found through symlinks; undefined for a source checkout or an entry that does not exist. Both hosts
 * hand it to a `tools = "truss"` run as `TrussCommand.relayScript`, so the run can copy it where the
 * sandbox can read it.
 */
export function relayBeside(entry: string): string | undefined {
  try {
    const relay = join(dirname(realpathSync(entry)), BUNDLED_RELAY);
    return existsSync(relay) ? relay : undefined;
  } catch {
    return undefined;
  }
}
