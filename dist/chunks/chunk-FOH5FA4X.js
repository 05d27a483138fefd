#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  abortedExit,
  bundlePathFor,
  relativeOrAbsolute,
  shellQuote
} from "./chunk-WD3JHZUR.js";
import {
  createNodeCrypto,
  exportBundleToFile
} from "./chunk-BKRSKTTG.js";

// src/cli/parent-output.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
function finishParentSession(io, options) {
  const { result } = options;
  const bundlePath = bundlePathFor(io, options.workdir, result.sessionId, void 0);
  mkdirSync(dirname(bundlePath), { recursive: true });
  exportBundleToFile(options.store, result.sessionId, createNodeCrypto(), bundlePath);
  if (result.status === "aborted") {
    io.stderr(`truss: ${result.message}
bundle ${bundlePath}
`);
    return { exit: abortedExit(options.signal) };
  }
  const verifyCommand = `npx truss verify ${shellQuote(relativeOrAbsolute(io.cwd, bundlePath))} --key ${options.publicKeyHex}`;
  mkdirSync(dirname(options.pagePath), { recursive: true });
  const completed = result;
  writeFileSync(options.pagePath, options.page(completed, verifyCommand));
  return { completed, bundlePath, verifyCommand };
}

export {
  finishParentSession
};
