import type { ContractOverrides, ResolvedContract, TomlSource } from '../core/contract/index.js';
import { checkMcpPinning, TomlPositions } from '../core/contract/index.js';
import {
  bytesToHex,
  createNodeCrypto,
  type LedgerStore,
  type Signer,
  type TrustedKeys,
} from '../core/ledger/index.js';
import type { RunMemory } from '../core/memory/index.js';
import { describeIsolation } from '../core/process/index.js';
import type { ChangesPublisher, RunnerLegs } from '../core/run/index.js';
import {
  type LegRequest,
  legPlan,
  prepareRun,
  type RunHost,
  type RunReport,
  type RunResult,
  readRecordedContract,
  resumeRun,
  startRun,
} from '../core/run/index.js';
import { readGitInfo } from '../core/verify/index.js';
import { completeCheckRun, startCheckRun } from './check-runs.js';
import { TRUSS_CHECK_ID } from './external-id.js';
import { failCheckRun } from './fail-check-run.js';
import { announceGate } from './gate-claim.js';
import { octokitGitHubReader } from './github-reader.js';
import { applyIsolationPolicy, type IsolationFactory } from './isolation-policy.js';
import type { Logger } from './logger.js';
import { proposingSessions } from './memory-runs.js';
import { ledgerBundleFileName, REPORT_FILE_NAME } from './names.js';
import type { Octokit } from './octokit.js';
import { stickyMarker, type TrussAuthors, warnUnlistedPoster } from './own-comment.js';
import { type ChangedFiles, hasPathFilter } from './path-filter.js';
import { checkPersistedCredentials, persistedCredentials } from './persisted-credentials.js';
import { type PublishedArtifact, type PublishStep, publishRun } from './publish-run.js';
import { unlessReadOnly } from './read-only-token.js';
import {
  type CheckConclusion,
  type CheckOutputOptions,
  conclusionFor,
  type ReportLinks,
  renderCheckOutput,
  renderStickyComment,
} from './render/index.js';
import type { ContractToRun, RepoRef } from './repo-contracts.js';
import { syncReviewComments } from './review-comments.js';
import { runEventLog } from './run-log.js';
import { GITHUB_CONTRACT_FORMAT, githubSettings, resolveContractSources } from './settings.js';
import { keepVerdictOverSkip } from './skip-race.js';
import { skippedByPaths } from './skipped-by-paths.js';
import { upsertStickyComment } from './sticky-comment.js';
import type { WorkspaceGitFacts } from './workspace-git-facts.js';

