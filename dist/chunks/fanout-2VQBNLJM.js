#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-YZK3CMRQ.js";
import "./chunk-MBDAQUMF.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-ISKDMLUA.js";
import "./chunk-DEW5WM6L.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-45ML6H37.js";
import "./chunk-P6NXIPVX.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
