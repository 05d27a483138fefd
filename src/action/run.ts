import { join } from 'node:path';
import * as core from '@actions/core';
import pkg from '../../package.json' with { type: 'json' };
import type { RunMemory } from '../core/memory/index.js';
import { errorText } from '../github/error-text.js';
import { GateHeldError } from '../github/gate-claim.js';
import { postHumanReviewCheck } from '../github/human-review-check.js';
import { runMemoryFromBranch } from '../github/memory-runs.js';
import { mergeBaseOnGitHub } from '../github/merge-base.js';
import { LEDGER_DB_FILE_NAME, ledgerArtifactName } from '../github/names.js';
import { createOctokit, type Octokit } from '../github/octokit.js';
import { lazyChangedFiles } from '../github/path-filter.js';
import { unlessReadOnly } from '../github/read-only-token.js';
import { loadContractsAtRef } from '../github/repo-contracts.js';
import { trustedKeysFor } from '../github/repo-trusted-keys.js';
import { type ContractRunResult, type RunAndReportOptions, runAndReport } from '../github/run-and-report.js';
import { appReviewComments } from '../github/settings.js';
import { WorkspaceGitFacts } from '../github/workspace-git-facts.js';
import { ensurePullRequestHead } from './checkout-pr-head.js';
import { handleComment } from './comment-mode.js';
import { ensureBaseCommit } from './ensure-base-commit.js';
import { type EventContext, readEventContext, runUrl } from './event-context.js';
import { changesPublisher, publishSteps } from './evidence-publisher.js';
import { type Inputs, readInputs } from './inputs.js';
import { actionIsolation } from './isolation.js';
import { writeJobSummary } from './job-summary.js';
import { legArtifactFor, legPublishSteps } from './leg-artifacts.js';
import { handleMemoryMode } from './memory-mode.js';
import { setExcludedOutput, setRunOutputs } from './outputs.js';
import { editedWithoutBaseChange } from './pr-edit.js';
import {
  dispatchedRun,
  failQueuedCheck,
  type RunTarget,
  readDispatchRequest,
  resolveRunTarget,
  runsForeignCodeWithSecrets,
} from './pr-target.js';
import { fanoutReducer, legRequest, reduceEval } from './reduce-mode.js';
import { resumeRequestFrom, resumeSuspendedRun } from './resume-mode.js';
import { handleReview } from './review-mode.js';
import { type ActionSetup, actionsLogger, setupAction } from './setup.js';

export type Mode = 'run' | 'comment' | 'review' | 'resume' | 'reduce' | 'memory';

/** Events about another commit than the job's GITHUB_SHA (the default branch's head). */
const FOREIGN_COMMIT_EVENTS = new Set(['workflow_run', 'check_run', 'check_suite']);

/** `mode: auto` picks the behaviour from the event that triggered the workflow. */
export function resolveMode(mode: Inputs['mode'], eventName: string): Mode {
  // A comment or a review carries the decision itself: those modes resume the gated run with it.
  if (mode === 'resume')
    return eventName === 'issue_comment'
      ? 'comment'
      : eventName === 'pull_request_review'
        ? 'review'
        : 'resume';
  if (mode === 'review') return 'review';
  // A maintainer's `/truss memory` comment is comment mode's; every other event is a promotion job.
  if (mode === 'memory') return eventName === 'issue_comment' ? 'comment' : 'memory';
  if (mode === 'reduce') return 'reduce';
  if (mode === 'run' || mode === 'verify') {
    if (eventName === 'issue_comment') return 'comment';
    // GITHUB_SHA is the default branch's head here, not the commit the event is about: a run would
    // judge the one and be read as the other's verdict (docs/action.md "Security model").
    if (FOREIGN_COMMIT_EVENTS.has(eventName))
      throw new Error(
        `truss does not run on the ${eventName} event: its job is checked out at the default branch, not at the commit the event is about. To report on a fork's pull request, dispatch from the Truss App (docs/app.md); otherwise trigger on pull_request, issue_comment, workflow_dispatch or push`,
      );
    return 'run';
  }
  switch (eventName) {
    case 'pull_request':
    case 'pull_request_target':
    case 'workflow_dispatch':
    case 'push':
    // A merge queue's required checks must report on the queue's commit (docs/action.md "Merge queues").
    case 'merge_group':
      return 'run';
    case 'issue_comment':
      return 'comment';
    case 'pull_request_review':
      return 'review';
    default:
      throw new Error(
        `truss does not handle the ${eventName} event; trigger it on pull_request, issue_comment, pull_request_review, workflow_dispatch, push or merge_group (docs/action.md)${FOREIGN_COMMIT_EVENTS.has(eventName) ? '' : ', or set `mode: run` to judge the commit this job checked out (GITHUB_SHA)'}`,
      );
  }
}

