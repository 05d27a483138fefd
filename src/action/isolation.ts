import { tmpdir } from 'node:os';
import { createRunIsolation } from '../core/run/index.js';
import type { IsolationFactory } from '../github/isolation-policy.js';
import type { EventContext } from './event-context.js';
import type { Inputs } from './inputs.js';
import type { ActionSetup } from './setup.js';

/**
 * The Action's isolation for each contract (docs/security.md): the `isolation` input, else the
 * contract's `[sandbox] isolation`, else `auto`. The ledger and bundles (`$RUNNER_TEMP/truss`), the
 * runner's temp dir (file-command files, event payload) and the runner user's HOME are hidden; the
 * keys themselves arrive as inputs and never reach an untrusted process's environment.
 */
export function actionIsolation(
  inputs: Inputs,
  context: EventContext,
  setup: ActionSetup,
  dbPath: string,
  env: Record<string, string | undefined>,
): IsolationFactory {
  return (contract) =>
    createRunIsolation({
      mode: inputs.isolation || undefined,
      contract,
      workdir: setup.workdir,
      dbPath,
      tempDirs: [setup.outDir, context.tempDir],
      env,
      scratchRoot: tmpdir(),
    });
}
