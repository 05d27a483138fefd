#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
} from "./chunk-UXLQRINN.js";
import "./chunk-OXLWFGRA.js";
import "./chunk-KSCU3OEE.js";
import "./chunk-AJ3QAO7O.js";
import "./chunk-R4EXDUPB.js";
import "./chunk-MGNT6GXC.js";
import "./chunk-NITOYISK.js";
import "./chunk-MMAERCGM.js";
import "./chunk-7WZQBH4L.js";
import "./chunk-MZTWLZX5.js";
import "./chunk-336NPC2I.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-UZDY6OLN.js";
import "./chunk-EEGJZ5V3.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-L3YLJRNF.js";
import "./chunk-PZ255KQD.js";
import "./chunk-Z36TJ46G.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-XTW4LQE7.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-MGMY4IXF.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-YPVQCOC6.js";
import "./chunk-ODXQUIKJ.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-T66YM4WD.js";
import "./chunk-N6HJ33HY.js";
import "./chunk-NP4K5OYP.js";
import "./chunk-XBHBYFAS.js";
import "./chunk-AG2WE44L.js";
import "./chunk-YLMVJWUT.js";
import "./chunk-GLJ3G2IB.js";
import "./chunk-GYY57NMV.js";
import "./chunk-PUVBKPPA.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
};
