import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildSync } from 'esbuild';

const built = new Map<string, string>();

/**
 * A TypeScript script that tests start in child processes, bundled once per worker with esbuild (as
 * scripts/build.mjs builds dist/ from src/): the child runs plain JavaScript. `--import tsx` spent
 * over a second of CPU per start loading and transforming the same sources again in every child.
 * The script and what it imports must not reach packages with native parts (they are bundled).
 */
export function bundledScript(script: string): string {
  const known = built.get(script);
  if (known !== undefined) return known;
  const outfile = join(
    mkdtempSync(join(tmpdir(), 'truss-bundled-')),
    basename(script).replace(/\.ts$/, '.mjs'),
  );
  buildSync({
    entryPoints: [script],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    // CommonJS dependencies bundled into an ES module still call require() for Node's built-ins.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  built.set(script, outfile);
  return outfile;
}
