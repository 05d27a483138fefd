import { join } from 'node:path';
import type { TomlSource } from '../core/contract/load.js';
import { type ContractOverrides, resolveContractSources } from '../core/contract/resolve.js';
import { TomlPositions } from '../core/contract/toml-positions.js';
import { createNodeCrypto, exportBundleToFile, type LedgerStore, type Signer } from '../core/ledger/index.js';
import { budgetMeterFor } from '../core/runtime/budget.js';
import { createCtx, type RunEvent } from '../core/runtime/ctx.js';
import { buildPanelSeats } from '../core/verify/panel-seats.js';
import { RunAbortedError, runContract } from '../core/verify/run-contract.js';
import { type RunReport, reportFromEntries } from '../core/verify/run-report.js';
import { completeCheckRun, startCheckRun } from './check-runs.js';
import type { Logger } from './logger.js';
import type { Octokit } from './octokit.js';
import { conclusionFor, type ReportLinks, renderCheckOutput, renderStickyComment } from './render/index.js';
import type { ContractToRun, RepoRef } from './repo-contracts.js';
import { upsertStickyComment } from './sticky-comment.js';

export interface PublishedArtifact {
  name: string;
  id: number | null;
  url: string | null;
}

export interface RunAndReportOptions {
  octokit: Octokit;
  repo: RepoRef;
  /** The commit the verdict is about (PR head) and the PR, when there is one. */
  headSha: string;
  prNumber: number | null;
  baseRef?: string | undefined;
  workdir: string;
  contracts: ContractToRun[];
  config: TomlSource | undefined;
  overrides: ContractOverrides;
  store: LedgerStore;
  signer: Signer;
  env: Record<string, string | undefined>;
  codeVersion: string;
  principal: Record<string, unknown>;
  outDir: string;
  runUrl: string | null;
  check: boolean;
  /**
   * Queued check runs to take over, by contract name (the App creates one before it dispatches the
   * workflow that runs here); other contracts get a new check run.
   */
  checkRunIds?: ReadonlyMap<string, number>;
  comment: boolean;
  dryRun: boolean;
  signal?: AbortSignal;
  /** Uploads the evidence (the Action: a workflow artifact); null when not available. */
  publish: (files: { bundlePath: string; sessionId: string }) => Promise<PublishedArtifact | null>;
  log: Logger;
}

export interface ContractRunResult {
  contractId: string;
  sessionId: string;
  overall: RunReport['overall'];
  conclusion: 'success' | 'failure' | 'neutral';
  headHash: string;
  bundlePath: string;
  artifact: PublishedArtifact | null;
  checkRunUrl: string | null;
  commentUrl: string | null;
  costUsd: number;
  report: RunReport;
  links: ReportLinks;
}

/** The hidden marker that makes a contract's PR comment sticky. */
export function stickyMarker(contractId: string): string {
  return `<!-- truss:sticky contract=${contractId} -->`;
}

/**
 * Runs each contract against the checked-out workdir and reports it on GitHub: an in-progress check
 * run, the signed run, the bundle and its upload, the completed check run and the sticky comment.
 * Shared by every host that runs contracts on a runner; contract texts come from a trusted ref.
 */
export async function runAndReport(options: RunAndReportOptions): Promise<ContractRunResult[]> {
  const results: ContractRunResult[] = [];
  for (const contract of options.contracts) {
    results.push(await options.log.group(`truss / ${contract.name}`, () => runOne(contract, options)));
  }
  return results;
}

