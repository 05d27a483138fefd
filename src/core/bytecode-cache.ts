import { isAscii } from 'node:buffer';
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
  writeFileSync,
} from 'node:fs';
import nodeModule, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script, constants as vmConstants } from 'node:vm';
import { exitWhenIdle } from './exit-when-idle.js';
import { privateCacheDirectory } from './private-compile-cache.js';

/** A cache larger than this is not V8's bytecode for a Truss bundle: left unread. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** Where a bundle's bytecode is kept, or null to run without a cache. */
export interface BytecodeCacheOptions {
  /** The CommonJS bundle (dist/cli-main.cjs, dist/action-main.cjs). */
  bundle: string;
  /** A directory only this user can write (private-compile-cache.ts privateCacheDirectory), or null. */
  cacheDir: string | null;
  /** Whose bytecode the files are (`cli`, `action`): the start of each file's name. */
  program: string;
  /** The CLI's subcommand (`run`, `verify`, …), or the Action's: each keeps the bytecode of the code it ran. */
  command: string;
  /** An exit code after which nothing is kept (the CLI's usage error), if any. */
  keepNothingOnExit?: number;
  uid: number;
}

/**
 * What a launcher (dist/cli.cjs, dist/action.cjs) does: runs the main bundle beside it with its bytecode
 * kept in `$XDG_CACHE_HOME/truss/<cache>` (else `~/.cache/truss/<cache>`) when that directory is
 * private to this user, else without. `keep: false` or NODE_DISABLE_COMPILE_CACHE (as for Node's own
 * cache) runs without reading or writing any. The process ends through `process.exit` once it has
 * nothing left to do (exit-when-idle.ts).
 */
export function launchBundle(options: {
  /** The launcher's own `import.meta.url`: the bundle lies beside it. */
  launcher: string;
  bundle: string;
  cache: string;
  program: string;
  command: string;
  keepNothingOnExit?: number;
  keep?: boolean;
}): void {
  exitWhenIdle(process, () => (nodeModule as { flushCompileCache?: () => void }).flushCompileCache?.());
  const uid = process.getuid?.() ?? -1;
  const place =
    options.keep === false || process.env.NODE_DISABLE_COMPILE_CACHE
      ? null
      : privateCacheDirectory({ env: process.env, uid, home: homedir(), name: options.cache });
  runBundleWithBytecodeCache({
    bundle: join(dirname(fileURLToPath(options.launcher)), options.bundle),
    cacheDir: place?.enabled ? place.directory : null,
    program: options.program,
    command: options.command,
    ...(options.keepNothingOnExit === undefined ? {} : { keepNothingOnExit: options.keepNothingOnExit }),
    uid,
  });
}

/**
 * Runs the CLI's or the Action's CommonJS bundle, keeping V8's bytecode for it between runs: loading
 * `truss run` compiled about a fifth of a second of JavaScript on every start, the Action about twice
 * that, and Node 20 has no compile cache of its own. V8 runs whatever bytecode it is given once the source's length matches, so the cache is
 * read only from a directory no other account can write, only as a regular file of this user's that
 * only this user can read or write, and is named after the bundle's size, change time and inode and
 * this Node's version, so an upgraded bundle never meets bytecode made for the old one. Each
 * subcommand (the Action: each event) keeps its own file, written once (atomically) when it is missing or V8 rejected it.
 * See docs/security.md ("Compiled code Truss loads").
 */
export function runBundleWithBytecodeCache(options: BytecodeCacheOptions): void {
  runCompiled(options.bundle, options, options.program, sideFileRequire(options));
}

/**
 * The packages a bundle loads only for some runs are side files beside it (scripts/build.mjs,
 * SIDE_FILES), which its stand-ins require as `./NAME.cjs`: the artifact client alone is 2.8 MB that
 * every Action job reading an artifact compiled afresh through Node's loader. Each is run here instead,
 * once, with its bytecode kept beside the bundle's under the same rules (its files' names start with
 * `PROGRAM.NAME-`). Anything else goes to Node's require.
 */
const SIDE_FILE = /^\.\/([a-z][a-z-]{0,31})\.cjs$/;

function sideFileRequire(options: BytecodeCacheOptions): NodeJS.Require {
  const plain = createRequire(options.bundle);
  const loaded = new Map<string, unknown>();
  const required = (id: string): unknown => {
    const side = SIDE_FILE.exec(id)?.[1];
    if (side === undefined) return plain(id);
    if (!loaded.has(side)) {
      const file = join(options.bundle, '..', `${side}.cjs`);
      loaded.set(side, runCompiled(file, options, `${options.program}.${side}`, createRequire(file)));
    }
    return loaded.get(side);
  };
  return Object.assign(required, plain) as NodeJS.Require;
}

