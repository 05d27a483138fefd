#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-6I77DT4R.js";
import "./chunk-G7P4Z2JA.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-WA4AT6AA.js";
import "./chunk-RBWIAILG.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-2SVCUDIN.js";
import "./chunk-H6NUH2ET.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
