#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  child_process,
  crypto,
  fs,
  os,
  path,
  stream,
  util
} from "./chunk-VQNS2R6Y.js";
import "./chunk-C24IPAXU.js";
export {
  child_process,
  crypto,
  fs,
  os,
  path,
  stream,
  util
};
