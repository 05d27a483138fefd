#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-JC2V2LZ7.js";import"./chunk-KMKRA5W4.js";import"./chunk-T77DPYRQ.js";import"./chunk-DMLI5AAI.js";import"./chunk-3Q7SKXN6.js";import"./chunk-GHJOXNLF.js";import"./chunk-E2CVK3TF.js";import"./chunk-6KOIVNVW.js";export{runFanout};
