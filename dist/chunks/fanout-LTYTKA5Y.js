#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-OZ2W6Y6I.js";
import "./chunk-LHJVU2YZ.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-L3YLJRNF.js";
import "./chunk-NDZTFOVF.js";
import "./chunk-BKQUYXIW.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-ODXQUIKJ.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-FZC5OKRP.js";
import "./chunk-6LO3X56A.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
