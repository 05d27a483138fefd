#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-572L3H7I.js";
import "./chunk-JBPNWQZG.js";
import "./chunk-77EEGY5N.js";
import "./chunk-YJAXWEHV.js";
import "./chunk-G2IYB2F6.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-RA534WQ2.js";
import "./chunk-GLEBAH5K.js";
import "./chunk-336NPC2I.js";
import "./chunk-NTQ2P24P.js";
import "./chunk-ZIVNS6SP.js";
import "./chunk-V7LTK4F6.js";
import "./chunk-JPTI4GGP.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-XTG2B4ZB.js";
import "./chunk-C34O5RO3.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-ZIMO6YYL.js";
import "./chunk-VBKC4CTE.js";
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
  RESUME_HELP,
  resume,
  resumeSession
};
