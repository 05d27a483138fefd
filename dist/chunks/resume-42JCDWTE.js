#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-EJ5AAFIQ.js";
import "./chunk-2YFYCDUB.js";
import "./chunk-SIUV3QKP.js";
import "./chunk-BKRDPUIL.js";
import "./chunk-C3WECTBP.js";
import "./chunk-DO22XCNI.js";
import "./chunk-VCW7KPCO.js";
import "./chunk-PQNVCJVT.js";
import "./chunk-VTN2NGHZ.js";
import "./chunk-3RKGATMD.js";
import "./chunk-AACXSQ3N.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
