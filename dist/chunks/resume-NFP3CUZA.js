#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-ARN2S2PF.js";
import "./chunk-SHJ3LXEZ.js";
import "./chunk-K52E24GC.js";
import "./chunk-ZAYEBBIK.js";
import "./chunk-WJIJ6MXK.js";
import "./chunk-AJ3QAO7O.js";
import "./chunk-2YV4HTNI.js";
import "./chunk-EDZTZSS6.js";
import "./chunk-TT56NZNL.js";
import "./chunk-I6GAJIUT.js";
import "./chunk-KG2AQPK6.js";
import "./chunk-KJPRLMW2.js";
import "./chunk-336NPC2I.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-753FXM6F.js";
import "./chunk-FPQUWZZ6.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-L3YLJRNF.js";
import "./chunk-NV6OBIT3.js";
import "./chunk-TYIE4T23.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-XTW4LQE7.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-MGMY4IXF.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-YPVQCOC6.js";
import "./chunk-ODXQUIKJ.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-T66YM4WD.js";
import "./chunk-N6HJ33HY.js";
import "./chunk-NP4K5OYP.js";
import "./chunk-XBHBYFAS.js";
import "./chunk-AG2WE44L.js";
import "./chunk-XUVJJB7O.js";
import "./chunk-GLJ3G2IB.js";
import "./chunk-GYY57NMV.js";
import "./chunk-PUVBKPPA.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
