#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-D3ZL6HCF.js";
import "./chunk-T6SOVKBT.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-L3YLJRNF.js";
import "./chunk-XSHTDA22.js";
import "./chunk-3LSM7ZF4.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-ODXQUIKJ.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-NVAOG6EA.js";
import "./chunk-VTGRSET5.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
