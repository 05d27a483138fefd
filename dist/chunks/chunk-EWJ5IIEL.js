#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/github/names.ts
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
function attestationPaths(bundlePath) {
  const stem = bundlePath.replace(/\.json$/, "");
  return { intoto: `${stem}.intoto.json`, sigstore: `${stem}.sigstore.json` };
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
  attestationPaths
};