export interface RunAndReportOptions {
  octokit: Octokit;
  /** A fork's pull request: the job's token is read-only, so writes to the PR only warn (read-only-token.ts). */
  readOnlyToken?: boolean;
  untrustedCode?: boolean; // a fork's code in a job with secrets: refused unisolated (isolation-policy.ts)
  repo: RepoRef;
  /** The commit the verdict is about (PR head) and the PR, when there is one. */
  headSha: string;
  prNumber: number | null;
  baseRef?: string | undefined;
  workdir: string;
  /** Asked of git before the first contract (workspace-git-facts.ts): only the first that runs uses
   * them; its checks may rewrite `.git/config` or move HEAD, so every later one asks again. */
  gitFacts?: Pick<WorkspaceGitFacts, 'gitInfo' | 'persistedCredentials'> | undefined;
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
  /** The logins the token posts as: the only comments this run edits as its own (own-comment.ts). */
  commentAuthors: TrussAuthors;
  /**
   * `review-comments`: also post the anchored findings as inline review comments on the pull
   * request, updated and resolved by later runs (review-comments.ts).
   */
  reviewComments?: boolean;
  dryRun: boolean;
  signal?: AbortSignal;
  /** The Action's `timeout` input: each run stops at the tighter of it and `[budget] max_duration`. */
  timeout?: RunHost['timeout'] | null;
  /** `on-pass-changes`: what to do with a PASS's changes (push, pull request); absent = nothing. */
  publishChanges?: ChangesPublisher | undefined;
  /**
   * How the run's evidence is published, in order (publish-run.ts): steps that append to the ledger
   * (the anchor receipt) first, then steps that read the sealed bundle (attestations, the ledger
   * branch, the artifact upload a later job resumes a suspended session from).
   */
  publishSteps: readonly PublishStep[];
  /** The workflow run that holds the artifact (GITHUB_RUN_ID), recorded for a later resume. */
  workflowRunId?: string | null;
  /**
   * How untrusted processes of each contract are isolated (docs/security.md); absent = none. Agent
   * executors without isolation are refused unless `none` was explicit ({@link applyIsolationPolicy}).
   */
  isolate?: IsolationFactory | undefined;
  /**
   * How a delegated CLI with `[executor] tools = "truss"` starts Truss's tool server (the Action's own
   * bundled CLI, docs/action.md); absent, such a contract ends in a signed run_failed saying why.
   */
  toolServer?: RunHost['toolServer'];
  /**
   * The change's files, for contracts with a `[contract] paths` / `paths_ignore` filter: one that
   * matches none is not run and its check completes `skipped` (path-filter.ts). Absent = run every
   * contract (a contract asked for by name, a push).
   */
  changedFiles?: ChangedFiles | undefined;
  /** The comment command prefix, named in a skipped check's output (default /truss). */
  trigger?: string;
  log: Logger;
  /**
   * Governed memory the runs recall from (docs/memory.md "On GitHub"): the ledger branch's `memory/`
   * tree, read into this job only. Proposals land in each run's bundle, never on the branch.
   */
  memory?: RunMemory | undefined;
  /**
   * This job is one leg of a fan-out (or eval) spread over Actions runners: each contract runs as
   * that leg's child run (legPlan), signed with `parent` naming the session the reducer will write.
   */
  leg?: Omit<LegRequest, 'parentSessionId'> & { parentSessionId: (contractName: string) => string };
  /**
   * This job is the reducer of a fan-out spread over Actions runners: `collect` downloads, verifies
   * and imports the legs for the resolved contract, and the run anchors them and reduces
   * (docs/fanout.md "Fan-out across runners"). Its executor is not built: the legs did the work.
   */
  reduce?: {
    parentSessionId: (contractName: string) => string;
    collect: (contract: ResolvedContract, name: string) => Promise<RunnerLegs>;
  };
}

export interface ContractRunResult {
  contractId: string;
  sessionId: string;
  overall: RunReport['overall'];
  conclusion: CheckConclusion;
  headHash: string;
  bundlePath: string;
  artifact: PublishedArtifact | null;
  checkRunUrl: string | null;
  commentUrl: string | null;
  costUsd: number;
  report: RunReport;
  links: ReportLinks;
}

/**
 * Runs each contract against the checked-out workdir and reports it on GitHub: an in-progress check
 * run, the signed run, the bundle and its upload, the completed check run and the sticky comment.
 * Shared by every host that runs contracts on a runner; contract texts come from a trusted ref.
 */
export async function runAndReport(options: RunAndReportOptions): Promise<ContractRunResult[]> {
  const results: ContractRunResult[] = [];
  let gitFacts = options.gitFacts;
  for (const contract of options.contracts) {
    const one = () => runOne(contract, { ...options, gitFacts });
    const result = await options.log.group(`truss / ${contract.name}`, one);
    if (result) results.push(result);
    if (result) gitFacts = undefined; // its checks ran (a skipped contract runs nothing)
  }
  return results;
}

