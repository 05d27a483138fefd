#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/github/names.ts
import { createHash } from "node:crypto";
var LEDGER_ARTIFACT_PREFIX = "truss-ledger-";
var DEFAULT_LEDGER_BRANCH = "truss-ledger";
function ledgerArtifactName(sessionId) {
  return `${LEDGER_ARTIFACT_PREFIX}${sessionId}`;
}
function ledgerBundleFileName(sessionId) {
  return `${ledgerArtifactName(sessionId)}.json`;
}
function sessionIdOfArtifact(name) {
  return name.startsWith(LEDGER_ARTIFACT_PREFIX) ? name.slice(LEDGER_ARTIFACT_PREFIX.length) : null;
}
function htmlReportFileName(sessionId) {
  return `truss-report-${sessionId}.html`;
}
var REPORT_FILE_NAME = "report.html";
var LEDGER_DB_FILE_NAME = "ledger.db";
var WORKDIR_PATCH_FILE_NAME = "workdir.patch";
var WORKDIR_PATCH_STATEMENT_FILE_NAME = "workdir.patch.sig.json";
function attestationPaths(bundlePath) {
  const stem = bundlePath.replace(/\.json$/, "");
  return { intoto: `${stem}.intoto.json`, sigstore: `${stem}.sigstore.json` };
}
var LEG_ARTIFACT_PREFIX = "truss-leg-";
function legArtifactName(attempt, arm) {
  return `${LEG_ARTIFACT_PREFIX}${arm ? `${arm}-` : ""}${attempt}`;
}
function legOfArtifact(name) {
  if (!name.startsWith(LEG_ARTIFACT_PREFIX)) return null;
  const match = /^(?:(.+)-)?([1-9]\d{0,5})$/.exec(name.slice(LEG_ARTIFACT_PREFIX.length));
  return match ? { attempt: Number(match[2]), arm: match[1] ?? null } : null;
}
var LEG_PATCH_FILE_NAME = "leg.patch";
function fanoutSessionId(runUrl, contract, kind) {
  const hex = createHash("sha256").update(`truss ${kind}
${runUrl}
${contract}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${(Number.parseInt(hex.slice(16, 17), 16) & 3 | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export {
  LEDGER_ARTIFACT_PREFIX,
  DEFAULT_LEDGER_BRANCH,
  ledgerArtifactName,
  ledgerBundleFileName,
  sessionIdOfArtifact,
  htmlReportFileName,
  REPORT_FILE_NAME,
  LEDGER_DB_FILE_NAME,
  WORKDIR_PATCH_FILE_NAME,
  WORKDIR_PATCH_STATEMENT_FILE_NAME,
  attestationPaths,
  legArtifactName,
  legOfArtifact,
  LEG_PATCH_FILE_NAME,
  fanoutSessionId
};
