#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import{launchBundle}from"./chunks/chunk-BIBUQY56.js";import"./chunks/chunk-4K2JG2EW.js";import"./chunks/chunk-6KOIVNVW.js";var EXIT={ok:0,failed:1,unverifiable:2,input:3,integrityOnly:4,incomplete:5,suspended:6,usage:64,interrupted:130,terminated:143};launchBundle({launcher:import.meta.url,bundle:"cli-main.cjs",cache:"cli-bytecode",program:"cli",command:process.argv[2]??"",keepNothingOnExit:EXIT.usage});
