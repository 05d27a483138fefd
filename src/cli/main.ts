import { run } from './run.js';

// The CLI as one CommonJS bundle (dist/cli-main.cjs), started by dist/cli.cjs (launch.ts).
run(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
