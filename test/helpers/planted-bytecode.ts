import { spawnSync } from 'node:child_process';

/**
 * Bytecode that V8 accepts for a Truss main bundle (dist/cli-main.cjs, dist/action-main.cjs): compiled
 * (in a plain `node`, as the launchers start) from a source of the bundle's exact length whose body
 * prints PWNED, run once with a guard so its function body is compiled into the cache. What someone
 * who can write the cache directory would plant (test/cli/bytecode-cache.test.ts,
 * test/action/action-bytecode.test.ts).
 */
export function plantableBytecode(bundle: string, out: string): void {
  const planter = `
    const fs = require('node:fs'); const vm = require('node:vm');
    const [bundle, out] = process.argv.slice(1);
    const length = fs.readFileSync(bundle, 'utf8').length;
    const payload = 'if (globalThis.__planting) return; process.stdout.write("PWNED\\\\n"); process.exit(0);';
    // The bundle is already the function the launcher compiles: same start and end, same length.
    const start = '(function (exports, require, module, __filename, __dirname) {';
    const end = '\\n})\\n';
    const source = start + payload + ' '.repeat(length - start.length - payload.length - end.length) + end;
    const script = new vm.Script(source, {
      filename: bundle,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    globalThis.__planting = true;
    script.runInThisContext()();
    fs.writeFileSync(out, script.createCachedData());
  `;
  const made = spawnSync(process.execPath, ['-e', planter, bundle, out], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`could not make the planted bytecode: ${made.stderr}`);
}
