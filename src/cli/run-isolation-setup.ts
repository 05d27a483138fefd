import { tmpdir } from 'node:os';
import { relative, resolve } from 'node:path';
import type { ResolvedContract } from '../core/contract/index.js';
import {
  describeIsolation,
  type Isolation,
  type IsolationMode,
  parseIsolationMode,
} from '../core/process/index.js';
import { createRunIsolation } from '../core/run/index.js';
import { prepareConfigDir } from './config-links.js';
import type { CliIo } from './io.js';
import { UsageError } from './usage-error.js';

/**
 * The `--isolation` flag's mode. A value that names no mode is a mistyped command line (exit 64, as a
 * bad --reviewers is); the same value in `[sandbox] isolation` stays a configuration error (exit 3).
 */
export function isolationFlag(flag: string | undefined): IsolationMode | undefined {
  if (flag === undefined) return undefined;
  try {
    return parseIsolationMode(flag, '--isolation');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * Chooses the run's isolation (docs/security.md): `--isolation`, else the contract's
 * `[sandbox] isolation`, else `auto` (the strongest mechanism this machine has). Prints which one ran
 * and why, so a local run never implies more confinement than it had.
 */
export async function setUpIsolation(options: {
  io: CliIo;
  flag: string | undefined;
  contract: ResolvedContract;
  workdir: string;
  dbPath: string;
  keyFile: string | undefined;
  /** The contract file the run was started with (a resume has none: its contract is recorded). */
  contractPath?: string | undefined;
}): Promise<Isolation> {
  const { io } = options;
  // `.truss/` (config, contracts, trusted keys, playbooks) decides how the next local run is
  // isolated and judged: out of the work's reach, made first if missing so the work cannot create it.
  const keyFile = options.keyFile ? resolve(io.cwd, options.keyFile) : undefined;
  const trussDir = prepareConfigDir(options.workdir, [options.contractPath, keyFile]);
  const isolation = await createRunIsolation({
    mode: isolationFlag(options.flag),
    contract: options.contract,
    workdir: options.workdir,
    dbPath: options.dbPath,
    keyFiles: [keyFile],
    configPaths: [
      trussDir,
      ...(options.contractPath && relative(trussDir, resolve(options.contractPath)).startsWith('..')
        ? [options.contractPath]
        : []),
    ],
    env: io.env,
    scratchRoot: tmpdir(),
  });
  io.stderr(`${describeIsolation(isolation.report)}\n`);
  for (const note of isolation.report.notes) io.stderr(`  note: ${note}\n`);
  return isolation;
}
