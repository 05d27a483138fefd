#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-QQ4FZXF6.js";
import "./chunk-FBMETBC3.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-A2QYK2VY.js";
import "./chunk-N7MCIPWI.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-6MZ7P4JV.js";
import "./chunk-75OY62DH.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
