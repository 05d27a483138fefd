#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-35LYMTQN.js";
import "./chunk-LYCREXXB.js";
import "./chunk-ASNYE6CF.js";
import "./chunk-2IDAPEHR.js";
import "./chunk-7FNAIK52.js";
import "./chunk-OX27M5K4.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
