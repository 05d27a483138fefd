#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{runFanout}from"./chunk-LP5AIDNA.js";import"./chunk-XC6DOBCV.js";import"./chunk-IUHSRZS5.js";import"./chunk-K5SEEV6P.js";import"./chunk-GE3P7VYD.js";import"./chunk-XSV4DHQL.js";import"./chunk-R7LBHVK6.js";import"./chunk-K4TCRZRP.js";export{runFanout};
