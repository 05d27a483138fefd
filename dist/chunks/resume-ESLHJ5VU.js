#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  RESUME_HELP,
  resume,
  resumeSession
} from "./chunk-RCUJYVAQ.js";
import "./chunk-BTNMRIIS.js";
import "./chunk-AVTUDZLD.js";
import "./chunk-I6WXTMOP.js";
import "./chunk-5HEFOFDC.js";
import "./chunk-WLUPCETS.js";
import "./chunk-IYV6MS5X.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-336NPC2I.js";
import "./chunk-YWA4BHFT.js";
import "./chunk-TZPRG4OF.js";
import "./chunk-GBYVMEBY.js";
import "./chunk-TLW7CN6T.js";
import "./chunk-KYMQQ47X.js";
import "./chunk-TZCZ6OG5.js";
import "./chunk-VBZZYMYN.js";
import "./chunk-CBC3RNZ2.js";
import "./chunk-IV7KKYP2.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-P44NM2NO.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-TGGWRHCI.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-RFOUSZ6E.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-4TYJNSUB.js";
import "./chunk-YWVQLA25.js";
import "./chunk-CQ6W2ZJB.js";
import "./chunk-62ERCJKG.js";
import "./chunk-3CZKVGF6.js";
import "./chunk-YO3NHYZM.js";
import "./chunk-57TVYWCK.js";
import "./chunk-LXCPALQ5.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  RESUME_HELP,
  resume,
  resumeSession
};
