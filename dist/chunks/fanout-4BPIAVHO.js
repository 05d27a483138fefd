#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-WETHUR5X.js";
import "./chunk-5WSDM7OW.js";
import "./chunk-JBSJKWUL.js";
import "./chunk-2UT5EVYJ.js";
import "./chunk-R5YT675F.js";
import "./chunk-OX27M5K4.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
