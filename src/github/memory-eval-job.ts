/**
 * An eval-gated promotion in the trusted `mode: memory` job (docs/memory.md "Eval-gated promotion",
 * "On GitHub"): the contract named by `memory-eval`, read from `.truss/contracts/` at the default
 * branch through the API (never from the checkout, which a dispatch may point at any ref), runs in
 * two arms — `on` recalls the entry on trial — and the decision names the signed `eval_report`.
 * decideOnMemoryBranch commits the eval session's bundle beside the decision's, so every later
 * run's view re-checks the eval.
 */
import type { ContractOverrides, ResolvedContract } from '../core/contract/index.js';
import type { LedgerStore, SigningKey } from '../core/ledger/index.js';
import type {
  DecisionSigner,
  LedgerRef,
  MemoryEntry,
  RunMemory,
  SignedDecisionResult,
} from '../core/memory/index.js';
import type { Isolation } from '../core/process/index.js';
import {
  decideFromEval,
  evalPromotionArms,
  type RunHost,
  refuseTrial,
  startEval,
} from '../core/run/index.js';
import { applyIsolationPolicy } from './isolation-policy.js';
import type { Logger } from './logger.js';
import type { Octokit } from './octokit.js';
import { loadContractsAtRef } from './repo-contracts.js';
import { runEventLog } from './run-log.js';
import { GITHUB_CONTRACT_FORMAT, resolveContractSources } from './settings.js';

export interface MemoryEvalOptions {
  octokit: Octokit;
  repo: { owner: string; repo: string };
  trustedRef: string;
  /** A contract name in `.truss/contracts/` at `trustedRef`. */
  contract: string;
  repeats: number;
  workdir: string;
  ledger: LedgerStore;
  signer: SigningKey;
  codeVersion: string;
  principal: Record<string, unknown>;
  env: Record<string, string | undefined>;
  overrides: ContractOverrides;
  /** The runs' memory: the branch's log and verified view, as every run on GitHub recalls from. */
  memory: RunMemory;
  isolate?: ((contract: ResolvedContract) => Promise<Isolation>) | undefined;
  toolServer?: RunHost['toolServer'];
  log: Logger;
}

/**
 * The promotion for decideMemoryEntry: runs the paired eval with `entry` on trial, then signs
 * `promote` (method `eval`) when the `on` arm passed more often, else `unverifiable`; an entry the
 * injection detector flags is not put on trial (`unverifiable` with the reason, no eval). An eval that
 * did not complete decides nothing (the error names its session).
 */
export function evalPromotion(
  options: MemoryEvalOptions,
): (who: DecisionSigner, entry: MemoryEntry, approval: LedgerRef | null) => Promise<SignedDecisionResult> {
  return async (who, entry, approval) => {
    const { arms, trials, refused } = evalPromotionArms(entry);
    if (refused) {
      // The detector flagged the entry: it never goes on trial, so no run (and no model) is told it.
      options.log.warning(
        `memory: ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}) not put on trial: ${refused}`,
      );
      return refuseTrial(who, entry, refused);
    }
    const { config, contracts } = await loadContractsAtRef({
      octokit: options.octokit,
      repo: options.repo,
      ref: options.trustedRef,
      names: [options.contract],
    });
    const item = contracts[0] as (typeof contracts)[number];
    const { contract, hash } = resolveContractSources({
      config,
      contract: item.source,
      overrides: options.overrides,
    });
    const isolation = options.isolate ? await options.isolate(contract) : undefined;
    if (isolation) {
      const warning = applyIsolationPolicy(contract, isolation.report);
      if (warning) options.log.warning(`memory eval ${contract.contract.id}: ${warning}`);
    }
    options.log.info(
      `memory: paired eval of ${contract.contract.id}, ${options.repeats} runs per arm, ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}) on trial in arm on`,
    );
    const result = await startEval({
      contract,
      contractHash: hash,
      arms,
      repeats: options.repeats,
      workdir: options.workdir,
      store: options.ledger,
      signer: options.signer,
      codeVersion: options.codeVersion,
      principal: options.principal,
      format: GITHUB_CONTRACT_FORMAT,
      trials,
      host: {
        events: runEventLog(options.log, options.env, { warningsOnly: true }),
        env: options.env,
        isolation,
        toolServer: options.toolServer,
        memory: options.memory,
      },
    });
    if (result.status !== 'completed')
      throw new Error(
        `the paired eval ${result.sessionId} did not complete (${result.message}); nothing decided`,
      );
    for (const arm of result.report.arms)
      options.log.info(`memory eval: arm ${arm.name} passed ${arm.passes}/${arm.runs} (${arm.change})`);
    return decideFromEval(who, entry, {
      sessionId: result.sessionId,
      store: options.ledger,
      report: result.report,
      approval,
    });
  };
}
