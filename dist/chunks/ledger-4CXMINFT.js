#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
} from "./chunk-BKWJKHW4.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-C6XSHKAM.js";
import "./chunk-FGTGQ6ZF.js";
import "./chunk-EFZM6XFF.js";
import "./chunk-VKZ2G2RE.js";
import "./chunk-ZJZEPWVM.js";
import "./chunk-PXW5OWBK.js";
import "./chunk-BDGAFJNY.js";
import "./chunk-I4XCSEVK.js";
import "./chunk-C24IPAXU.js";
export {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
};
