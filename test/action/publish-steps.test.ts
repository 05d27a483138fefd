/**
 * The Action's publishing is an explicit ordered list of named steps: the one that appends to the
 * ledger (the anchor receipt) first, then the ones that read the sealed bundle, the upload last so
 * it ships the attestations. Inputs that turn a step off leave it out.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventContext } from '../../src/action/event-context.js';
import { publishSteps } from '../../src/action/evidence-publisher.js';
import { readInputs } from '../../src/action/inputs.js';
import type { ActionSetup } from '../../src/action/setup.js';
import { LedgerStore } from '../../src/core/ledger/index.js';
import { createOctokit } from '../../src/github/octokit.js';
import { checkStepOrder } from '../../src/github/publish-run.js';
import { captureLog } from '../github/helpers.js';
import { SESSION_KEY } from '../helpers/ledger-kit.js';

const dir = mkdtempSync(join(tmpdir(), 'truss-publish-steps-'));
const store = LedgerStore.open(join(dir, 'ledger.db'));
afterAll(() => store.close());

const context: EventContext = {
  eventName: 'pull_request',
  payload: {},
  owner: 'octo',
  repo: 'hello',
  sha: '2'.repeat(40),
  ref: 'refs/heads/main',
  actor: 'octocat',
  runId: '1',
  serverUrl: 'https://github.com',
  apiUrl: 'https://api.github.com',
  workspace: dir,
  tempDir: join(dir, 'runner-temp'),
};

function stepsFor(inputs: Record<string, string>, options: { ephemeralKey?: boolean } = {}) {
  const setup = {
    signer: SESSION_KEY,
    ephemeralKey: options.ephemeralKey ?? false,
    store,
    outDir: dir,
    workdir: dir,
    env: {},
    overrides: {},
    log: captureLog(),
  } as unknown as ActionSetup;
  const steps = publishSteps({
    inputs: readInputs((name) => ({ 'github-token': 'ghs_test', ...inputs })[name] ?? ''),
    context,
    octokit: createOctokit({ token: 'ghs_test' }),
    setup,
    store,
  });
  checkStepOrder(steps);
  return steps.map((step) => `${step.stage}:${step.name}`);
}

describe('the Action publish steps', () => {
  it('anchor first (it appends the receipt), then attest, the ledger-branch copy and the upload', () => {
    expect(stepsFor({ attest: 'true', 'ledger-branch': 'truss-ledger' })).toEqual([
      'ledger:anchor',
      'evidence:attest',
      'evidence:ledger-branch',
      'evidence:artifact',
    ]);
  });

  it('leaves out what the inputs turn off', () => {
    expect(stepsFor({})).toEqual(['evidence:artifact']);
    expect(stepsFor({ 'upload-artifact': 'false' })).toEqual([]);
    // No anchor with a one-time key (nothing to sign the log with) or on a dry run.
    expect(stepsFor({ 'ledger-branch': 'truss-ledger' }, { ephemeralKey: true })).toEqual([
      'evidence:ledger-branch',
      'evidence:artifact',
    ]);
    expect(stepsFor({ 'ledger-branch': 'truss-ledger', 'dry-run': 'true' })).toEqual([
      'evidence:ledger-branch',
      'evidence:artifact',
    ]);
  });
});
