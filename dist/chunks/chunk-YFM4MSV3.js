#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/cli/output-path.ts
import { accessSync, constants, lstatSync, mkdirSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
var OutputPathError = class extends Error {
  name = "OutputPathError";
};
function checkOutputPath(path, what, inside) {
  if (inside) refuseLinksInWorkdir(inside.workdir, path, what, inside.flag);
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
function refuseLinksInWorkdir(root, path, what, flag, sideFiles = []) {
  const below = relative(root, path);
  if (below === "" || below === ".." || below.startsWith(`..${sep}`) || isAbsolute(below)) return;
  let component = root;
  for (const part of below.split(sep)) {
    component = join(component, part);
    const kind = linkOrMissing(component);
    if (kind === "missing") break;
    if (kind === "link") throw linkError(what, path, component, flag, root);
  }
  for (const side of sideFiles) {
    if (linkOrMissing(side) === "link") throw linkError(what, path, side, flag, root);
  }
}
function linkOrMissing(path) {
  try {
    return lstatSync(path).isSymbolicLink() ? "link" : "other";
  } catch {
    return "missing";
  }
}
function linkError(what, path, link, flag, root) {
  const through = link === path ? "is" : `goes through ${link}, which is`;
  return new OutputPathError(
    `${what} ${path} ${through} a symbolic link inside the working copy ${root}; truss never writes its ledger, bundles or reports through a link a repository could have committed. Remove the link, or pass ${flag} with a path outside the working copy.`
  );
}
function makeOutputDir(workdir, path, what, flag) {
  refuseLinksInWorkdir(workdir, path, what, flag);
  mkdirSync(dirname(path), { recursive: true });
  refuseLinksInWorkdir(workdir, path, what, flag);
}

export {
  OutputPathError,
  checkOutputPath,
  refuseLinksInWorkdir,
  makeOutputDir
};
