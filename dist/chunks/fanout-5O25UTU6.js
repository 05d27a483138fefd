#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-EFIK4GKE.js";
import "./chunk-DXHPQJB6.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-VR3ZXWUT.js";
import "./chunk-PL57ZSET.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-536WH4M2.js";
import "./chunk-TYQJLBAH.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
