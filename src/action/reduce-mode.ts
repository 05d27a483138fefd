import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '@actions/core';
import pkg from '../../package.json' with { type: 'json' };
import { type EvalArm, parseArms, type ResolvedContract } from '../core/contract/index.js';
import { createNodeCrypto, exportBundleToFile } from '../core/ledger/index.js';
import { renderEvalPage } from '../core/report/index.js';
import type { LegExpectation } from '../core/run/index.js';
import { FanoutLegError, legPlan, startEval } from '../core/run/index.js';
import { TRUSS_CLI } from '../core/truss-cli.js';
import { fanoutSessionId, ledgerArtifactName, ledgerBundleFileName } from '../github/names.js';
import type { Octokit } from '../github/octokit.js';
import { renderEvalSummary } from '../github/render/eval-summary.js';
import { loadContractsAtRef } from '../github/repo-contracts.js';
import type { RunAndReportOptions } from '../github/run-and-report.js';
import { runEventLog } from '../github/run-log.js';
import { GITHUB_CONTRACT_FORMAT, resolveContractSources } from '../github/settings.js';
import { type EventContext, runUrl } from './event-context.js';
import type { Inputs } from './inputs.js';
import { collectLegs, type LegClaim, legRunUrl, legTrustedKeys } from './leg-artifacts.js';
import { excludedLines } from './outputs.js';
import type { RunTarget } from './pr-target.js';
import { artifactPublisher } from './publish-artifact.js';
import type { ActionSetup } from './setup.js';

/** What a leg or reducer job works with. */
export interface LegJob {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
  target: RunTarget;
}

/**
 * `fanout-leg: n` (docs/fanout.md "Fan-out across runners"): which leg this job is, and the parent
 * session every leg of this workflow run names — derived from the run and the contract, so the
 * reducer job writes exactly that session. With `arms`, the leg is repeat n of arm `arm`.
 */
export function legRequest(inputs: Inputs, context: EventContext): RunAndReportOptions['leg'] {
  const url = legRunUrl(context);
  const attempt = inputs.fanoutLeg ?? 0;
  if (!inputs.arms) {
    if (inputs.arm) throw new FanoutLegError('arm is for eval legs: set `arms` too (docs/eval.md)');
    return { attempt, parentSessionId: (name) => fanoutSessionId(url, name, 'fanout') };
  }
  const arms = parseArms(inputs.arms);
  const arm = arms.find((a) => a.name === inputs.arm);
  if (!arm)
    throw new FanoutLegError(
      `arm ${JSON.stringify(inputs.arm)} is not one of the arms (${arms.map((a) => a.name).join(', ')}); set \`arm: \${{ matrix.arm }}\``,
    );
  return {
    attempt,
    arm,
    format: GITHUB_CONTRACT_FORMAT,
    parentSessionId: (name) => fanoutSessionId(url, name, 'eval'),
  };
}

/**
 * `mode: reduce` for a `[fanout]` contract: the legs of this workflow run are downloaded, verified
 * against the pinned keys (plus this job's signing key) and imported (collectLegs); the run then
 * anchors them and reduces (runFanout), so the check run, the sticky comment and `on-pass-changes`
 * see one run whose verdict is the winner's.
 */
export function fanoutReducer(job: LegJob): NonNullable<RunAndReportOptions['reduce']> {
  const url = legRunUrl(job.context);
  const parentSessionId = (name: string) => fanoutSessionId(url, name, 'fanout');
  return {
    parentSessionId,
    collect: async (contract, name) => {
      if (!contract.fanout)
        throw new FanoutLegError(
          `mode reduce: contract ${contract.contract.id} has no [fanout], so it has no legs to reduce (docs/fanout.md)`,
        );
      const trusted = await legTrustedKeys({ ...job, trustedRef: job.target.trustedRef });
      return job.setup.log.group(`collect the legs of ${contract.contract.id}`, () =>
        collectLegs({
          ...job,
          trusted,
          eval: false,
          expect: (claim) => expectation(contract, claim, parentSessionId(name), job.target.headSha),
        }),
      );
    },
  };
}

