#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  enablePrivateCompileCache
} from "./chunks/chunk-JM5N4WGL.js";
import "./chunks/chunk-C24IPAXU.js";

// src/cli/index.ts
import module from "node:module";
import { homedir } from "node:os";
enablePrivateCompileCache({
  enable: module.enableCompileCache,
  env: process.env,
  uid: process.getuid?.() ?? -1,
  home: homedir()
});
var { run } = await import("./chunks/run-EGPDUJMK.js");
process.exitCode = await run(process.argv.slice(2));
