#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/cli/config-links.ts
import { lstatSync, mkdirSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
var ConfigLinkError = class extends Error {
  name = "ConfigLinkError";
};
function refuseLinkedConfig(workdir, paths) {
  for (const path of paths) {
    const below = relative(workdir, resolve(path));
    if (below === "" || below === ".." || below.startsWith(`..${sep}`) || isAbsolute(below)) continue;
    let component = workdir;
    for (const part of below.split(sep)) {
      component = join(component, part);
      if (isLink(component)) {
        throw new ConfigLinkError(
          `${path} goes through ${component}, a symbolic link inside the working copy ${workdir}: the run's work could point it elsewhere and choose what your next run reads there (its own contract, configuration or signing key). Replace the link with the directory or file it points at, or give the file's real path.`
        );
      }
    }
  }
}
function isLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
function prepareConfigDir(workdir, configPaths) {
  const trussDir = join(workdir, ".truss");
  refuseLinkedConfig(workdir, [trussDir, ...configPaths.filter((path) => Boolean(path))]);
  try {
    mkdirSync(trussDir);
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
  }
  return trussDir;
}

export {
  ConfigLinkError,
  prepareConfigDir
};
