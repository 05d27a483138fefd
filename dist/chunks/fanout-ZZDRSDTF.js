#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-CXXWYFTJ.js";
import "./chunk-6JWA6XRQ.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-L3YLJRNF.js";
import "./chunk-ASTM3JIY.js";
import "./chunk-MLELB7SX.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-ODXQUIKJ.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-H7TY5BWR.js";
import "./chunk-LMAX7YLJ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
