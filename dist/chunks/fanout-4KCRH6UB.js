#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-V34PTPUJ.js";import"./chunk-DUCWYFZ4.js";import"./chunk-J2EIZWVZ.js";import"./chunk-NCAUUKDI.js";import"./chunk-NHUJHEZ6.js";import"./chunk-7V6VJNE5.js";import"./chunk-GHJOXNLF.js";import"./chunk-6KOIVNVW.js";export{runFanout};
