#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-BFVGXKMG.js";
import "./chunk-IQMUMCHO.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-747UD6WP.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-SJ35XKNQ.js";
import "./chunk-B2MVKCGR.js";
import "./chunk-2Z5Q4L73.js";
import "./chunk-FGO343MA.js";
import "./chunk-A5EGQXLX.js";
import "./chunk-5N2BYS3N.js";
import "./chunk-FDOX6VZJ.js";
import "./chunk-4AYWRO3M.js";
import "./chunk-P44NM2NO.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-X4AHCUZP.js";
import "./chunk-CAIJTZNE.js";
import "./chunk-VCW7KPCO.js";
import "./chunk-PQNVCJVT.js";
import "./chunk-4Q2UWOKV.js";
import "./chunk-3VTBKN2Q.js";
import "./chunk-XHQWIPB3.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
