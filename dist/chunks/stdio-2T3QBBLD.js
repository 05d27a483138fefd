#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{ReadBuffer,STDIO_DEFAULT_MAX_BUFFER_SIZE,deserializeMessage,serializeMessage}from"./chunk-SWM3FO5F.js";import"./chunk-F6GEOZP6.js";import"./chunk-R7LBHVK6.js";import"./chunk-K4TCRZRP.js";export{ReadBuffer,STDIO_DEFAULT_MAX_BUFFER_SIZE,deserializeMessage,serializeMessage};
