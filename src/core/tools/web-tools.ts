import { z } from 'zod';
import {
  DEFAULT_WEB_SEARCH_ENDPOINT,
  DEFAULT_WEB_SEARCH_KEY_ENV,
  type ToolsSettings,
} from '../contract/tools-schema.js';
import { journaledOnly, type ProvenanceTool, ToolRefusal } from './provenance-call.js';
import { parseInput } from './tool-kit.js';
import { addressMatcher } from './web-address.js';
import { readableContent } from './web-content.js';
import { checkUrl, guardedFetch, type Resolver, WEB_FETCH_MAX_BYTES } from './web-fetch.js';

/** The web tools, in the order they are advertised. */
export const WEB_TOOL_NAMES = Object.freeze(['web_fetch', 'web_search'] as const);
/** What web_fetch keeps when the model names no `max_bytes`. */
export const WEB_FETCH_DEFAULT_BYTES = 256 * 1024;
const SEARCH_TIMEOUT_MS = 30_000;

export interface WebToolsOptions {
  /** The contract's `[tools]`. */
  settings: ToolsSettings | undefined;
  /** The host environment: where web_search's key is read (never passed on to any process). */
  env: Readonly<Record<string, string | undefined>>;
  /** DNS for web_fetch (default the system's); tests inject one. */
  resolve?: Resolver | undefined;
  /** HTTP for web_search (default the global fetch). */
  fetch?: typeof globalThis.fetch | undefined;
}

const FetchInput = z.strictObject({
  url: z.string().min(1).max(8192),
  max_bytes: z.number().int().min(1).max(WEB_FETCH_MAX_BYTES).default(WEB_FETCH_DEFAULT_BYTES),
  revalidate: z.boolean().default(false),
});
const SearchInput = z.strictObject({
  query: z.string().trim().min(1).max(400),
  count: z.number().int().min(1).max(20).default(10),
  revalidate: z.boolean().default(false),
});

const revalidateSchema = {
  type: 'boolean',
  description:
    'Ask again even if this run already has this answer (default false: the earlier one is reused).',
};

/**
 * web_fetch and web_search (docs/tools.md): made by the harness, never by the sandbox, under the
 * contract's network policy; each call is one signed, memoised `web_tool_call`. Truss attests what
 * it retrieved (its hash), not that it is true.
 */
