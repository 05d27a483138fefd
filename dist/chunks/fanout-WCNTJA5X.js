#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-DX4PYICN.js";
import "./chunk-UMKAT7SW.js";
import "./chunk-JBSJKWUL.js";
import "./chunk-2UT5EVYJ.js";
import "./chunk-R5YT675F.js";
import "./chunk-OX27M5K4.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
