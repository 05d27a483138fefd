#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-NBJQFZMZ.js";
import "./chunk-XQ2VY7VH.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-26CVVKZK.js";
import "./chunk-Q26FP3XX.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-IQA6NFTT.js";
import "./chunk-MT2XISRQ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