/** What an honest leg making `claim` signed, or why no leg can make it (an attempt outside 1…K, an unknown arm). */
function expectation(
  contract: ResolvedContract,
  claim: LegClaim,
  parentSessionId: string,
  headSha: string,
  arms: readonly EvalArm[] = [],
): LegExpectation | string {
  const arm = claim.arm === null ? undefined : arms.find((a) => a.name === claim.arm);
  if (claim.arm !== null && !arm)
    return `arm ${claim.arm} is not one of the eval's arms (${arms.map((a) => a.name).join(', ')})`;
  try {
    const plan = legPlan(contract, {
      attempt: claim.attempt,
      parentSessionId,
      arm,
      format: GITHUB_CONTRACT_FORMAT,
    });
    return {
      parentSessionId,
      attempt: claim.attempt,
      contractHash: plan.contractHash,
      ...(arm ? { arm: arm.name, repeat: claim.attempt } : {}),
      headSha,
    };
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * `mode: reduce` with `arms` (docs/eval.md "On Actions"): the eval legs of this workflow run (one job
 * per arm × repeat) are verified and imported like fan-out legs, then `startEval` anchors them and
 * signs the `eval_report`. The job uploads the bundle with the comparison page as the ledger
 * artifact and writes the table to the job summary. Nothing runs here but verification.
 */
export async function reduceEval(job: LegJob): Promise<void> {
  const { inputs, context, octokit, setup, target } = job;
  if (inputs.contract.length !== 1)
    throw new Error(
      'mode reduce with arms needs `contract` to name exactly one contract (the one the legs ran)',
    );
  const url = legRunUrl(context);
  const arms = parseArms(inputs.arms);
  const { config, contracts } = await loadContractsAtRef({
    octokit,
    repo: { owner: context.owner, repo: context.repo },
    ref: target.trustedRef,
    names: inputs.contract,
  });
  const item = contracts[0] as (typeof contracts)[number];
  const { contract, hash } = resolveContractSources({
    config,
    contract: item.source,
    overrides: setup.overrides,
  });
  const sessionId = fanoutSessionId(url, item.name, 'eval');
  const trusted = await legTrustedKeys({ ...job, trustedRef: target.trustedRef });
  const runnerLegs = await setup.log.group(`collect the eval legs of ${contract.contract.id}`, () =>
    collectLegs({
      ...job,
      trusted,
      eval: true,
      expect: (claim) => expectation(contract, claim, sessionId, target.headSha, arms),
    }),
  );
  const repeats =
    inputs.repeats ??
    Math.max(
      1,
      ...runnerLegs.legs.map((leg) => leg.repeat ?? 1),
      ...runnerLegs.excluded.map((x) => x.attempt ?? 1),
    );
  const result = await startEval({
    contract,
    contractHash: hash,
    arms,
    repeats,
    workdir: setup.workdir,
    store: setup.store,
    signer: setup.signer,
    codeVersion: `truss ${pkg.version}`,
    principal: { login: context.actor, via: context.eventName, run_id: context.runId },
    sessionId,
    runnerLegs,
    format: GITHUB_CONTRACT_FORMAT,
    host: {
      events: runEventLog(setup.log, setup.env, { warningsOnly: true }),
      env: setup.env,
    },
  });
  const bundlePath = join(setup.outDir, ledgerBundleFileName(result.sessionId));
  exportBundleToFile(setup.store, result.sessionId, createNodeCrypto(), bundlePath);
  if (result.status === 'aborted') throw new Error(result.message);
  const verifyCommand = `${TRUSS_CLI} verify ${ledgerBundleFileName(result.sessionId)} --key ${setup.signer.publicKeyHex}`;
  const pagePath = join(setup.outDir, `eval-${result.sessionId}.html`);
  writeFileSync(
    pagePath,
    renderEvalPage({
      ...result,
      contractId: contract.contract.id,
      verifyCommand,
      generator: `truss ${pkg.version}`,
    }),
  );
  const artifact = inputs.uploadArtifact
    ? await artifactPublisher({ store: setup.store, context, env: setup.env, warn: setup.log.warning })({
        bundlePath,
        sessionId: result.sessionId,
        reportPath: pagePath,
      })
    : null;
  if (inputs.summary && process.env.GITHUB_STEP_SUMMARY) {
    const links = {
      artifactName: artifact?.name ?? ledgerArtifactName(result.sessionId),
      artifactUrl: artifact?.url ?? null,
      runUrl: runUrl(context),
      bundleFileName: ledgerBundleFileName(result.sessionId),
      publicKey: setup.signer.publicKeyHex,
      keyId: setup.signer.keyId,
    };
    await core.summary
      .addRaw(
        renderEvalSummary({
          report: result.report,
          contractId: contract.contract.id,
          sessionId: result.sessionId,
          links,
        }),
        true,
      )
      .write();
  }
  core.setOutput('verdict', '');
  core.setOutput('session-id', result.sessionId);
  core.setOutput('head-hash', result.headHash);
  core.setOutput('bundle-path', bundlePath);
  core.setOutput('artifact-id', artifact?.id ?? '');
  core.setOutput('artifact-url', artifact?.url ?? '');
  core.setOutput('check-run-url', '');
  core.setOutput('comment-url', '');
  core.setOutput('cost-usd', result.report.arms.reduce((sum, arm) => sum + arm.cost_usd, 0).toFixed(4));
  core.setOutput('public-key', setup.signer.publicKeyHex);
  core.setOutput('excluded-legs', excludedLines(result.report.excluded ?? []));
  setup.log.info(result.report.summary);
}
