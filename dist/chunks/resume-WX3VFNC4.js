#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-72VUMBQ5.js";
import "./chunk-YVNRFLTF.js";
import "./chunk-77EEGY5N.js";
import "./chunk-ITRJ6W2C.js";
import "./chunk-GY32IGI6.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-GAZWH77I.js";
import "./chunk-LBQ3V4NS.js";
import "./chunk-336NPC2I.js";
import "./chunk-RPT7J5VQ.js";
import "./chunk-TLO54VFM.js";
import "./chunk-QZVPQ46J.js";
import "./chunk-A4TC7ENF.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-CINXW5EY.js";
import "./chunk-ZCDHXHGU.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-YJ2QNCGJ.js";
import "./chunk-C4BCOU7Q.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-DJRRQMXG.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-VYBQ443J.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-NOPNGSJB.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-NGUH6UEN.js";
import "./chunk-2GTXQC2F.js";
import "./chunk-YWVQLA25.js";
import "./chunk-CQ6W2ZJB.js";
import "./chunk-62ERCJKG.js";
import "./chunk-BCL22NEC.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-536WH4M2.js";
import "./chunk-TYQJLBAH.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
