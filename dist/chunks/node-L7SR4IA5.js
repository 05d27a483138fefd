#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{child_process,crypto,fs,os,path,stream,util}from"./chunk-SW26KCXG.js";import"./chunk-6KOIVNVW.js";export{child_process,crypto,fs,os,path,stream,util};
