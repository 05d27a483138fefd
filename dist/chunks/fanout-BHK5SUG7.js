#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-A2VNSSWX.js";import"./chunk-Z7GPXKWH.js";import"./chunk-RZIBEIC5.js";import"./chunk-M3NC7EJ7.js";import"./chunk-3Q7SKXN6.js";import"./chunk-E2CVK3TF.js";import"./chunk-GHJOXNLF.js";import"./chunk-6KOIVNVW.js";export{runFanout};
