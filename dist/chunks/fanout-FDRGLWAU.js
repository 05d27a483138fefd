#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-GEFCXDIV.js";import"./chunk-HOJXLBHI.js";import"./chunk-53Z4LUS4.js";import"./chunk-ZZ6FJLWB.js";import"./chunk-GE3P7VYD.js";import"./chunk-XSV4DHQL.js";import"./chunk-R7LBHVK6.js";import"./chunk-K4TCRZRP.js";export{runFanout};
