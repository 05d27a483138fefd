#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-5WOUJAQM.js";import"./chunk-EGYEA2IB.js";import"./chunk-NQVK6CRY.js";import"./chunk-YCGHOL2N.js";import"./chunk-DXXGCRY7.js";import"./chunk-7V6VJNE5.js";import"./chunk-CQSA2DNK.js";import"./chunk-6KOIVNVW.js";export{runFanout};
