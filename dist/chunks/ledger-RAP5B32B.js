#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
} from "./chunk-WQKMOSKR.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-SKCPMBSQ.js";
import "./chunk-OS4VZ7CK.js";
import "./chunk-34TMAU7V.js";
import "./chunk-HENEY7C5.js";
import "./chunk-IYMONOY2.js";
import "./chunk-UCCLSGIA.js";
import "./chunk-5CZANQ5X.js";
import "./chunk-I4XCSEVK.js";
import "./chunk-C24IPAXU.js";
export {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
};
