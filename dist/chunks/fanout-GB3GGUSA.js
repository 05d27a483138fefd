#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-YE4T5AXZ.js";import"./chunk-YRM4KQJY.js";import"./chunk-RRSFSJTP.js";import"./chunk-WHFU6DOX.js";import"./chunk-DXXGCRY7.js";import"./chunk-7V6VJNE5.js";import"./chunk-CQSA2DNK.js";import"./chunk-6KOIVNVW.js";export{runFanout};
