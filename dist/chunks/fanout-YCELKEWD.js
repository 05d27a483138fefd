#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-MX2KHQ73.js";
import "./chunk-LDATVB5B.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-IDM4GA4Y.js";
import "./chunk-UZANYWNT.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-BOQFQRTG.js";
import "./chunk-KO32CVIB.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
