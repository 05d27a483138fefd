#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/cli/index.ts
import module from "node:module";
module.enableCompileCache?.();
var { run } = await import("./chunks/run-NPZ3IPRV.js");
process.exitCode = await run(process.argv.slice(2));
