import type { ResolvedContract } from '../contract/schema.js';

/**
 * The environment variables a contract names as credentials: every `api_key_env` (`[provider]`,
 * the panel's seats, `[tools.web_search]`) and every `[mcp.servers] env_headers` value. Their values
 * are run secrets whatever the names say (docs/security.md, "The secret scan"): a provider key in
 * `LLM_ACCESS` echoed back by the model API was signed into the ledger in clear, since only names
 * holding KEY, TOKEN, SECRET… were scanned for.
 */
export function declaredSecretNames(contract: ResolvedContract): string[] {
  const names = new Set<string>();
  const add = (name: string | undefined) => {
    if (name) names.add(name);
  };
  add(contract.provider?.api_key_env);
  for (const seat of contract.panel?.seats ?? []) add(seat.api_key_env);
  add(contract.tools?.web_search?.api_key_env);
  for (const server of contract.mcp?.servers ?? [])
    for (const name of Object.values(server.env_headers ?? {})) add(name);
  return [...names].sort();
}
