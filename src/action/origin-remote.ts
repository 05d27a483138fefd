import { runHarnessGit } from '../core/process/index.js';

/**
 * Whether the checkout names an `origin` remote. Without one, `git fetch origin …` reads `origin` as
 * a path relative to the work tree, so a pull request that commits a bare repository under `origin/`
 * would become the fetch's source (its upload-pack and config run by the harness's git). Every
 * fetch of the Action's checks this first and fetches nothing when it is missing.
 */
export async function hasOriginRemote(workdir: string): Promise<boolean> {
  const url = await runHarnessGit(workdir, ['config', '--get', 'remote.origin.url']);
  return url.code === 0 && url.stdout.trim() !== '';
}
