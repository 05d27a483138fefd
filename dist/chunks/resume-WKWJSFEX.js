#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-KAFWQZRS.js";
import "./chunk-JBO7QOSU.js";
import "./chunk-AAG5YBDL.js";
import "./chunk-LZ53B2P3.js";
import "./chunk-7YTKNR4F.js";
import "./chunk-N3YO7AYQ.js";
import "./chunk-FGO343MA.js";
import "./chunk-V6WPCBFR.js";
import "./chunk-4CCITI6Q.js";
import "./chunk-6AKRE7LE.js";
import "./chunk-DO22XCNI.js";
import "./chunk-VTIMVRR2.js";
import "./chunk-QCPKNPAH.js";
import "./chunk-B5R55IEP.js";
import "./chunk-VCW7KPCO.js";
import "./chunk-PQNVCJVT.js";
import "./chunk-CFPYSB7D.js";
import "./chunk-ELQBYAJO.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
