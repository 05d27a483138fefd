import * as core from '@actions/core';
import type { ContractRunResult } from '../github/run-and-report.js';
import type { ActionSetup } from './setup.js';

export const SEVERITY = ['pass', 'suspended', 'unverifiable', 'fail', 'failed_run'] as const;

/**
 * Sets every output of action.yml. With several contracts, `verdict` is the worst one and the other
 * outputs list one value per contract, newline-separated, in contract order. Modes that ran nothing
 * still set every output (empty), so later steps can test them safely.
 */
export function setRunOutputs(results: ContractRunResult[], setup: Pick<ActionSetup, 'signer'>): void {
  const join = (pick: (r: ContractRunResult) => string | number | null | undefined) =>
    results.map((r) => pick(r) ?? '').join('\n');
  const worst = results.reduce<(typeof SEVERITY)[number] | ''>(
    (acc, r) => (acc === '' || SEVERITY.indexOf(r.overall) > SEVERITY.indexOf(acc) ? r.overall : acc),
    '',
  );
  core.setOutput('verdict', worst);
  core.setOutput(
    'session-id',
    join((r) => r.sessionId),
  );
  core.setOutput(
    'head-hash',
    join((r) => r.headHash),
  );
  core.setOutput(
    'bundle-path',
    join((r) => r.bundlePath),
  );
  core.setOutput(
    'artifact-id',
    join((r) => r.artifact?.id),
  );
  core.setOutput(
    'artifact-url',
    join((r) => r.artifact?.url),
  );
  core.setOutput(
    'check-run-url',
    join((r) => r.checkRunUrl),
  );
  core.setOutput(
    'comment-url',
    join((r) => r.commentUrl),
  );
  core.setOutput('cost-usd', results.reduce((sum, r) => sum + r.costUsd, 0).toFixed(4));
  core.setOutput('public-key', setup.signer.publicKeyHex);
}

/**
 * `excluded-legs` (mode reduce): one line per leg the reducer refused, `<artifact> (attempt n): why`,
 * as the signed reduction records them; empty when every leg was admitted.
 */
export function setExcludedOutput(results: ContractRunResult[]): void {
  core.setOutput('excluded-legs', excludedLines(results.flatMap((r) => r.report.fanout?.excluded ?? [])));
}

export function excludedLines(
  excluded: ReadonlyArray<{ artifact: string; attempt: number | null; reason: string }>,
): string {
  return excluded.map((leg) => `${leg.artifact} (attempt ${leg.attempt ?? '?'}): ${leg.reason}`).join('\n');
}
