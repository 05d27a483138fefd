import { z } from 'zod';

/**
 * A URL written in a contract or config, or given as a flag or Action input that overrides one: the
 * resolved contract is signed into `run_started` and shipped in the bundle, the HTML report and the
 * Action's artifact, so a URL that carries a credential (`https://user:password@host`, and for a
 * provider's base_url a query string such as `?api-key=…`) would publish it. Such a URL is refused
 * here, before anything is signed; the message never repeats the value. The provider factory refuses
 * the same forms, but only after the contract was already recorded.
 */
export function signedUrl(options: { noQuery?: boolean; protocols?: RegExp; what?: string } = {}) {
  const base = options.protocols
    ? z.url({ protocol: options.protocols, error: 'must be an http:// or https:// URL' })
    : z.url();
  return base.superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return; // not a URL: the format check above says so
    }
    if (url.username || url.password)
      ctx.addIssue({
        code: 'custom',
        message:
          'must not carry credentials (user:password@); the contract is signed into the ledger and published with the bundle — ' +
          (options.what ?? 'put the key in the variable api_key_env names'),
      });
    const carrying = [...url.searchParams.keys()].filter(isCredentialParam);
    if (!options.noQuery && carrying.length > 0)
      ctx.addIssue({
        code: 'custom',
        message:
          `must not carry a credential in its query string (${carrying.map((name) => `${name}=…`).join(', ')}); ` +
          'the contract is signed into the ledger and published with the bundle — ' +
          (options.what ?? 'put the key in the variable api_key_env names'),
      });
    if (options.noQuery && (url.search || url.hash))
      ctx.addIssue({
        code: 'custom',
        message:
          'must not have a query string or fragment (a key in ?… would be signed into the ledger); put the key in the variable api_key_env names',
      });
  });
}

/**
 * A query parameter whose name says it carries a credential (`key`, `api_key`, `access_token`,
 * `auth`, `password`, a SAS `sig`, an Azure Functions `code`): a web_search endpoint or an MCP
 * server URL written with one (`…/customsearch/v1?key=AIza…`) was signed into `run_started` and
 * published with the bundle and the report.
 */
function isCredentialParam(name: string): boolean {
  return /key|token|secret|passw|auth|credential/i.test(name) || /^(?:sig|code|pwd)$/i.test(name);
}
