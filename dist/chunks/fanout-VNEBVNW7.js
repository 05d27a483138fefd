#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-XTG2B4ZB.js";
import "./chunk-C34O5RO3.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-ZIMO6YYL.js";
import "./chunk-VBKC4CTE.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-XKP2K3GV.js";
import "./chunk-536WH4M2.js";
import "./chunk-TYQJLBAH.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
