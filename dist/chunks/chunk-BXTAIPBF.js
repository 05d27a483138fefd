#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  cliGitHubReader
} from "./chunk-RBNXBNDD.js";
import {
  openRunMemory
} from "./chunk-ZYZHJ3CB.js";
import {
  checkRunOutputs,
  progressPrinter,
  resolveRunKey,
  runKeySecrets,
  setUpIsolation
} from "./chunk-ZYEDR7CY.js";
import {
  acquireSessionLease
} from "./chunk-JPEGKRBQ.js";
import {
  resolveContract
} from "./chunk-KKDUZS42.js";
import {
  prepareRun,
  startRun
} from "./chunk-RMNTHYXM.js";
import {
  checkMcpPinning,
  findContract
} from "./chunk-BTXOVFDS.js";
import {
  ledgerDbPath
} from "./chunk-5AD6KVJW.js";
import {
  package_default
} from "./chunk-6CGPKGQX.js";
import {
  cliTrustedKeys
} from "./chunk-K4EWXBDF.js";
import {
  checkReceipt
} from "./chunk-RDZHSOJG.js";
import {
  LedgerStore
} from "./chunk-P2CFU6IE.js";
import {
  readGitInfo
} from "./chunk-VUSAMCY7.js";
import {
  secretRedactor
} from "./chunk-OCGEL2BZ.js";

// src/cli/run-launch.ts
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
async function launchRun(io, request) {
  const { workdir } = request;
  const contractPath = findContract(request.contract, workdir, io.cwd);
  const configPath = join(workdir, ".truss/config.toml");
  const { contract, hash } = resolveContract({
    configPath: existsSync(configPath) ? configPath : void 0,
    contractPath,
    overrides: {
      ...request.reviewers !== void 0 ? { reviewers: request.reviewers } : {},
      ...request.provider ? { provider: request.provider } : {},
      ...request.intent ? { intent: request.intent } : {},
      ...request.verifyOnly ? { verifyOnly: true } : {}
    }
  });
  for (const warning of checkMcpPinning(contract, "warn")) io.stderr(`truss: warning: ${warning}
`);
  const key = resolveRunKey(request.key, io);
  const dbPath = ledgerDbPath(io, request.db, workdir);
  checkRunOutputs(io, { dbPath, workdir, bundle: request.bundle });
  mkdirSync(dirname(dbPath), { recursive: true });
  const keySecrets = runKeySecrets(request.key, io);
  const redact = secretRedactor(io.env, keySecrets);
  const git = readGitInfo(workdir, request.base);
  git.catch(() => {
  });
  const isolation = await setUpIsolation({
    io,
    flag: request.isolation,
    contract,
    workdir,
    dbPath,
    keyFile: request.key,
    contractPath
  });
  const github = await cliGitHubReader(contract, io, workdir);
  io.stderr(
    `truss run ${contract.contract.id}${contract.contract.title ? ` \u2014 ${contract.contract.title}` : ""}
`
  );
  const prepared = await prepareRun(contract, {
    workdir,
    host: {
      events: progressPrinter(io, redact),
      signal: request.signal,
      isolation,
      env: io.env,
      secrets: keySecrets,
      hostCwd: io.cwd,
      toolServer: io.trussCommand,
      contractDir: dirname(contractPath),
      // Who may release an approval gate later (with the contract's own approvers).
      approvers: cliTrustedKeys(io, { cwd: workdir }).trusted,
      github
    }
  });
  const store = LedgerStore.open(dbPath, { receipts: checkReceipt });
  const sessionId = randomUUID();
  let releaseLease;
  let memory;
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
      codeVersion: `truss ${package_default.version}`,
      principal: request.principal,
      baseRef: request.base,
      memory,
      git
    }),
    report: { io, store, key, dbPath, workdir, bundle: request.bundle },
    close() {
      if (closed) return;
      closed = true;
      releaseLease();
      memory?.close();
      store.close();
    }
  };
}

export {
  launchRun
};
