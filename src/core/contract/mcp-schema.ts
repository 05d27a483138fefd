import { z } from 'zod';
import { forbiddenEnvReason, isForbiddenEnvName } from '../process/isolation-env.js';
import { builtOnce } from './lazy-section.js';
import { signedUrl } from './url-schema.js';

/**
 * `[[mcp.servers]]` (docs/mcp.md): external MCP servers whose tools the in-loop agent may call,
 * declared in `.truss/config.toml` or the contract (read from the base branch on GitHub). The
 * whole array is one layer's value: a contract that declares `[[mcp.servers]]` replaces the
 * config's list, like every other array.
 */

/**
 * A server name becomes part of tool names (`mcp__<server>__<tool>`): letters and digits, single
 * `-` or `_` between them (no `__`, no leading or trailing separator), so a mounted name always
 * splits back into exactly one server and one tool.
 */
const SERVER_NAME = /^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$/;
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
/**
 * Headers that carry credentials: only ever from `env_headers`, never written in a file. Besides the
 * standard ones, any name that says it holds one (`X-Auth-Token`, `Private-Token`, `X-Goog-Api-Key`,
 * `Ocp-Apim-Subscription-Key`): such a value written in `headers` was signed into `run_started` and
 * published with the bundle and the report (docs/mcp.md).
 */
function isCredentialHeader(name: string): boolean {
  return (
    ['authorization', 'proxy-authorization', 'cookie'].includes(name.toLowerCase()) ||
    /auth|key|token|secret|cookie|passw|credential/i.test(name)
  );
}

export const mcpServerSchema = builtOnce(() => {
  const envName = z
    .string()
    .regex(
      /^[A-Za-z_][A-Za-z0-9_]*$/,
      'must be an environment variable name (letters, digits and _, not starting with a digit)',
    );
  const headerName = z
    .string()
    .regex(HEADER_NAME, 'must be an HTTP header name (letters, digits and -, e.g. "x-client")');
  const toolPattern = z
    .string()
    .regex(
      /^[A-Za-z0-9_.*-]+$/,
      'must be a tool name as the server advertises it, or a pattern using * (e.g. "search" or "list_*")',
    );
  return z
    .strictObject({
      name: z
        .string()
        .max(32, 'must be at most 32 characters')
        .regex(
          SERVER_NAME,
          'must be letters and digits, optionally joined by single "-" or "_" (it becomes part of mcp__<server>__<tool>)',
        ),
      transport: z.enum(['stdio', 'http']).default('stdio'),
      /** stdio: the program to start (through the run's isolation layer) and its arguments. */
      command: z.string().trim().min(1, 'must not be empty').optional(),
      args: z.array(z.string()).optional(),
      /** stdio: host environment variables the server may see beyond the base allowlist. */
      env: z
        .array(
          envName.refine((name) => !isForbiddenEnvName(name), {
            error: (issue) => forbiddenEnvReason(String(issue.input)),
          }),
        )
        .optional(),
      /** http: the streamable-HTTP endpoint. */
      url: signedUrl({
        protocols: /^https?$/,
        what: 'send them in a header from [mcp.servers.env_headers] instead (the value is not shown)',
      }).optional(),
      /** http: static, non-secret headers. */
      headers: z.record(headerName, z.string()).optional(),
      /** http: header name → the NAME of the environment variable holding its value. */
      env_headers: z.record(headerName, envName).optional(),
      /** The server's tool names (or * patterns) to mount; empty or absent = every advertised tool. */
      allow_tools: z.array(toolPattern).optional(),
      /** Argument names whose values are secrets: redacted (at any depth) before the arguments are hashed. */
      secret_args: z.array(z.string().min(1, 'must not be empty')).optional(),
      /** Most calls to this server in one run (replayed calls count too); absent = no cap. */
      budget_calls: z.number().int().positive().optional(),
      /** Per-request limit in seconds (start-up, listing, each call); 60 when absent. */
      timeout_sec: z.number().positive().max(3600).optional(),
    })
    .superRefine((server, ctx) => {
      const issue = (key: string, message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
      if (server.transport === 'stdio') {
        if (server.command === undefined)
          issue(
            'command',
            'missing required key; add command = "..." (the program that serves MCP over stdio)',
          );
        for (const key of ['url', 'headers', 'env_headers'] as const) {
          if (server[key] !== undefined)
            issue(key, `is for transport = "http"; remove it from a stdio server`);
        }
      } else {
        if (server.url === undefined)
          issue('url', 'missing required key; add url = "https://..." (the streamable-HTTP endpoint)');
        for (const key of ['command', 'args', 'env'] as const) {
          if (server[key] !== undefined)
            issue(key, `is for transport = "stdio"; remove it from an http server`);
        }
      }
      for (const name of Object.keys(server.headers ?? {})) {
        if (isCredentialHeader(name)) {
          ctx.addIssue({
            code: 'custom',
            path: ['headers', name],
            message:
              'carries a credential and must not be written in a file (the contract is signed into the ledger); ' +
              `use [mcp.servers.env_headers] "${name}" = "ENV_VAR_NAME" instead (the value is not shown)`,
          });
        }
      }
    });
});

/** `[mcp]`: made on first use (lazy-section.ts). */
export const mcpSchema = builtOnce(() =>
  z
    .strictObject({
      servers: z.array(mcpServerSchema()).default([]),
    })
    .superRefine((mcp, ctx) => {
      const seen = new Set<string>();
      mcp.servers.forEach((server, index) => {
        if (seen.has(server.name)) {
          ctx.addIssue({
            code: 'custom',
            path: ['servers', index, 'name'],
            message: `the server name "${server.name}" is declared twice; names must be unique`,
          });
        }
        seen.add(server.name);
      });
    }),
);

export type McpServerSettings = z.infer<ReturnType<typeof mcpServerSchema>>;
export type McpSettings = z.infer<ReturnType<typeof mcpSchema>>;
