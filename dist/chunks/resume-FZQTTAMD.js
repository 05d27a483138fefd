#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-PO7CV36M.js";
import "./chunk-LOOZYGQU.js";
import "./chunk-77EEGY5N.js";
import "./chunk-EVF7LDJA.js";
import "./chunk-5YTI6CZD.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-Q6VOU7SS.js";
import "./chunk-F4F3Y7KM.js";
import "./chunk-336NPC2I.js";
import "./chunk-EG6S7WEZ.js";
import "./chunk-5KOD7MKI.js";
import "./chunk-2QLNSWAY.js";
import "./chunk-SDGCJD6J.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-DVZVIMXY.js";
import "./chunk-VS7XD7QJ.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-6BJ7EZTI.js";
import "./chunk-GFR6ZZ7Q.js";
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
import "./chunk-QYJBVTBR.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-27KGTP2H.js";
import "./chunk-TZPAFBT6.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
