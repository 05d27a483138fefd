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
} from "./chunk-QMXBSBZD.js";
import "./chunk-M5MLQ6YO.js";
import "./chunk-6ZYNL6TZ.js";
import "./chunk-6CWI4KUP.js";
import "./chunk-D4HNQ3ZU.js";
import "./chunk-TG4UIEDW.js";
import "./chunk-PGVXVCU6.js";
import "./chunk-YOHY7DC3.js";
import "./chunk-63LJ5ZNP.js";
import "./chunk-O4QRTHZK.js";
import "./chunk-YKVWBGI5.js";
import "./chunk-SEQVNYFM.js";
import "./chunk-3JHDAMTL.js";
import "./chunk-FGO343MA.js";
import "./chunk-P44NM2NO.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-GBG6JJWA.js";
import "./chunk-3PEMMXNL.js";
import "./chunk-ZJZEPWVM.js";
import "./chunk-PXW5OWBK.js";
import "./chunk-W7ZNKPTA.js";
import "./chunk-I4XCSEVK.js";
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
