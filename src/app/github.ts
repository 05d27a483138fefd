/**
 * What every handler needs from a Probot context: an Octokit from the shared factory (so retries,
 * rate limits and error mapping are the Action's), authenticated as the installation, and a Logger.
 */
import type { Context } from 'probot';
import type { Logger } from '../github/logger.js';
import { createOctokit, type Octokit } from '../github/octokit.js';
import type { AppConfig } from './config.js';

/**
 * The installation's token comes from Probot's auth (cached for its lifetime), so building the
 * client costs no request after the first delivery of an installation.
 */
export async function installationOctokit(context: Context, config: AppConfig): Promise<Octokit> {
  const auth = (await context.octokit.auth({ type: 'installation' })) as { token: string };
  const installationId = (context.payload as { installation?: { id?: number } }).installation?.id;
  return createOctokit({
    token: auth.token,
    baseUrl: context.octokit.request.endpoint.DEFAULTS.baseUrl,
    log: appLogger(context),
    throttle: config.throttle,
    retryBaseMs: config.retryBaseMs,
    throttleId: `installation-${installationId ?? 'none'}`,
  });
}

/** The delivery's pino logger (carries the delivery id and event name) as the shared Logger. */
export function appLogger(context: Context): Logger {
  const log = context.log;
  return {
    info: (message) => log.info(message),
    warning: (message) => log.warn(message),
    error: (message) => log.error(message),
    group: async (name, fn) => {
      log.info(name);
      return fn();
    },
  };
}

export function repoOf(context: Context): { owner: string; repo: string } {
  const { owner, repo } = context.repo();
  return { owner, repo };
}
