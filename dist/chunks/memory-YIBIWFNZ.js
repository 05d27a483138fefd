#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  MEMORY_COMMANDS,
  MEMORY_HELP,
  approve,
  listEntries,
  memory,
  promote,
  revoke,
  showEntry
} from "./chunk-7TNHZ3ZR.js";
import "./chunk-CAC7PGXV.js";
import "./chunk-77EEGY5N.js";
import "./chunk-FQV2K5ZH.js";
import "./chunk-WPA66RPW.js";
import "./chunk-YUWNAM5H.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-YF76UVFH.js";
import "./chunk-S72S3DC6.js";
import "./chunk-7PJLUE7S.js";
import "./chunk-336NPC2I.js";
import "./chunk-GFDZQBU2.js";
import "./chunk-TLTWMPGD.js";
import "./chunk-UYVQNA3J.js";
import "./chunk-GICJIKY2.js";
import "./chunk-BTYFVWUL.js";
import "./chunk-7RHRDSGF.js";
import "./chunk-2STZIHOF.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-SKF7UTQN.js";
import "./chunk-LK7NSCD6.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-KSQ6YGTH.js";
import "./chunk-WHH7PJDF.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-P44NM2NO.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-UDUXW72Y.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-P263SXOG.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-ADL7CXWN.js";
import "./chunk-YWVQLA25.js";
import "./chunk-CQ6W2ZJB.js";
import "./chunk-62ERCJKG.js";
import "./chunk-5HKDK6RT.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-57TVYWCK.js";
import "./chunk-LXCPALQ5.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  MEMORY_COMMANDS,
  MEMORY_HELP,
  approve,
  listEntries,
  memory,
  promote,
  revoke,
  showEntry
};
