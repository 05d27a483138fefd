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
} from "./chunk-DD26VOFW.js";
import "./chunk-UWDGVZA5.js";
import "./chunk-77EEGY5N.js";
import "./chunk-3A54GMSA.js";
import "./chunk-BHPC6OY7.js";
import "./chunk-XCKLNQQS.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-AQNOMZHW.js";
import "./chunk-EL5XW7S2.js";
import "./chunk-JZMVIXRD.js";
import "./chunk-336NPC2I.js";
import "./chunk-GFDZQBU2.js";
import "./chunk-TLTWMPGD.js";
import "./chunk-UYVQNA3J.js";
import "./chunk-WRWW5EH6.js";
import "./chunk-ADWNM5ZZ.js";
import "./chunk-3WGGOIY2.js";
import "./chunk-YCTOG3AS.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-WEHXMCVE.js";
import "./chunk-UPUDGJ5L.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-5B47JM23.js";
import "./chunk-D2BBULCD.js";
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
import "./chunk-RYSN36DW.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-27KGTP2H.js";
import "./chunk-TZPAFBT6.js";
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
