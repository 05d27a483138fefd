import { z } from 'zod';

/**
 * The tools `truss mcp serve` offers an agent (docs/mcp.md "Truss as an MCP server"): their JSON
 * Schemas as advertised, and the zod schemas each call's arguments are checked with (unknown
 * fields refused, so a typo is an error instead of a silently ignored option).
 */

const sessionId = {
  type: 'string',
  description: 'The session id truss_run_contract returned.',
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$',
};

export const TOOL_SPECS = [
  {
    name: 'truss_run_contract',
    description:
      'Run a Truss contract on a working tree: Truss runs its check clauses itself, a reviewer panel judges its review clauses, and the verdict is signed into a hash-chained ledger. ' +
      'Returns the verdict (pass | fail | unverifiable), the head hash, the exported bundle and the exact command that verifies it. ' +
      'With async: true it returns the session id at once; poll truss_contract_status.',
    inputSchema: {
      type: 'object',
      properties: {
        contract: {
          type: 'string',
          description:
            'A contract NAME (.truss/contracts/NAME.toml of the workdir) or the path of a .toml file, relative to the workdir, inside the served directory.',
        },
        workdir: {
          type: 'string',
          description:
            'The working tree to verify, inside the served directory (default: the served directory).',
        },
        async: {
          type: 'boolean',
          description: 'Return the session id at once instead of waiting for the verdict.',
        },
      },
      required: ['contract'],
      additionalProperties: false,
    },
  },
  {
    name: 'truss_contract_status',
    description:
      "A run's state from the durable ledger: running, suspended, completed or failed, its last entry and, once it has one, its verdict and bundle.",
    inputSchema: {
      type: 'object',
      properties: { session_id: sessionId },
      required: ['session_id'],
      additionalProperties: false,
    },
  },
  {
    name: 'truss_ledger_verdict',
    description:
      "A session's signed verdict entry, whether its hash chain is intact, its human reviews and its head hash.",
    inputSchema: {
      type: 'object',
      properties: { session_id: sessionId },
      required: ['session_id'],
      additionalProperties: false,
    },
  },
  {
    name: 'truss_ledger_export',
    description:
      "Export a session's ledger as a truss.ledger.v1 bundle file; returns its path, head hash and the command that verifies it offline.",
    inputSchema: {
      type: 'object',
      properties: { session_id: sessionId },
      required: ['session_id'],
      additionalProperties: false,
    },
  },
  {
    name: 'truss_verify_bundle',
    description:
      'Verify an exported ledger bundle offline: every hash, link and signature, the head, child sessions and human reviews. ' +
      'Pin the signer with key (64 hex); without it the repository .truss/trusted-keys is used, and without those the best result is integrity_only.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The bundle file, inside the served directory.' },
        key: {
          type: 'string',
          description: 'The public key (64 hex characters) the bundle must be signed by.',
          pattern: '^[0-9a-fA-F]{64}$',
        },
      },
      required: ['path'],
      additionalProperties: false,
    },
  },
] as const;

export const RunArgs = z.strictObject({
  contract: z.string().min(1),
  workdir: z.string().min(1).optional(),
  async: z.boolean().optional(),
});
export const SessionArgs = z.strictObject({ session_id: z.string() });
export const VerifyArgs = z.strictObject({
  path: z.string().min(1),
  key: z.string().optional(),
});

/** Checks a call's arguments; the error names every problem and the field it is in. */
export function parseArgs<T extends z.ZodType>(tool: string, schema: T, args: unknown): z.infer<T> {
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'arguments'}: ${issue.message}`,
  );
  throw new Error(`invalid arguments for ${tool}: ${problems.join('; ')}`);
}