/** Compiles `file` (with its kept bytecode, if any) as a CommonJS module, runs it, returns its exports. */
function runCompiled(
  file: string,
  options: BytecodeCacheOptions,
  owner: string,
  required: NodeJS.Require,
): unknown {
  const source = readBundleSource(file);
  const place = options.cacheDir === null ? null : cacheFile(file, options.cacheDir, owner, options.command);
  const cachedData = place === null ? undefined : readOwnFile(place.file, options.uid);
  const script = new Script(asFunction(source), {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
    importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  // A mistyped command line (the CLI's exit 64) keeps nothing: each misspelt subcommand would leave a file.
  if (place !== null && (cachedData === undefined || script.cachedDataRejected === true))
    process.once('exit', (code) => {
      if (code !== options.keepNothingOnExit) storeBytecode(place, script);
    });
  const module = { exports: {} as unknown };
  const compiled = script.runInThisContext() as (...args: unknown[]) => void;
  compiled.call(module.exports, module.exports, required, module, file, join(file, '..'));
  return module.exports;
}

/**
 * The bundle's text. The build keeps it ASCII (scripts/build.mjs), and ASCII read as Latin-1 is the
 * same text without a UTF-8 decode: Node hands V8 the bytes as a one-byte string. A single non-ASCII
 * character decoded as UTF-8 instead made the whole 2.7 MB a two-byte string, which V8 then copied
 * and scanned at twice the size on every start (docs/performance.md). Anything else is still read
 * as UTF-8, so a bundle built without the check runs the same, only slower.
 */
function readBundleSource(bundle: string): string {
  const bytes = readFileSync(bundle);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/**
 * How the build begins dist/cli-main.cjs (scripts/build.mjs): the file is already the function Node
 * would wrap a CommonJS module in, so V8 compiles the text as read. Wrapping a 1.7 MB string here made
 * V8 flatten a copy of it on every start (about 500 more pages of fresh memory, docs/performance.md).
 */
export const BUNDLE_WRAPPER_START = '(function (exports, require, module, __filename, __dirname) {';

/** The bundle as a function expression: as it is when the build wrote it so, else wrapped here. */
function asFunction(source: string): string {
  return source.startsWith(BUNDLE_WRAPPER_START) ? source : `${BUNDLE_WRAPPER_START}${source}\n})`;
}

interface CachePlace {
  dir: string;
  file: string;
  /** Files of the same subcommand made for another bundle or Node start with this. */
  prefix: string;
}

function cacheFile(file: string, dir: string, owner: string, command: string): CachePlace | null {
  let key: string;
  try {
    const stat = statSync(file, { bigint: true });
    key = `${stat.size}-${stat.mtimeNs}-${stat.ctimeNs}-${stat.ino}-${process.version}-${process.arch}`;
  } catch {
    return null;
  }
  const prefix = `${owner}-${/^[a-z][a-z-]{0,31}$/.test(command) ? command : 'other'}-`;
  return { dir, file: join(dir, `${prefix}${key}.v8`), prefix };
}

/** The file's bytes when it is a regular file of `uid`'s closed to everyone else; else undefined. */
function readOwnFile(path: string, uid: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.uid !== uid || (stat.mode & 0o077) !== 0 || stat.size > MAX_CACHE_BYTES)
      return undefined;
    const data = Buffer.alloc(stat.size);
    let read = 0;
    while (read < data.length) {
      const got = readSync(fd, data, read, data.length - read, read);
      if (got === 0) return undefined;
      read += got;
    }
    return data;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * How many bundles' bytecode each subcommand keeps. One made every other install's next start compile
 * again: two checkouts, a global and a project `truss`, or the old and new build a benchmark compares
 * took turns deleting each other's file, so each of their starts ran without it (docs/performance.md).
 */
const KEPT_PER_COMMAND = 3;

/** Writes the bytecode the run compiled (a new name, then renamed) and drops the command's oldest files. */
function storeBytecode(place: CachePlace, script: Script): void {
  const temp = join(place.dir, `.${process.pid}-${Date.now()}.tmp`);
  try {
    writeFileSync(temp, script.createCachedData(), { mode: 0o600, flag: 'wx' });
    renameSync(temp, place.file);
    const older = readdirSync(place.dir)
      .filter((name) => name.startsWith(place.prefix) && join(place.dir, name) !== place.file)
      .map((name) => ({ path: join(place.dir, name), written: lstatSync(join(place.dir, name)).mtimeMs }))
      .sort((a, b) => b.written - a.written);
    for (const { path } of older.slice(KEPT_PER_COMMAND - 1)) unlinkSync(path);
  } catch {
    // Only a slower next start: the cache is an optimisation, never a reason to fail a command.
    try {
      unlinkSync(temp);
    } catch {}
  }
}
