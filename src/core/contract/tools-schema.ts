import { isIP } from 'node:net';
import { z } from 'zod';
import { forbiddenEnvReason, isForbiddenEnvName } from '../process/isolation-env.js';
import { builtOnce } from './lazy-section.js';
import { signedUrl } from './url-schema.js';

/** Where web_search reads its key when `[tools.web_search] api_key_env` names no other variable. */
export const DEFAULT_WEB_SEARCH_KEY_ENV = 'TRUSS_WEB_SEARCH_API_KEY';
/** The search backend web_search calls when `[tools.web_search] endpoint` names no other (Brave Search). */
export const DEFAULT_WEB_SEARCH_ENDPOINT = 'https://api.search.brave.com/res/v1/web/search';

/**
 * `[tools]` (docs/tools.md): harness tools that reach outside the workdir, each off unless a contract
 * or `.truss/config.toml` turns it on. Turning one on registers it; `[constraints] allow_tools` still
 * decides whether the model is offered it, and for the web tools `[constraints] network` decides
 * which hosts they may reach. Made on first use (lazy-section.ts).
 */
export const toolsSchema = builtOnce(() => {
  /** An IPv4 or IPv6 address, optionally with a `/prefix` (a CIDR block). */
  const addressBlock = z.string().refine(
    (text) => {
      const [address, prefix, ...rest] = text.split('/');
      const family = isIP(address ?? '');
      if (family === 0 || rest.length > 0) return false;
      if (prefix === undefined) return true;
      if (!/^\d{1,3}$/.test(prefix)) return false;
      return Number(prefix) <= (family === 4 ? 32 : 128);
    },
    { message: 'must be an IP address or a CIDR block, e.g. "127.0.0.1", "10.0.0.0/8" or "fd00::/8"' },
  );

  /**
   * The variable web_search's key is read from: read by the harness alone and sent only to the search
   * endpoint, so the default `TRUSS_WEB_SEARCH_API_KEY` is fine; the harness's other credentials
   * (GITHUB_TOKEN, the signing key, …) are refused, so no contract can send them to an endpoint.
   */
  const searchKeyEnv = z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name (letters, digits and _)')
    .refine((name) => name === DEFAULT_WEB_SEARCH_KEY_ENV || !isForbiddenEnvName(name), {
      error: (issue) => forbiddenEnvReason(String(issue.input)),
    });
  return z.strictObject({
    /** github_pr_view, github_pr_diff, github_pr_checks, github_issue_view, github_issue_list, github_check_status. */
    github: z.boolean().optional(),
    /** web_fetch, and web_search when its key is set. */
    web: z.boolean().optional(),
    web_fetch: z
      .strictObject({
        /**
         * Private, loopback and link-local addresses web_fetch may connect to (all refused otherwise,
         * whatever the network policy says): addresses or CIDR blocks.
         */
        private_addresses: z.array(addressBlock).optional(),
      })
      .optional(),
    web_search: z
      .strictObject({
        endpoint: signedUrl({ protocols: /^https?$/ }).optional(),
        api_key_env: searchKeyEnv.optional(),
      })
      .optional(),
  });
});

export type ToolsSettings = z.infer<ReturnType<typeof toolsSchema>>;
