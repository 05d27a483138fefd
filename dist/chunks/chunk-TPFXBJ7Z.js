#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  abortedExit,
  exportSessionBundle,
  relativeOrAbsolute,
  shellQuote
} from "./chunk-ZYEDR7CY.js";
import {
  makeOutputDir
} from "./chunk-YFM4MSV3.js";
import {
  writeFileAtomic
} from "./chunk-P2CFU6IE.js";

// src/cli/parent-output.ts
function finishParentSession(io, options) {
  const { result } = options;
  const bundlePath = exportSessionBundle(io, options.store, {
    workdir: options.workdir,
    sessionId: result.sessionId,
    bundle: void 0
  });
  if (result.status === "aborted") {
    io.stderr(`truss: ${result.message}
bundle ${bundlePath}
`);
    return { exit: abortedExit(options.signal) };
  }
  const verifyCommand = `npx truss verify ${shellQuote(relativeOrAbsolute(io.cwd, bundlePath))} --key ${options.publicKeyHex}`;
  makeOutputDir(options.workdir, options.pagePath, "the HTML page", "--output");
  const completed = result;
  writeFileAtomic(options.pagePath, options.page(completed, verifyCommand));
  return { completed, bundlePath, verifyCommand };
}

export {
  finishParentSession
};
