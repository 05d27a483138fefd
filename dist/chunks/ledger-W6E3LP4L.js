#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
} from "./chunk-XDQ5BHPT.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-MX77Y2YQ.js";
import "./chunk-6ZXLSXDO.js";
import "./chunk-7CNXIPCU.js";
import "./chunk-WNXYZ6WQ.js";
import "./chunk-IYMONOY2.js";
import "./chunk-UCCLSGIA.js";
import "./chunk-WRXH2COX.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
};
