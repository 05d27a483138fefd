#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{SharedIsolationError,runFanout}from"./chunk-RYYRIORC.js";import"./chunk-HAN2K36N.js";import"./chunk-LNIDAKNF.js";import"./chunk-OJDYR57K.js";import"./chunk-YQULCHMK.js";import"./chunk-7V6VJNE5.js";import"./chunk-CQSA2DNK.js";import"./chunk-6KOIVNVW.js";export{SharedIsolationError,runFanout};
