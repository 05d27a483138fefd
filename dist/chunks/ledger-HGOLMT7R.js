#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
} from "./chunk-YRZXKDUR.js";
import "./chunk-G2KICODU.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-MNSJPISS.js";
import "./chunk-MGXFAHW4.js";
import "./chunk-RDZHSOJG.js";
import "./chunk-LGT56GAS.js";
import "./chunk-RKCG5ZMI.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-LKSNF5LN.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-FZC5OKRP.js";
import "./chunk-6LO3X56A.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
};
