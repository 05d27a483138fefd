#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/cli/io.ts
import { existsSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
function processIo() {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    interactive: Boolean(process.stderr.isTTY),
    trussCommand: process.argv[1] ? {
      command: process.execPath,
      args: [...process.execArgv, process.argv[1]],
      ...bundledRelay(process.argv[1])
    } : void 0
  };
}
function bundledRelay(entry) {
  try {
    const relay = join(dirname(realpathSync(entry)), "relay.js");
    return existsSync(relay) ? { relayScript: relay } : {};
  } catch {
    return {};
  }
}
function emit(io, json, value, human) {
  io.stdout(json ? `${JSON.stringify(value, null, 2)}
` : `${human()}
`);
}
function printHelp(io, text) {
  io.stdout(`${text}
`);
  return 0;
}

// src/cli/usage-error.ts
var UsageError = class extends Error {
  name = "UsageError";
};

export {
  processIo,
  emit,
  printHelp,
  UsageError
};