async function runOne(item: ContractToRun, options: RunAndReportOptions): Promise<ContractRunResult> {
  const { octokit, repo, log } = options;
  const { contract, hash } = resolveContractSources({
    config: options.config,
    contract: item.source,
    overrides: options.overrides,
  });
  const checkName = `truss / ${contract.contract.id}`;
  const check = options.check
    ? await startCheckRun({
        octokit,
        owner: repo.owner,
        repo: repo.repo,
        name: checkName,
        headSha: options.headSha,
        detailsUrl: options.runUrl ?? undefined,
        existingId: options.checkRunIds?.get(item.name) ?? null,
        dryRun: options.dryRun,
      })
    : null;
  const events = (event: RunEvent) => logEvent(log, event);
  const ctx = createCtx({
    signal: options.signal,
    events,
    budget: budgetMeterFor(contract.budget, (message) => events({ type: 'warning', message })),
  });
  const panel = buildPanelSeats(contract, { env: options.env, cwd: options.workdir });
  if ('unavailable' in panel && contract.done.some((c) => c.kind === 'review'))
    log.warning(`${checkName}: ${panel.unavailable}`);
  let sessionId: string;
  try {
    sessionId = (
      await runContract({
        contract,
        contractHash: hash,
        workdir: options.workdir,
        store: options.store,
        signer: options.signer,
        ctx,
        panel,
        env: options.env,
        codeVersion: options.codeVersion,
        principal: options.principal,
        baseRef: options.baseRef,
      })
    ).sessionId;
  } catch (error) {
    if (!(error instanceof RunAbortedError)) throw error;
    sessionId = error.sessionId;
  }
  const bundlePath = join(options.outDir, `truss-ledger-${sessionId}.json`);
  exportBundleToFile(options.store, sessionId, createNodeCrypto(), bundlePath);
  const report = reportFromEntries(sessionId, [...options.store.entries(sessionId)]);
  const artifact = await options.publish({ bundlePath, sessionId }).catch((error: Error) => {
    log.warning(`could not upload the ledger artifact: ${error.message}`);
    return null;
  });
  const links: ReportLinks = {
    artifactName: artifact?.name,
    artifactUrl: artifact?.url ?? null,
    runUrl: options.runUrl,
    checkRunUrl: check?.url ?? null,
    bundleFileName: `truss-ledger-${sessionId}.json`,
    publicKey: bytesHex(options.signer.publicKey),
    keyId: options.signer.keyId,
  };
  const conclusion = conclusionFor(report.overall, contract.unverifiable);
  if (check?.id) {
    const positions = new TomlPositions(item.source.text);
    const clauseLines = Object.fromEntries(
      contract.done.map((_, i) => [i, positions.locate(['done', i]).line]),
    );
    await completeCheckRun({
      octokit,
      owner: repo.owner,
      repo: repo.repo,
      checkRunId: check.id,
      conclusion,
      output: renderCheckOutput(report, links, { contractPath: item.path, clauseLines }),
      dryRun: options.dryRun,
    });
  }
  let commentUrl: string | null = null;
  if (options.comment && options.prNumber !== null) {
    const marker = stickyMarker(contract.contract.id);
    const metadata = {
      contract: contract.contract.id,
      session_id: sessionId,
      head_sha: options.headSha,
      head_hash: report.headHash,
      artifact_id: artifact?.id ?? null,
      artifact_name: artifact?.name ?? null,
      public_key: links.publicKey,
      run_url: options.runUrl,
    };
    const comment = await upsertStickyComment({
      octokit,
      owner: repo.owner,
      repo: repo.repo,
      issueNumber: options.prNumber,
      marker,
      body: renderStickyComment(report, links, marker, metadata),
      dryRun: options.dryRun,
    });
    commentUrl = comment.url;
  }
  return {
    contractId: contract.contract.id,
    sessionId,
    overall: report.overall,
    conclusion,
    headHash: report.headHash,
    bundlePath,
    artifact,
    checkRunUrl: check?.url ?? null,
    commentUrl,
    costUsd: report.costUsd,
    report,
    links,
  };
}

function logEvent(log: Logger, event: RunEvent): void {
  switch (event.type) {
    case 'check_finished':
      log.info(
        `${event.met ? '✔' : '✘'} check [${event.clause + 1}] ${event.desc} (${Math.round(event.durationMs)} ms)`,
      );
      break;
    case 'review_started':
      log.info(`… review [${event.clause + 1}] ${event.desc}`);
      break;
    case 'vote':
      log.info(`    seat ${event.seat + 1} (${event.lens}): ${event.vote}`);
      break;
    case 'provider_retry':
      log.info(`    ${event.provider}: retry ${event.attempt} in ${Math.round(event.delayMs)} ms`);
      break;
    case 'warning':
      log.warning(event.message);
      break;
    default:
      break;
  }
}

function bytesHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
