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
} from "./chunk-OBFSLCOB.js";
import "./chunk-D522RPOT.js";
import "./chunk-77EEGY5N.js";
import "./chunk-J5HPXRM2.js";
import "./chunk-CLZSRB5I.js";
import "./chunk-2ZRP7NBR.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-XQ5ZNYRN.js";
import "./chunk-XJXKIOJF.js";
import "./chunk-5JLJXYYV.js";
import "./chunk-336NPC2I.js";
import "./chunk-A3DG7MMD.js";
import "./chunk-TLTWMPGD.js";
import "./chunk-UYVQNA3J.js";
import "./chunk-YQZDLBOS.js";
import "./chunk-OAV7RRH3.js";
import "./chunk-WSZSBYNS.js";
import "./chunk-MOJR7DHN.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-Q34CKD3V.js";
import "./chunk-WJS2LKOK.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-BJH25VP7.js";
import "./chunk-DWXV3ZOF.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-P44NM2NO.js";
import "./chunk-6DH2FAVY.js";
import "./chunk-LOPLN5NH.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-EKPB3BIV.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-NNVJBYBP.js";
import "./chunk-E76TN7SV.js";
import "./chunk-YWVQLA25.js";
import "./chunk-CQ6W2ZJB.js";
import "./chunk-62ERCJKG.js";
import "./chunk-7NHPTIWG.js";
import "./chunk-XKP2K3GV.js";
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
