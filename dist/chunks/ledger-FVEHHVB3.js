#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
} from "./chunk-LCNPDBEI.js";
import "./chunk-HIVNIQ5K.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-VYBQ443J.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-LXKZPGLD.js";
import "./chunk-NGUH6UEN.js";
import "./chunk-2GTXQC2F.js";
import "./chunk-YWVQLA25.js";
import "./chunk-CQ6W2ZJB.js";
import "./chunk-62ERCJKG.js";
import "./chunk-BTQIC47T.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-45ML6H37.js";
import "./chunk-P6NXIPVX.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
};
