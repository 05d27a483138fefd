#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-ZFNHBA2K.js";import"./chunk-MYNIV7K5.js";import"./chunk-OLIQZL7V.js";import"./chunk-V3R53KIY.js";import"./chunk-NHUJHEZ6.js";import"./chunk-7V6VJNE5.js";import"./chunk-GHJOXNLF.js";import"./chunk-6KOIVNVW.js";export{runFanout};
