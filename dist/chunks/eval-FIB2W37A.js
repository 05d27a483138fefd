#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
} from "./chunk-NQ6ORVTL.js";
import "./chunk-J3B37P2E.js";
import "./chunk-WZCYEA2G.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-M3CXKGQ2.js";
import "./chunk-H4NAGND4.js";
import "./chunk-HW5Q4UYH.js";
import "./chunk-336NPC2I.js";
import "./chunk-CJRW4SYA.js";
import "./chunk-2X22WP4D.js";
import "./chunk-7BU7TASJ.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-YQB47QJV.js";
import "./chunk-HASDIB75.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-UN5PEFP2.js";
import "./chunk-FHZF77D7.js";
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
import "./chunk-BDUW7JVD.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-SASCNK7M.js";
import "./chunk-DE2HLFT3.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
};
