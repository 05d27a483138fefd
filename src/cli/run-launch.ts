import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import { checkReceipt } from '../core/anchor/index.js';
import {
  checkMcpPinning,
  findContract,
  type ResolvedContract,
  workdirConfig,
} from '../core/contract/index.js';
import { LedgerStore, type SigningKey } from '../core/ledger/index.js';
import { secretRedactor } from '../core/process/index.js';
import { prepareRun, type RunResult, startRun } from '../core/run/index.js';
import { acquireSessionLease, type DeadlineLimit } from '../core/runtime/index.js';
import { GitRefError, readGitInfo } from '../core/verify/index.js';
import { resolveContract } from '../github/settings.js';
import { ledgerDbPath } from './db-path.js';
import { cliGitHubReader } from './github-access.js';
import type { CliIo } from './io.js';
import { openRunMemory } from './memory-io.js';
import { cliTrustedKeys } from './repo-trusted-keys.js';
import {
  checkRunOutputs,
  progressPrinter,
  type ReportContext,
  resolveRunKey,
  runKeySecrets,
  setUpIsolation,
} from './run-output.js';

/** What `truss run` (and `truss mcp serve`'s `truss_run_contract`) asks for. */
export interface LaunchRequest {
  /** A `.toml` path or the NAME of `.truss/contracts/NAME.toml` in the workdir. */
  contract: string;
  /** The repository the run works in (absolute). */
  workdir: string;
  db?: string | undefined;
  key?: string | undefined;
  base?: string | undefined;
  bundle?: string | undefined;
  isolation?: string | undefined;
  reviewers?: number | undefined;
  provider?:
    | { kind?: string | undefined; model?: string | undefined; base_url?: string | undefined }
    | undefined;
  intent?: string | undefined;
  verifyOnly?: boolean | undefined;
  /** Who started the run, signed into `run_started`. */
  principal: Record<string, unknown>;
  /** Aborting it cancels the run (journaled as run_failed). */
  signal: AbortSignal;
  /** `--timeout`: the run's wall-clock limit, applied with the contract's `[budget] max_duration`. */
  timeout?: DeadlineLimit | undefined;
}

/** A run that has started: its session, and how it ends. */
export interface LaunchedRun {
  sessionId: string;
  contract: ResolvedContract;
  key: SigningKey;
  dbPath: string;
  /** Settles once the run ended (a verdict, a suspension or a journaled failure). */
  result: Promise<RunResult>;
  /** What rendering the result needs (the store stays open until {@link LaunchedRun.close}). */
  report: Omit<ReportContext, 'json'>;
  /** Releases the session's lease and closes the store; call once the result was rendered. */
  close(): void;
}

/**
 * Starts a run the way `truss run` does: the layered contract (a configuration error is thrown here,
 * before anything is created), the signing key, the output paths, the isolation, the prepared run,
 * the store and the session's lease, then the run service's `startRun`. Resolves as soon as the run
 * is under way, with its session id; `result` settles when it ends.
 */
export async function launchRun(io: CliIo, request: LaunchRequest): Promise<LaunchedRun> {
  const { workdir } = request;
  const contractPath = findContract(request.contract, workdir, io.cwd);
  const { contract, hash } = resolveContract({
    configPath: workdirConfig(workdir),
    contractPath,
    overrides: {
      ...(request.reviewers !== undefined ? { reviewers: request.reviewers } : {}),
      ...(request.provider ? { provider: request.provider } : {}),
      ...(request.intent ? { intent: request.intent } : {}),
      ...(request.verifyOnly ? { verifyOnly: true } : {}),
    },
  });
  // Locally an unpinned MCP server is only a warning; the Action refuses it (docs/mcp.md).
  for (const warning of checkMcpPinning(contract, 'warn')) io.stderr(`truss: warning: ${warning}\n`);
  const key = resolveRunKey(request.key, io);
  const dbPath = ledgerDbPath(io, request.db, workdir);
  checkRunOutputs(io, { dbPath, workdir, bundle: request.bundle });
  mkdirSync(dirname(dbPath), { recursive: true });
  // The key file's seed, read once: redacted from output and handed to the run's secret scan.
  const keySecrets = runKeySecrets(request.key, io);
  const redact = secretRedactor(io.env, keySecrets);
  // The git facts the run signs are read while the isolation is set up (both mostly wait on processes).
  const git = readGitInfo(workdir, request.base).then((info) => {
    // Outside a git work tree there is no base to diff against: a --base the user gave is refused
    // as one that names no commit is, never silently dropped (docs/cli.md, `truss run`).
    if (info === null && request.base !== undefined)
      throw new GitRefError(
        `--base ${request.base} needs a git work tree, and ${workdir} is not one; run truss in the repository (or pass it as --workdir), or leave out --base`,
      );
    return info;
  });
  git.catch(() => {}); // a bad --base is reported by the run, not as an unhandled rejection
  const isolation = await setUpIsolation({
    io,
    flag: request.isolation,
    contract,
    workdir,
    dbPath,
    keyFile: request.key,
    contractPath,
  });
  const github = await cliGitHubReader(contract, io, workdir);
  io.stderr(
    `truss run ${contract.contract.id}${contract.contract.title ? ` — ${contract.contract.title}` : ''}\n`,
  );
  // Built before the ledger is opened: a configuration error (a missing key, a refused fixture
  // path) is exit 3 with nothing created.
  const prepared = await prepareRun(contract, {
    workdir,
    host: {
      events: progressPrinter(io, redact),
      signal: request.signal,
      timeout: request.timeout,
      isolation,
      env: io.env,
      secrets: keySecrets,
      hostCwd: io.cwd,
      toolServer: io.trussCommand,
      contractDir: dirname(contractPath),
      // Who may release an approval gate later (with the contract's own approvers).
      approvers: cliTrustedKeys(io, { cwd: workdir }).trusted,
      github,
    },
  });
  const store = LedgerStore.open(dbPath, { receipts: checkReceipt });
  // The run holds the session's lease from before run_started until it exits, like resume: a
  // resume or signal started meanwhile is refused instead of interleaving a second writer.
  const sessionId = randomUUID();
  let releaseLease: () => void;
  // docs/memory.md: recall from, and proposals into, the memory tables of the same database.
  let memory: ReturnType<typeof openRunMemory> | undefined;
  try {
    memory = openRunMemory(io, store, { workdir, keyFile: request.key });
    releaseLease = acquireSessionLease(dbPath, sessionId);
  } catch (error) {
    memory?.close();
    store.close();
    throw error;
  }
  let closed = false;
  return {
    sessionId,
    contract,
    key,
    dbPath,
    result: startRun(prepared, {
      sessionId,
      contractHash: hash,
      store,
      signer: key,
      codeVersion: `truss ${pkg.version}`,
      principal: request.principal,
      baseRef: request.base,
      memory,
      git,
    }),
    report: { io, store, key, dbPath, workdir, bundle: request.bundle },
    close() {
      if (closed) return;
      closed = true;
      releaseLease();
      memory?.close();
      store.close();
    },
  };
}
