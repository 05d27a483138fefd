#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-35QPA4L3.js";
import "./chunk-7QL52PTT.js";
import "./chunk-KJWYQNN4.js";
import "./chunk-LG3S3VKF.js";
import "./chunk-IZ6VPWNR.js";
import "./chunk-3Q7L5AON.js";
import "./chunk-44WF6J4H.js";
import "./chunk-AUVPGGCK.js";
import "./chunk-NEKU2CDE.js";
import "./chunk-FTJRGX6R.js";
import "./chunk-M7E6DIMD.js";
import "./chunk-TNDO46F2.js";
import "./chunk-WZ4R5LXQ.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-JOWZKJ3E.js";
import "./chunk-AFQIEJAC.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-XIQFOUBC.js";
import "./chunk-V6VCS6CQ.js";
import "./chunk-UEZBMKNZ.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-OYOF37AK.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-ZRA5FVYF.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-QTTZ3N2N.js";
import "./chunk-RDZHSOJG.js";
import "./chunk-JZX22MX7.js";
import "./chunk-2KGJ25AS.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-PY6AKU6Z.js";
import "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-RNXRJU2L.js";
import "./chunk-CA4Y56RS.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
