import { basename, dirname, join } from 'node:path';

/**
 * Where the HTML report for a bundle goes by default: beside it, same name, `.html` instead of
 * `.json` (`.truss/bundles/<session>.json` → `.truss/bundles/<session>.html`).
 */
export function reportPathFor(bundlePath: string): string {
  const name = basename(bundlePath).replace(/\.json$/i, '');
  return join(dirname(bundlePath), `${name}.html`);
}
