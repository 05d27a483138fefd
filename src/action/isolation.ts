import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIsolation, harnessSecretPaths } from '../core/process/index.js';
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
    createIsolation({
      mode: inputs.isolation || contract.sandbox?.isolation || 'auto',
      network: contract.constraints.network,
      hiddenPaths: harnessSecretPaths({
        keyFiles: [],
        configHome: env.XDG_CONFIG_HOME || join(env.HOME || '/nonexistent', '.config'),
        dbPath,
        tempDirs: [setup.outDir, context.tempDir],
      }),
      workdirs: [setup.workdir],
      hostHome: env.HOME,
      scratchRoot: tmpdir(),
      path: env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin',
      isRoot: process.getuid?.() === 0,
    });
}
