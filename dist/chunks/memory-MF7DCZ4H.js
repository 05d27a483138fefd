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
} from "./chunk-WWFORY6O.js";
import "./chunk-JPYAREKY.js";
import "./chunk-77EEGY5N.js";
import "./chunk-WQPROJ77.js";
import "./chunk-3VWJIHUR.js";
import "./chunk-DMAZL766.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-RG72AT3T.js";
import "./chunk-RAO4ZDCH.js";
import "./chunk-PRISYQDP.js";
import "./chunk-336NPC2I.js";
import "./chunk-GFDZQBU2.js";
import "./chunk-TLTWMPGD.js";
import "./chunk-UYVQNA3J.js";
import "./chunk-6B6YOXGM.js";
import "./chunk-65FJQ2YT.js";
import "./chunk-3TPXMENQ.js";
import "./chunk-BLJYSC2Y.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-QQ4FZXF6.js";
import "./chunk-FBMETBC3.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-A2QYK2VY.js";
import "./chunk-N7MCIPWI.js";
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
import "./chunk-6WAZVUIB.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-6MZ7P4JV.js";
import "./chunk-75OY62DH.js";
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
