#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-RYYXG6FE.js";
import "./chunk-JFJXTVUQ.js";
import "./chunk-SCFJHBVQ.js";
import "./chunk-EE6FJGIC.js";
import "./chunk-LXGLOM5O.js";
import "./chunk-FVQAPPM2.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-JT7UOT5N.js";
import "./chunk-QP6GTK5V.js";
import "./chunk-FYPUW5VX.js";
import "./chunk-DOXTN74J.js";
import "./chunk-FGO343MA.js";
import "./chunk-P44NM2NO.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-EFZM6XFF.js";
import "./chunk-VKZ2G2RE.js";
import "./chunk-ZJZEPWVM.js";
import "./chunk-PXW5OWBK.js";
import "./chunk-BDGAFJNY.js";
import "./chunk-I4XCSEVK.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
