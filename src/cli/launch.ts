import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { privateCacheDirectory } from '../core/private-compile-cache.js';
import { runBundleWithBytecodeCache } from './bytecode-cache.js';

// The installed `truss` (dist/cli.js): the CLI itself is the CommonJS bundle beside this file, started
// with its bytecode kept in a directory only this user can write (bytecode-cache.ts).
// NODE_DISABLE_COMPILE_CACHE turns that off, as it does Node's own cache.
const uid = process.getuid?.() ?? -1;
const place = process.env.NODE_DISABLE_COMPILE_CACHE
  ? null
  : privateCacheDirectory({ env: process.env, uid, home: homedir(), name: 'cli-bytecode' });
runBundleWithBytecodeCache({
  bundle: join(dirname(fileURLToPath(import.meta.url)), 'cli-main.cjs'),
  cacheDir: place?.enabled ? place.directory : null,
  command: process.argv[2] ?? '',
  uid,
});
