#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-7IRSIMNI.js";import"./chunk-PSX6QBIZ.js";import"./chunk-AGKENKMC.js";import"./chunk-VGHOE2CL.js";import"./chunk-NHUJHEZ6.js";import"./chunk-7V6VJNE5.js";import"./chunk-CQSA2DNK.js";import"./chunk-6KOIVNVW.js";export{runFanout};
