#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-RVTDYRIA.js";import"./chunk-ZXXPHB3A.js";import"./chunk-BVHI5ZH3.js";import"./chunk-QAFJJ5ZA.js";import"./chunk-TTN7UVG7.js";import"./chunk-XSV4DHQL.js";import"./chunk-DE552WPT.js";import"./chunk-K4TCRZRP.js";export{runFanout};