/** One contract: run and reported, or (null) skipped by its path filter with a `skipped` check. */
async function runOne(item: ContractToRun, options: RunAndReportOptions): Promise<ContractRunResult | null> {
  const { contract, hash } = resolveContractSources({
    config: options.config,
    contract: item.source,
    overrides: options.overrides,
  });
  // An MCP server whose code is fetched at run time is refused here, before anything runs (docs/mcp.md).
  checkMcpPinning(contract, 'refuse', { contract: item.source, config: options.config });
  const existingCheckId = options.checkRunIds?.get(item.name) ?? null;
  if (await skippedByPaths(item.name, contract.contract, options, existingCheckId)) return null;
  const positions = new TomlPositions(item.source.text);
  const clauseLines = Object.fromEntries(
    contract.done.map((_, i) => [i, positions.locate(['done', i]).line]),
  );
  // The git facts the run signs are read while the isolation is set up, as `truss run` does.
  const git = options.gitFacts?.gitInfo(options.baseRef) ?? readGitInfo(options.workdir, options.baseRef);
  git.catch(() => {}); // awaited by the run, which fails on a refused git
  const common = {
    git,
    store: options.store,
    signer: options.signer,
    codeVersion: options.codeVersion,
    principal: options.principal,
    baseRef: options.baseRef,
    ...(options.memory ? { memory: options.memory } : {}),
  };
  const { leg, reduce } = options;
  if (leg) {
    const plan = legPlan(contract, { ...leg, parentSessionId: leg.parentSessionId(item.name) });
    const timeout = contract.fanout?.timeout_sec;
    return reportedRun(options, plan.contract, {}, existingCheckId, async (host) =>
      startRun(
        await prepareRun(plan.contract, {
          workdir: options.workdir,
          // A fan-out attempt's own wall-clock limit ([fanout] timeout_sec), as in one process.
          host: timeout ? { ...host, signal: withTimeout(host.signal, timeout * 1000) } : host,
        }),
        { ...common, contractHash: plan.contractHash, parent: plan.parent },
      ),
    );
  }
  return reportedRun(
    options,
    contract,
    { contractPath: item.path, clauseLines },
    existingCheckId,
    async (host) =>
      startRun(await prepareRun(contract, { workdir: options.workdir, host }, { executor: !reduce }), {
        ...common,
        contractHash: hash,
        ...(reduce
          ? {
              sessionId: reduce.parentSessionId(item.name),
              runnerLegs: await reduce.collect(contract, item.name),
            }
          : {}),
      }),
  );
}

function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

export interface ResumeAndReportOptions
  extends Omit<
    RunAndReportOptions,
    'contracts' | 'config' | 'overrides' | 'principal' | 'baseRef' | 'changedFiles'
  > {
  sessionId: string;
  /** Reviewer keys whose signed approval releases an approval gate. */
  approvers: TrustedKeys;
  /** A queued check run to complete instead of creating one (the App's dispatch). */
  existingCheckId?: number | null;
}

/**
 * Continues a suspended session (its chain verified by the caller) under the contract its
 * `run_started` recorded, and reports it exactly like a fresh run: the check run, the bundle and
 * its upload, the sticky comment. A session that suspends again reports action_required again.
 */
export async function resumeAndReport(options: ResumeAndReportOptions): Promise<ContractRunResult> {
  const recorded = readRecordedContract(options.store, options.sessionId, GITHUB_CONTRACT_FORMAT);
  return options.log.group(`truss / ${recorded.contract.contract.id} (resume)`, () =>
    reportedRun(options, recorded.contract, {}, options.existingCheckId ?? null, (host) =>
      resumeRun({
        sessionId: options.sessionId,
        store: options.store,
        signer: options.signer,
        crypto: createNodeCrypto(),
        workdir: options.workdir,
        contractFormat: GITHUB_CONTRACT_FORMAT,
        recorded,
        host: { ...host, approvers: options.approvers },
      }),
    ),
  );
}

type ReportingOptions = Omit<ResumeAndReportOptions, 'sessionId' | 'approvers' | 'existingCheckId'>;

