#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-R7QNGJEA.js";
import "./chunk-JYBXLJL3.js";
import "./chunk-M7CZWICI.js";
import "./chunk-66356NYJ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
