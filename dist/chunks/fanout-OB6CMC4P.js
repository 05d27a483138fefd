#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-ZLEVCUNH.js";import"./chunk-TX6TXY2O.js";import"./chunk-GHVSVOHV.js";import"./chunk-EN74KMOQ.js";import"./chunk-DXXGCRY7.js";import"./chunk-7V6VJNE5.js";import"./chunk-CQSA2DNK.js";import"./chunk-6KOIVNVW.js";export{runFanout};
