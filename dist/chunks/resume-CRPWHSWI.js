#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-PIV6OXN2.js";
import "./chunk-EPRZ63VM.js";
import "./chunk-GSRKUT3Z.js";
import "./chunk-XESS64XB.js";
import "./chunk-FF35DPEL.js";
import "./chunk-VOJOIX7J.js";
import "./chunk-23E2IGPA.js";
import "./chunk-3423T6GO.js";
import "./chunk-PGVXVCU6.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-E4AHBXSR.js";
import "./chunk-Z7RJDZJX.js";
import "./chunk-V7GVXIS6.js";
import "./chunk-B6EXAS4H.js";
import "./chunk-FGO343MA.js";
import "./chunk-P44NM2NO.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-QNIBJXHE.js";
import "./chunk-HBOVL3NH.js";
import "./chunk-IYMONOY2.js";
import "./chunk-UCCLSGIA.js";
import "./chunk-ETZNAYDX.js";
import "./chunk-PJ2UKA5T.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
