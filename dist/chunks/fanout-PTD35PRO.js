#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-PUSBSDZG.js";
import "./chunk-RJWAUGZD.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-L3YLJRNF.js";
import "./chunk-S7LLIZ5U.js";
import "./chunk-SDXGCCTO.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-ODXQUIKJ.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-6JF6XMHL.js";
import "./chunk-WGFAXVFW.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
