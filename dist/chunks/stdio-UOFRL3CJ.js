#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{ReadBuffer,STDIO_DEFAULT_MAX_BUFFER_SIZE,deserializeMessage,serializeMessage}from"./chunk-IK2EV52Z.js";import"./chunk-IYJTWAQF.js";import"./chunk-E2CVK3TF.js";import"./chunk-6KOIVNVW.js";export{ReadBuffer,STDIO_DEFAULT_MAX_BUFFER_SIZE,deserializeMessage,serializeMessage};
