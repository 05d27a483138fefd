#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/github/names.ts
var LEDGER_ARTIFACT_PREFIX = "truss-ledger-";
function ledgerArtifactName(sessionId) {
  return `${LEDGER_ARTIFACT_PREFIX}${sessionId}`;
}
function ledgerBundleFileName(sessionId) {
  return `${ledgerArtifactName(sessionId)}.json`;
}
function sessionIdOfArtifact(name) {
  return name.startsWith(LEDGER_ARTIFACT_PREFIX) ? name.slice(LEDGER_ARTIFACT_PREFIX.length) : null;
}

export {
  ledgerArtifactName,
  ledgerBundleFileName,
  sessionIdOfArtifact
};
