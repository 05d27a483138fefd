#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-XGGHJQBP.js";
import "./chunk-YVNRFLTF.js";
import "./chunk-77EEGY5N.js";
import "./chunk-URIWH5DC.js";
import "./chunk-WL7A4ZCI.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-HKJ5TZLJ.js";
import "./chunk-XAMZ4EDI.js";
import "./chunk-336NPC2I.js";
import "./chunk-IZ2KYI7H.js";
import "./chunk-SPNV7L5N.js";
import "./chunk-VNKET2ET.js";
import "./chunk-QUNPGAT6.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-YZK3CMRQ.js";
import "./chunk-MBDAQUMF.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-ISKDMLUA.js";
import "./chunk-DEW5WM6L.js";
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
import "./chunk-BTQIC47T.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-45ML6H37.js";
import "./chunk-P6NXIPVX.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
