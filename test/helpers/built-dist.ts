import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * A built entry point (`cli.cjs`, `action.cjs`, `app.js`) from this test run's fresh build of src/
 * (test/global-setup.ts), so tests of the shipped bundles never exercise a stale dist/.
 */
export function builtEntry(name: 'cli.cjs' | 'action.cjs' | 'app.js'): string {
  return join(inject('builtDist'), name);
}

/**
 * How the tests start the real `truss` command: node on this run's fresh build of src/cli. A child
 * process on the bundle starts in a third of the time `--import tsx` on the sources takes, and the
 * suite starts hundreds of them; it is the same code, built from src/ by the same script as dist/.
 */
export function trussArgv(): [command: string, ...args: string[]] {
  return [process.execPath, builtEntry('cli.cjs')];
}
