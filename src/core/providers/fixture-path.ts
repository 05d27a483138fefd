import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { ProviderConfigError } from './errors.js';

/** A scripted fixture path that leads outside the directories fixtures may come from. */
export class FixturePathError extends ProviderConfigError {
  override name = 'FixturePathError';
}

/**
 * Resolves a scripted provider's `script` path. Fixtures are test and demo data that live with the
 * contract: a relative path is looked up in `roots` in order (the workdir, then where truss started,
 * then the contract's directory — docs/providers.md), an absolute one must lie inside one of them,
 * and symlinks are resolved before the check. Anything else (`../../../../etc/passwd`) is refused
 * here, before a provider is built or anything is journaled; the file is never read.
 */
export function resolveFixturePath(script: string, roots: readonly string[]): string {
  const bases = roots.filter((root, index) => root && roots.indexOf(root) === index);
  const candidates = isAbsolute(script) ? [script] : bases.map((root) => resolve(root, script));
  const realRoots = bases.map(realOrSelf);
  const inside = (path: string) => realRoots.some((root) => within(path, root));
  for (const candidate of candidates) {
    if (!existsSync(candidate)) continue;
    const real = realOrSelf(candidate);
    if (inside(real)) return real;
    throw outside(script, real, bases);
  }
  const first = candidates[0] ?? resolve(script);
  if (!bases.some((root) => within(first, root))) throw outside(script, first, bases);
  return first;
}

function outside(script: string, path: string, roots: readonly string[]): FixturePathError {
  return new FixturePathError(
    'scripted',
    `refusing fixture script = ${JSON.stringify(script)}: it resolves to ${path}, outside ${roots.join(', ')}; keep scripted fixtures beside the contract or in the repository`,
  );
}

function within(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
