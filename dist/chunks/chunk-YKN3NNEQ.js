#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  abortedExit,
  exportSessionBundle,
  relativeOrAbsolute,
  shellQuote
} from "./chunk-IX7B5IET.js";
import {
  refuseLinksInWorkdir
} from "./chunk-NNVJBYBP.js";

// src/cli/parent-output.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
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
  refuseLinksInWorkdir(options.workdir, options.pagePath, "the HTML page", "--output");
  mkdirSync(dirname(options.pagePath), { recursive: true });
  refuseLinksInWorkdir(options.workdir, options.pagePath, "the HTML page", "--output");
  const completed = result;
  writeFileSync(options.pagePath, options.page(completed, verifyCommand));
  return { completed, bundlePath, verifyCommand };
}

export {
  finishParentSession
};
