import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

/** npm's own range logic (a transitive dependency; typed here for the two calls used). */
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string; major: number; minor: number } | null;
};

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

/**
 * The README promises the Node.js version in package.json `engines`; every package the lock file
 * installs must accept its lowest version, or `npm ci` warns EBADENGINE and the package may break.
 */
describe('the promised Node.js version', () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8'));
  const lowest = semver.minVersion(pkg.engines.node);
  const promised = lowest?.version ?? '0.0.0';

  it('is the one the README states', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(lowest).not.toBeNull();
    expect(readme).toContain(`Node.js ≥ ${lowest?.major}.${lowest?.minor}`);
  });

  it('is accepted by every installed package', () => {
    const refusing = Object.entries(lock.packages as Record<string, LockEntry>)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(promised, range)
          ? [`${path}@${entry.version} wants node ${range}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });
});
