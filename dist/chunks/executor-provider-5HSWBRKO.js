#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{buildExecutorProvider,executorProviderSettings,fixtureRoots}from"./chunk-LJQOI7SQ.js";import"./chunk-AW22R3NV.js";import"./chunk-YQULCHMK.js";import"./chunk-7V6VJNE5.js";import"./chunk-CQSA2DNK.js";import"./chunk-6KOIVNVW.js";export{buildExecutorProvider,executorProviderSettings,fixtureRoots};
