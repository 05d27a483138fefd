#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-KHVTAIDF.js";
import "./chunk-YVNRFLTF.js";
import "./chunk-67U5VDWY.js";
import "./chunk-OLI5ZQTZ.js";
import "./chunk-3ANJE6WG.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-LCH2VK2J.js";
import "./chunk-QZ2JNBA3.js";
import "./chunk-336NPC2I.js";
import "./chunk-IRSURJQJ.js";
import "./chunk-FTHTGMZ4.js";
import "./chunk-HYTGSD3F.js";
import "./chunk-QDE63DG4.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-RB5U7BH5.js";
import "./chunk-46A452BV.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-47JQ2YAZ.js";
import "./chunk-GNVQ34JT.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-CRGHGFUK.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-VYBQ443J.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-NOPNGSJB.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-JSAERSAQ.js";
import "./chunk-2GTXQC2F.js";
import "./chunk-NP4K5OYP.js";
import "./chunk-XBHBYFAS.js";
import "./chunk-AG2WE44L.js";
import "./chunk-H3K6Z64J.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-T36TRIPN.js";
import "./chunk-I5SYQTNB.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
