#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{buildExecutorProvider,executorProviderSettings,fixtureRoots}from"./chunk-FTJLP5WA.js";import"./chunk-TTN7UVG7.js";import"./chunk-XSV4DHQL.js";import"./chunk-DE552WPT.js";import"./chunk-K4TCRZRP.js";export{buildExecutorProvider,executorProviderSettings,fixtureRoots};
