#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
} from "./chunk-2TH4THOS.js";
import "./chunk-U2SRHQUL.js";
import "./chunk-CNOWWTKG.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-5TK4KZ7J.js";
import "./chunk-6J7CIDH7.js";
import "./chunk-HOJCL2U5.js";
import "./chunk-336NPC2I.js";
import "./chunk-EI5PCT7S.js";
import "./chunk-2TBYPMMC.js";
import "./chunk-YABVZV2O.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-MX2KHQ73.js";
import "./chunk-LDATVB5B.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-IDM4GA4Y.js";
import "./chunk-UZANYWNT.js";
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
import "./chunk-NVCOOVDZ.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-BOQFQRTG.js";
import "./chunk-KO32CVIB.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
};
