import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

/**
 * Bundles a bench child script (a file in bench/lib) for plain node — how dist/cli.cjs runs — so the
 * figures it gives are the code's, not the tsx loader's, and its start-up is short and steady. The
 * bundle goes under node_modules/.cache so that the external better-sqlite3 resolves. Returns its path.
 */
export function bundleBenchChild(file: string): string {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const script = join(root, 'node_modules', '.cache', 'truss-bench', file.replace(/\.ts$/, '.mjs'));
  buildSync({
    entryPoints: [join(root, 'bench', 'lib', file)],
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3'],
    // Bundled CommonJS dependencies call require(); give the ESM bundle one.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return script;
}
