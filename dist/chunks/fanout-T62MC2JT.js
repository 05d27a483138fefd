#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-Q34CKD3V.js";
import "./chunk-WJS2LKOK.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-BJH25VP7.js";
import "./chunk-DWXV3ZOF.js";
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
