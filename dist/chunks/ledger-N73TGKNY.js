#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
} from "./chunk-2HYGJEB4.js";
import "./chunk-HIVNIQ5K.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-VYBQ443J.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-2LVSJHLX.js";
import "./chunk-DXLAQD6Q.js";
import "./chunk-2GTXQC2F.js";
import "./chunk-NP4K5OYP.js";
import "./chunk-XBHBYFAS.js";
import "./chunk-AG2WE44L.js";
import "./chunk-YLMVJWUT.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-GYY57NMV.js";
import "./chunk-PUVBKPPA.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
};
