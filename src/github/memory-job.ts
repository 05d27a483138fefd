/**
 * A memory decision made by a trusted job (docs/memory.md "On GitHub"): the Action's `mode: memory`
 * (push to the default branch, workflow_dispatch, or a workflow the App dispatched for a maintainer's
 * `/truss memory` comment) and the Action's comment mode. The maintainer approval, the reviewer panel
 * built from the trusted `.truss/config.toml`, then the signed decision on the ledger branch.
 */
import { CONFIG_FILE, type ContractOverrides } from '../core/contract/index.js';
import type { LedgerStore, SigningKey, TrustedKeys } from '../core/ledger/index.js';
import { promotionPanel } from '../core/memory/index.js';
import { secretRedactor } from '../core/process/index.js';
import { loadBundleFromLedgerBranch } from './ledger-store-branch.js';
import type { Logger } from './logger.js';
import { findKeyApproval } from './memory-approval.js';
import { readMemoryBranch } from './memory-branch.js';
import { evalPromotion, type MemoryEvalOptions } from './memory-eval-job.js';
import { decideMemoryEntry, type MemoryDecisionOutcome } from './memory-runs.js';
import type { Octokit } from './octokit.js';
import { authorizeActor } from './permissions.js';
import type { ArtifactBundleSource } from './pr-artifact-bundles.js';
import { inlineText } from './render/escape.js';
import { readRepoFile } from './repo-files.js';
import { GITHUB_CONTRACT_FORMAT } from './settings.js';

/**
 * `memory-approval`: `auto` asks for a maintainer's approval on public repositories; `key` asks for
 * a maintainer's own signed approval (`truss memory approve`, a key pinned as reviewer) of every
 * promotion, and runs then recall only promotions that carry one.
 */
export type MemoryApprovalSetting = 'auto' | 'on' | 'off' | 'key';

/** Refused before anything is signed: who asked may not approve, or the context is not trusted. */
export class MemoryJobRefusedError extends Error {
  override name = 'MemoryJobRefusedError';
}

/**
 * Whether a maintainer must approve: `on`/`off` as set; `auto` is on unless the repository is known
 * to be private (a payload without `repository.private` counts as public: fail closed).
 */
export function memoryApprovalRequired(setting: MemoryApprovalSetting, payload: unknown): boolean {
  if (setting !== 'auto') return setting === 'on' || setting === 'key';
  const repository = (payload as { repository?: { private?: unknown } } | null)?.repository;
  return repository?.private !== true;
}

const MAINTAINER = new Set(['admin', 'maintain', 'write']);

export interface MemoryJobOptions {
  octokit: Octokit;
  repo: { owner: string; repo: string };
  /** Where memory lives (the ledger branch) and where the config is read (the default branch's commit). */
  branch: string;
  trustedRef: string;
  action: 'promote' | 'revoke';
  entry: string;
  reason: string | null;
  /** Sessions whose bundles on the branch may hold the proposal (the PR's runs). */
  sessions: readonly string[];
  /** The pull request's workflow artifacts, for a proposal no bundle on the branch holds (a fork's run). */
  artifacts?: ArtifactBundleSource | undefined;
  /** Who asked; with approval required they must be a human with write access. */
  requester: { login: string; id: number | null; type: string };
  approval: boolean;
  /** `memory-approval: key`: a promotion needs a maintainer's own signed approval on the branch. */
  keyApproval?: boolean | undefined;
  /** Pinned keys (the default branch's `.truss/trusted-keys`): approvals count from `reviewer` keys. */
  trusted: TrustedKeys;
  /** How the job was started (push, workflow_dispatch, issue_comment), signed into the principal. */
  via: string;
  /** Who started the job (GITHUB_ACTOR: the App's bot for its dispatches), when not the requester. */
  actor?: string | undefined;
  runId: string | null;
  /**
   * `memory-eval`: promote by a paired eval of this contract instead of the panel (lessons and
   * playbooks), its runs recalling from `memory` (docs/memory.md "Eval-gated promotion").
   */
  eval?: Pick<MemoryEvalOptions, 'contract' | 'repeats' | 'memory' | 'isolate' | 'toolServer'> | undefined;
  ledger: LedgerStore;
  signer: SigningKey;
  ephemeralKey: boolean;
  codeVersion: string;
  env: Record<string, string | undefined>;
  overrides: ContractOverrides;
  cwd: string;
  log: Logger;
}

/**
 * Approves, reviews and signs one decision. The maintainer's approval (when required) is their
 * permission as GitHub reports it at decision time, signed into the decision session's `run_started`
 * principal beside the panel's votes; a one-time key is refused (nobody could trust what it signs).
 */
