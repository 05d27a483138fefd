#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{ReadBuffer,STDIO_DEFAULT_MAX_BUFFER_SIZE,deserializeMessage,serializeMessage}from"./chunk-FYMIUS37.js";import"./chunk-7B56MGX6.js";import"./chunk-DE552WPT.js";import"./chunk-K4TCRZRP.js";export{ReadBuffer,STDIO_DEFAULT_MAX_BUFFER_SIZE,deserializeMessage,serializeMessage};
