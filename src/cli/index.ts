import module from 'node:module';
import { homedir } from 'node:os';
import { enablePrivateCompileCache } from '../core/private-compile-cache.js';

// Node 22.1+ keeps compiled bytecode between runs, in a directory only this user can write (never the
// shared temp directory: see private-compile-cache.ts); set before the CLI loads.
enablePrivateCompileCache({
  enable: (module as { enableCompileCache?: (directory: string) => unknown }).enableCompileCache,
  env: process.env,
  uid: process.getuid?.() ?? -1,
  home: homedir(),
});
const { run } = await import('./run.js');
process.exitCode = await run(process.argv.slice(2));