export async function runMemoryJob(options: MemoryJobOptions): Promise<MemoryDecisionOutcome> {
  const { octokit, repo, log } = options;
  if (!options.branch)
    throw new MemoryJobRefusedError(
      'memory decisions are committed to the ledger branch: set the `ledger-branch` input (e.g. truss-ledger)',
    );
  if (options.ephemeralKey)
    throw new MemoryJobRefusedError(
      'memory decisions must be signed by a key readers pin: set `signing-key: ${{ secrets.TRUSS_SIGNING_KEY }}` and pin its public key as a signer in .truss/trusted-keys',
    );
  let approval: { login: string; permission: string } | null = null;
  const place = { octokit, ...repo, branch: options.branch };
  const promote = options.action === 'promote';
  if (options.approval) {
    const auth = await authorizeActor({ octokit, ...repo, actor: options.requester });
    const bot = options.requester.type.toLowerCase() === 'bot' || /\[bot\]$/i.test(options.requester.login);
    if (!bot && MAINTAINER.has(auth.permission))
      approval = { login: options.requester.login, permission: auth.permission };
    else if (
      !promote ||
      // `key`: the approval is required below anyway. Otherwise a maintainer's signed approval
      // already on the branch stands in for the requester's permission.
      (!options.keyApproval &&
        !findKeyApproval(await readMemoryBranch(place), options.entry, options.trusted, log))
    )
      throw new MemoryJobRefusedError(
        `a memory ${options.action} needs a maintainer's approval here (memory-approval), and ${options.requester.login} ${bot ? 'is a bot' : `has ${auth.permission} access`}: a maintainer with write access must start it (workflow_dispatch or /truss memory ${options.action})${promote ? `, or approve it with their own key (truss memory approve ${options.entry} --reason TEXT --ledger-branch ${options.branch} --repo ${repo.owner}/${repo.repo})` : ''}`,
      );
  }
  const configText = await readRepoFile({
    octokit,
    ...repo,
    path: CONFIG_FILE,
    ref: options.trustedRef,
  });
  const panel =
    options.action === 'promote' && !options.eval
      ? await promotionPanel({
          config: configText === null ? undefined : { file: CONFIG_FILE, text: configText },
          format: GITHUB_CONTRACT_FORMAT,
          overrides: options.overrides,
          env: options.env,
          cwd: options.cwd,
        })
      : { unavailable: options.eval ? 'a paired eval decides' : 'not needed for a revocation' };
  return decideMemoryEntry({
    octokit,
    ...repo,
    branch: options.branch,
    action: options.action,
    entry: options.entry,
    reason: options.reason,
    sessions: options.sessions,
    artifacts: options.artifacts,
    panel:
      'seats' in panel ? { method: 'panel', seats: panel.seats, redact: secretRedactor(options.env) } : panel,
    ledger: options.ledger,
    signer: options.signer,
    codeVersion: options.codeVersion,
    principal: {
      login: options.requester.login,
      via: options.via,
      ...(options.actor && options.actor !== options.requester.login ? { actor: options.actor } : {}),
      ...(options.runId ? { run_id: options.runId } : {}),
      approval,
    },
    loadBundle: (sessionId) =>
      loadBundleFromLedgerBranch({ octokit, ...repo, branch: options.branch, sessionId }),
    promote: options.eval
      ? evalPromotion({
          ...options.eval,
          octokit,
          repo,
          trustedRef: options.trustedRef,
          workdir: options.cwd,
          ledger: options.ledger,
          signer: options.signer,
          codeVersion: options.codeVersion,
          principal: { login: options.requester.login, via: options.via, purpose: 'memory eval' },
          env: options.env,
          overrides: options.overrides,
          log,
        })
      : undefined,
    approve: (snapshot, memoryId) => {
      const found = findKeyApproval(snapshot, memoryId, options.trusted, log);
      if (!found && options.keyApproval)
        throw new MemoryJobRefusedError(
          `promoting ${memoryId.slice(0, 12)} needs a maintainer's own signed approval here (memory-approval: key), and none on ${options.branch} checks: a maintainer whose key is pinned as reviewer in .truss/trusted-keys runs truss memory approve ${memoryId.slice(0, 12)} --reason TEXT --ledger-branch ${options.branch} --repo ${repo.owner}/${repo.repo}, then this job again`,
        );
      return found;
    },
    log,
  });
}

/** The pull request reply (and job summary line) for a decision. */
export function memoryOutcomeText(outcome: MemoryDecisionOutcome, requested: 'promote' | 'revoke'): string {
  const what = `${outcome.kind} \`${outcome.key}\` (\`${outcome.memoryId.slice(0, 12)}\`)`;
  const where = outcome.commitUrl ? ` ([commit](${outcome.commitUrl}))` : '';
  const line =
    outcome.decision === 'promote'
      ? `Memory ${what} is **verified**: the panel reviewed it against its provenance; later runs recall it.`
      : outcome.decision === 'revoke'
        ? `Memory ${what} is **stale**: later runs no longer recall it.`
        : outcome.decision === 'reject'
          ? `Memory ${what} was **rejected** by the panel: it will never be recalled.`
          : outcome.method === 'eval'
            ? `Memory ${what} was not promoted (**unverifiable**): it stays unverified. ${inlineText(outcome.reason, 600)}`
            : `The panel could not decide memory ${what} (**unverifiable**): it stays unverified.`;
  const asked = outcome.decision === requested ? '' : ` (${requested} was asked)`;
  const from = outcome.proposedFromArtifact
    ? ` The proposal came from \`${outcome.proposedFromArtifact.artifact}\` (workflow run ${outcome.proposedFromArtifact.workflowRunId}): its chain is intact, but its key \`${outcome.proposedFromArtifact.keyId}\` is ${outcome.proposedFromArtifact.keyPinned ? 'pinned' : "not pinned (a fork's one-time key)"}, so only this decision vouches for the entry.`
    : '';
  return `${line}${asked} Signed decision: session \`${outcome.sessionId}\`${where}.${from}`;
}
