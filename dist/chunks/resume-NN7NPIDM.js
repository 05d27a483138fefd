#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-3HJ3ATTO.js";
import "./chunk-NQFTATRY.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-747UD6WP.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-P4FMZE2J.js";
import "./chunk-3KOPC4TI.js";
import "./chunk-TK5WLJ3H.js";
import "./chunk-FGO343MA.js";
import "./chunk-A5EGQXLX.js";
import "./chunk-JDFYQ7KD.js";
import "./chunk-I27SUDNL.js";
import "./chunk-HBX2A6LB.js";
import "./chunk-P44NM2NO.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-SDUS7WQP.js";
import "./chunk-UC2BHVQL.js";
import "./chunk-VCW7KPCO.js";
import "./chunk-PQNVCJVT.js";
import "./chunk-BHEB6TFU.js";
import "./chunk-3VTBKN2Q.js";
import "./chunk-XHQWIPB3.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
