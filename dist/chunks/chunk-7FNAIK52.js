#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/read-failure.ts
function cannotRead(label, error) {
  const code = errorCode(error);
  const reason = code ? REASONS[code] ?? "the system refused to read it" : "the system refused to read it";
  return `cannot read ${label}: ${reason}${code ? ` (${code})` : ""}`;
}
var REASONS = {
  ENOENT: "no such file",
  ENOTDIR: "a directory on the way is a file",
  EISDIR: "it is a directory, not a file",
  EACCES: "permission denied (make it readable by the user running truss)",
  EPERM: "permission denied (make it readable by the user running truss)",
  ELOOP: "too many symbolic links on the way",
  ENAMETOOLONG: "the path is too long",
  EMFILE: "too many open files (close some programs and retry)"
};
function errorCode(error) {
  const code = error?.code;
  return typeof code === "string" ? code : void 0;
}

export {
  cannotRead
};
