#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/cli/db-path.ts
import { join, resolve } from "node:path";
var DEFAULT_DB = ".truss/ledger.db";
function ledgerDbPath(io, db, workdir) {
  return resolve(io.cwd, db ?? join(workdir ?? io.cwd, DEFAULT_DB));
}

export {
  DEFAULT_DB,
  ledgerDbPath
};
