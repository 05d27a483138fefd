import { resolve } from 'node:path';
import { checkReceipt } from '../../core/anchor/index.js';
import { findContract, workdirConfig } from '../../core/contract/index.js';
import { createNodeCrypto, LedgerStore } from '../../core/ledger/index.js';
import { secretRedactor } from '../../core/process/index.js';
import { readRecordedContract, resumeRun } from '../../core/run/index.js';
import {
  acquireSessionLease,
  type DeadlineLimit,
  DurableReplayError,
  ResumeRefusedError,
  readExportedHead,
  requireExtendsExport,
} from '../../core/runtime/index.js';
import { GITHUB_CONTRACT_FORMAT, resolveContract } from '../../github/settings.js';
import { parseCommandArgs, requirePositionals } from '../args.js';
import { ISOLATION_FLAG } from '../choice-flags.js';
import { ledgerDbPath } from '../db-path.js';
import { EXIT } from '../exit-codes.js';
import { cliGitHubReader } from '../github-access.js';
import { type CliIo, printHelp } from '../io.js';
import { openRunMemory } from '../memory-io.js';
import { cliTrustedKeys } from '../repo-trusted-keys.js';
import { resumeWorkdir } from '../resume-workdir.js';
import {
  bundlePathFor,
  cancelOnSignals,
  checkRunOutputs,
  progressPrinter,
  reportResult,
  resolveRunKey,
  runKeySecrets,
  setUpIsolation,
} from '../run-output.js';
import { timeoutFlag } from '../timeout-flag.js';

export const RESUME_HELP = `Usage: truss resume SESSION [options]

Continues a suspended or interrupted run. The session's chain is verified first (a broken chain is
refused before anything runs); the contract is the one its run_started entry recorded. The journal
is replayed by position — recorded model calls, tool calls, checks and votes are returned, not
re-executed, and git_commit is never repeated — and the run continues live from where it stopped.
An approval gate is released only by a signed approved human_review recorded after it
(\`truss review approve SESSION --key REVIEWER_KEY\`); a completed session replays to its verdict.

Every hash and link is always checked. Signatures already verified (or written) by the session key
are not verified again when the database holds a checkpoint signed by that key that the recomputed
chain reaches; \`--verify-all\` verifies every signature anyway (e.g. for a database from elsewhere).

Options:
  --workdir DIR        the repository the run works in (default: the one run_started recorded;
                       another directory is refused)
  --db FILE            ledger database (default: <workdir>/.truss/ledger.db)
  --key FILE           the session's signing key (default: TRUSS_SIGNING_KEY, else the per-install key)
  --contract PATH      refuse to resume unless this contract resolves to the recorded contract hash
  --approvers FILE     reviews signed by these keys release approval gates (trusted-keys format;
                       default: <workdir>/.truss/trusted-keys, plus the contract's approvers)
  --bundle FILE        where to write the ledger bundle (default: <workdir>/.truss/bundles/<session>.json)
  --verify-all         verify every signature before resuming, ignoring the verified_through checkpoint
  --isolation MODE     auto | uid | bwrap | none for the live work past the journal (default: the
                       recorded contract's [sandbox] isolation, else auto; docs/security.md)
  --timeout DURATION   wall-clock limit of this resume ("90s", "20m", "1h30m"), with the recorded
                       contract's [budget] max_duration (the tighter applies); at it the run is
                       stopped and its signed verdict forced to FAIL
  --json               print the outcome as JSON (progress still goes to stderr)

Examples:
  truss resume SESSION                               # continue where the run stopped
  truss resume SESSION --approvers .truss/trusted-keys --db /tmp/w.db

Exit codes: 0 PASS, 1 FAIL or refused (broken chain, non-determinism, tampered memo), 2 UNVERIFIABLE,
3 input error (unknown session, bad key), 6 still SUSPENDED, 64 usage`;

