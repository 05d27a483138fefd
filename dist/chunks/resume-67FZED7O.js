#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-VWFNDH2K.js";
import "./chunk-JBO7QOSU.js";
import "./chunk-WQO4K7CG.js";
import "./chunk-747UD6WP.js";
import "./chunk-LZ53B2P3.js";
import "./chunk-YEXIPEG3.js";
import "./chunk-PLQRKGG7.js";
import "./chunk-R5QXJD2C.js";
import "./chunk-FGO343MA.js";
import "./chunk-V6WPCBFR.js";
import "./chunk-DSPB5HG2.js";
import "./chunk-VB3RMXH4.js";
import "./chunk-6GN5I7ZH.js";
import "./chunk-6AKRE7LE.js";
import "./chunk-P44NM2NO.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-VTIMVRR2.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-ORPJA7UN.js";
import "./chunk-IY22HZ7Z.js";
import "./chunk-VCW7KPCO.js";
import "./chunk-PQNVCJVT.js";
import "./chunk-6ABTHRT4.js";
import "./chunk-ELQBYAJO.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
