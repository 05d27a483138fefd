#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-XD7N2I7C.js";
import "./chunk-LOOZYGQU.js";
import "./chunk-77EEGY5N.js";
import "./chunk-B44ZYEZH.js";
import "./chunk-QDFHOW33.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-IMBZLYOU.js";
import "./chunk-A3SPMVPF.js";
import "./chunk-336NPC2I.js";
import "./chunk-TWQG4TAH.js";
import "./chunk-UFSNIPDH.js";
import "./chunk-2BGKKTZ6.js";
import "./chunk-X66BULGO.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-TN4C2NSI.js";
import "./chunk-A5LL2LG6.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-QHAQTZ6F.js";
import "./chunk-LPB4HWGG.js";
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
import "./chunk-AVDPC4ZT.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-5ROQ5MZ2.js";
import "./chunk-VHV2AIWC.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
