#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
} from "./chunk-ZZUMAQZW.js";
import "./chunk-NYSNTMZI.js";
import "./chunk-OYLPFZYH.js";
import "./chunk-AJ3QAO7O.js";
import "./chunk-I63QDFH5.js";
import "./chunk-II2RF6IR.js";
import "./chunk-MWJIRGML.js";
import "./chunk-LOW5Y6V7.js";
import "./chunk-XITQNPVH.js";
import "./chunk-2P4UR5VG.js";
import "./chunk-336NPC2I.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-OZ2W6Y6I.js";
import "./chunk-LHJVU2YZ.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-L3YLJRNF.js";
import "./chunk-NDZTFOVF.js";
import "./chunk-BKQUYXIW.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-WIEFS3OZ.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-A7AMWGKW.js";
import "./chunk-ODXQUIKJ.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-MGXFAHW4.js";
import "./chunk-RDZHSOJG.js";
import "./chunk-LGT56GAS.js";
import "./chunk-RKCG5ZMI.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-LKSNF5LN.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-FZC5OKRP.js";
import "./chunk-6LO3X56A.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  EVAL_HELP,
  evalCommand,
  formatEval,
  launchEval
};
