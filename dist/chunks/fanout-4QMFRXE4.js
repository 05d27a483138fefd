#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-GCZ2K7NB.js";import"./chunk-24MIIAYV.js";import"./chunk-TTBYBRER.js";import"./chunk-QIAYPYQD.js";import"./chunk-TTN7UVG7.js";import"./chunk-XSV4DHQL.js";import"./chunk-DE552WPT.js";import"./chunk-K4TCRZRP.js";export{runFanout};
