import module from 'node:module';

// Node 22.1+ keeps compiled bytecode between runs (a no-op on older Node); set before the Action loads.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { run } = await import('./run.js');
await run();
