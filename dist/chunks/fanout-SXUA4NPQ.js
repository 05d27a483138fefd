#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-DBJRBSA6.js";import"./chunk-6QP4I64D.js";import"./chunk-2P3CYCR4.js";import"./chunk-BMBQIP6I.js";import"./chunk-GE3P7VYD.js";import"./chunk-GHJOXNLF.js";import"./chunk-R7LBHVK6.js";import"./chunk-K4TCRZRP.js";export{runFanout};
