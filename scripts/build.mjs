// Builds dist/ from src/ with esbuild. `node scripts/build.mjs --outdir DIR` builds elsewhere (check-dist).
import { isAscii } from 'node:buffer';
import { chmodSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { bundledBetterSqlite } from './build-sqlite-plugin.mjs';

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } });

/**
 * ES module entry points shipped in dist/ (their shared and lazily imported code in dist/chunks/);
 * native better-sqlite3 stays external (installed per Node ABI). dist/app.js default-exports the
 * Probot app function; it imports only types from probot, so the Probot runtime
 * (`probot run ./dist/app.js`) comes from node_modules, never from the bundle.
 */
export const ENTRIES = { app: 'src/app/index.ts' };
/**
 * dist/cli.cjs (the installed `truss`) and dist/action.cjs (what action.yml runs): small CommonJS
 * files that start dist/cli-main.cjs and dist/action-main.cjs. CommonJS because an ES module entry
 * makes Node load its ES module loader and read package.json scopes before the first line of Truss
 * runs: about 8 ms of every command and every job (docs/performance.md).
 */
export const LAUNCHERS = { 'cli.cjs': 'src/cli/launch.ts', 'action.cjs': 'src/action/index.ts' };
/**
 * dist/cli-main.cjs and dist/action-main.cjs: the whole CLI and the whole Action, each as ONE
 * CommonJS file, which dist/cli.cjs (src/cli/launch.ts) and dist/action.cjs (src/action/index.ts) run
 * with V8's bytecode kept between runs where a private cache directory allows (src/core/bytecode-cache.ts);
 * an ES module cannot be given cached bytecode on Node 20. Lazily imported code stays lazy: esbuild
 * wraps each such module in a function run on first use.
 */
export const MAIN_ENTRIES = { 'cli-main.cjs': 'src/cli/main.ts', 'action-main.cjs': 'src/action/main.ts' };
/**
 * Each main bundle is written as the function Node would wrap a CommonJS file in; src/core/bytecode-cache.ts
 * (BUNDLE_WRAPPER_START) compiles such a file as it is, and test/cli/bundle-source.test.ts holds the two equal.
 */
const MAIN_WRAPPER_START = '(function (exports, require, module, __filename, __dirname) {';
const MAIN_WRAPPER_END = '\n})';
/**
 * dist/relay.js: the relay of `[executor] tools = "truss"` as ONE self-contained file (no chunks, no
 * dependency), so the Action can copy it where the sandbox can read it (src/cli/relay.ts).
 */
export const RELAY_ENTRY = 'src/cli/relay.ts';

/**
 * zod re-exports all ~60 of its message locales (`z.locales`, ~500 KB) from its entry point, so every
 * command that validates a contract would parse them at start-up. Truss only uses English (zod's
 * default, imported by zod directly from `locales/en.js`): the namespace keeps `en` and drops the rest.
 */
const REPO_ROOT = join(import.meta.dirname, '..');
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? {
            // Relative to the repository, so the bundle (and its chunk hashes) does not depend on
            // where the checkout lives.
            path: relative(REPO_ROOT, join(dirname(args.importer), '../locales/index.js')),
            namespace: 'zod-english-only',
          }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from './en.js';\n",
      resolveDir: dirname(resolve(REPO_ROOT, args.path)),
      loader: 'js',
    }));
  },
};

/**
 * `import { z } from 'zod'` is a namespace of everything zod exports, so the bundle kept all of zod
 * (every string format, codecs, JSON Schema output: about 290 KB the Action compiled on every job).
 * src/ reaches zod only through `z.NAME`: each file under src/ that imports `zod` gets a `z` holding
 * only the members src/ calls (`z.string(...)`) or reads as constants (`z.NEVER`), so esbuild drops
 * the rest. Type-only names (`z.infer`, `z.ZodType`, ...) are erased by then. Fails the build on
 * anything this scan cannot see: `z` reached by a computed name or used other than as `z.NAME`, or
 * a member neither called, a constant, nor one of the type names.
 */
