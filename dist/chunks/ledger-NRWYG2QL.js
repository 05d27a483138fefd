#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
} from "./chunk-TG36EW7O.js";
import "./chunk-2LHV36EB.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-TGGWRHCI.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-WG3RWKLN.js";
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
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
};
