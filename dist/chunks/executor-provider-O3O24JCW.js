#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{buildExecutorProvider,executorProviderSettings,fixtureRoots}from"./chunk-EIEYEGHU.js";import"./chunk-3Q7SKXN6.js";import"./chunk-E2CVK3TF.js";import"./chunk-GHJOXNLF.js";import"./chunk-6KOIVNVW.js";export{buildExecutorProvider,executorProviderSettings,fixtureRoots};
