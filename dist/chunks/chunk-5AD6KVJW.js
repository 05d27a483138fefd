#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  refuseLinksInWorkdir
} from "./chunk-YFM4MSV3.js";

// src/cli/db-path.ts
import { join, resolve } from "node:path";
var DEFAULT_DB = ".truss/ledger.db";
var SQLITE_SIDE_FILES = ["-wal", "-shm", "-journal"];
function ledgerDbPath(io, db, workdir) {
  const path = resolve(io.cwd, db ?? join(workdir ?? io.cwd, DEFAULT_DB));
  refuseLinksInWorkdir(
    resolve(io.cwd, workdir ?? "."),
    path,
    "the ledger database",
    "--db",
    SQLITE_SIDE_FILES.map((suffix) => `${path}${suffix}`)
  );
  return path;
}

export {
  DEFAULT_DB,
  ledgerDbPath
};
