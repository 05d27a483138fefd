#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-OFDA3YDL.js";
import "./chunk-YVNRFLTF.js";
import "./chunk-NDZBWYGE.js";
import "./chunk-TUCBFALP.js";
import "./chunk-OBVP64RA.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-ODLXPNAS.js";
import "./chunk-PRPTED6T.js";
import "./chunk-336NPC2I.js";
import "./chunk-SNMOTNGW.js";
import "./chunk-6KVSPKEB.js";
import "./chunk-WSAC4KXE.js";
import "./chunk-4G3TDAH2.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-YVWLGKMZ.js";
import "./chunk-UKDP3UWU.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-QV7YAAHD.js";
import "./chunk-AZWWX7ZI.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-P6NGPKYT.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-VYBQ443J.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-NOPNGSJB.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-JYYMAHR2.js";
import "./chunk-2GTXQC2F.js";
import "./chunk-NP4K5OYP.js";
import "./chunk-XBHBYFAS.js";
import "./chunk-AG2WE44L.js";
import "./chunk-L6F45F5W.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-XUUK5KLF.js";
import "./chunk-MHZJGDZG.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
