#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
} from "./chunk-2E7U6UBO.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-WLPQ44ZR.js";
import "./chunk-URQDXLP3.js";
import "./chunk-QNIBJXHE.js";
import "./chunk-HBOVL3NH.js";
import "./chunk-IYMONOY2.js";
import "./chunk-UCCLSGIA.js";
import "./chunk-ETZNAYDX.js";
import "./chunk-PJ2UKA5T.js";
import "./chunk-C24IPAXU.js";
export {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
};
