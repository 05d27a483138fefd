/**
 * Credentials a workflow left in the working copy's git configuration: `actions/checkout` before v6
 * writes the job's token into `.git/config` as `http.<server>/.extraheader` unless
 * `persist-credentials: false`, and a remote URL can carry `user:token@`. Every check reads the
 * working copy, whatever the isolation (docs/security.md "What each boundary stops"), so such a token
 * is handed to the code being judged. A fork's code in a job that holds a write token (a `/truss`
 * comment, `pull_request_target`, an App dispatch) is refused rather than given it.
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { linkedCommonDir } from '../core/process/index.js';
import { CONFIG_TIMEOUT_MS, type GitConfigSetting, listGitConfig } from './git-config-listing.js';

/** Raised when a fork's code would run next to a token stored in its working copy. */
export class PersistedCredentialsError extends Error {
  override name = 'PersistedCredentialsError';
}

/** Keys whose values are credentials outright, or URLs that may carry one (`https://user:token@host`). */
const KEYS = /^(?:http\..*\.extraheader|remote\..*\.(?:url|pushurl)|url\..*\.(?:insteadof|pushinsteadof))$/i;
const USERINFO = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]+@/i;

/**
 * The git settings in files inside `workdir` (its `.git/config`, a file it includes from the working
 * copy) that hold a credential, as `key (file)`: never the value. Settings from files outside the
 * working copy (the user's global config, checkout v6's credentials file under RUNNER_TEMP) are left
 * out: the isolation hides those directories from checks. A linked worktree's repository is the
 * exception: the sandboxes show it to checks (docs/security.md, "Linked worktrees"), so its files
 * count. A workdir that is no repository has none.
 */
export async function persistedCredentials(
  workdir: string,
  timeoutMs = CONFIG_TIMEOUT_MS,
  /** {@link listGitConfig} of `workdir` when already asked (workspace-git-facts.ts). */
  listed: Promise<readonly GitConfigSetting[]> = listGitConfig(workdir, timeoutMs),
): Promise<string[]> {
  // A configuration git was refused, or could not read in time (an include of a FIFO), is never
  // taken as "no credential".
  const settings = await listed.catch((error: Error) => {
    throw new PersistedCredentialsError(
      `could not read the working copy's git configuration, so whether it stores a credential is unknown: ${error.message}`,
    );
  });
  const linked = linkedRepository(workdir);
  const found: string[] = [];
  for (const { origin, key, value } of settings) {
    if (!KEYS.test(key) || !origin.startsWith('file:')) continue;
    const file = resolve(workdir, origin.slice('file:'.length));
    const inside = relative(resolve(workdir), file);
    const shown = linked !== null && !relative(linked, file).startsWith('..');
    if ((inside.startsWith('..') || isAbsolute(inside)) && !shown) continue;
    if (isCredential(key, value)) found.push(`${withoutUserinfo(key)} (${inside})`);
  }
  return [...new Set(found)];
}

/** The repository of `workdir` when it is a linked worktree the sandboxes show it (real path), else null. */
function linkedRepository(workdir: string): string | null {
  try {
    return linkedCommonDir(realpathSync(workdir));
  } catch {
    return null;
  }
}

/**
 * An extraheader is a credential outright; a URL is one when it carries `user:token@`. For
 * `url.<base>.insteadOf` the URL that carries it is the key's own middle part.
 */
function isCredential(key: string, value: string): boolean {
  if (/\.extraheader$/i.test(key)) return value.trim() !== '';
  if (/^url\./i.test(key)) return USERINFO.test(key.slice('url.'.length)) || USERINFO.test(value.trim());
  return USERINFO.test(value.trim());
}

/** A setting's name fit for a log line: the userinfo of a URL inside it (`url.<base>.insteadOf`) replaced. */
function withoutUserinfo(key: string): string {
  return key.replace(/(:\/\/)[^/@\s]+@/g, '$1***@');
}

/**
 * Refuses a fork's code in a job with secrets (`untrustedCode`) when the working copy stores a
 * credential, unless `isolation: none` was chosen explicitly (that already accepts the fork's code
 * next to every secret); otherwise returns a warning to log, or null when none is stored.
 */
export async function checkPersistedCredentials(options: {
  workdir: string;
  /** `persistedCredentials(workdir)` when already started (while the isolation was set up). */
  found?: Promise<string[]>;
  untrustedCode: boolean;
  isolationNoneChosen: boolean;
  checkName: string;
}): Promise<string | null> {
  const found = await (options.found ?? persistedCredentials(options.workdir));
  if (found.length === 0) return null;
  const what = `the working copy's git configuration stores a credential (${found.join(', ')}), which every check can read whatever the isolation`;
  const fix =
    'Fix: check out with `actions/checkout` and `persist-credentials: false` (the action fetches what it needs with the token in its own environment), and keep tokens out of remote URLs';
  if (options.untrustedCode && !options.isolationNoneChosen)
    throw new PersistedCredentialsError(
      `${options.checkName}: refusing to run the checks of a pull request from a fork: ${what}, and this job's token can write to the repository. ${fix}.`,
    );
  return `${what}. ${fix}.`;
}
