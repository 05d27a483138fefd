#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-6SKNERK4.js";
import "./chunk-MK4HSAOC.js";
import "./chunk-GSRKUT3Z.js";
import "./chunk-RIZ7CNIE.js";
import "./chunk-HSSBURRJ.js";
import "./chunk-NPK6C566.js";
import "./chunk-KXGACVCB.js";
import "./chunk-4PKE2NAS.js";
import "./chunk-PGVXVCU6.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-U4WSWKRI.js";
import "./chunk-OWG32HZV.js";
import "./chunk-S24HHURI.js";
import "./chunk-YW72YYD7.js";
import "./chunk-FGO343MA.js";
import "./chunk-P44NM2NO.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-7CNXIPCU.js";
import "./chunk-WNXYZ6WQ.js";
import "./chunk-IYMONOY2.js";
import "./chunk-UCCLSGIA.js";
import "./chunk-WRXH2COX.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
