#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-FISN6LFR.js";
import "./chunk-GZJGE6VN.js";
import "./chunk-OHJSAPDC.js";
import "./chunk-UJ5ZA3PA.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
