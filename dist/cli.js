#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  privateCacheDirectory
} from "./chunks/chunk-44WF3FT2.js";
import "./chunks/chunk-C24IPAXU.js";

// src/cli/launch.ts
import { homedir } from "node:os";
import { dirname, join as join2 } from "node:path";
import { fileURLToPath } from "node:url";

// src/cli/bytecode-cache.ts
import { isAscii } from "node:buffer";
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync
} from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Script, constants as vmConstants } from "node:vm";

// src/cli/exit-codes.ts
var EXIT = {
  ok: 0,
  /** Verification failed (tampered or forged evidence); `truss run`: verdict FAIL. */
  failed: 1,
  /** `truss run`: verdict UNVERIFIABLE. */
  unverifiable: 2,
  /** Input or configuration could not be used: malformed contract, bundle or key, missing file, unknown session. */
  input: 3,
  /** Chain intact but not signed by a pinned key. */
  integrityOnly: 4,
  /** Chain intact but the run has no terminal entry (unfinished or truncated). */
  incomplete: 5,
  /** `truss run|resume|signal`: the run is suspended (approval gate, signal or timer); nothing failed. */
  suspended: 6,
  /** Bad command line (sysexits EX_USAGE). */
  usage: 64,
  /** `truss run|resume|signal` stopped by SIGINT (Ctrl-C) after signing run_failed: 128 + 2, as shells report it. */
  interrupted: 130,
  /** The same stopped by SIGTERM: 128 + 15. */
  terminated: 143
};

// src/cli/bytecode-cache.ts
var MAX_CACHE_BYTES = 64 * 1024 * 1024;
function runBundleWithBytecodeCache(options) {
  const source = readBundleSource(options.bundle);
  const place2 = options.cacheDir === null ? null : cacheFile(options);
  const cachedData = place2 === null ? void 0 : readOwnFile(place2.file, options.uid);
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}
})`, {
    filename: options.bundle,
    ...cachedData ? { cachedData } : {},
    importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER
  });
  if (place2 !== null && (cachedData === void 0 || script.cachedDataRejected === true))
    process.once("exit", (code) => {
      if (code !== EXIT.usage) storeBytecode(place2, script);
    });
  const module = { exports: {} };
  const compiled = script.runInThisContext();
  compiled.call(
    module.exports,
    module.exports,
    createRequire(options.bundle),
    module,
    options.bundle,
    join(options.bundle, "..")
  );
}
function readBundleSource(bundle) {
  const bytes = readFileSync(bundle);
  return isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
}
function cacheFile(options) {
  let key;
  try {
    const stat = statSync(options.bundle, { bigint: true });
    key = `${stat.size}-${stat.mtimeNs}-${stat.ctimeNs}-${stat.ino}-${process.version}-${process.arch}`;
  } catch {
    return null;
  }
  const command = /^[a-z][a-z-]{0,31}$/.test(options.command) ? options.command : "other";
  const prefix = `cli-${command}-`;
  const dir = options.cacheDir;
  return { dir, file: join(dir, `${prefix}${key}.v8`), prefix };
}
function readOwnFile(path, uid2) {
  let fd;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return void 0;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.uid !== uid2 || (stat.mode & 63) !== 0 || stat.size > MAX_CACHE_BYTES)
      return void 0;
    const data = Buffer.alloc(stat.size);
    let read = 0;
    while (read < data.length) {
      const got = readSync(fd, data, read, data.length - read, read);
      if (got === 0) return void 0;
      read += got;
    }
    return data;
  } catch {
    return void 0;
  } finally {
    closeSync(fd);
  }
}
var KEPT_PER_COMMAND = 3;
function storeBytecode(place2, script) {
  const temp = join(place2.dir, `.${process.pid}-${Date.now()}.tmp`);
  try {
    writeFileSync(temp, script.createCachedData(), { mode: 384, flag: "wx" });
    renameSync(temp, place2.file);
    const older = readdirSync(place2.dir).filter((name) => name.startsWith(place2.prefix) && join(place2.dir, name) !== place2.file).map((name) => ({ path: join(place2.dir, name), written: lstatSync(join(place2.dir, name)).mtimeMs })).sort((a, b) => b.written - a.written);
    for (const { path } of older.slice(KEPT_PER_COMMAND - 1)) unlinkSync(path);
  } catch {
    try {
      unlinkSync(temp);
    } catch {
    }
  }
}

// src/cli/launch.ts
var uid = process.getuid?.() ?? -1;
var place = process.env.NODE_DISABLE_COMPILE_CACHE ? null : privateCacheDirectory({ env: process.env, uid, home: homedir(), name: "cli-bytecode" });
runBundleWithBytecodeCache({
  bundle: join2(dirname(fileURLToPath(import.meta.url)), "cli-main.cjs"),
  cacheDir: place?.enabled ? place.directory : null,
  command: process.argv[2] ?? "",
  uid
});
