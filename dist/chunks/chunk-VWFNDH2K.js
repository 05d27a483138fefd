#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  abortedExit,
  budgetFor,
  bundlePathFor,
  cancelOnSignals,
  checkRunOutputs,
  progressPrinter,
  reportOutcome,
  resolveRunKey,
  runKeySecrets,
  setUpIsolation
} from "./chunk-WQO4K7CG.js";
import {
  resumeWorkdir
} from "./chunk-747UD6WP.js";
import {
  acquireSessionLease
} from "./chunk-LZ53B2P3.js";
import {
  readExportedHead,
  requireExtendsExport
} from "./chunk-YEXIPEG3.js";
import {
  RunAbortedError,
  buildExecutorProvider,
  buildPanelSeats,
  createCtx,
  readRecordedContract,
  resolveContract,
  resumeContract,
  secretRedactor
} from "./chunk-PLQRKGG7.js";
import {
  DurableReplayError
} from "./chunk-R5QXJD2C.js";
import {
  findContract
} from "./chunk-VB3RMXH4.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import {
  parseCommandArgs,
  requirePositionals
} from "./chunk-VCW7KPCO.js";
import {
  printHelp
} from "./chunk-PQNVCJVT.js";
import {
  LedgerStore,
  createNodeCrypto,
  resolveTrustedKeys
} from "./chunk-6ABTHRT4.js";

// src/cli/commands/resume.ts
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
var RESUME_HELP = `Usage: truss resume SESSION [options]

Continues a suspended or interrupted run. The session's chain is verified first (a broken chain is
refused before anything runs); the contract is the one its run_started entry recorded. The journal
is replayed by position \u2014 recorded model calls, tool calls, checks and votes are returned, not
re-executed, and git_commit is never repeated \u2014 and the run continues live from where it stopped.
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
  --json               print the outcome as JSON (progress still goes to stderr)

Exit codes: 0 PASS, 1 FAIL or refused (broken chain, non-determinism, tampered memo), 2 UNVERIFIABLE,
3 input error (unknown session, bad key), 6 still SUSPENDED, 64 usage`;
async function resume(args, io) {
  const { values, positionals } = parseCommandArgs("resume", args, {
    workdir: { type: "string" },
    db: { type: "string" },
    key: { type: "string" },
    contract: { type: "string" },
    approvers: { type: "string" },
    bundle: { type: "string" },
    "verify-all": { type: "boolean" },
    isolation: { type: "string" },
    json: { type: "boolean" }
  });
  if (values.help) return printHelp(io, RESUME_HELP);
  const [sessionId] = requirePositionals("resume", positionals, ["SESSION"]);
  const { "verify-all": verifyAll, ...rest } = values;
  return resumeSession(io, { sessionId, ...rest, verifyAll: Boolean(verifyAll), json: Boolean(values.json) });
}
async function resumeSession(io, request) {
  const requestedWorkdir = request.workdir === void 0 ? void 0 : resolve(io.cwd, request.workdir);
  const dbPath = resolve(io.cwd, request.db ?? join(requestedWorkdir ?? io.cwd, ".truss/ledger.db"));
  const key = resolveRunKey(request.key, io);
  const store = LedgerStore.open(dbPath, { mustExist: true });
  const detachers = [];
  const abort = new AbortController();
  try {
    const workdir = resumeWorkdir(store, request.sessionId, requestedWorkdir, io.cwd);
    checkRunOutputs(io, { dbPath, workdir, bundle: request.bundle });
    const approvers = resolveTrustedKeys({
      file: request.approvers ? resolve(io.cwd, request.approvers) : void 0,
      cwd: workdir
    }).trusted;
    detachers.push(acquireSessionLease(dbPath, request.sessionId));
    requireExtendsExport(
      store,
      request.sessionId,
      readExportedHead(bundlePathFor(io, workdir, request.sessionId, request.bundle), request.sessionId)
    );
    request.before?.(store);
    const recorded = readRecordedContract(store, request.sessionId);
    let expectedContractHash;
    if (request.contract) {
      const configPath = join(workdir, ".truss/config.toml");
      expectedContractHash = resolveContract({
        configPath: existsSync(configPath) ? configPath : void 0,
        contractPath: findContract(request.contract, workdir, io.cwd)
      }).hash;
    }
    const { contract } = recorded;
    const keySecrets = runKeySecrets(request.key, io);
    const redact = secretRedactor(io.env, keySecrets);
    const progress = progressPrinter(io, redact);
    detachers.push(cancelOnSignals(abort));
    const isolation = await setUpIsolation({
      io,
      flag: request.isolation,
      contract,
      workdir,
      dbPath,
      keyFile: request.key
    });
    const ctx = createCtx({
      signal: abort.signal,
      events: progress,
      budget: budgetFor(contract, progress),
      isolation
    });
    const executorProvider = contract.executor.kind === "in-loop" ? buildExecutorProvider(contract, { env: io.env, cwd: workdir, fallbackCwd: io.cwd }) : void 0;
    const panel = buildPanelSeats(contract, { env: io.env, cwd: workdir, fallbackCwd: io.cwd });
    io.stderr(`truss resume ${request.sessionId} (${contract.contract.id})
`);
    const outcome = await resumeContract({
      sessionId: request.sessionId,
      store,
      signer: key,
      crypto: createNodeCrypto(),
      // A ledger this installation wrote carries a checkpoint signed by the session key.
      verify: request.verifyAll ? "all" : "checkpoint",
      workdir,
      ctx,
      panel,
      env: io.env,
      secrets: keySecrets,
      hostCwd: io.cwd,
      executorProvider,
      expectedContractHash,
      approvers
    });
    if (outcome.replayed > 0)
      io.stderr(`  replayed ${outcome.replayed} recorded entries without re-executing them
`);
    return reportOutcome(outcome, {
      io,
      store,
      key,
      dbPath,
      workdir,
      bundle: request.bundle,
      json: request.json
    });
  } catch (error) {
    if (error instanceof DurableReplayError) {
      io.stderr(`truss: ${error.message}
nothing was appended to the ledger
`);
      return EXIT.failed;
    }
    if (error instanceof RunAbortedError) {
      io.stderr(
        `truss: ${error.message}
the ledger records run_failed; inspect it with: truss ledger show ${error.sessionId} --db ${dbPath}
`
      );
      return abortedExit(abort.signal);
    }
    throw error;
  } finally {
    for (const detach of detachers) detach();
    store.close();
  }
}

export {
  RESUME_HELP,
  resume,
  resumeSession
};