/** The action: parse inputs once, dispatch on the event, set outputs, and turn any error into a failed step. */
export async function run(env: Record<string, string | undefined> = process.env): Promise<void> {
  // Once the dispatch is read, any failure completes the App's queued check (pr-target.ts), setting up
  // included: a signing-key or workdir that fails it left the check queued for good.
  let queued: Omit<Parameters<typeof failQueuedCheck>[0], 'error' | 'warn' | 'env'> | null = null;
  // Whose secrets an error's message must not carry to the log: the inputs (INPUT_*) until the
  // setup adds the provider keys and tokens it hands on (error-text.ts).
  let secrets: Record<string, string | undefined> = env;
  try {
    const inputs = readInputs((name) => core.getInput(name));
    const context = readEventContext(env);
    const octokit = createOctokit({
      token: inputs.githubToken,
      baseUrl: context.apiUrl,
      proxyEnv: process.env,
    });
    const dispatch = readDispatchRequest(context);
    queued = { octokit, context, dispatch };
    const mode =
      dispatch?.mode === 'resume' || dispatch?.mode === 'memory'
        ? dispatch.mode
        : resolveMode(inputs.mode, context.eventName);
    if (mode === 'run' && dispatch === null && editedWithoutBaseChange(context.eventName, context.payload)) {
      core.notice(
        'the pull request was edited without changing its base branch: the verdicts on its head still hold, nothing to run',
      );
      return;
    }
    const setup = setupAction(inputs, context, env, { signsRuns: mode !== 'review' });
    secrets = setup.env;
    try {
      if (mode === 'comment') {
        const results = await handleComment({
          inputs,
          context,
          octokit,
          setup,
          runContracts: (target, names, intent, verifyOnly, named) =>
            runContracts({
              inputs,
              context,
              octokit,
              setup,
              target,
              names,
              intent,
              verifyOnly,
              filterPaths: !named,
            }),
        });
        finish(results, inputs, setup);
      } else if (mode === 'resume') {
        try {
          const request = await resumeRequestFrom(inputs, context, octokit, dispatch);
          finish([await resumeSuspendedRun({ inputs, context, octokit, setup, request })], inputs, setup);
        } catch (error) {
          // The benign loser of two resumes: nothing ran, and the job that holds the gate reports.
          if (!(error instanceof GateHeldError)) throw error;
          await failQueuedCheck({
            octokit,
            context,
            dispatch,
            error,
            env: setup.env,
            warn: setup.log.warning,
          });
          core.notice(`truss: ${errorText(error, setup.env)}`);
        }
      } else if (mode === 'memory') {
        await handleMemoryMode({ inputs, context, octokit, setup }, dispatch);
      } else if (mode === 'review') {
        const resumed = await handleReview({ inputs, context, octokit, setup });
        if (resumed) finish(resumed, inputs, setup);
      } else {
        // pull_request / push / workflow_dispatch; an App dispatch names the contract, mode and queued check.
        const target = await resolveRunTarget(context, octokit);
        // A pull request's head and base are asked before anything else (runContracts asks otherwise).
        const facts =
          target.prNumber !== null || target.baseSha !== null
            ? await WorkspaceGitFacts.ask(setup.workdir, target.baseSha)
            : undefined;
        if (
          facts &&
          target.prNumber !== null &&
          (await ensurePullRequestHead({
            workdir: setup.workdir,
            prNumber: target.prNumber,
            headSha: target.headSha,
            warn: setup.log.warning,
            auth: { token: inputs.githubToken, serverUrl: context.serverUrl },
            head: facts.head,
            headParents: () => facts.parentsOfHead(),
          }))
        )
          facts.checkedOut(target.headSha);
        // Checking out the head removes no commit: a base the checkout had is still there.
        const job = { inputs, context, octokit, setup, target, facts };
        if (mode === 'reduce') {
          // The job after a matrix of legs: verify them all, write one signed choice (docs/fanout.md).
          if (inputs.arms) await reduceEval(job);
          else
            finish(
              await runContracts({
                ...job,
                names: inputs.contract,
                reduce: fanoutReducer(job),
                filterPaths: dispatch === null,
              }),
              inputs,
              setup,
              'reduce',
            );
        } else {
          const leg = inputs.fanoutLeg === null ? undefined : legRequest(inputs, context);
          finish(
            await runContracts({
              ...job,
              ...dispatchedRun(dispatch, inputs.contract),
              leg,
              // The App decided before it dispatched a named contract; a pull request event filters here.
              filterPaths: dispatch === null,
              appDispatched: dispatch?.checkRunId != null,
            }),
            inputs,
            setup,
            leg ? 'leg' : 'run',
          );
        }
      }
    } finally {
      setup.store.close();
    }
  } catch (error) {
    queued ??= queuedCheckOf(env);
    if (queued) await failQueuedCheck({ ...queued, error, env: secrets, warn: actionsLogger.warning });
    core.setFailed(errorText(error, secrets));
  }
}

