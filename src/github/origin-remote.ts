import { runHarnessGit } from '../core/process/index.js';
import type { GitConfigSetting } from './git-config-listing.js';

/**
 * Whether the checkout names an `origin` remote. Without one, `git fetch origin …` reads `origin` as
 * a path relative to the work tree, so a pull request that commits a bare repository under `origin/`
 * would become the fetch's source, or a push's target (its upload-pack or receive-pack run by the
 * harness's git). Every fetch and push of the Action checks this first and does neither without one.
 *
 * The question is `remote.origin.url`, never `git remote get-url origin`: that one answers `origin`
 * itself for a remote configured without a URL (`remote.origin.fetch` alone), the very path above.
 * `settings`: the configuration already listed (git-config-listing.ts), whose last
 * `remote.origin.url` is the one `git config --get` answers.
 */
export async function hasOriginRemote(
  workdir: string,
  settings?: Promise<readonly GitConfigSetting[]>,
): Promise<boolean> {
  if (settings) {
    const urls = (await settings).filter(({ key }) => key === 'remote.origin.url');
    return (urls.at(-1)?.value.trim() ?? '') !== '';
  }
  const url = await runHarnessGit(workdir, ['config', '--get', 'remote.origin.url']);
  return url.code === 0 && url.stdout.trim() !== '';
}
