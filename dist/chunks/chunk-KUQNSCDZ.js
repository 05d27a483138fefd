#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  relayBeside
} from "./chunk-U6BMVJCF.js";
import {
  logLines
} from "./chunk-SNYT3JXL.js";

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
  io.stdout(json ? `${jsonText(value)}
` : `${logLines(human())}
`);
}
function jsonText(value) {
  return (JSON.stringify(value, null, 2) ?? "null").replace(/##\[/g, "##\\u005b").replace(/[\u0085\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
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
  jsonText,
  printHelp,
  UsageError
};
