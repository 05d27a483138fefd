#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{buildExecutorProvider,executorProviderSettings,fixtureRoots}from"./chunk-FRVKAAUF.js";import"./chunk-Y5IV4ZHS.js";import"./chunk-YQULCHMK.js";import"./chunk-7V6VJNE5.js";import"./chunk-CQSA2DNK.js";import"./chunk-6KOIVNVW.js";export{buildExecutorProvider,executorProviderSettings,fixtureRoots};
