#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-TZ6FJSMH.js";
import "./chunk-XXBCYDRJ.js";
import "./chunk-BD33TEBX.js";
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
