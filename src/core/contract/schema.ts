import { z } from 'zod';
import { forbiddenEnvReason, isForbiddenEnvName } from '../process/isolation-env.js';
import { DURATION_FORMS, durationProblem } from './duration.js';
import { fanoutSchema } from './fanout.js';
import { builtOnce, lazySection } from './lazy-section.js';
import { mcpSchema } from './mcp-schema.js';
import { memorySchema } from './memory-schema.js';
import { pathPatternProblem } from './path-filter.js';
import { toolsSchema } from './tools-schema.js';
import { signedUrl } from './url-schema.js';

const envName = z
  .string()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_]*$/,
    'must be an environment variable name (letters, digits and _, not starting with a digit)',
  );
/** A name a contract grants to checks, tools or a delegated CLI: never the harness's own credentials. */
const grantableEnvName = envName.refine((name) => !isForbiddenEnvName(name), {
  error: (issue) => forbiddenEnvReason(String(issue.input)),
});
const nonEmpty = z.string().trim().min(1, 'must not be empty');
const regex = z.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'is not a valid regular expression (JavaScript syntax)' },
);
/** Tool patterns: names with optional `*` wildcards, e.g. `bash`, `git_*`, `mcp:payments:*`. */
const toolPattern = z
  .string()
  .regex(
    /^[A-Za-z0-9_:*.-]+$/,
    'must be a tool name or a pattern using * (letters, digits, _ : . - and *), e.g. "bash" or "git_*"',
  );

export const CheckClauseSchema = z.strictObject({
  kind: z.literal('check'),
  desc: nonEmpty,
  run: nonEmpty,
  expect_exit: z.number().int().min(0).max(255).default(0),
  expect_contains: z.array(z.string()).default([]),
  expect_not_contains: z.array(z.string()).default([]),
  expect_matches: z.array(regex).default([]),
  timeout_sec: z.number().positive().max(86_400).default(300),
  /** Environment variables the check may see beyond the safe allowlist (e.g. a test token). */
  env: z.array(grantableEnvName).default([]),
});

export const ReviewClauseSchema = z.strictObject({
  kind: z.literal('review'),
  desc: nonEmpty,
  reviewer_context: z.array(nonEmpty).default([]),
});

export const ClauseSchema = z.discriminatedUnion('kind', [CheckClauseSchema, ReviewClauseSchema]);

export const ProviderKindSchema = z.enum(['anthropic', 'openai-compatible', 'github-models', 'scripted']);

export const providerSchema = builtOnce(() =>
  z.strictObject({
    kind: ProviderKindSchema,
    model: nonEmpty.optional(),
    base_url: signedUrl({ noQuery: true }).optional(),
    api_key_env: envName.optional(),
    script: nonEmpty.optional(),
    max_tokens: z.number().int().positive().optional(),
    temperature: z.number().min(0).max(2).optional(),
    /** Input tokens the model's context holds; default from the model table (docs/context.md). */
    context_window: z.number().int().min(1024).max(100_000_000).optional(),
  }),
);

export const panelSchema = builtOnce(() =>
  z.strictObject({
    seats: z.array(providerSchema()).default([]),
    /**
     * Evidence that seems to address the reviewers (verify/injection-detect.ts): `unverifiable` (the
     * default) keeps model votes alone from making the clause met; `annotate` only marks it. Left
     * absent rather than defaulted, so contracts that do not set it keep their recorded hash.
     */
    on_suspected_injection: z.enum(['unverifiable', 'annotate']).optional(),
  }),
);

export const executorSchema = builtOnce(() =>
  z.strictObject({
    kind: z.enum(['none', 'in-loop', 'delegated-cli']).default('none'),
    provider: ProviderKindSchema.optional(),
    model: nonEmpty.optional(),
    command: nonEmpty.optional(),
    args: z.array(z.string()).default([]),
    clear_env: z.array(envName).default([]),
    /** Under uid/bwrap isolation: the names a delegated CLI may see beyond the base allowlist (its API key). */
    env: z.array(grantableEnvName).optional(),
    prompt_via: z.enum(['stdin', 'arg']).default('stdin'),
    /**
     * Wall-clock limit for a delegated CLI, in seconds; the executor applies 1800 when absent. Left
     * without a schema default so resolved contracts (and their hashes) that omit it stay unchanged.
     */
    timeout_sec: z.number().positive().max(86_400).optional(),
    /**
     * delegated-cli: whose tools the vendor CLI works with. `own` (the default) leaves its built-in
     * tools; `truss` disables them and mounts Truss's tool server instead, so each file write, command
     * and git operation is checked and journaled (docs/mcp.md "Journaled tools for delegated agents").
     * No schema default: contracts that omit it resolve and hash as before.
     */
    tools: z.enum(['own', 'truss']).optional(),
  }),
);

