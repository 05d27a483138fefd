#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-CINXW5EY.js";
import "./chunk-ZCDHXHGU.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-YJ2QNCGJ.js";
import "./chunk-C4BCOU7Q.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-536WH4M2.js";
import "./chunk-TYQJLBAH.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
