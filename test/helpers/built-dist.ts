import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * A built entry point (`cli.js`, `action.js`, `app.js`) from this test run's fresh build of src/
 * (test/global-setup.ts), so tests of the shipped bundles never exercise a stale dist/.
 */
export function builtEntry(name: 'cli.js' | 'action.js' | 'app.js'): string {
  return join(inject('builtDist'), name);
}
