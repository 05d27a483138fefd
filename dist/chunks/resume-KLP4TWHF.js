#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-EJ5A6QLG.js";
import "./chunk-OS73HRLK.js";
import "./chunk-W6WSICM6.js";
import "./chunk-NLXTTLZQ.js";
import "./chunk-JS4RAAFT.js";
import "./chunk-FGO343MA.js";
import "./chunk-N47IBKY3.js";
import "./chunk-A5EGQXLX.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-7YTHTWHE.js";
import "./chunk-UE2FQCNU.js";
import "./chunk-C4ORF7HY.js";
import "./chunk-P44NM2NO.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-E2XF3M5S.js";
import "./chunk-AXUT4KTB.js";
import "./chunk-VCW7KPCO.js";
import "./chunk-PQNVCJVT.js";
import "./chunk-CE73N2QF.js";
import "./chunk-HASXX6FY.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
