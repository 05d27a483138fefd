#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-GG3H5TCB.js";
import "./chunk-QV25N2YB.js";
import "./chunk-GSRKUT3Z.js";
import "./chunk-DFQKYFEH.js";
import "./chunk-H3KYGID7.js";
import "./chunk-EQLURVZ6.js";
import "./chunk-TNIYVCAV.js";
import "./chunk-S2G667PV.js";
import "./chunk-PGVXVCU6.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-DOTVOH5T.js";
import "./chunk-WRV6K5QJ.js";
import "./chunk-6YVHGJOT.js";
import "./chunk-HWWRUEDY.js";
import "./chunk-FGO343MA.js";
import "./chunk-P44NM2NO.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-34TMAU7V.js";
import "./chunk-HENEY7C5.js";
import "./chunk-IYMONOY2.js";
import "./chunk-UCCLSGIA.js";
import "./chunk-5CZANQ5X.js";
import "./chunk-I4XCSEVK.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
