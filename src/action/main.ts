import { run } from './run.js';

// The Action as one CommonJS bundle (dist/action-main.cjs), started by dist/action.cjs (index.ts).
// run() reports its own failures through the step; anything it lets escape still fails the step.
run().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
