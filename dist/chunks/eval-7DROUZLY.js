#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
} from "./chunk-C3M7XPJO.js";
import "./chunk-AAVFWHGH.js";
import "./chunk-YAJL2EJW.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-UOGFELMU.js";
import "./chunk-7B43G4LH.js";
import "./chunk-DO637HM2.js";
import "./chunk-336NPC2I.js";
import "./chunk-QINFVFPK.js";
import "./chunk-LMQHD4WU.js";
import "./chunk-LCDUBPWM.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-NBJQFZMZ.js";
import "./chunk-XQ2VY7VH.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-26CVVKZK.js";
import "./chunk-Q26FP3XX.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-P44NM2NO.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-UDUXW72Y.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-P263SXOG.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-ADL7CXWN.js";
import "./chunk-YWVQLA25.js";
import "./chunk-CQ6W2ZJB.js";
import "./chunk-62ERCJKG.js";
import "./chunk-J7HQOQO4.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-IQA6NFTT.js";
import "./chunk-MT2XISRQ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
};
