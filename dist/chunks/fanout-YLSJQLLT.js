#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-QZOPJNDZ.js";import"./chunk-WPBTXADJ.js";import"./chunk-RZIBEIC5.js";import"./chunk-M3NC7EJ7.js";import"./chunk-NHUJHEZ6.js";import"./chunk-7V6VJNE5.js";import"./chunk-GHJOXNLF.js";import"./chunk-6KOIVNVW.js";export{runFanout};
