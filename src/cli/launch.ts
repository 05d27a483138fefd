import { launchBundle } from '../core/bytecode-cache.js';
import { EXIT } from './exit-codes.js';

// The installed `truss` (dist/cli.cjs, built as CommonJS): the CLI itself is the CommonJS bundle
// beside this file, started with its bytecode kept in a directory only this user can write
// (src/core/bytecode-cache.ts).
// NODE_DISABLE_COMPILE_CACHE turns that off, as it does Node's own cache.
launchBundle({
  launcher: import.meta.url,
  bundle: 'cli-main.cjs',
  cache: 'cli-bytecode',
  program: 'cli',
  command: process.argv[2] ?? '',
  keepNothingOnExit: EXIT.usage,
});
