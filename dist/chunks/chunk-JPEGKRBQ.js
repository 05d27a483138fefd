#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  ResumeRefusedError
} from "./chunk-P5AJ53RB.js";

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

// src/core/runtime/session-lease.ts
import { closeSync, openSync, readFileSync as readFileSync2, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
var SessionBusyError = class extends Error {
  name = "SessionBusyError";
};
function leasePath(dbPath, sessionId) {
  return `${dbPath}.lease-${sessionId.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}
function acquireSessionLease(dbPath, sessionId, options = {}) {
  const path = leasePath(dbPath, sessionId);
  const record = {
    pid: options.pid ?? process.pid,
    host: options.host ?? hostname(),
    session_id: sessionId,
    since: (options.now?.() ?? /* @__PURE__ */ new Date()).toISOString()
  };
  const isAlive = options.isAlive ?? processAlive;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx", 384);
      writeSync(fd, `${JSON.stringify(record)}
`);
      closeSync(fd);
      return () => release(path, record);
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    const holder = readLease(path);
    if (holder && holder.host === record.host && !isAlive(holder.pid)) {
      unlinkSync(path);
      continue;
    }
    const who = holder ? `pid ${holder.pid} on ${holder.host} since ${holder.since}` : "another process";
    throw new SessionBusyError(
      `session ${sessionId} is being continued by ${who}; wait for it to finish, or remove ${path} if that process is gone`
    );
  }
  throw new SessionBusyError(`could not take the lease on session ${sessionId} (${path})`);
}
function release(path, record) {
  const current = readLease(path);
  if (current && current.pid === record.pid && current.host === record.host && current.since === record.since) {
    try {
      unlinkSync(path);
    } catch {
    }
  }
}
function readLease(path) {
  try {
    const value = JSON.parse(readFileSync2(path, "utf8"));
    return typeof value.pid === "number" && typeof value.host === "string" ? {
      pid: value.pid,
      host: value.host,
      session_id: String(value.session_id ?? ""),
      since: String(value.since ?? "")
    } : null;
  } catch {
    return null;
  }
}
function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

export {
  readExportedHead,
  requireExtendsExport,
  SessionBusyError,
  acquireSessionLease
};