export function createWebTools(options: WebToolsOptions): ProvenanceTool[] {
  const privateAllowed = addressMatcher(options.settings?.web_fetch?.private_addresses ?? []);
  const keyEnv = options.settings?.web_search?.api_key_env ?? DEFAULT_WEB_SEARCH_KEY_ENV;
  const endpoint = options.settings?.web_search?.endpoint ?? DEFAULT_WEB_SEARCH_ENDPOINT;
  const key = options.env[keyEnv] || undefined;

  const webFetch: ProvenanceTool = {
    name: 'web_fetch',
    description:
      'Fetch an http(s) URL (GET) and read it: HTML as its readable text, other text as it is. Returns the ' +
      'status, the final URL after redirects, the content type and the sha256 of the bytes. Hosts are ' +
      'limited by the contract’s network policy.',
    inputSchema: {
      type: 'object',
      properties: {
        url: { type: 'string', description: 'The http:// or https:// URL.' },
        max_bytes: {
          type: 'integer',
          minimum: 1,
          maximum: WEB_FETCH_MAX_BYTES,
          description: `The most bytes of the body to read (default ${WEB_FETCH_DEFAULT_BYTES}, at most 1 MiB).`,
        },
        revalidate: revalidateSchema,
      },
      required: ['url'],
      additionalProperties: false,
    },
    sideEffect: false,
    readOnly: true,
    run: () => journaledOnly('web_fetch'),
    provenance: {
      kind: 'web_tool_call',
      parse: (input) => {
        const { url, max_bytes, revalidate } = parseInput('web_fetch', FetchInput, input);
        return { input: { url: normalisedUrl(url), max_bytes }, reuse: !revalidate };
      },
      live: async (input, context) => {
        const page = await guardedFetch({
          url: String(input.url),
          maxBytes: Number(input.max_bytes),
          policy: context.policy,
          privateAllowed,
          signal: context.ctx.signal,
          resolve: options.resolve,
        });
        const observed = {
          final_url: page.final_url,
          status: page.status,
          content_type: page.content_type,
          raw_sha256: page.raw_sha256,
          bytes: page.raw.length,
          truncated: page.truncated,
        };
        return {
          body: {
            url: page.url,
            ...observed,
            redirects: page.redirects,
            content: readableContent(page.raw, page.content_type, page.truncated),
          },
          fields: observed,
          isError: page.status >= 400,
        };
      },
      render: renderPage,
    },
  };

  const webSearch: ProvenanceTool = {
    name: 'web_search',
    description:
      'Search the web through the configured search provider: ranked results with title, URL and snippet. ' +
      'Read a result with web_fetch.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to search for.' },
        count: { type: 'integer', minimum: 1, maximum: 20, description: 'How many results (default 10).' },
        revalidate: revalidateSchema,
      },
      required: ['query'],
      additionalProperties: false,
    },
    sideEffect: false,
    readOnly: true,
    run: () => journaledOnly('web_search'),
    provenance: {
      kind: 'web_tool_call',
      secrets: key ? [key] : [],
      parse: (input) => {
        const { query, count, revalidate } = parseInput('web_search', SearchInput, input);
        return { input: { query, count }, reuse: !revalidate };
      },
      live: async (input, context) => {
        if (!key) throw new ToolRefusal(`web_search unconfigured: missing env var ${keyEnv}`);
        const url = checkUrl(endpoint, context.policy, 'the search endpoint', 'web_search');
        url.searchParams.set('q', String(input.query));
        url.searchParams.set('count', String(input.count));
        const response = await (options.fetch ?? globalThis.fetch)(url, {
          headers: { accept: 'application/json', 'x-subscription-token': key },
          redirect: 'error',
          signal: AbortSignal.any([context.ctx.signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)]),
        });
        if (!response.ok) throw new Error(`the search provider ${url.host} answered HTTP ${response.status}`);
        const results = searchResults(await response.json());
        return {
          body: { query: input.query, provider: url.host, results },
          fields: { provider: url.host, results: results.length },
        };
      },
      render: (body) => {
        const { query, results } = body as { query: string; results: SearchResult[] };
        if (results.length === 0) return `no results for ${JSON.stringify(query)}`;
        return results
          .map((r) => `${r.rank}. ${r.title}\n   ${r.url}${r.snippet ? `\n   ${r.snippet}` : ''}`)
          .join('\n');
      },
    },
  };

  return [webFetch, webSearch];
}

/** A URL as hashed: WHATWG-normalised when it parses (so `HTTP://A.com` and `http://a.com/` are one input). */
function normalisedUrl(text: string): string {
  try {
    return new URL(text).href;
  } catch {
    return text;
  }
}

interface SearchResult {
  rank: number;
  title: string;
  url: string;
  snippet: string;
}

/** Brave Search's `web.results[]` as ranked results; anything else is a provider error. */
function searchResults(json: unknown): SearchResult[] {
  const list = (json as { web?: { results?: unknown } } | null)?.web?.results;
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new Error('the search provider answered without a result list');
  return list.map((item, index) => {
    const r = (item ?? {}) as Record<string, unknown>;
    return {
      rank: index + 1,
      title: String(r.title ?? ''),
      url: String(r.url ?? ''),
      snippet: String(r.description ?? '').replace(/<\/?strong>/g, ''),
    };
  });
}

function renderPage(body: unknown): string {
  const page = body as {
    final_url: string;
    status: number;
    content_type: string | null;
    raw_sha256: string;
    bytes: number;
    truncated: boolean;
    redirects: string[];
    content: string;
  };
  const lines = [
    `status: ${page.status}`,
    `final_url: ${page.final_url}`,
    `content_type: ${page.content_type ?? '(none)'}`,
    `raw_sha256: ${page.raw_sha256} (${page.bytes} bytes${page.truncated ? ', truncated at max_bytes' : ''})`,
  ];
  if (page.redirects.length > 0) lines.push(`redirects: ${page.redirects.length}`);
  return `${lines.join('\n')}\n\n${page.content}`;
}
