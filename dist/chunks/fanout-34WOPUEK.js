#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-NZCQIRRN.js";
import "./chunk-PK6LCRGF.js";
import "./chunk-OYCOXVLJ.js";
import "./chunk-JHCKQBPS.js";
import "./chunk-7FNAIK52.js";
import "./chunk-OX27M5K4.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
