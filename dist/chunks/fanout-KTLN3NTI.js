#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-KHX5KHEN.js";
import "./chunk-6P3BMPTU.js";
import "./chunk-FNIBGO37.js";
import "./chunk-JZ7BBNWK.js";
import "./chunk-7FNAIK52.js";
import "./chunk-OX27M5K4.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
