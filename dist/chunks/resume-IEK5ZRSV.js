#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-X6GBTRJX.js";
import "./chunk-Y5SZ5IH4.js";
import "./chunk-Q4CYBDIL.js";
import "./chunk-747UD6WP.js";
import "./chunk-F6LTPG4L.js";
import "./chunk-FGO343MA.js";
import "./chunk-4N4ESXJN.js";
import "./chunk-A5EGQXLX.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-3DLXKUA6.js";
import "./chunk-MAYRPB6Q.js";
import "./chunk-QIFZ4NJ7.js";
import "./chunk-P44NM2NO.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-X4AHCUZP.js";
import "./chunk-CAIJTZNE.js";
import "./chunk-VCW7KPCO.js";
import "./chunk-PQNVCJVT.js";
import "./chunk-4Q2UWOKV.js";
import "./chunk-3VTBKN2Q.js";
import "./chunk-XHQWIPB3.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
