#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  tryReadEntry
} from "./chunk-P2CFU6IE.js";

// src/cli/resume-workdir.ts
import { existsSync, realpathSync } from "node:fs";
import { basename, resolve } from "node:path";
var WorkdirMismatchError = class extends Error {
  name = "WorkdirMismatchError";
};
function resumeWorkdir(store, sessionId, requested, cwd) {
  const first = store.entry(sessionId, 0);
  const read = first ? tryReadEntry(first, "run_started") : void 0;
  const payload = read && "payload" in read ? read.payload : {};
  const recorded = payload.workdir || null;
  if (recorded) {
    if (!existsSync(recorded)) {
      throw new WorkdirMismatchError(
        `session ${sessionId} ran in ${recorded}, which does not exist here; restore that directory (its files are part of the run) and resume again`
      );
    }
    if (requested !== void 0 && real(requested) !== real(recorded)) {
      throw new WorkdirMismatchError(
        `session ${sessionId} ran in ${recorded}, not ${requested}; its checks must run where its work is: resume with --workdir ${recorded} (or without --workdir)`
      );
    }
    return recorded;
  }
  const workdir = requested ?? cwd;
  const name = payload.workdir_name ?? "";
  if (name && basename(workdir) !== name) {
    throw new WorkdirMismatchError(
      `session ${sessionId} ran in a directory named ${name}, not ${workdir}; resume with --workdir pointing at that directory`
    );
  }
  return workdir;
}
function real(path) {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

export {
  WorkdirMismatchError,
  resumeWorkdir
};
