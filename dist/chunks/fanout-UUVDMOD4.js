#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-G6EP3BTR.js";import"./chunk-DOJ46GJV.js";import"./chunk-3AWKNZR6.js";import"./chunk-VGHOE2CL.js";import"./chunk-NHUJHEZ6.js";import"./chunk-7V6VJNE5.js";import"./chunk-CQSA2DNK.js";import"./chunk-6KOIVNVW.js";export{runFanout};
