#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-W5BE6TVS.js";import"./chunk-KGPMSLGJ.js";import"./chunk-WYISDFNT.js";import"./chunk-AQ7B2MJV.js";import"./chunk-DXXGCRY7.js";import"./chunk-7V6VJNE5.js";import"./chunk-CQSA2DNK.js";import"./chunk-6KOIVNVW.js";export{runFanout};
