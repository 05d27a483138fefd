/**
 * The contract and config keys only the GitHub hosts read, and the contract format that carries
 * them (core's contract schema knows none of them):
 * - `unverifiable = "failure" | "neutral"`: the check-run conclusion of an UNVERIFIABLE verdict.
 *   Layered like core's keys (config → contract) and recorded in the resolved contract, so a
 *   contract's hash is the same wherever it is resolved with this format.
 * - `workflow` and `[app] workflow` (`.truss/config.toml` only): the workflow file the App
 *   dispatches (read by truss-workflow.ts); they stay out of the resolved contract.
 * - `[app] review_comments` (`.truss/config.toml` only): runs the App dispatches also post their
 *   anchored findings as inline review comments, like the Action's `review-comments` input.
 * Every host that resolves contracts (the Action, the CLI) does it through the bound functions
 * below, and resumes them with `contractFormat: GITHUB_CONTRACT_FORMAT`; problems with these keys
 * are reported at file:line:col exactly as core reports its own.
 */
import { z } from 'zod';
import {
  type ConfigFile,
  type ContractFile,
  type ContractFormat,
  loadContractFile as coreLoadContractFile,
  parseConfigToml as coreParseConfigToml,
  parseContractToml as coreParseContractToml,
  resolveContract as coreResolveContract,
  resolveContractSources as coreResolveContractSources,
  defineContractFormat,
  type ResolveContractOptions,
  type ResolvedContract,
  type ResolvedContractResult,
} from '../core/contract/index.js';

/** A workflow file name in `.github/workflows/` (what `workflow_dispatch` is called on). */
export const WORKFLOW_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.ya?ml$/;

const Unverifiable = z.enum(['failure', 'neutral']);

/** `[app]`: what the Truss GitHub App reads from the default branch (config-only, never layered). */
export const AppSectionSchema = z.strictObject({
  workflow: z
    .string()
    .regex(WORKFLOW_FILE, 'must be a workflow file name in .github/workflows/, e.g. "truss.yml"')
    .optional(),
  /** Runs the App dispatches also post anchored findings as inline review comments (review-comments.ts). */
  review_comments: z.boolean().optional(),
});

/** Core's contract format plus the GitHub keys. */
export const GITHUB_CONTRACT_FORMAT: ContractFormat = defineContractFormat({
  layered: {
    written: {
      /** How an UNVERIFIABLE verdict is reported on GitHub: failure (default) or neutral. */
      unverifiable: Unverifiable.optional(),
    },
    resolved: { unverifiable: Unverifiable.default('failure') },
  },
  configOnly: {
    workflow: z.string().trim().min(1, 'must not be empty').optional(),
    app: AppSectionSchema.optional(),
  },
});

/** The fully layered contract with the GitHub keys, as hashed and journaled in `run_started`. */
export const GitHubResolvedContractSchema = GITHUB_CONTRACT_FORMAT.resolved;

/** What a resolved contract tells the GitHub surfaces. */
export interface GitHubContractSettings {
  /** The check-run conclusion of an UNVERIFIABLE verdict. */
  unverifiable: z.infer<typeof Unverifiable>;
}

const ResolvedSettingsSchema = z.object({ unverifiable: Unverifiable.default('failure') });

/**
 * The GitHub settings a resolved or recorded contract carries; the defaults when it carries none
 * (a contract resolved with core's format alone).
 */
export function githubSettings(contract: ResolvedContract): GitHubContractSettings {
  return ResolvedSettingsSchema.parse({
    unverifiable: (contract as ResolvedContract & { unverifiable?: unknown }).unverifiable,
  });
}

/** `.truss/config.toml` as the GitHub hosts read it. */
export type GitHubConfigFile = ConfigFile & {
  workflow?: string | undefined;
  app?: z.infer<typeof AppSectionSchema> | undefined;
};

// --- core's loaders, bound to the GitHub format --------------------------------------------------

/** Core's `parseContractToml` with the GitHub keys. */
export function parseContractToml(text: string, file: string): ContractFile {
  return coreParseContractToml(text, file, GITHUB_CONTRACT_FORMAT);
}

/** Core's `parseConfigToml` with the GitHub keys (`workflow`, `[app]`, `unverifiable`). */
export function parseConfigToml(text: string, file: string): GitHubConfigFile {
  return coreParseConfigToml(text, file, GITHUB_CONTRACT_FORMAT) as GitHubConfigFile;
}

/** Core's `loadContractFile` with the GitHub keys. */
export function loadContractFile(path: string): ContractFile {
  return coreLoadContractFile(path, GITHUB_CONTRACT_FORMAT);
}

/** Core's `resolveContract` with the GitHub keys. */
export function resolveContract(options: Omit<ResolveContractOptions, 'format'>): ResolvedContractResult {
  return coreResolveContract({ ...options, format: GITHUB_CONTRACT_FORMAT });
}

/** Core's `resolveContractSources` with the GitHub keys. */
export function resolveContractSources(
  input: Omit<Parameters<typeof coreResolveContractSources>[0], 'format'>,
): ResolvedContractResult {
  return coreResolveContractSources({ ...input, format: GITHUB_CONTRACT_FORMAT });
}

/**
 * `[app] review_comments` of `.truss/config.toml` (read at the trusted ref): whether runs the App
 * dispatches post inline review comments. Parsed like every config read, so an error names file:line:col.
 */
export function appReviewComments(config: { file: string; text: string } | undefined): boolean {
  if (!config) return false;
  return parseConfigToml(config.text, config.file).app?.review_comments === true;
}
