#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  ResumeRefusedError
} from "./chunk-R5QXJD2C.js";

// src/core/runtime/exported-head.ts
import { readFileSync } from "node:fs";
function readExportedHead(bundlePath, sessionId) {
  let bundle;
  try {
    bundle = JSON.parse(readFileSync(bundlePath, "utf8"));
  } catch {
    return null;
  }
  const ledger = bundle?.ledger;
  const last = ledger?.entries?.at(-1);
  if (ledger?.session_id !== sessionId || !last) return null;
  if (typeof last.seq !== "number" || typeof last.entry_hash !== "string") return null;
  return { where: bundlePath, seq: last.seq, entryHash: last.entry_hash };
}
function requireExtendsExport(store, sessionId, exported) {
  if (!exported) return;
  const entry = store.entry(sessionId, exported.seq);
  if (entry?.entry_hash === exported.entryHash) return;
  throw new ResumeRefusedError(
    `refusing to resume ${sessionId}: its journal does not extend the head recorded in ${exported.where} (seq ${exported.seq}, ${exported.entryHash.slice(0, 16)}\u2026): ${entry ? "that entry was replaced" : "entries were removed"} since. Verify the export (truss verify) and restore the database from a backup; the shorter chain is not resumed`
  );
}

export {
  readExportedHead,
  requireExtendsExport
};
