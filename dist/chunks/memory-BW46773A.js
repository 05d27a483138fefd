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
} from "./chunk-J4QOX2SB.js";
import "./chunk-LQSSJLSG.js";
import "./chunk-77EEGY5N.js";
import "./chunk-DGLAC7RN.js";
import "./chunk-UGGDXMUD.js";
import "./chunk-LLLBHOL2.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-LVYBHHNX.js";
import "./chunk-SYWR4GGA.js";
import "./chunk-HHD3M5P7.js";
import "./chunk-336NPC2I.js";
import "./chunk-GFDZQBU2.js";
import "./chunk-TLTWMPGD.js";
import "./chunk-UYVQNA3J.js";
import "./chunk-4GAZQZT6.js";
import "./chunk-M43YKWKE.js";
import "./chunk-4F3XVANQ.js";
import "./chunk-SEIGBESZ.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-EFIK4GKE.js";
import "./chunk-DXHPQJB6.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-VR3ZXWUT.js";
import "./chunk-PL57ZSET.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-P44NM2NO.js";
import "./chunk-6DH2FAVY.js";
import "./chunk-UDUXW72Y.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-P263SXOG.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-NNVJBYBP.js";
import "./chunk-ADL7CXWN.js";
import "./chunk-YWVQLA25.js";
import "./chunk-CQ6W2ZJB.js";
import "./chunk-62ERCJKG.js";
import "./chunk-7NHPTIWG.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-536WH4M2.js";
import "./chunk-TYQJLBAH.js";
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
