#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
} from "./chunk-E73EZMZD.js";
import "./chunk-DUWUJEB4.js";
import "./chunk-U3R62BZD.js";
import "./chunk-TGBZQPIX.js";
import "./chunk-Q63OCFTQ.js";
import "./chunk-4JJYS5DS.js";
import "./chunk-KGPC47UK.js";
import "./chunk-PGVXVCU6.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-SHXLWOPV.js";
import "./chunk-ATBWJAJF.js";
import "./chunk-IB6JNNPN.js";
import "./chunk-FGO343MA.js";
import "./chunk-P44NM2NO.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-TZIKANR2.js";
import "./chunk-GPE6Z53U.js";
import "./chunk-BG32PKDO.js";
import "./chunk-YTNF6YHN.js";
import "./chunk-TB4BJGRW.js";
import "./chunk-HG7ESO7E.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
};
