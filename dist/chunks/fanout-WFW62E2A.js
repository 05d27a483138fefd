#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-CLVI4HAR.js";
import "./chunk-UAOQEEWV.js";
import "./chunk-HT3CUJR5.js";
import "./chunk-4ZWQF6WV.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
