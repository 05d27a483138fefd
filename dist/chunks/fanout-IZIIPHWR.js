#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-JOWZKJ3E.js";
import "./chunk-AFQIEJAC.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-XIQFOUBC.js";
import "./chunk-V6VCS6CQ.js";
import "./chunk-UEZBMKNZ.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-ASHGVO73.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-RNXRJU2L.js";
import "./chunk-CA4Y56RS.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
