import { runHarnessGit } from '../core/process/index.js';

/**
 * Whether the checkout names an `origin` remote. Without one, `git fetch origin …` reads `origin` as
 * a path relative to the work tree, so a pull request that commits a bare repository under `origin/`
 * would become the fetch's source, or a push's target (its upload-pack or receive-pack run by the
 * harness's git). Every fetch and push of the Action checks this first and does neither without one.
 */
export async function hasOriginRemote(workdir: string): Promise<boolean> {
  const url = await runHarnessGit(workdir, ['config', '--get', 'remote.origin.url']);
  return url.code === 0 && url.stdout.trim() !== '';
}
