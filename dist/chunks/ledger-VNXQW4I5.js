#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
} from "./chunk-5QJTUU22.js";
import "./chunk-G2KICODU.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-HNKITURT.js";
import "./chunk-GEJGCZMT.js";
import "./chunk-RDZHSOJG.js";
import "./chunk-LGT56GAS.js";
import "./chunk-RKCG5ZMI.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-YTLQPWHJ.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-H7TY5BWR.js";
import "./chunk-LMAX7YLJ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
};
