#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-2S5XYTNG.js";
import "./chunk-7QL52PTT.js";
import "./chunk-2R4TW56B.js";
import "./chunk-36KOAQVN.js";
import "./chunk-6IHEPP27.js";
import "./chunk-AJ3QAO7O.js";
import "./chunk-JQJ654SW.js";
import "./chunk-R3CWMLLI.js";
import "./chunk-D2JJUKHJ.js";
import "./chunk-VOQCKN3D.js";
import "./chunk-4FR7N6XK.js";
import "./chunk-E6HHZTOB.js";
import "./chunk-336NPC2I.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-D3ZL6HCF.js";
import "./chunk-T6SOVKBT.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-L3YLJRNF.js";
import "./chunk-XSHTDA22.js";
import "./chunk-3LSM7ZF4.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-37YZGXDK.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-A7AMWGKW.js";
import "./chunk-ODXQUIKJ.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-JMSPELBX.js";
import "./chunk-RDZHSOJG.js";
import "./chunk-LGT56GAS.js";
import "./chunk-RKCG5ZMI.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-OIIHHGON.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-NVAOG6EA.js";
import "./chunk-VTGRSET5.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
