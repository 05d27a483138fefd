#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
} from "./chunk-WTXHIC4H.js";
import "./chunk-EGCLJ5BK.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-MGMY4IXF.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-CBIUHLJ3.js";
import "./chunk-T66YM4WD.js";
import "./chunk-N6HJ33HY.js";
import "./chunk-NP4K5OYP.js";
import "./chunk-XBHBYFAS.js";
import "./chunk-AG2WE44L.js";
import "./chunk-XUVJJB7O.js";
import "./chunk-GLJ3G2IB.js";
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
