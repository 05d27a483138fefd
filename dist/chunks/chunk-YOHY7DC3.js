#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/cli/output-path.ts
import { accessSync, constants, statSync } from "node:fs";
import { dirname } from "node:path";
var OutputPathError = class extends Error {
  name = "OutputPathError";
};
function checkOutputPath(path, what) {
  const existing = statOrNull(path);
  if (existing && !existing.isFile()) {
    throw new OutputPathError(
      `${what} ${path} is ${existing.isDirectory() ? "a directory" : "not a regular file"}; pass the path of a file to write (e.g. ${path.replace(/\/+$/, "")}/out.json)`
    );
  }
  let dir = dirname(path);
  for (; ; ) {
    const stat = statOrNull(dir);
    if (stat) {
      if (!stat.isDirectory())
        throw new OutputPathError(`${what} ${path} cannot be created: ${dir} is not a directory`);
      try {
        accessSync(dir, constants.W_OK);
      } catch {
        throw new OutputPathError(
          `${what} ${path} cannot be written: ${dir} is not writable; choose a path you can write`
        );
      }
      return;
    }
    const parent = dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}
function statOrNull(path) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

export {
  OutputPathError,
  checkOutputPath
};
