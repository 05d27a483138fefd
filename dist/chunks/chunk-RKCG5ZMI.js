#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  relayBeside
} from "./chunk-U6BMVJCF.js";

// src/cli/io.ts
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
      ...relayScriptBeside(process.argv[1])
    } : void 0
  };
}
function relayScriptBeside(entry) {
  const relay = relayBeside(entry);
  return relay ? { relayScript: relay } : {};
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
