#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
} from "./chunk-SXAO6X4N.js";
import "./chunk-P6OUPHMD.js";
import "./chunk-6NIANMZY.js";
import "./chunk-AJ3QAO7O.js";
import "./chunk-6OB3QGHZ.js";
import "./chunk-GHHAIM43.js";
import "./chunk-3UVLYSP7.js";
import "./chunk-VAMSISFB.js";
import "./chunk-I6GI5OVI.js";
import "./chunk-MXTKDQJP.js";
import "./chunk-336NPC2I.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-PUSBSDZG.js";
import "./chunk-RJWAUGZD.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-L3YLJRNF.js";
import "./chunk-S7LLIZ5U.js";
import "./chunk-SDXGCCTO.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-5TDMWEGF.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-A7AMWGKW.js";
import "./chunk-ODXQUIKJ.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-FC6CXRO5.js";
import "./chunk-RDZHSOJG.js";
import "./chunk-LGT56GAS.js";
import "./chunk-RKCG5ZMI.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-KBGFKZ3U.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-6JF6XMHL.js";
import "./chunk-WGFAXVFW.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
};