/**
 * The App's queued check when the inputs did not parse (a `fail-on: failure` in the dispatch
 * workflow): read again, each part on its own, so the check still completes with the error; null
 * when the dispatch or the token cannot be read either.
 */
function queuedCheckOf(
  env: Record<string, string | undefined>,
): Omit<Parameters<typeof failQueuedCheck>[0], 'error' | 'warn' | 'env'> | null {
  try {
    const context = readEventContext(env);
    const dispatch = readDispatchRequest(context);
    const token = core.getInput('github-token') || core.getInput('github_token');
    if (!dispatch?.checkRunId || !token) return null;
    return {
      octokit: createOctokit({ token, baseUrl: context.apiUrl, proxyEnv: process.env }),
      context,
      dispatch,
    };
  } catch {
    return null;
  }
}

async function runContracts(options: {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
  target: RunTarget;
  names: readonly string[];
  intent?: string | null;
  verifyOnly?: boolean;
  checkRunIds?: ReadonlyMap<string, number> | undefined;
  /** This job is one leg of a fan-out over runners (`fanout-leg`). */
  leg?: RunAndReportOptions['leg'];
  /** This job reduces the legs of a fan-out over runners (`mode: reduce`). */
  reduce?: RunAndReportOptions['reduce'];
  /** Skip contracts whose `[contract] paths` the pull request does not touch (path-filter.ts). */
  filterPaths?: boolean;
  /** The Truss App dispatched this run: `[app] review_comments` applies as well as the input. */
  appDispatched?: boolean;
  /** What the start asked git about the checkout, when it did (workspace-git-facts.ts); asked here otherwise. */
  facts?: WorkspaceGitFacts;
}): Promise<ContractRunResult[]> {
  const { inputs, context, octokit, setup, target, leg, reduce } = options;
  if ((leg || reduce) && options.names.length !== 1)
    throw new Error(
      `${leg ? 'fanout-leg' : 'mode reduce'} needs \`contract\` to name exactly one contract (the one with [fanout]); got ${options.names.length === 0 ? 'none' : options.names.join(', ')}`,
    );
  if (target.fork && setup.ephemeralKey)
    setup.log.warning(
      'pull request from a fork: no signing key and no provider secrets are available, so the verdict is signed with a one-time key and review clauses may be unverifiable',
    );
  const names = options.intent && options.names.length === 0 ? ['default'] : options.names;
  // The base commit is fetched (when the checkout lacks it) while the contracts are read.
  const facts = options.facts ?? (await WorkspaceGitFacts.ask(setup.workdir, target.baseSha));
  // The verdict is posted and signed as target.headSha's: checks run in a directory that is not a
  // checkout at all (no actions/checkout step, or one with `path:`) judge nothing of it, and a check
  // that forbids something passes there (docs/action.md "Quick setup").
  if (facts.head === null) throw new Error(notACheckout(setup.workdir, inputs.workdir, target.headSha));
  const baseCommit = ensureBaseCommit(facts, setup.log.warning, {
    prHead: target.prNumber !== null ? target.headSha : null,
    mergeBaseOf: (base, head) =>
      mergeBaseOnGitHub(octokit, { owner: context.owner, repo: context.repo }, base, head),
  });
  baseCommit.catch(() => {}); // awaited below
  const { config, contracts } = await setup.log.group('load contracts (from the trusted base)', () =>
    loadContractsAtRef({
      octokit,
      repo: { owner: context.owner, repo: context.repo },
      ref: target.trustedRef,
      names,
    }),
  );
  // docs/memory.md "On GitHub": recall from the ledger branch, never the head.
  const memory = await setup.log.group('read governed memory', () =>
    actionRunMemory({ inputs, context, octokit, setup, target }),
  );
  const results = await runAndReport({
    readOnlyToken: target.fork,
    untrustedCode: runsForeignCodeWithSecrets(target, context.eventName, setup.ephemeralKey),
    memory,
    octokit,
    repo: { owner: context.owner, repo: context.repo },
    headSha: target.headSha,
    prNumber: target.prNumber,
    baseRef: (await baseCommit) ?? undefined,
    workdir: setup.workdir,
    gitFacts: facts,
    contracts,
    config,
    overrides: {
      ...setup.overrides,
      ...(options.intent ? { intent: options.intent } : {}),
      ...(options.verifyOnly || inputs.mode === 'verify' ? { verifyOnly: true } : {}),
    },
    store: setup.store,
    signer: setup.signer,
    env: setup.env,
    codeVersion: `truss ${pkg.version}`,
    principal: { login: context.actor, via: context.eventName, run_id: context.runId },
    outDir: setup.outDir,
    runUrl: runUrl(context),
    workflowRunId: context.runId || null,
    // A leg reports nothing on the pull request: the reducer job's one check run lists every leg.
    check: inputs.check && !leg,
    checkRunIds: options.checkRunIds,
    comment: inputs.comment && !leg,
    commentAuthors: inputs.commentAuthors,
    reviewComments:
      !leg && (inputs.reviewComments || (options.appDispatched === true && appReviewComments(config))),
    dryRun: inputs.dryRun,
    timeout: inputs.timeout,
    // Only the reducer's winner is ever published; a leg's changes travel in its artifact.
    publishChanges: leg ? undefined : changesPublisher({ inputs, context, octokit, setup, target }),
    publishSteps: leg
      ? legPublishSteps({ inputs, context, setup, store: setup.store, artifact: legArtifactFor(inputs) })
      : publishSteps({ inputs, context, octokit, setup, store: setup.store }),
    leg,
    reduce,
    isolate: actionIsolation(inputs, context, setup, join(setup.outDir, LEDGER_DB_FILE_NAME), setup.env),
    toolServer: setup.toolServer,
    changedFiles:
      options.filterPaths && target.prNumber !== null
        ? lazyChangedFiles(
            octokit,
            { owner: context.owner, repo: context.repo },
            target.prNumber,
            target.headSha,
          )
        : undefined,
    trigger: inputs.triggerPhrase,
    log: setup.log,
  });
  if (inputs.check && !leg && target.prNumber !== null && results.length > 0) {
    // New evidence: any earlier sign-off is stale until someone approves this verdict.
    await unlessReadOnly(
      target.fork,
      setup.log,
      'truss / human review check run',
      postHumanReviewCheck({
        octokit,
        owner: context.owner,
        repo: context.repo,
        headSha: target.headSha,
        conclusion: 'action_required',
        title: 'Awaiting sign-off on the new verdict',
        summary: `A new truss run (${results.map((r) => `${r.contractId}: ${r.overall.toUpperCase()}`).join(', ')}) replaced the evidence; approve the pull request to sign off on it.`,
        detailsUrl: runUrl(context),
        dryRun: inputs.dryRun,
      }),
    );
  }
  if (inputs.summary) await writeJobSummary(results, setup);
  return results;
}

