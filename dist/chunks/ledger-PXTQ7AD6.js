#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
} from "./chunk-DMM7TIPS.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-TSRHM6D7.js";
import "./chunk-R74EXZZW.js";
import "./chunk-TZIKANR2.js";
import "./chunk-GPE6Z53U.js";
import "./chunk-BG32PKDO.js";
import "./chunk-YTNF6YHN.js";
import "./chunk-TB4BJGRW.js";
import "./chunk-HG7ESO7E.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
};
