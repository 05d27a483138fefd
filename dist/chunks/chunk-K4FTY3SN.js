#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  resumeWorkdir
} from "./chunk-7QL52PTT.js";
import {
  cliGitHubReader
} from "./chunk-RBNXBNDD.js";
import {
  openRunMemory
} from "./chunk-ZYZHJ3CB.js";
import {
  bundlePathFor,
  cancelOnSignals,
  checkRunOutputs,
  progressPrinter,
  reportResult,
  resolveRunKey,
  runKeySecrets,
  setUpIsolation
} from "./chunk-ZYEDR7CY.js";
import {
  acquireSessionLease,
  readExportedHead,
  requireExtendsExport
} from "./chunk-JPEGKRBQ.js";
import {
  GITHUB_CONTRACT_FORMAT,
  resolveContract
} from "./chunk-KKDUZS42.js";
import {
  resumeRun
} from "./chunk-RMNTHYXM.js";
import {
  findContract
} from "./chunk-BTXOVFDS.js";
import {
  readRecordedContract
} from "./chunk-RH3PQHM7.js";
import {
  DurableReplayError
} from "./chunk-P5AJ53RB.js";
import {
  ledgerDbPath
} from "./chunk-5AD6KVJW.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import {
  cliTrustedKeys
} from "./chunk-K4EWXBDF.js";
import {
  checkReceipt
} from "./chunk-RDZHSOJG.js";
import {
  parseCommandArgs,
  requirePositionals
} from "./chunk-K43WZLCU.js";
import {
  printHelp
} from "./chunk-KUQNSCDZ.js";
import {
  LedgerStore,
  createNodeCrypto
} from "./chunk-P2CFU6IE.js";
import {
  secretRedactor
} from "./chunk-OCGEL2BZ.js";

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
  const dbPath = ledgerDbPath(io, request.db, requestedWorkdir);
  const key = resolveRunKey(request.key, io);
  const store = LedgerStore.open(dbPath, { receipts: checkReceipt, mustExist: true });
  const detachers = [];
  const abort = new AbortController();
  let memory;
  try {
    const workdir = resumeWorkdir(store, request.sessionId, requestedWorkdir, io.cwd);
    checkRunOutputs(io, { dbPath, workdir, bundle: request.bundle });
    const approvers = cliTrustedKeys(io, {
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
    const recorded = readRecordedContract(store, request.sessionId, GITHUB_CONTRACT_FORMAT);
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
    io.stderr(`truss resume ${request.sessionId} (${contract.contract.id})
`);
    memory = openRunMemory(io, store, { workdir, keyFile: request.key });
    const github = await cliGitHubReader(contract, io, workdir);
    const result = await resumeRun({
      sessionId: request.sessionId,
      store,
      signer: key,
      crypto: createNodeCrypto(),
      // A ledger this installation wrote carries a checkpoint signed by the session key.
      verify: request.verifyAll ? "all" : "checkpoint",
      workdir,
      expectedContractHash,
      contractFormat: GITHUB_CONTRACT_FORMAT,
      recorded,
      host: {
        events: progress,
        signal: abort.signal,
        isolation,
        env: io.env,
        secrets: keySecrets,
        hostCwd: io.cwd,
        toolServer: io.trussCommand,
        approvers,
        memory,
        github
      }
    });
    if (result.status !== "aborted" && result.replayed > 0)
      io.stderr(`  replayed ${result.replayed} recorded entries without re-executing them
`);
    return reportResult(
      result,
      {
        io,
        store,
        key,
        dbPath,
        workdir,
        bundle: request.bundle,
        json: request.json
      },
      abort.signal
    );
  } catch (error) {
    if (error instanceof DurableReplayError) {
      io.stderr(`truss: ${error.message}
nothing was appended to the ledger
`);
      return EXIT.failed;
    }
    throw error;
  } finally {
    for (const detach of detachers) detach();
    memory?.close();
    store.close();
  }
}

export {
  RESUME_HELP,
  resume,
  resumeSession
};
