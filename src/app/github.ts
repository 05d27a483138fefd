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
  const token = await installationToken(context);
  const installationId = (context.payload as { installation?: { id?: number } }).installation?.id;
  return createOctokit({
    token,
    baseUrl: context.octokit.request.endpoint.DEFAULTS.baseUrl,
    log: appLogger(context),
    throttle: config.throttle,
    retryBaseMs: config.retryBaseMs,
    throttleId: `installation-${installationId ?? 'none'}`,
    proxyEnv: process.env,
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

type AuthHook = (request: unknown, route: string, parameters: Record<string, unknown>) => Promise<unknown>;

/**
 * The installation token through the auth strategy's documented `hook(request, route, parameters)`,
 * with a request function that returns the authorization header instead of sending anything. Asking
 * `auth({ type: 'installation' })` directly would fetch the token from api.github.com even on GitHub
 * Enterprise Server (Probot's auth state has no baseUrl); the hook fetches it with the client's own
 * request, so `--base-url` / GHE_HOST is honoured.
 */
async function installationToken(context: Context): Promise<string> {
  const hook = (context.octokit.auth as unknown as { hook?: AuthHook }).hook;
  const request = context.octokit.request;
  if (!hook)
    throw new Error('the Probot client has no auth hook: is the app configured with APP_ID and PRIVATE_KEY?');
  const capture = Object.assign(
    async (options: { headers: Record<string, string | undefined> }) => options.headers.authorization ?? '',
    { endpoint: request.endpoint, defaults: request.defaults },
  );
  const header = String(await hook(capture, 'GET /repos/{owner}/{repo}', context.repo()));
  const token = /^(?:token|bearer)\s+(\S+)$/i.exec(header)?.[1];
  if (!token)
    throw new Error(
      'could not obtain an installation token for this delivery (no installation in the payload?)',
    );
  return token;
}