function notACheckout(workdir: string, input: string, headSha: string): string {
  return (
    `the workspace ${workdir} is not a git checkout (git finds no commit there), so there is nothing of ${headSha.slice(0, 12)} to judge and no check ran: ` +
    'add `- uses: actions/checkout@v4` before this step (docs/action.md "Quick setup"); when actions/checkout has a `path:`, ' +
    `set this step's \`workdir\` to that path${input && input !== '.' ? ` (workdir is "${input}")` : ''}`
  );
}

/**
 * The verified memory this job's runs recall: the `memory/` tree of the ledger branch (never the
 * pull request's head), checked against the keys pinned at the trusted base. Unreadable memory is a
 * warning and the run recalls nothing: never a reason to trust less-checked memory.
 */
async function actionRunMemory(job: {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
  target: RunTarget;
}): Promise<RunMemory | undefined> {
  const { inputs, context, octokit, setup, target } = job;
  const repo = { owner: context.owner, repo: context.repo };
  // Memory on GitHub lives on the ledger branch; without one there is none to recall (and no request).
  const branch = inputs.ledgerBranch;
  if (!branch) return undefined;
  try {
    return await runMemoryFromBranch({
      octokit,
      ...repo,
      branch,
      trusted: await trustedKeysFor(inputs.trustedKeys, octokit, repo, target.trustedRef, setup.log.warning),
      ownKey: setup.ephemeralKey ? null : setup.signer.publicKeyHex,
      requireApproval: inputs.memoryApproval === 'key',
      log: setup.log,
    });
  } catch (error) {
    setup.log.warning(
      `memory: could not read memory/ on ${branch} (${(error as Error).message}); this run recalls nothing`,
    );
    return undefined;
  }
}

