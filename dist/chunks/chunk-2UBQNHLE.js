#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  PolicyViolation
} from "./chunk-X5VNXL6G.js";

// src/core/tools/held-path.ts
import { closeSync, constants, fstatSync, mkdirSync, openSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, normalize, sep } from "node:path";
var O_PATH = 2097152;
var O_NOFOLLOW = constants.O_NOFOLLOW;
var O_DIRECTORY = constants.O_DIRECTORY;
function heldPath(fd, name) {
  return name === void 0 ? `/proc/self/fd/${fd}` : `/proc/self/fd/${fd}/${name}`;
}
var MAGIC_LINKS = (() => {
  try {
    return process.platform === "linux" && statSync("/proc/self/fd").isDirectory();
  } catch {
    return false;
  }
})();
function changed(path, at, why) {
  return new PolicyViolation(
    "symlink_escape",
    path,
    `refused: ${JSON.stringify(path)} changed while it was being opened (${at} ${why}); links are never followed after the scope check`
  );
}
function holdDirectory(real, create = false) {
  if (!MAGIC_LINKS) {
    if (create) mkdirSync(real, { recursive: true });
    return { path: (name) => name === void 0 ? real : `${real}/${name}`, close: () => {
    } };
  }
  const fd = holdDescriptor(real, create);
  return { path: (name) => heldPath(fd, name), close: () => closeSync(fd) };
}
function holdDescriptor(real, create) {
  if (!isAbsolute(real) || normalize(real) !== real) {
    throw new PolicyViolation(
      "invalid_path",
      real,
      `refused: ${JSON.stringify(real)} is not a normalised absolute path`
    );
  }
  const names = real.split(sep).filter((name) => name.length > 0);
  let fd = openSync("/", O_PATH | O_DIRECTORY);
  let at = "";
  try {
    for (const name of names) {
      at = `${at}/${name}`;
      let next;
      try {
        next = openSync(heldPath(fd, name), O_PATH | O_NOFOLLOW | O_DIRECTORY);
      } catch (error) {
        const code = error.code;
        if (code === "ENOENT" && create) {
          try {
            mkdirSync(heldPath(fd, name));
          } catch (made) {
            if (made.code !== "EEXIST") throw made;
          }
          try {
            next = openSync(heldPath(fd, name), O_PATH | O_NOFOLLOW | O_DIRECTORY);
          } catch (again) {
            throw refusal(real, at, again);
          }
        } else {
          throw refusal(real, at, error);
        }
      }
      closeSync(fd);
      fd = next;
      if (!fstatSync(fd).isDirectory()) throw changed(real, at, "is not a directory");
    }
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
function refusal(real, at, error) {
  const code = error.code;
  if (code === "ENOTDIR" || code === "ELOOP") return changed(real, at, "is a link or not a directory");
  return error;
}
var OPEN_NOFOLLOW = O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;
function isLinkError(error) {
  return error?.code === "ELOOP";
}
async function withHeldDirectory(real, create, body) {
  const dir = holdDirectory(real, create);
  try {
    return await body(dir);
  } finally {
    dir.close();
  }
}
function openCheckedSync(real) {
  const dir = holdDirectory(dirname(real));
  try {
    return openSync(dir.path(basename(real)), constants.O_RDONLY | OPEN_NOFOLLOW);
  } catch (error) {
    if (isLinkError(error)) throw changed(real, real, "is a link");
    throw error;
  } finally {
    dir.close();
  }
}

export {
  changed,
  holdDirectory,
  OPEN_NOFOLLOW,
  isLinkError,
  withHeldDirectory,
  openCheckedSync
};
