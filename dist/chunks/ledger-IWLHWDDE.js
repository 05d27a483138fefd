#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
} from "./chunk-MGRTQWS7.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-UJPRMWQO.js";
import "./chunk-GBH7GCO7.js";
import "./chunk-GBG6JJWA.js";
import "./chunk-3PEMMXNL.js";
import "./chunk-ZJZEPWVM.js";
import "./chunk-PXW5OWBK.js";
import "./chunk-W7ZNKPTA.js";
import "./chunk-I4XCSEVK.js";
import "./chunk-C24IPAXU.js";
export {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
};