export async function resume(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('resume', args, {
    workdir: { type: 'string' },
    db: { type: 'string' },
    key: { type: 'string' },
    contract: { type: 'string' },
    approvers: { type: 'string' },
    bundle: { type: 'string' },
    'verify-all': { type: 'boolean' },
    isolation: ISOLATION_FLAG,
    timeout: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) return printHelp(io, RESUME_HELP);
  const [sessionId] = requirePositionals('resume', positionals, ['SESSION']) as [string];
  const { 'verify-all': verifyAll, timeout, ...rest } = values;
  return resumeSession(io, {
    sessionId,
    ...rest,
    timeout: timeoutFlag('resume', timeout),
    verifyAll: Boolean(verifyAll),
    json: Boolean(values.json),
  });
}

export interface ResumeRequest {
  sessionId: string;
  workdir?: string | undefined;
  db?: string | undefined;
  key?: string | undefined;
  contract?: string | undefined;
  approvers?: string | undefined;
  bundle?: string | undefined;
  /** Verify every signature even where a verified_through checkpoint covers them. */
  verifyAll?: boolean;
  /** `--isolation`: overrides the recorded contract's `[sandbox] isolation`. */
  isolation?: string | undefined;
  /** `--timeout`: this resume's wall-clock limit, applied with the contract's `[budget] max_duration`. */
  timeout?: DeadlineLimit | undefined;
  json: boolean;
  /** Runs on the open store before the resume (e.g. `truss signal` queues its signal). */
  before?: (store: LedgerStore) => void;
}

/** Resume (shared with `truss signal`): verify, replay, continue, report. */
export async function resumeSession(io: CliIo, request: ResumeRequest): Promise<number> {
  const requestedWorkdir = request.workdir === undefined ? undefined : resolve(io.cwd, request.workdir);
  const dbPath = ledgerDbPath(io, request.db, requestedWorkdir);
  const key = resolveRunKey(request.key, io);
  const store = LedgerStore.open(dbPath, { receipts: checkReceipt, mustExist: true });
  const detachers: Array<() => void> = [];
  const abort = new AbortController();
  let memory: ReturnType<typeof openRunMemory> | undefined;
  try {
    const workdir = resumeWorkdir(store, request.sessionId, requestedWorkdir, io.cwd);
    checkRunOutputs(io, { dbPath, workdir, bundle: request.bundle });
    // Who may release an approval gate: --approvers, else the workdir's .truss/trusted-keys (plus
    // the contract's [approval_gates] approvers, added by the gates themselves).
    const approvers = cliTrustedKeys(io, {
      file: request.approvers ? resolve(io.cwd, request.approvers) : undefined,
      cwd: workdir,
    }).trusted;
    detachers.push(acquireSessionLease(dbPath, request.sessionId));
    // The journal must extend the head last exported for the session (a cut tail is refused).
    requireExtendsExport(
      store,
      request.sessionId,
      readExportedHead(bundlePathFor(io, workdir, request.sessionId, request.bundle), request.sessionId),
    );
    const recorded = readRecordedContract(store, request.sessionId, GITHUB_CONTRACT_FORMAT);
    let expectedContractHash: string | undefined;
    if (request.contract) {
      expectedContractHash = resolveContract({
        configPath: workdirConfig(workdir),
        contractPath: findContract(request.contract, workdir, io.cwd),
      }).hash;
      // Refused before `truss signal` queues anything: a refused resume leaves no signal behind.
      if (expectedContractHash !== recorded.contractHash)
        throw new ResumeRefusedError(
          `refusing to resume ${request.sessionId}: the contract resolves to ${expectedContractHash}, but the session recorded ${recorded.contractHash}`,
        );
    }
    request.before?.(store);
    const { contract } = recorded;
    // The key file's seed, read once: redacted from output and handed to the run's secret scan.
    const keySecrets = runKeySecrets(request.key, io);
    const redact = secretRedactor(io.env, keySecrets);
    const progress = progressPrinter(io, redact);
    detachers.push(cancelOnSignals(abort));
    // Live work past the journal frontier starts through the same isolation a fresh run would get.
    const isolation = await setUpIsolation({
      io,
      flag: request.isolation,
      contract,
      workdir,
      dbPath,
      keyFile: request.key,
    });
    io.stderr(`truss resume ${request.sessionId} (${contract.contract.id})\n`);
    memory = openRunMemory(io, store, { workdir, keyFile: request.key });
    // Only calls past the recorded frontier reach GitHub; recorded ones answer from their memo.
    const github = await cliGitHubReader(contract, io, workdir);
    const result = await resumeRun({
      sessionId: request.sessionId,
      store,
      signer: key,
      crypto: createNodeCrypto(),
      // A ledger this installation wrote carries a checkpoint signed by the session key.
      verify: request.verifyAll ? 'all' : 'checkpoint',
      workdir,
      expectedContractHash,
      contractFormat: GITHUB_CONTRACT_FORMAT,
      recorded,
      host: {
        events: progress,
        signal: abort.signal,
        timeout: request.timeout,
        isolation,
        env: io.env,
        secrets: keySecrets,
        hostCwd: io.cwd,
        toolServer: io.trussCommand,
        approvers,
        memory,
        github,
      },
    });
    if (result.status !== 'aborted' && result.replayed > 0)
      io.stderr(`  replayed ${result.replayed} recorded entries without re-executing them\n`);
    return reportResult(
      result,
      {
        io,
        store,
        key,
        dbPath,
        workdir,
        bundle: request.bundle,
        json: request.json,
      },
      abort.signal,
    );
  } catch (error) {
    if (error instanceof DurableReplayError) {
      io.stderr(`truss: ${error.message}\nnothing was appended to the ledger\n`);
      return EXIT.failed;
    }
    throw error;
  } finally {
    for (const detach of detachers) detach();
    memory?.close();
    store.close();
  }
}
