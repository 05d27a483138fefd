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
} from "./chunk-YKPRBOOW.js";
import "./chunk-WN7JW4AN.js";
import "./chunk-RBNXBNDD.js";
import "./chunk-HEEWDTAP.js";
import "./chunk-ZYZHJ3CB.js";
import "./chunk-DZTWCUQU.js";
import "./chunk-3Q7L5AON.js";
import "./chunk-TPFXBJ7Z.js";
import "./chunk-ZYEDR7CY.js";
import "./chunk-AUVPGGCK.js";
import "./chunk-JPEGKRBQ.js";
import "./chunk-23665E7C.js";
import "./chunk-BS4FZTIF.js";
import "./chunk-UYVQNA3J.js";
import "./chunk-KKDUZS42.js";
import "./chunk-RMNTHYXM.js";
import "./chunk-BTXOVFDS.js";
import "./chunk-WYRVO7HT.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-25BZ7EXM.js";
import "./chunk-WJWQSWAM.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-XIQFOUBC.js";
import "./chunk-RH3PQHM7.js";
import "./chunk-P5AJ53RB.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-JRDODRIK.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-ZRA5FVYF.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-K4EWXBDF.js";
import "./chunk-RDZHSOJG.js";
import "./chunk-K43WZLCU.js";
import "./chunk-KUQNSCDZ.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-SNYT3JXL.js";
import "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-VUSAMCY7.js";
import "./chunk-OCGEL2BZ.js";
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
