#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{buildExecutorProvider,executorProviderSettings,fixtureRoots}from"./chunk-SRKZAXJX.js";import"./chunk-GE3P7VYD.js";import"./chunk-GHJOXNLF.js";import"./chunk-R7LBHVK6.js";import"./chunk-K4TCRZRP.js";export{buildExecutorProvider,executorProviderSettings,fixtureRoots};
