#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-YVWLGKMZ.js";
import "./chunk-UKDP3UWU.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-QV7YAAHD.js";
import "./chunk-AZWWX7ZI.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-XUUK5KLF.js";
import "./chunk-MHZJGDZG.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
