#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-32I7DNSN.js";
import "./chunk-JHX75FXJ.js";
import "./chunk-FHQFCTY2.js";
import "./chunk-4ZWQF6WV.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
