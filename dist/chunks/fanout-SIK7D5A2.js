#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-3FY7DQCH.js";import"./chunk-JFXZCLVE.js";import"./chunk-L63EQHU4.js";import"./chunk-J7FV6F7K.js";import"./chunk-DXXGCRY7.js";import"./chunk-7V6VJNE5.js";import"./chunk-CQSA2DNK.js";import"./chunk-6KOIVNVW.js";export{runFanout};