async function reportedRun(
  options: ReportingOptions,
  contract: ResolvedContract,
  annotate: CheckOutputOptions,
  existingCheckId: number | null,
  execute: (host: RunHost) => Promise<RunResult>,
): Promise<ContractRunResult> {
  const { octokit, repo, log } = options;
  const checkName = `truss / ${contract.contract.id}`;
  // Asked while the isolation is set up; judged below, once it is known whether `none` was chosen.
  const found = options.gitFacts?.persistedCredentials() ?? persistedCredentials(options.workdir);
  found.catch(() => {});
  // Before any check run exists: a refused run leaves nothing half-reported.
  const isolation = options.isolate ? await options.isolate(contract) : undefined;
  if (isolation) {
    const warning = applyIsolationPolicy(contract, isolation.report, options.untrustedCode);
    log.info(`${checkName}: ${describeIsolation(isolation.report)}`);
    // Why a weaker mechanism ran, what it does not stop: the same notes the CLI prints.
    for (const note of isolation.report.notes) log.info(`${checkName}: note: ${note}`);
    if (warning) log.warning(`${checkName}: ${warning}`);
  }
  // A token the workflow left in the working copy is readable by every check, isolated or not.
  const stored = await checkPersistedCredentials({
    workdir: options.workdir,
    found,
    untrustedCode: options.untrustedCode === true,
    isolationNoneChosen: isolation?.report.requested === 'none',
    checkName,
  });
  if (stored) log.warning(`${checkName}: ${stored}`);
  // The check run is created while the run starts (one round trip less on the critical path); it is
  // awaited before anything reports, and on every failure path below.
  const checkStarting = options.check
    ? unlessReadOnly(
        options.readOnlyToken,
        log,
        `${checkName} check run`,
        startCheckRun({
          octokit,
          owner: repo.owner,
          repo: repo.repo,
          name: checkName,
          headSha: options.headSha,
          detailsUrl: options.runUrl ?? undefined,
          existingId: existingCheckId,
          externalId: TRUSS_CHECK_ID,
          dryRun: options.dryRun,
        }),
      )
    : null;
  checkStarting?.catch(() => {}); // awaited below; a failure to create it fails the job there
  let check: Awaited<ReturnType<typeof startCheckRun>> | null = null;
  // Every check this run started is completed on every path, in the `finally` below (docs/action.md,
  // "check runs"): a refused resume (ResumeRefusedError, NonDeterminismError), a provider that cannot
  // be built, a publish step that throws. Otherwise the check spins `in_progress` forever.
  let completed = false;
  let failure: unknown = new Error('the run ended without reporting a verdict');
  try {
    if (contract.tools?.github) {
      log.info(
        `${checkName}: GitHub tools read ${repo.owner}/${repo.repo} with this job's token (read-only)`,
      );
    }
    const { sessionId } = await execute({
      events: runEventLog(log, options.env),
      signal: options.signal,
      timeout: options.timeout ?? undefined,
      isolation,
      env: options.env,
      publishChanges: options.publishChanges,
      // The GitHub tools read through this job's Octokit: the token never leaves it (docs/tools.md).
      github: octokitGitHubReader(octokit, repo),
      toolServer: options.toolServer,
    });
    check = checkStarting ? await checkStarting : null;
    warnUnlistedPoster(check?.botLogin, options.commentAuthors, log);
    // Ledger steps (the anchor receipt) first; then bundle, HTML report and `report`, once; then their readers.
    const { evidence, report, headHash, headSeq } = await publishRun({
      store: options.store,
      sessionId,
      outDir: options.outDir,
      codeVersion: options.codeVersion,
      steps: options.publishSteps,
      log,
    });
    const { bundlePath, reportPath, artifact } = evidence;
    const links: ReportLinks = {
      artifactName: artifact?.name,
      artifactUrl: artifact?.url ?? null,
      runUrl: options.runUrl,
      checkRunUrl: check?.url ?? null,
      bundleFileName: ledgerBundleFileName(sessionId),
      ...(reportPath ? { reportFileName: REPORT_FILE_NAME } : {}),
      publicKey: bytesToHex(options.signer.publicKey),
      keyId: options.signer.keyId,
      ...(options.trigger ? { trigger: options.trigger } : {}),
    };
    const conclusion = conclusionFor(report.overall, githubSettings(contract).unverifiable);
    // The check run and the sticky comment are independent writes: both are sent, then awaited.
    let checkCompleting: Promise<unknown> = Promise.resolve();
    if (check?.id) {
      completed = true;
      checkCompleting = completeCheckRun({
        octokit,
        owner: repo.owner,
        repo: repo.repo,
        checkRunId: check.id,
        conclusion,
        output: renderCheckOutput(report, links, { ...annotate, headSha: options.headSha }),
        dryRun: options.dryRun,
      });
    }
    let commentUrl: string | null = null;
    // Before the sticky: a job that reads the suspension there finds the gate it claims (gate-claim.ts).
    if (options.comment && options.prNumber !== null && report.suspension)
      await unlessReadOnly(
        options.readOnlyToken,
        log,
        'gate comment',
        announceGate({
          octokit,
          owner: repo.owner,
          repo: repo.repo,
          prNumber: options.prNumber,
          sessionId,
          suspendedSeq: report.suspension.seq,
          contract: contract.contract.id,
          authors: options.commentAuthors,
          dryRun: options.dryRun,
        }),
      );
    if (options.comment && options.prNumber !== null) {
      const marker = stickyMarker(contract.contract.id);
      const metadata = {
        contract: contract.contract.id,
        session_id: sessionId,
        status: report.overall,
        head_sha: options.headSha,
        head_hash: headHash,
        head_seq: headSeq,
        artifact_id: artifact?.id ?? null,
        artifact_name: artifact?.name ?? null,
        public_key: links.publicKey,
        run_url: options.runUrl,
        workflow_run_id: options.workflowRunId ?? null,
      };
      const [, comment] = await Promise.all([
        checkCompleting,
        unlessReadOnly(
          options.readOnlyToken,
          log,
          'sticky comment',
          upsertStickyComment({
            octokit,
            owner: repo.owner,
            repo: repo.repo,
            issueNumber: options.prNumber,
            marker,
            authors: options.commentAuthors,
            // The PR's sessions that proposed memory, carried from the comment this one replaces: where a
            // promotion job looks for a proposal (docs/memory.md "On GitHub").
            body: (previous) =>
              renderStickyComment(report, links, marker, {
                ...metadata,
                ...proposingSessions(previous, report.memory?.proposed.length ? sessionId : null),
              }),
            dryRun: options.dryRun,
          }),
        ),
      ]);
      commentUrl = comment?.url ?? null;
    }
    await checkCompleting;
    if (options.reviewComments && options.prNumber !== null) {
      // An extra surface: the verdict already landed in the check run, so a failure here only warns.
      await syncReviewComments({
        octokit,
        repo,
        prNumber: options.prNumber,
        headSha: options.headSha,
        contractId: contract.contract.id,
        report,
        checkRunUrl: check?.url ?? null,
        authors: options.commentAuthors,
        dryRun: options.dryRun,
        log,
      }).catch((error: Error) => log.warning(`could not post the inline review comments: ${error.message}`));
    }
    return {
      contractId: contract.contract.id,
      sessionId,
      overall: report.overall,
      conclusion,
      headHash,
      bundlePath,
      artifact,
      checkRunUrl: check?.url ?? null,
      commentUrl,
      costUsd: report.costUsd,
      report,
      links,
    };
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    if (!check && checkStarting) check = await checkStarting.catch(() => null);
    if (check?.id && !completed) {
      completed = true;
      await failCheckRun(options, check.id, checkName, failure);
    }
    // A skip written while this ran must not stand over its verdict (skip-race.ts).
    if (check?.id && hasPathFilter(contract.contract))
      await keepVerdictOverSkip({ ...options, contractId: contract.contract.id });
  }
}
