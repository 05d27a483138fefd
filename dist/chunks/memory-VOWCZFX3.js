#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  MEMORY_COMMANDS,
  MEMORY_HELP,
  approve,
  listEntries,
  memory,
  promote,
  revoke,
  showEntry
} from "./chunk-OSLH2PB6.js";
import "./chunk-DKUXGZMI.js";
import "./chunk-K52E24GC.js";
import "./chunk-UXLQRINN.js";
import "./chunk-OXLWFGRA.js";
import "./chunk-KSCU3OEE.js";
import "./chunk-AJ3QAO7O.js";
import "./chunk-R4EXDUPB.js";
import "./chunk-MGNT6GXC.js";
import "./chunk-NITOYISK.js";
import "./chunk-5DSPSLA6.js";
import "./chunk-TLTWMPGD.js";
import "./chunk-UYVQNA3J.js";
import "./chunk-WIXZ2AEP.js";
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
  MEMORY_COMMANDS,
  MEMORY_HELP,
  approve,
  listEntries,
  memory,
  promote,
  revoke,
  showEntry
};