function finish(
  results: ContractRunResult[],
  inputs: Inputs,
  setup: ActionSetup,
  kind: 'run' | 'leg' | 'reduce' = 'run',
): void {
  setRunOutputs(results, setup);
  if (kind === 'reduce') setExcludedOutput(results);
  if (kind === 'leg') {
    // A leg's verdict is the reducer's to weigh; a leg that could not ship its artifact is the failure.
    for (const r of results.filter((x) => !x.artifact))
      core.setFailed(
        `truss: leg ${legArtifactFor(inputs)} of ${r.contractId} was not uploaded, so the reducer job cannot weigh it (upload-artifact must stay on, on an Actions runner)`,
      );
    return;
  }
  for (const r of results.filter((x) => x.overall === 'suspended'))
    core.notice(
      `truss: ${r.contractId} is SUSPENDED (${r.report.suspension?.reason ?? 'awaiting approval'}); a maintainer releases it with \`/truss approve\` on the pull request or a PR approval, and the run resumes from artifact ${r.artifact?.name ?? ledgerArtifactName(r.sessionId)}.`,
    );
  const failing = results.filter((r) =>
    r.overall === 'suspended'
      ? false
      : inputs.failOn === 'never'
        ? false
        : inputs.failOn === 'fail'
          ? r.overall === 'fail' || r.overall === 'failed_run'
          : r.overall !== 'pass',
  );
  const unpublished = results.filter((r) => r.report.changes?.status === 'failed');
  for (const r of unpublished)
    core.setFailed(
      `truss: ${r.contractId} passed, but its changes were not published: ${r.report.changes?.detail}`,
    );
  if (failing.length > 0) {
    core.setFailed(
      `truss: ${failing.map((r) => `${r.contractId} ${r.overall.toUpperCase()}`).join(', ')} (see the check run and the ledger artifact)`,
    );
  }
}