const ZOD_TYPE_NAMES = new Set(['infer', 'input', 'output', 'ZodType', 'ZodOptional', 'ZodLazy', 'core']);
const zodUsedMembers = {
  name: 'zod-used-members',
  setup(build) {
    const src = join(REPO_ROOT, 'src');
    build.onResolve({ filter: /^zod$/ }, (args) =>
      args.importer.startsWith(src + sep) ? { path: 'zod', namespace: 'zod-used-members' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-used-members' }, () => {
      const used = new Set();
      for (const file of readdirSync(src, { recursive: true })) {
        if (!file.endsWith('.ts')) continue;
        const source = readFileSync(join(src, file), 'utf8');
        if (!/from 'zod'/.test(source)) continue;
        if (/(?<![\w.$])z\s*\[/.test(source))
          throw new Error(
            `src/${file} reaches zod's z by a computed name (scripts/build.mjs, zod-used-members)`,
          );
        // `z` handed on as a value (an argument, an alias) would be reached where this scan cannot see.
        const body = source.replace(/^import[^;]*from 'zod';$/gm, '');
        if (/(?<![\w.$'"`/-])z(?![\w$])(?!\s*[.[])/.test(body))
          throw new Error(
            `src/${file} uses zod's z other than as z.NAME (scripts/build.mjs, zod-used-members)`,
          );
        for (const [, name, after] of source.matchAll(/(?<![\w.$])z\s*\.\s*([A-Za-z_$][\w$]*)(\s*\(?)/g)) {
          if (after.trim() === '(' || /^[A-Z][A-Z_]*$/.test(name)) used.add(name);
          else if (!ZOD_TYPE_NAMES.has(name))
            throw new Error(
              `src/${file}: z.${name} is neither called, a constant nor a type name (scripts/build.mjs, zod-used-members)`,
            );
        }
      }
      const names = [...used].sort();
      return {
        contents: `import { ${names.map((n, i) => `${n} as m${i}`).join(', ')} } from 'zod';\nexport const z = { ${names.map((n, i) => `${JSON.stringify(n)}: m${i}`).join(', ')} };\n`,
        resolveDir: REPO_ROOT,
        loader: 'js',
      };
    });
  },
};

/**
 * The repository's package.json as the bundles see it: its version alone, which is all src/ reads
 * (`pkg.version`; the build fails on any other use). Bundled whole, it carried the scripts and the
 * dependency lists into every bundle, and any change to them — a new npm script — made dist/ stale.
 */
const packageVersionOnly = {
  name: 'package-version-only',
  setup(build) {
    const packageJson = join(REPO_ROOT, 'package.json');
    const src = join(REPO_ROOT, 'src');
    build.onLoad({ filter: /[\\/]package\.json$/ }, (args) => {
      if (resolve(args.path) !== packageJson) return undefined;
      for (const file of readdirSync(src, { recursive: true })) {
        if (!file.endsWith('.ts')) continue;
        const source = readFileSync(join(src, file), 'utf8');
        const imported = /^import (\w+) from '(?:\.\.\/)+package\.json'/m.exec(source);
        if (!imported) continue;
        const name = imported[1];
        const body = source.replace(imported[0], '');
        const uses = [...body.matchAll(new RegExp(`(?<![\\w.$])${name}(?![\\w$])(\\.\\w+)?`, 'g'))];
        const other = uses.find(([, member]) => member !== '.version');
        if (other)
          throw new Error(
            `src/${file} uses package.json's ${other[0]}; the bundles carry only its version (scripts/build.mjs, package-version-only)`,
          );
      }
      const { version } = JSON.parse(readFileSync(packageJson, 'utf8'));
      return { contents: JSON.stringify({ version }), loader: 'json' };
    });
  },
};

/**
 * Packages the CLI and the Action import lazily and only for one kind of run, built into files of
 * their own beside cli-main.cjs and action-main.cjs and required on first use: every start reads,
 * checks and keeps in memory the whole of its main bundle (src/core/bytecode-cache.ts), and the
 * Anthropic SDK alone was 715 KB of the CLI's 2.5 MB, used only by in-loop runs on the Anthropic
 * provider; the artifact and attestation clients are 3 MB the Action loads only to upload or attest
 * (docs/performance.md).
 */
const MCP_SDK_PARTS = [
  'client/index.js',
  'client/streamableHttp.js',
  'shared/stdio.js',
  'server/index.js',
  'server/stdio.js',
  'types.js',
];
const SIDE_FILES = {
  'cli-anthropic.cjs': {
    entry: "export * from '@anthropic-ai/sdk';\nexport { default } from '@anthropic-ai/sdk';\n",
    filter: /^@anthropic-ai\/sdk$/,
  },
  // The parts src/core/mcp/sdk.ts imports, in one file so the code they share is there once.
  'cli-mcp.cjs': {
    entry: MCP_SDK_PARTS.map((part) => `export * from '@modelcontextprotocol/sdk/${part}';\n`).join(''),
    filter: /^@modelcontextprotocol\/sdk\//,
  },
  'action-artifact.cjs': { entry: "export * from '@actions/artifact';\n", filter: /^@actions\/artifact$/ },
  'action-attest.cjs': { entry: "export * from '@actions/attest';\n", filter: /^@actions\/attest$/ },
};
/** The side files each main bundle requires (the CLI never uploads artifacts or attests). */
const CLI_SIDE_FILES = ['cli-anthropic.cjs', 'cli-mcp.cjs'];
const ACTION_SIDE_FILES = [...CLI_SIDE_FILES, 'action-artifact.cjs', 'action-attest.cjs'];
function sideFiles(names) {
  return {
    name: 'side-files',
    setup(build) {
      for (const name of names)
        build.onResolve({ filter: SIDE_FILES[name].filter }, (args) => {
          if (args.kind !== 'dynamic-import')
            throw new Error(`${args.importer} imports ${args.path} eagerly; it is loaded on first use only`);
          return { path: name, namespace: 'side-file' };
        });
      // An ES module naming each export of the side file as built (`default` included): `import()` of a
      // CommonJS stand-in would hand back its whole `module.exports` as `default`, as Node does, and
      // `new sdk.default()` was then no constructor. Its require resolves beside the main bundle at run time.
      build.onResolve({ filter: /.*/, namespace: 'side-file' }, () => ({ external: true }));
      build.onLoad({ filter: /.*/, namespace: 'side-file' }, (args) => ({
        contents: [
          `const side = require('./${args.path}');`,
          ...sideFileExports(args.path).map((name) =>
            name === 'default' ? 'export default side.default;' : `export const ${name} = side.${name};`,
          ),
          '',
        ].join('\n'),
        loader: 'js',
      }));
    },
  };
}

/** The names a built side file exports: what its stand-in in a main bundle re-exports. */
function sideFileExports(name) {
  const exported = createRequire(import.meta.url)(join(resolve(values.outdir), name));
  const names = Object.keys(exported).filter((key) => key !== '__esModule' && /^[A-Za-z_$][\w$]*$/.test(key));
  if (names.length === 0) throw new Error(`${name} exports nothing (scripts/build.mjs, cli-side-files)`);
  return names;
}

/**
 * `@actions/core` imports its OIDC client (and through it @actions/http-client with a bundled undici,
 * about 800 KB) at load, for `getIDToken` alone — which only `attest: true` calls, through
 * @actions/attest. The OIDC client is loaded when `getIDToken` is called instead, so every other
 * Action run starts without it. Fails the build if @actions/core's source no longer matches.
 */
const actionsCoreLazyOidc = {
  name: 'actions-core-lazy-oidc',
  setup(build) {
    build.onLoad({ filter: /[\\/]@actions[\\/]core[\\/]lib[\\/]core\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const eager = "import { OidcClient } from './oidc-utils.js';";
      const call = 'return yield OidcClient.getIDToken(aud);';
      if (!source.includes(eager) || !source.includes(call))
        throw new Error(
          `${args.path} changed: update the actions-core-lazy-oidc plugin in scripts/build.mjs`,
        );
      return {
        contents: source
          .replace(eager, '')
          .replace(call, `const { OidcClient } = yield import('./oidc-utils.js');\n        ${call}`),
        loader: 'js',
      };
    });
  },
};

/**
 * `@octokit/plugin-rest-endpoint-methods` describes all of GitHub's ~1,100 REST methods (82 KB) and
 * indexes every one when loaded, on every Action job and App start. Only the `octokit.rest.SCOPE.METHOD`
 * calls written in src/ are kept (found by reading src/; the type checker has already checked each
 * against the full list). Fails the build when one is missing from the list, or when src/ reaches
 * `octokit.rest` by a computed name, which this scan cannot see.
 */
const octokitUsedEndpoints = {
  name: 'octokit-used-endpoints',
  setup(build) {
    build.onLoad(
      {
        filter:
          /[\\/]@octokit[\\/]plugin-rest-endpoint-methods[\\/]dist-src[\\/]generated[\\/]endpoints\.js$/,
      },
      async (args) => {
        const all = (await import(pathToFileURL(args.path).href)).default;
        const used = {};
        for (const file of readdirSync(join(REPO_ROOT, 'src'), { recursive: true })) {
          if (!file.endsWith('.ts')) continue;
          const source = readFileSync(join(REPO_ROOT, 'src', file), 'utf8');
          if (/[\w)\]]\.rest\s*[[),;]/.test(source))
            throw new Error(
              `src/${file} reaches octokit.rest by a computed name: call octokit.rest.SCOPE.METHOD by name (scripts/build.mjs, octokit-used-endpoints)`,
            );
          for (const [, scope, method] of source.matchAll(/\.rest\.([A-Za-z]+)\.([A-Za-z]+)\b/g)) {
            const endpoint = all[scope]?.[method];
            if (!endpoint)
              throw new Error(`src/${file}: octokit.rest.${scope}.${method} is not in ${args.path}`);
            used[scope] = { ...used[scope], [method]: endpoint };
          }
        }
        return { contents: `export default ${JSON.stringify(used)};\n`, loader: 'js' };
      },
    );
  },
};

// Start clean: chunk names carry content hashes, so stale chunks would otherwise pile up.
rmSync(values.outdir, { recursive: true, force: true });

await build({
  entryPoints: ENTRIES,
  outdir: values.outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Lazily imported code (model SDKs, the artifact client, rarely used commands) goes to chunks loaded on demand.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  external: ['better-sqlite3', 'probot'],
  // Bundled CommonJS dependencies (debug, among others) call require(); give the ESM bundle one.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __trussCreateRequire } from 'node:module';\nconst require = __trussCreateRequire(import.meta.url);",
  },
  legalComments: 'none',
  // The Action starts on a fresh runner with nothing compiled (docs/performance.md, "What the action
  // adds"): V8 scans every chunk it imports, so whitespace and comments are bytes it reads for nothing,
  // and one non-ASCII character in a comment made a whole chunk a two-byte string. Names are kept, so
  // stack traces and error messages read the same.
  minifyWhitespace: true,
  minifySyntax: true,
  plugins: [zodEnglishOnly, zodUsedMembers, actionsCoreLazyOidc, octokitUsedEndpoints, packageVersionOnly],
  logLevel: 'warning',
});
for (const file of readdirSync(values.outdir, { recursive: true }))
  if (file.endsWith('.js')) refuseNonAscii(join(values.outdir, file));
/**
 * What every CommonJS file of dist/ is built with: one file for Node 20, without comments or
 * whitespace (the file V8 reads, hashes and on a first run parses is much smaller); names are kept,
 * so stack traces and error messages read the same.
 */
const COMMONJS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
};
// Built first: the main bundles' stand-ins re-export what each of them exports.
for (const [name, { entry }] of Object.entries(SIDE_FILES)) {
  await build({
    ...COMMONJS,
    stdin: { contents: entry, resolveDir: REPO_ROOT, sourcefile: name },
    outfile: join(values.outdir, name),
    // Parts of @actions/artifact are ES modules that make a require() from their own URL.
    define: { 'import.meta.url': '__trussSideFileUrl' },
    banner: { js: "const __trussSideFileUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  refuseNonAscii(join(values.outdir, name));
}
const MAIN_PLUGINS = {
  'cli-main.cjs': [sideFiles(CLI_SIDE_FILES)],
  'action-main.cjs': [actionsCoreLazyOidc, sideFiles(ACTION_SIDE_FILES)],
};
for (const [name, entry] of Object.entries(MAIN_ENTRIES)) {
  await build({
    ...COMMONJS,
    entryPoints: [entry],
    outfile: join(values.outdir, name),
    // better-sqlite3's JavaScript is bundled, its addon is not (scripts/build-sqlite-plugin.mjs).
    external: ['probot', 'better-sqlite3/package.json'],
    // The one use of import.meta (private-dirs.ts finds the install root from its own file).
    define: { 'import.meta.url': '__trussBundleUrl' },
    // The file is already the function the launcher compiles (src/core/bytecode-cache.ts), so it hands
    // V8 the text it read instead of a wrapped copy of all of it.
    banner: {
      js: `${MAIN_WRAPPER_START}const __trussBundleUrl = require('node:url').pathToFileURL(__filename).href;`,
    },
    footer: { js: MAIN_WRAPPER_END },
    plugins: [
      zodEnglishOnly,
      zodUsedMembers,
      octokitUsedEndpoints,
      packageVersionOnly,
      ...MAIN_PLUGINS[name],
      bundledBetterSqlite(),
    ],
  });
  refuseNonAscii(join(values.outdir, name));
}
await build({
  entryPoints: [RELAY_ENTRY],
  outfile: join(values.outdir, 'relay.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: '#!/usr/bin/env node' },
  legalComments: 'none',
  logLevel: 'warning',
});
for (const [name, entry] of Object.entries(LAUNCHERS)) {
  await build({
    ...COMMONJS,
    entryPoints: [entry],
    outfile: join(values.outdir, name),
    // The launcher finds the main bundle beside itself from its own URL.
    define: { 'import.meta.url': '__trussLauncherUrl' },
    banner: {
      js: "#!/usr/bin/env node\nconst __trussLauncherUrl = require('node:url').pathToFileURL(__filename).href;",
    },
  });
  refuseNonAscii(join(values.outdir, name));
  chmodSync(join(values.outdir, name), 0o755);
}

/**
 * dist/cli-main.cjs is read as Latin-1 when it is all ASCII (src/core/bytecode-cache.ts): one
 * non-ASCII character (esbuild leaves them in regular expression literals) made Node decode the
 * whole bundle as UTF-8 into a two-byte string, about 10 ms more on every `truss` start
 * (docs/performance.md). The ES modules the Action and the App import are kept ASCII for the same
 * reason: V8 scans a two-byte source more slowly, and the Action compiles all of its code afresh on
 * every job. Fails the build with the place to fix.
 */
function refuseNonAscii(file) {
  const bytes = readFileSync(file);
  if (isAscii(bytes)) return;
  const text = bytes.toString('utf8');
  let at = 0;
  while (text.charCodeAt(at) <= 0x7f) at++;
  const line = text.slice(0, at).split('\n').length;
  throw new Error(
    `${file} has a non-ASCII character (U+${text.codePointAt(at).toString(16).toUpperCase().padStart(4, '0')}) on line ${line}, in ${JSON.stringify(text.slice(Math.max(0, at - 60), at + 20))}: write it as a \\u escape in the source`,
  );
}
