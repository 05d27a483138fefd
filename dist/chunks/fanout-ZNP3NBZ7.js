#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-5IA5FACX.js";import"./chunk-E2CMCFL7.js";import"./chunk-4ZEZ4EUC.js";import"./chunk-5JQ55OIX.js";import"./chunk-GE3P7VYD.js";import"./chunk-XSV4DHQL.js";import"./chunk-R7LBHVK6.js";import"./chunk-K4TCRZRP.js";export{runFanout};
