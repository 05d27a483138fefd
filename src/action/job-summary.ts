import * as core from '@actions/core';
import { renderJobSummary } from '../github/render/index.js';
import type { ContractRunResult } from '../github/run-and-report.js';
import type { ActionSetup } from './setup.js';

/** Appends one section per contract to $GITHUB_STEP_SUMMARY; skipped quietly outside a runner. */
export async function writeJobSummary(
  results: ContractRunResult[],
  setup: Pick<ActionSetup, 'ephemeralKey' | 'log'>,
): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  let text = results.map((r) => renderJobSummary(r.report, r.links)).join('\n\n---\n\n');
  if (setup.ephemeralKey)
    text +=
      '\n\n> ⚠️ Signed with a one-time key (no `signing-key` input): the bundle verifies as integrity-only.\n';
  await core.summary.addRaw(text, true).write();
}
