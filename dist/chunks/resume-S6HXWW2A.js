#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-ANZWUQOK.js";
import "./chunk-YVNRFLTF.js";
import "./chunk-XINQLHJ6.js";
import "./chunk-6OQIGML4.js";
import "./chunk-CRAPERUL.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-ITXKHVPX.js";
import "./chunk-SXMPCXVO.js";
import "./chunk-336NPC2I.js";
import "./chunk-UYJ577ZO.js";
import "./chunk-G62U3GQ6.js";
import "./chunk-35EW4QMW.js";
import "./chunk-I6NBH6NR.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-JGIGUKHN.js";
import "./chunk-2FNIEHJV.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-5RGEGBWK.js";
import "./chunk-SL4P7HFF.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-CV5RGBGV.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-VYBQ443J.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-NOPNGSJB.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-BMVVOMQC.js";
import "./chunk-2GTXQC2F.js";
import "./chunk-NP4K5OYP.js";
import "./chunk-XBHBYFAS.js";
import "./chunk-AG2WE44L.js";
import "./chunk-4XXZRXXL.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-BWAD5OAZ.js";
import "./chunk-MDXFPYRZ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
