#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/private-compile-cache.ts
import { lstatSync, mkdirSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
function enablePrivateCompileCache(options) {
  const { enable, env } = options;
  if (!enable) return { enabled: false, reason: "this Node has no compile cache" };
  if (env.NODE_DISABLE_COMPILE_CACHE) return { enabled: false, reason: "NODE_DISABLE_COMPILE_CACHE is set" };
  if (env.NODE_COMPILE_CACHE) return { enabled: false, reason: "NODE_COMPILE_CACHE is set by the operator" };
  const place = privateCacheDirectory({ ...options, name: "node-compile-cache" });
  if (!place.enabled) return place;
  const { directory } = place;
  enable(directory);
  return { enabled: true, directory };
}
function trussCacheHome(env, home) {
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) return env.XDG_CACHE_HOME;
  return home && isAbsolute(home) ? join(home, ".cache") : void 0;
}
function privateCacheDirectory(options) {
  const { env } = options;
  const base = trussCacheHome(env, options.home);
  if (!base) return { enabled: false, reason: "no cache directory (neither XDG_CACHE_HOME nor HOME is set)" };
  const directory = join(base, "truss", options.name);
  try {
    mkdirSync(directory, { recursive: true, mode: 448 });
  } catch (error) {
    return { enabled: false, reason: `cannot make ${directory}: ${error.code}` };
  }
  const problem = notPrivate(directory, join(base, "truss"), options.uid);
  if (problem) return { enabled: false, reason: problem };
  return { enabled: true, directory };
}
function notPrivate(directory, ownedFrom, uid) {
  for (let path = directory; ; path = dirname(path)) {
    let info;
    try {
      info = lstatSync(path);
    } catch (error) {
      return `cannot inspect ${path}: ${error.code}`;
    }
    if (info.isSymbolicLink()) return `${path} is a symbolic link`;
    if (!info.isDirectory()) return `${path} is not a directory`;
    const owned = path === directory || path === ownedFrom;
    if (owned) {
      if (info.uid !== uid) return `${path} belongs to uid ${info.uid}, not to this user (${uid})`;
      if ((info.mode & 63) !== 0) return `${path} is open to group or others (mode ${modeOf(info.mode)})`;
    } else {
      if (info.uid !== uid && info.uid !== 0) return `${path} belongs to uid ${info.uid}`;
      const sticky = (info.mode & 512) !== 0;
      if ((info.mode & 18) !== 0 && !sticky)
        return `${path} is writable by group or others (mode ${modeOf(info.mode)})`;
    }
    if (path === dirname(path)) return null;
  }
}
function modeOf(mode) {
  return (mode & 4095).toString(8).padStart(4, "0");
}

export {
  enablePrivateCompileCache,
  trussCacheHome,
  privateCacheDirectory
};
