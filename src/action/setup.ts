import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as core from '@actions/core';
import { checkReceipt } from '../core/anchor/index.js';
import type { ContractOverrides } from '../core/contract/index.js';
import { LedgerStore, parseSeedBase64, SigningKey } from '../core/ledger/index.js';
import { TRUSS_CLI } from '../core/truss-cli.js';
import { logLines } from '../core/verify/index.js';
import type { Logger } from '../github/logger.js';
import { LEDGER_DB_FILE_NAME } from '../github/names.js';
import type { EventContext } from './event-context.js';
import type { Inputs } from './inputs.js';
import { actionToolServer } from './tool-server.js';

/** What every mode needs, built once from inputs and context. */
export interface ActionSetup {
  signer: SigningKey;
  ephemeralKey: boolean;
  store: LedgerStore;
  outDir: string;
  workdir: string;
  /** Environment for providers and check scrubbing: includes API keys from inputs so they are redacted everywhere. */
  env: Record<string, string | undefined>;
  overrides: ContractOverrides;
  /** The action's bundled CLI, started as the tool server of `[executor] tools = "truss"` (tool-server.ts). */
  toolServer?: ReturnType<typeof actionToolServer>;
  log: Logger;
}

/**
 * The job log. An info line is printed as is, and the runner reads every line for workflow commands
 * (`::…::` at the start, `##[…]` anywhere): text a run logs can quote the pull request (a memory key,
 * a leg's artifact name, an error), so it is made inert first (log-text.ts). A warning or an error
 * is itself a command whose text GitHub escapes.
 */
export const actionsLogger: Logger = {
  info: (message) => core.info(logLines(message)),
  warning: (message) => core.warning(message),
  error: (message) => core.error(message),
  group: (name, fn) => core.group(name, fn),
};

export function setupAction(
  inputs: Inputs,
  context: EventContext,
  env: Record<string, string | undefined>,
  options: { signsRuns?: boolean } = {},
): ActionSetup {
  for (const secret of [
    inputs.signingKey,
    inputs.reviewSigningKey,
    inputs.anthropicApiKey,
    inputs.openaiApiKey,
    inputs.githubToken,
  ]) {
    if (secret) core.setSecret(secret);
  }
  let signer: SigningKey;
  let ephemeralKey = false;
  if (inputs.signingKey) {
    signer = parseSeedBase64(inputs.signingKey, 'input signing-key');
  } else {
    signer = SigningKey.generate().key;
    ephemeralKey = true;
    // Mode review signs only with review-signing-key; warning about the session key there misleads.
    if (options.signsRuns !== false)
      core.warning(
        'no signing-key: this run is signed with a one-time key, so its bundle verifies only as integrity_only. ' +
          'Secrets are not available to pull requests from forks; for your own branches set `signing-key: ${{ secrets.TRUSS_SIGNING_KEY }}` (create one with `' +
          TRUSS_CLI +
          ' keygen`).',
      );
  }
  const outDir = join(context.tempDir, 'truss');
  // The ledger DB and bundles in progress: never readable by another user (docs/security.md).
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  chmodSync(outDir, 0o700);
  const store = LedgerStore.open(join(outDir, LEDGER_DB_FILE_NAME), { receipts: checkReceipt });
  const providerEnv = {
    ...env,
    ...(inputs.anthropicApiKey ? { ANTHROPIC_API_KEY: inputs.anthropicApiKey } : {}),
    ...(inputs.openaiApiKey ? { OPENAI_API_KEY: inputs.openaiApiKey } : {}),
    GITHUB_TOKEN: inputs.githubToken,
    ...(inputs.signingKey ? { TRUSS_SIGNING_KEY: inputs.signingKey } : {}),
    ...(inputs.reviewSigningKey ? { TRUSS_REVIEW_SIGNING_KEY: inputs.reviewSigningKey } : {}),
  };
  const overrides: ContractOverrides = {
    ...(inputs.reviewers !== undefined ? { reviewers: inputs.reviewers } : {}),
    ...(inputs.provider || inputs.model || inputs.baseUrl
      ? {
          provider: {
            ...(inputs.provider ? { kind: inputs.provider } : {}),
            ...(inputs.model ? { model: inputs.model } : {}),
            ...(inputs.baseUrl ? { base_url: inputs.baseUrl } : {}),
          },
        }
      : {}),
  };
  return {
    signer,
    ephemeralKey,
    store,
    outDir,
    workdir: workdirOf(inputs, context),
    env: providerEnv,
    overrides,
    toolServer: actionToolServer(process.argv[1]),
    log: actionsLogger,
  };
}

/**
 * The directory to verify: `workdir` relative to the workspace. One that is not there fails the step
 * naming the input: git, started in it, failed with "spawn git ENOENT", which reads as git missing.
 */
function workdirOf(inputs: Inputs, context: EventContext): string {
  const workdir = resolve(context.workspace, inputs.workdir || '.');
  let problem: string | null = null;
  try {
    if (!statSync(workdir).isDirectory()) problem = 'is not a directory';
  } catch {
    problem = 'does not exist';
  }
  if (problem)
    throw new Error(
      `input workdir: ${workdir} ${problem}; workdir is a directory relative to the workspace (${context.workspace}), such as the \`path:\` actions/checkout checked the repository out to (docs/action.md "Quick setup")`,
    );
  return workdir;
}

/** Reads the reviewer key for signed sign-offs; never the session key (a sign-off must be separately attributable). */
export function reviewSigner(inputs: Inputs): SigningKey {
  if (inputs.reviewSigningKey) return parseSeedBase64(inputs.reviewSigningKey, 'input review-signing-key');
  throw new Error(
    'signing a human decision (a review in mode review, `/truss approve|reject`) needs `review-signing-key` (a key distinct from signing-key, e.g. `${{ secrets.TRUSS_REVIEW_SIGNING_KEY }}`): human sign-offs are signed by their own key. Create one with `' +
      TRUSS_CLI +
      ' keygen --out -`.',
  );
}
