#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-E666NVUY.js";import"./chunk-WX335GMW.js";import"./chunk-X6FP2EVT.js";import"./chunk-LHMZ3434.js";import"./chunk-GE3P7VYD.js";import"./chunk-XSV4DHQL.js";import"./chunk-R7LBHVK6.js";import"./chunk-K4TCRZRP.js";export{runFanout};
