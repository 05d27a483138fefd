#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-TZCZ6OG5.js";
import "./chunk-VBZZYMYN.js";
import "./chunk-CBC3RNZ2.js";
import "./chunk-IV7KKYP2.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-YO3NHYZM.js";
import "./chunk-57TVYWCK.js";
import "./chunk-LXCPALQ5.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
