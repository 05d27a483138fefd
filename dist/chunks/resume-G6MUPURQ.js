#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-I24UKEZP.js";
import "./chunk-7QL52PTT.js";
import "./chunk-KVWK5F6X.js";
import "./chunk-MWVVORS7.js";
import "./chunk-24CHLOHU.js";
import "./chunk-AJ3QAO7O.js";
import "./chunk-F74S57M2.js";
import "./chunk-MCTEG5TW.js";
import "./chunk-CLPM7AHL.js";
import "./chunk-ISJWD6MC.js";
import "./chunk-OHWJ2EEQ.js";
import "./chunk-D3OCXQ7Q.js";
import "./chunk-336NPC2I.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-CXXWYFTJ.js";
import "./chunk-6JWA6XRQ.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-L3YLJRNF.js";
import "./chunk-ASTM3JIY.js";
import "./chunk-MLELB7SX.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-LQ2R6XLL.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-A7AMWGKW.js";
import "./chunk-ODXQUIKJ.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-GEJGCZMT.js";
import "./chunk-RDZHSOJG.js";
import "./chunk-LGT56GAS.js";
import "./chunk-RKCG5ZMI.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-YTLQPWHJ.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-H7TY5BWR.js";
import "./chunk-LMAX7YLJ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