export const budgetSchema = builtOnce(() =>
  z.strictObject({
    max_cost_usd: z.number().nonnegative().optional(),
    max_total_tokens: z.number().int().nonnegative().optional(),
    max_steps: z.number().int().positive().optional(),
    /**
     * The run's wall-clock limit ("20m", "1h30m"; docs/contracts.md "[budget]"): at it the run is
     * stopped and its verdict forced to FAIL. Kept as written and absent unless set, so contracts
     * without it resolve and hash as before.
     */
    max_duration: z
      .string({ error: `must be ${DURATION_FORMS} (a quoted string)` })
      .superRefine((text, ctx) => {
        const problem = durationProblem(text);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  }),
);

export const constraintsSchema = builtOnce(() =>
  z.strictObject({
    write_scope: z.array(nonEmpty).default(['.']),
    read_scope: z.array(nonEmpty).default(['.']),
    network: z.enum(['none', 'allowlist', 'open']).default('none'),
    allowlist: z.array(nonEmpty).default([]),
    allow_tools: z.array(toolPattern).default(['read_file', 'write_file', 'list_dir', 'bash']),
    forbidden: z.array(nonEmpty).default([]),
    system: z.string().optional(),
  }),
);

export const approvalGatesSchema = builtOnce(() =>
  z.strictObject({
    enabled: z.boolean().default(false),
    high_risk_tools: z.array(toolPattern).default([]),
    spend_threshold_usd: z.number().nonnegative().optional(),
    per_call_spend_threshold_usd: z.number().nonnegative().optional(),
    /**
     * Reviewer public keys (64 hex) whose signed approval releases a gate, besides the workdir's
     * `.truss/trusted-keys`. With none configured anywhere, no approval releases a gate.
     */
    approvers: z
      .array(z.string().regex(/^[0-9a-f]{64}$/, 'must be a 64-character lowercase hex Ed25519 public key'))
      .optional(),
  }),
);

/**
 * What an absent `[constraints]` resolves to: each key's own default, written out so a contract
 * without the table never builds the schema (lazy-section.ts; a test holds the two together).
 */
export const CONSTRAINTS_DEFAULTS = {
  write_scope: ['.'],
  read_scope: ['.'],
  network: 'none' as const,
  allowlist: [],
  allow_tools: ['read_file', 'write_file', 'list_dir', 'bash'],
  forbidden: [],
};

/** What an absent `[approval_gates]` resolves to, as {@link CONSTRAINTS_DEFAULTS}. */
export const APPROVAL_GATES_DEFAULTS = { enabled: false, high_risk_tools: [] };

/**
 * `[checks]`: what the harness runs before the check clauses. `setup` (e.g. "npm ci") runs once in
 * the clean copy the checks use, journaled as `checks_setup`; its failure makes the verdict
 * UNVERIFIABLE (see docs/contracts.md).
 */
export const checksSchema = builtOnce(() =>
  z.strictObject({
    setup: nonEmpty.optional(),
    setup_timeout_sec: z.number().positive().max(86_400).optional(),
  }),
);

/**
 * `[sandbox]`: where and how untrusted work runs (docs/security.md). `isolation` picks the mechanism
 * every untrusted process starts through. `checkout = "clean-room"` (the default after an executor)
 * runs the checks in a fresh copy of the base commit plus the executor's recorded diff;
 * `"in-place"` runs them in the executor's own working directory and is recorded as such.
 */
export const sandboxSchema = builtOnce(() =>
  z.strictObject({
    isolation: z.enum(['auto', 'uid', 'bwrap', 'none']).optional(),
    checkout: z.enum(['clean-room', 'in-place']).optional(),
  }),
);

export const pricingSchema = builtOnce(() =>
  z.record(
    z.string(),
    z.strictObject({
      input_per_mtok: z.number().nonnegative(),
      output_per_mtok: z.number().nonnegative(),
      /** Prompt-cache reads and writes (docs/context.md "Prompt caching"); default the input price. */
      cache_read_per_mtok: z.number().nonnegative().optional(),
      cache_write_per_mtok: z.number().nonnegative().optional(),
    }),
  ),
);

/**
 * Sections shared by `.truss/config.toml` and contract files; later layers override earlier ones.
 * Split in two so a host's layered keys ({@link HostSections}) sit between them, where they have
 * always been listed in "allowed keys" messages.
 */
const runLayerShape = {
  reviewers: z.number().int().min(1).max(15).optional(),
  executor: lazySection(() => executorSchema().partial()),
  budget: lazySection(budgetSchema),
  constraints: lazySection(() => constraintsSchema().partial()),
  approval_gates: lazySection(() => approvalGatesSchema().partial()),
  provider: lazySection(() => providerSchema().partial()),
  panel: lazySection(() => panelSchema().partial()),
  pricing: lazySection(pricingSchema),
  /** Environment variables every check may see (repo-wide), in addition to the safe allowlist. */
  check_env: z.array(grantableEnvName).optional(),
};
const environmentLayerShape = {
  checks: lazySection(checksSchema),
  /** `[sandbox]`: how untrusted processes are isolated and where checks run (docs/security.md). */
  sandbox: lazySection(sandboxSchema),
  /** `[[mcp.servers]]`: external MCP servers whose tools the in-loop agent may call (docs/mcp.md). */
  mcp: lazySection(mcpSchema),
  /** `[tools]`: the GitHub and web tools of the in-loop agent, off unless turned on (docs/tools.md). */
  tools: lazySection(toolsSchema),
  /**
   * `[memory]`: lesson extraction, recall limits, playbook recall (docs/memory.md);
   * goal re-pin and context compaction of the in-loop agent (docs/context.md).
   */
  memory: lazySection(memorySchema),
};

/** `paths` / `paths_ignore` (path-filter.ts): Actions-style globs over the changed files. */
const pathPatterns = z
  .array(
    z.string().superRefine((pattern, ctx) => {
      const problem = pathPatternProblem(pattern);
      if (problem) ctx.addIssue({ code: 'custom', message: `pattern ${JSON.stringify(pattern)} ${problem}` });
    }),
  )
  .min(1, 'list at least one pattern, or leave the key out to run on every change')
  .max(256, 'at most 256 patterns');

const contractSection = z.strictObject({
  id: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/,
      'must start with a letter or digit and use only letters, digits, ".", "_" or "-" (at most 128 characters)',
    ),
  title: nonEmpty.optional(),
  intent: nonEmpty,
  /**
   * Run only when the change touches these paths / not only these (docs/contracts.md). Absent (not
   * defaulted), so contracts without them resolve and hash exactly as before.
   */
  paths: pathPatterns
    .refine((patterns) => patterns.some((pattern) => !pattern.startsWith('!')), {
      error:
        'needs at least one pattern without "!": negations only remove files a pattern before them selected, so this list would never run the contract (use paths_ignore to run on everything but some files)',
    })
    .optional(),
  paths_ignore: pathPatterns.optional(),
});

/** The resolved contract's keys, split like the layer shape around a host's keys. */
const resolvedRunShape = {
  reviewers: z.number().int().min(1).max(15).default(3),
  contract: contractSection,
  done: z.array(ClauseSchema).min(1),
  executor: z.lazy(executorSchema).default({ kind: 'none', args: [], clear_env: [], prompt_via: 'stdin' }),
  budget: z.lazy(budgetSchema).default({}),
  constraints: z.lazy(constraintsSchema).default(CONSTRAINTS_DEFAULTS),
  approval_gates: z.lazy(approvalGatesSchema).default(APPROVAL_GATES_DEFAULTS),
  provider: lazySection(providerSchema),
  panel: z.lazy(panelSchema).default({ seats: [] }),
  pricing: z.lazy(pricingSchema).default({}),
  check_env: z.array(grantableEnvName).default([]),
};
const resolvedEnvironmentShape = {
  // No schema defaults: a contract that omits them resolves (and hashes) exactly as before.
  checks: lazySection(checksSchema),
  sandbox: lazySection(sandboxSchema),
  mcp: lazySection(mcpSchema),
  tools: lazySection(toolsSchema),
  memory: lazySection(memorySchema),
  fanout: lazySection(fanoutSchema),
};

type Shape = Record<string, z.ZodType>;

/**
 * Keys a host adds to the contract format; core reads none of them. `layered` keys are written in
 * `.truss/config.toml` or a contract (`written`, optional) and layered like core keys into the
 * resolved contract (`resolved`, where they may take a default), so they are hashed and journaled
 * in `run_started`. `configOnly` keys are allowed in `.truss/config.toml` alone and stay out of the
 * resolved contract.
 */
export interface HostSections<W extends Shape = Shape, R extends Shape = Shape, C extends Shape = Shape> {
  layered: { written: W; resolved: R };
  configOnly: C;
}

function contractSchemas<W extends Shape, R extends Shape, C extends Shape>(host: HostSections<W, R, C>) {
  const layerShape = { ...runLayerShape, ...host.layered.written, ...environmentLayerShape };
  return {
    /** `.truss/config.toml`: repository defaults. */
    config: z.strictObject({ ...layerShape, ...host.configOnly }),
    /** A contract file as written (before layering). */
    contract: z.strictObject({
      ...layerShape,
      contract: contractSection,
      /** `[fanout]`: K attempts, one signed choice (docs/fanout.md); contract files only. */
      fanout: lazySection(fanoutSchema),
      done: z
        .array(ClauseSchema)
        .min(
          1,
          'a contract needs at least one [[done]] clause; add a [[done]] table with kind = "check" or "review"',
        ),
    }),
    /** The fully layered contract that is hashed and journaled in `run_started`. */
    resolved: z.strictObject({ ...resolvedRunShape, ...host.layered.resolved, ...resolvedEnvironmentShape }),
  };
}

const coreSchemas = contractSchemas({ layered: { written: {}, resolved: {} }, configOnly: {} });

/** `.truss/config.toml`: repository defaults (core keys only; hosts add theirs through a format). */
export const ConfigFileSchema = coreSchemas.config;

/** A contract file as written (before layering). */
export const ContractFileSchema = coreSchemas.contract;

/** The fully layered contract that is hashed and journaled in `run_started`. */
export const ResolvedContractSchema = coreSchemas.resolved;

/**
 * The schemas a contract is loaded, layered and resumed with: core's keys plus a host's. Every
 * loader takes one (default {@link CORE_CONTRACT_FORMAT}); a host passes its own everywhere it
 * resolves or resumes a contract, so the contract hashes the same wherever that host resolves it.
 */
export interface ContractFormat {
  readonly config: z.ZodType;
  readonly contract: z.ZodType;
  readonly resolved: z.ZodType;
  /** Top-level keys that take part in layering; config-only keys stay behind. */
  readonly layeredKeys: ReadonlySet<string>;
}

/** A contract format with a host's sections added to core's (a host cannot redefine a core key). */
export function defineContractFormat(host: HostSections): ContractFormat {
  const taken = new Set([
    ...Object.keys(ContractFileSchema.shape),
    ...Object.keys(ResolvedContractSchema.shape),
  ]);
  const written = Object.keys(host.layered.written);
  const resolved = Object.keys(host.layered.resolved);
  for (const key of [...written, ...Object.keys(host.configOnly)]) {
    if (taken.has(key)) throw new Error(`contract format: host key "${key}" is already defined`);
    taken.add(key);
  }
  if (written.sort().join() !== resolved.sort().join())
    throw new Error('contract format: layered keys need both a written and a resolved schema');
  return formatOf(contractSchemas(host));
}

function formatOf(schemas: ReturnType<typeof contractSchemas>): ContractFormat {
  return { ...schemas, layeredKeys: new Set(Object.keys(schemas.resolved.shape)) };
}

/** Core's keys alone: what a vendor-free caller loads. */
export const CORE_CONTRACT_FORMAT: ContractFormat = formatOf(coreSchemas);

export type CheckClause = z.infer<typeof CheckClauseSchema>;
export type ReviewClause = z.infer<typeof ReviewClauseSchema>;
export type ConfigFile = z.infer<typeof ConfigFileSchema>;
export type ContractFile = z.infer<typeof ContractFileSchema>;
export type ResolvedContract = z.infer<typeof ResolvedContractSchema>;
export type ProviderSettings = z.infer<ReturnType<typeof providerSchema>>;
