import module from 'node:module';
import { homedir } from 'node:os';
import { launchBundle } from '../core/bytecode-cache.js';
import { enablePrivateCompileCache } from '../core/private-compile-cache.js';

// The Action's entry (dist/action.cjs): the Action itself is the CommonJS bundle beside this file,
// started with its bytecode kept, per event, in a directory only this user can write
// (src/core/bytecode-cache.ts): what a self-hosted runner's next job starts from. A GitHub-hosted job
// runs on a fresh machine and would only pay for writing bytecode nobody reads, so it keeps none
// (docs/performance.md). NODE_DISABLE_COMPILE_CACHE turns it off, as it does Node's own cache, which
// Node 22.1+ still keeps, privately, for what the bundle requires from node_modules.
enablePrivateCompileCache({
  enable: (module as { enableCompileCache?: (directory: string) => unknown }).enableCompileCache,
  env: process.env,
  uid: process.getuid?.() ?? -1,
  home: homedir(),
});
launchBundle({
  launcher: import.meta.url,
  bundle: 'action-main.cjs',
  cache: 'action-bytecode',
  program: 'action',
  command: (process.env.GITHUB_EVENT_NAME ?? '').replaceAll('_', '-'),
  keep: process.env.RUNNER_ENVIRONMENT !== 'github-hosted',
});
