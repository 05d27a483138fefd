#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{ReadBuffer,STDIO_DEFAULT_MAX_BUFFER_SIZE,deserializeMessage,serializeMessage}from"./chunk-E4YJM6JI.js";import"./chunk-6R7ZLNSY.js";import"./chunk-7V6VJNE5.js";import"./chunk-6KOIVNVW.js";export{ReadBuffer,STDIO_DEFAULT_MAX_BUFFER_SIZE,deserializeMessage,serializeMessage};
