#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  MEMORY_COMMANDS,
  MEMORY_HELP,
  listEntries,
  memory,
  promote,
  revoke,
  showEntry
} from "./chunk-T6VYTS2C.js";
import "./chunk-AWY6TP34.js";
import "./chunk-MHBULFVN.js";
import "./chunk-XESS64XB.js";
import "./chunk-FF35DPEL.js";
import "./chunk-VOJOIX7J.js";
import "./chunk-23E2IGPA.js";
import "./chunk-3423T6GO.js";
import "./chunk-PGVXVCU6.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-E4AHBXSR.js";
import "./chunk-Z7RJDZJX.js";
import "./chunk-V7GVXIS6.js";
import "./chunk-B6EXAS4H.js";
import "./chunk-FGO343MA.js";
import "./chunk-P44NM2NO.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-QNIBJXHE.js";
import "./chunk-HBOVL3NH.js";
import "./chunk-IYMONOY2.js";
import "./chunk-UCCLSGIA.js";
import "./chunk-ETZNAYDX.js";
import "./chunk-PJ2UKA5T.js";
import "./chunk-C24IPAXU.js";
export {
  MEMORY_COMMANDS,
  MEMORY_HELP,
  listEntries,
  memory,
  promote,
  revoke,
  showEntry
};
