// esbuild plugin for dist/cli-main.cjs and dist/action-main.cjs: better-sqlite3's JavaScript goes into the bundle, its native
// addon stays where npm installed it. See docs/performance.md ("What a `truss run` spends its
// start-up on") for why, and src/core/bytecode-cache.ts for how the bundle is run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const REPO_ROOT = join(import.meta.dirname, '..');
const NAMESPACE = 'truss-better-sqlite3';
/** The one line of better-sqlite3's lib/database.js that finds the addon (through `bindings`). */
const ADDON_LOOKUP = "require('bindings')('better_sqlite3.node')";

/**
 * Loading better-sqlite3's thirteen small files through Node's CommonJS loader took about as long as
 * reading the rest of the CLI (the loader resolves, reads and compiles each one cold, every start);
 * bundled, they are compiled once into the CLI's kept bytecode. The JavaScript and the native addon
 * must be the same release: the bundle uses its copy only when the installed package.json names the
 * version it was built from, and otherwise loads the installed package as before. The addon is loaded
 * from the installed package's build/Release, else found by `bindings` from that package's directory,
 * as better-sqlite3 itself does. Fails the build if lib/database.js no longer finds its addon that way.
 */
export function bundledBetterSqlite() {
  const require = createRequire(join(REPO_ROOT, 'package.json'));
  const manifest = require.resolve('better-sqlite3/package.json');
  const version = JSON.parse(readFileSync(manifest, 'utf8')).version;
  const database = join(dirname(manifest), 'lib', 'database.js');
  return {
    name: 'bundled-better-sqlite3',
    setup(build) {
      build.onResolve({ filter: /^better-sqlite3$/ }, () => ({
        path: 'better-sqlite3',
        namespace: NAMESPACE,
      }));
      build.onResolve({ filter: /^truss-sqlite-addon$/ }, () => ({ path: 'addon', namespace: NAMESPACE }));
      build.onLoad({ filter: /^better-sqlite3$/, namespace: NAMESPACE }, () => ({
        contents: chooser(version),
        resolveDir: dirname(manifest),
        loader: 'js',
      }));
      build.onLoad({ filter: /^addon$/, namespace: NAMESPACE }, () => ({
        contents: ADDON_LOADER,
        loader: 'js',
      }));
      build.onLoad({ filter: /[\\/]better-sqlite3[\\/]lib[\\/]database\.js$/ }, (args) => {
        if (args.path !== database) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (source.split(ADDON_LOOKUP).length !== 2)
          throw new Error(`${args.path} changed: update scripts/build-sqlite-plugin.mjs`);
        return {
          contents: source.replace(ADDON_LOOKUP, "require('truss-sqlite-addon').load()"),
          loader: 'js',
        };
      });
    },
  };
}

/** `better-sqlite3` as the bundle sees it: the bundled copy when the installed release is the same. */
function chooser(version) {
  return `'use strict';
const { readFileSync } = require('node:fs');
const { dirname } = require('node:path');
const manifest = require.resolve('better-sqlite3/package.json');
const installed = JSON.parse(readFileSync(manifest, 'utf8')).version;
if (installed === ${JSON.stringify(version)}) {
  require('truss-sqlite-addon').packageDir = dirname(manifest);
  module.exports = require('./lib/index.js');
} else {
  module.exports = require(dirname(manifest));
}
`;
}

const ADDON_LOADER = `'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
exports.packageDir = undefined;
exports.load = () => {
  const dir = exports.packageDir;
  const built = join(dir, 'build', 'Release', 'better_sqlite3.node');
  if (existsSync(built)) return require(built);
  return require(require.resolve('bindings', { paths: [dir] }))({ bindings: 'better_sqlite3.node', module_root: dir });
};
`;
