#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
} from "./chunk-KUHDKQJH.js";
import "./chunk-4YN6PAXQ.js";
import "./chunk-2SE2JK7H.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-TWIQTDRA.js";
import "./chunk-VGLCJPIT.js";
import "./chunk-B725QUZ2.js";
import "./chunk-336NPC2I.js";
import "./chunk-STM3YNY5.js";
import "./chunk-QTXVJZBF.js";
import "./chunk-G622IAOD.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-6I77DT4R.js";
import "./chunk-G7P4Z2JA.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-WA4AT6AA.js";
import "./chunk-RBWIAILG.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-CE3G23G6.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-VYBQ443J.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-NOPNGSJB.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-SOIRLXEI.js";
import "./chunk-2GTXQC2F.js";
import "./chunk-NP4K5OYP.js";
import "./chunk-XBHBYFAS.js";
import "./chunk-AG2WE44L.js";
import "./chunk-LD6VEBV2.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-2SVCUDIN.js";
import "./chunk-H6NUH2ET.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
};
